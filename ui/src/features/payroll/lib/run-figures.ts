/**
 * Figures a pay run shows beyond the server's own totals. Amounts stay decimal strings and
 * are added in exact cents (STYLE.md rule 3); the run's totals are the server's sums.
 */
import { sumDecimals } from '@/lib/money';

import type { PayRunSummary, Payslip, PayrollTotals } from '../api/pay-runs';

/** What comes off the employees' gross: pension, NHF, PAYE and other deductions. */
export function employeeDeductions(totals: PayrollTotals): string {
  return sumDecimals([totals.pension_employee, totals.nhf, totals.paye, totals.other_deductions]);
}

/** The totals row under a run's payslips: the run's totals in a payslip's shape. */
export function totalsRow(run: Pick<PayRunSummary, 'totals' | 'employees'>): Payslip {
  return {
    ...run.totals,
    employee_id: '',
    employee_name: `Total · ${run.employees} ${run.employees === 1 ? 'employee' : 'employees'}`,
    staff_id: '',
    department: '',
    days_paid: 0,
    days_in_month: 0,
    allowances: [],
    deductions: [],
    rent_relief: '',
    cra: null,
    taxable_income: '',
    rule_set: '',
  };
}
