/**
 * Period arithmetic for the income and expense summaries. The server buckets postings;
 * the UI needs the same buckets to pick a default range aligned to whole periods, to label
 * columns ("Mar 2026", "Q1 2026"), and to turn a clicked period into the ledger's dates.
 * Dates are ISO calendar days (YYYY-MM-DD), handled as numbers, never as Date in a zone.
 */
import type { Granularity } from '../api/reports';

type Ymd = { y: number; m: number; d: number };

function parse(date: string): Ymd {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return { y, m, d };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The first month (1–12) of the period holding month `m`. */
function periodStartMonth(m: number, granularity: Granularity): number {
  if (granularity === 'month') return m;
  if (granularity === 'quarter') return Math.floor((m - 1) / 3) * 3 + 1;
  return 1;
}

const MONTHS_PER: Record<Granularity, number> = { month: 1, quarter: 3, year: 12 };

/** The server's period key of a date: "2026-03", "2026-Q1" or "2026". */
export function periodKeyOf(date: string, granularity: Granularity): string {
  const { y, m } = parse(date);
  if (granularity === 'month') return `${pad(y, 4)}-${pad(m)}`;
  if (granularity === 'quarter') return `${pad(y, 4)}-Q${Math.floor((m - 1) / 3) + 1}`;
  return pad(y, 4);
}

/** First and last day of the period holding `date`. */
export function periodBounds(date: string, granularity: Granularity): { from: string; to: string } {
  const { y, m } = parse(date);
  const startMonth = periodStartMonth(m, granularity);
  const endMonth = startMonth + MONTHS_PER[granularity] - 1;
  return {
    from: iso({ y, m: startMonth, d: 1 }),
    to: iso({ y, m: endMonth, d: daysInMonth(y, endMonth) }),
  };
}

/** Shifts a month by `count` months (negative goes back), keeping day 1. */
function addMonths({ y, m }: Ymd, count: number): Ymd {
  const index = y * 12 + (m - 1) + count;
  return { y: Math.floor(index / 12), m: (index % 12) + 1, d: 1 };
}

/** How many periods a default summary shows: a year of months, four quarters, three years. */
export const DEFAULT_PERIOD_COUNT: Record<Granularity, number> = { month: 12, quarter: 4, year: 3 };

/**
 * The `count` whole periods ending with the one holding `today`, e.g. month and
 * 2026-11-22 → 2025-12-01 … 2026-11-30.
 */
export function trailingRange(
  today: string,
  granularity: Granularity,
  count = DEFAULT_PERIOD_COUNT[granularity],
): { from: string; to: string } {
  const current = periodBounds(today, granularity);
  const first = addMonths(parse(current.from), -(count - 1) * MONTHS_PER[granularity]);
  return { from: iso(first), to: current.to };
}

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** "2026-03" → "Mar 2026", "2026-Q1" → "Q1 2026", "2026" → "2026". */
export function periodLabel(key: string): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) return `Q${quarter[2]} ${quarter[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if (month) return `${MONTH_NAMES[Number(month[2]) - 1] ?? month[2]} ${month[1]}`;
  return key;
}

/** Today as an ISO calendar day in the user's zone. */
export function todayIso(now: Date = new Date()): string {
  return iso({ y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() });
}

/** The first day of the year holding `date`. */
export function startOfYear(date: string): string {
  return `${date.slice(0, 4)}-01-01`;
}
