import { describe, expect, it } from 'vitest';

import { previousMonth, yearToDate } from './months';

describe('the months the asset schedule starts from', () => {
  it('runs the month before today by default, across a year end', () => {
    expect(previousMonth(new Date(2026, 10, 26))).toBe('2026-10');
    expect(previousMonth(new Date(2026, 0, 5))).toBe('2025-12');
  });

  it('reports the year to date by default', () => {
    expect(yearToDate(new Date(2026, 10, 26))).toEqual({ from: '2026-01-01', to: '2026-11-26' });
  });
});
