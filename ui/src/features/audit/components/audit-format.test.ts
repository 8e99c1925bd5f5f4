import { describe, expect, it } from 'vitest';

import type { DigitTest } from '../api/schemas';
import {
  bandColor,
  calendarText,
  benfordSeries,
  distributionSeries,
  reasonsSummary,
  scoreReasons,
  shortHash,
  testLabel,
} from './audit-format';

const analysed: DigitTest = {
  test: 'first_digit',
  amounts_analysed: 120,
  amounts_below_min: 3,
  outcome: {
    status: 'analysed',
    rows: [
      { digits: '1', expected: 0.30103, observed: 0.35, count: 42, z: 1.1, significant: false },
      { digits: '2', expected: 0.17609, observed: 0.1, count: 12, z: 2.2, significant: true },
    ],
    chi_square: 3.2,
    degrees_of_freedom: 8,
    chi_square_p_value: 0.9,
    mad: 0.004,
    mad_thresholds: [0.006, 0.012, 0.015],
    conformity: 'close',
    departs: false,
  },
};

describe('benfordSeries', () => {
  it('turns proportions into percentages with two decimals', () => {
    expect(benfordSeries(analysed)).toEqual([
      { digit: '1', observed: 35, expected: 30.1, count: 42, significant: false },
      { digit: '2', observed: 10, expected: 17.61, count: 12, significant: true },
    ]);
  });

  it('is null when the server had too few amounts, so the chart says so', () => {
    const thin: DigitTest = {
      ...analysed,
      outcome: { status: 'insufficient_data', amounts: 4, amounts_min: 50 },
    };
    expect(benfordSeries(thin)).toBeNull();
  });
});

describe('labels and colors', () => {
  it('names control points in words', () => {
    expect(testLabel('just_below_approval_threshold')).toBe('Just below approval threshold');
    expect(testLabel('outlier_iqr')).toBe('Outlier (IQR fences)');
  });

  it('colors bands and falls back to gray for an unknown band', () => {
    expect(bandColor('high')).toBe('red');
    expect(bandColor('low')).toBe('teal');
    expect(bandColor('extreme')).toBe('gray');
  });

  it('shortens a chain hash to 12 characters', () => {
    expect(shortHash('a'.repeat(64))).toBe('aaaaaaaaaaaa');
    expect(shortHash('abc')).toBe('abc');
  });
});

describe('distributionSeries', () => {
  it('keeps the bands in low, medium, high order', () => {
    expect(distributionSeries({ high: 2, low: 10, medium: 1 }).map((p) => p.entries)).toEqual([
      10, 1, 2,
    ]);
  });
});

describe('scoreReasons', () => {
  const findings = [
    { test: 'round_amount', entries: ['e1'], reason: 'Total 5,000.00 is a multiple of 1,000' },
    { test: 'weekend_posting', entries: ['e1'], reason: 'Posted on a Sunday' },
  ];

  it('resolves finding indices to their reasons and ignores missing ones', () => {
    const reasons = scoreReasons(
      [
        { test: 'weekend_posting', weight: 20, findings: [1] },
        { test: 'round_amount', weight: 10, findings: [0, 9] },
      ],
      findings,
    );
    expect(reasons.map((r) => r.reasons)).toEqual([
      ['Posted on a Sunday'],
      ['Total 5,000.00 is a multiple of 1,000'],
    ]);
  });

  it('summarises the fired control points in order', () => {
    expect(reasonsSummary([{ test: 'weekend_posting' }, { test: 'round_amount' }])).toBe(
      'Weekend posting, Round amount',
    );
  });
});

describe('calendarText', () => {
  it('names the session’s time zone, not an offset in seconds', () => {
    expect(
      calendarText({
        holidays: [],
        business_hours: { start: '08:00', end: '18:00' },
        utc_offset_seconds: 3600,
        time_zone: 'Africa/Lagos',
      }).hours,
    ).toBe('08:00–18:00 (Africa/Lagos)');
  });

  it('writes an offset-only session’s hours with their offset and lists the holidays', () => {
    expect(
      calendarText({
        holidays: ['2026-10-01', '2026-12-25'],
        business_hours: { start: '08:00', end: '18:00' },
        utc_offset_seconds: 3600,
      }),
    ).toEqual({ hours: '08:00–18:00 (UTC+01:00)', holidays: '2026-10-01, 2026-12-25' });
  });

  it('says when no holidays are set', () => {
    expect(
      calendarText({
        holidays: [],
        business_hours: { start: '09:30', end: '17:00' },
        utc_offset_seconds: -16200,
      }).holidays,
    ).toBe('None set');
  });
});
