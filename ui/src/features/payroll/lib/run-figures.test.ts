import { describe, expect, it } from 'vitest';

import { run } from '../components/payroll-test-routes';
import { employeeDeductions, totalsRow } from './run-figures';

describe('a run’s figures', () => {
  it('adds the employees’ deductions in exact cents', () => {
    const totals = { ...run().totals, pension_employee: '0.10', nhf: '0.20', paye: '0.00' };
    expect(employeeDeductions(totals)).toBe('0.30');
  });

  it('puts the server’s totals, not a sum of the rows, in the totals row', () => {
    const row = totalsRow(run());
    expect(row.employee_name).toBe('Total · 2 employees');
    expect(row.net_pay).toBe('411687.50');
    expect(row.employer_cost).toBe('560000.00');
  });
});
