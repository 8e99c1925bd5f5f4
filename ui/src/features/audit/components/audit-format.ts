/**
 * Pure presentation helpers for the audit screens: labels, colors and chart series. Kept
 * free of React so they are unit-tested on their own.
 */
import type {
  AuditCalendar,
  AuditResult,
  Conformity,
  DigitTest,
  RiskBand,
  SessionStatus,
} from '../api/schemas';

/** Mantine colors per band: one palette everywhere (chart, badges, grid). */
export const BAND_COLORS: Record<RiskBand, string> = {
  low: 'teal',
  medium: 'yellow',
  high: 'red',
};

/** The same colors as CSS values, for recharts (which does not know Mantine names). */
export const BAND_FILLS: Record<RiskBand, string> = {
  low: 'var(--mantine-color-teal-6)',
  medium: 'var(--mantine-color-yellow-6)',
  high: 'var(--mantine-color-red-6)',
};

export function bandColor(band: string): string {
  return band in BAND_COLORS ? BAND_COLORS[band as RiskBand] : 'gray';
}

export const STATUS_LABELS: Record<SessionStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue' },
  in_review: { label: 'In review', color: 'yellow' },
  signed_off: { label: 'Signed off', color: 'teal' },
  archived: { label: 'Archived', color: 'gray' },
};

/** Words for control points whose snake_case name reads badly ("iqr", "z_score"). */
const TEST_LABEL_OVERRIDES: Record<string, string> = {
  benford_first_digit: 'Benford: first digit',
  benford_first_two_digits: 'Benford: first two digits',
  benford_second_digit: 'Benford: second digit',
  benford_last_two_digits: 'Last two digits',
  first_digit: 'First digit',
  first_two_digits: 'First two digits',
  second_digit: 'Second digit',
  last_two_digits: 'Last two digits',
  outlier_z_score: 'Outlier (z-score)',
  outlier_modified_z_score: 'Outlier (modified z-score)',
  outlier_iqr: 'Outlier (IQR fences)',
  at_or_above_performance_materiality: 'At or above performance materiality',
};

/** `just_below_approval_threshold` → "Just below approval threshold". */
export function testLabel(test: string): string {
  const override = TEST_LABEL_OVERRIDES[test];
  if (override) return override;
  const words = test.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The chain head a session is pinned to, short enough for a header (git-style). */
export function shortHash(hash: string, length = 12): string {
  return hash.length > length ? hash.slice(0, length) : hash;
}

export const CONFORMITY_LABELS: Record<Conformity, { label: string; color: string }> = {
  close: { label: 'Close conformity', color: 'teal' },
  acceptable: { label: 'Acceptable conformity', color: 'teal' },
  marginal: { label: 'Marginally acceptable', color: 'yellow' },
  nonconformity: { label: 'Nonconformity', color: 'red' },
};

export type BenfordPoint = {
  digit: string;
  /** Percentages (0–100), so the axis reads as the auditor expects. */
  observed: number;
  expected: number;
  count: number;
  significant: boolean;
};

/** Rounds to two decimals without the float noise of `toFixed` round-trips. */
function percent(proportion: number): number {
  return Math.round(proportion * 10_000) / 100;
}

/**
 * The chart series of one digit test, or null when the server found too few amounts to
 * judge — the chart must then say so instead of drawing an empty distribution.
 */
export function benfordSeries(test: DigitTest): BenfordPoint[] | null {
  if (test.outcome.status !== 'analysed') return null;
  return test.outcome.rows.map((row) => ({
    digit: row.digits,
    observed: percent(row.observed),
    expected: percent(row.expected),
    count: row.count,
    significant: row.significant,
  }));
}

/** The digit tests in the order the page tabs them, with their words. */
export const DIGIT_TESTS = [
  {
    kind: 'first_digit',
    tab: 'First digit',
    title: 'first digit (1–9)',
    expectedName: 'Expected (Benford)',
  },
  {
    kind: 'first_two_digits',
    tab: 'First two',
    title: 'first two digits (10–99)',
    expectedName: 'Expected (Benford)',
  },
  {
    kind: 'second_digit',
    tab: 'Second digit',
    title: 'second digit (0–9)',
    expectedName: 'Expected (Benford)',
  },
  {
    kind: 'last_two_digits',
    tab: 'Last two',
    title: 'last two digits (00–99)',
    expectedName: 'Expected (uniform)',
  },
] as const;

export function findDigitTest(tests: readonly DigitTest[], kind: string): DigitTest | undefined {
  return tests.find((t) => t.test === kind);
}

/** The height of each result plot, and of the box holding its place while it loads. */
export const PLOT_HEIGHT = 220;

export type DistributionPoint = { band: RiskBand; label: string; entries: number };

export function distributionSeries(distribution: AuditResult['distribution']): DistributionPoint[] {
  return (['low', 'medium', 'high'] as const).map((band) => ({
    band,
    label: band.charAt(0).toUpperCase() + band.slice(1),
    entries: distribution[band],
  }));
}

/**
 * The reasons behind one flagged entry: each contributing control point with the
 * reasons of its findings (the breakdown holds indices into the result's findings).
 */
export function scoreReasons(
  breakdown: readonly { test: string; weight: number; findings: readonly number[] }[],
  findings: AuditResult['findings'],
): { test: string; label: string; weight: number; reasons: string[] }[] {
  return breakdown.map((part) => ({
    test: part.test,
    label: testLabel(part.test),
    weight: part.weight,
    reasons: part.findings
      .map((index) => findings[index]?.reason)
      .filter((reason): reason is string => typeof reason === 'string'),
  }));
}

/** One-line summary for the grid: the control points that fired, strongest first. */
export function reasonsSummary(breakdown: readonly { test: string }[]): string {
  return breakdown.map((part) => testLabel(part.test)).join(', ');
}

/** `+01:00` for 3600 seconds. */
export function offsetText(seconds: number): string {
  const sign = seconds < 0 ? '−' : '+';
  const minutes = Math.abs(seconds) / 60;
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The session calendar in words: "08:00–18:00 (Africa/Lagos)" and its holiday dates. */
export function calendarText(calendar: AuditCalendar): { hours: string; holidays: string } {
  const { start, end } = calendar.business_hours;
  const zone = calendar.time_zone ?? `UTC${offsetText(calendar.utc_offset_seconds)}`;
  return {
    hours: `${start}–${end} (${zone})`,
    holidays: calendar.holidays.length ? calendar.holidays.join(', ') : 'None set',
  };
}

/** Why an entry recorded after a close concerns the closed period, in words. */
export const AFTER_CLOSE_KINDS: Record<string, { label: string; color: string }> = {
  back_dated: { label: 'Back-dated into the period', color: 'red' },
  reversal_in_period: { label: 'Reversal dated in the period', color: 'red' },
  reversal_after_period: { label: 'Reverses a period entry', color: 'yellow' },
};
