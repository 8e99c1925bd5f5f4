import { describe, expect, it } from 'vitest';

import { budgetForMonth } from './budget-month';

describe('budgetForMonth', () => {
  const account = {
    budget_amount: '1000.00',
    budgets: [{ month: '2026-11', amount: '800.00' }],
  };

  it('takes the month’s own budget over the standing one', () => {
    expect(budgetForMonth(account, '2026-11')).toBe('800.00');
  });

  it('falls back to the standing budget for a month without its own', () => {
    expect(budgetForMonth(account, '2026-12')).toBe('1000.00');
  });

  it('has none when neither is set', () => {
    expect(budgetForMonth({ budget_amount: null, budgets: [] }, '2026-12')).toBeNull();
  });
});
