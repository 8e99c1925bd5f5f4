import { describe, expect, it } from 'vitest';

import { dayBefore, endOfPreviousYear, shiftYears } from './statement-periods';

describe('statement periods', () => {
  it('shifts a day by whole years, keeping the end of February', () => {
    expect(shiftYears('2026-06-30', -1)).toBe('2025-06-30');
    expect(shiftYears('2028-02-29', -1)).toBe('2027-02-28');
  });

  it('compares a balance sheet with the end of the previous year', () => {
    expect(endOfPreviousYear('2026-11-26')).toBe('2025-12-31');
  });

  it('finds the day before across a year end', () => {
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
  });
});
