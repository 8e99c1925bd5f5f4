import { describe, expect, it } from 'vitest';

import { dashboardRange } from './dashboard-period';

const today = '2026-11-27';
const none = { from: '', to: '' };

describe('dashboardRange', () => {
  it('runs this month, quarter and year from their first day to today', () => {
    expect(dashboardRange('month', today, none)).toEqual({ from: '2026-11-01', to: today });
    expect(dashboardRange('quarter', today, none)).toEqual({ from: '2026-10-01', to: today });
    expect(dashboardRange('year', today, none)).toEqual({ from: '2026-01-01', to: today });
  });

  it('runs the last 12 months from the first of the month eleven months back', () => {
    expect(dashboardRange('last12', today, none)).toEqual({ from: '2025-12-01', to: today });
  });

  it('takes a custom range as given', () => {
    const custom = { from: '2026-02-01', to: '2026-04-30' };
    expect(dashboardRange('custom', today, custom)).toEqual(custom);
  });
});
