/** API stubs the payroll component tests share: the signed-in user in a role, and payroll reads. */
import { pageOf, type ApiRoute } from '@/testing/api-stub';
import { ROLES, sessionRoutes } from '@/testing/session-routes';

import type { Employee } from '../api/employees';
import type { PayRunDetail, PayrollTotals } from '../api/pay-runs';

export const WS = 'ws-1';
export const PAYROLL = `/accounting/workspaces/${WS}/payroll/`;

export { ROLES, sessionRoutes };

export function employee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 'e-1',
    status: 'active',
    end_date: null,
    first_name: 'Chidi',
    last_name: 'Eze',
    email: 'chidi@example.com',
    phone: '',
    staff_id: 'ST-001',
    job_title: 'Accountant',
    department: 'Finance',
    start_date: '2025-01-01',
    bank_name: '',
    account_number: '',
    pension_pin: '',
    tax_id: '',
    state_of_residence: 'Lagos',
    basic: '1500000.00',
    housing: '900000.00',
    transport: '600000.00',
    other_allowances: [],
    annual_rent: '1200000.00',
    nhf: true,
    other_deductions: [],
    ...overrides,
  };
}

function totals(overrides: Partial<PayrollTotals> = {}): PayrollTotals {
  return {
    gross: '0.00',
    basic: '0.00',
    housing: '0.00',
    transport: '0.00',
    other: '0.00',
    pension_employee: '0.00',
    nhf: '0.00',
    paye: '0.00',
    other_deductions: '0.00',
    net_pay: '0.00',
    pension_employer: '0.00',
    nsitf: '0.00',
    itf: '0.00',
    employer_cost: '0.00',
    ...overrides,
  };
}

/**
 * A January 2026 run of two employees on ₦3,000,000 a year (the NTA example:
 * PAYE 21,031.25 a month each), with the server's totals.
 */
export function run(status = 'draft'): PayRunDetail {
  const slip = (id: string, name: string) => ({
    ...totals({
      gross: '250000.00',
      basic: '125000.00',
      housing: '75000.00',
      transport: '50000.00',
      pension_employee: '20000.00',
      nhf: '3125.00',
      paye: '21031.25',
      net_pay: '205843.75',
      pension_employer: '25000.00',
      nsitf: '2500.00',
      itf: '2500.00',
      employer_cost: '280000.00',
    }),
    employee_id: id,
    employee_name: name,
    staff_id: id.toUpperCase(),
    department: 'Finance',
    days_paid: 31,
    days_in_month: 31,
    allowances: [],
    deductions: [],
    rent_relief: '20000.00',
    cra: null,
    taxable_income: '206875.00',
    rule_set: 'NTA2025',
  });
  return {
    id: 'run-1',
    period: '2026-01',
    pay_date: '2026-01-30',
    rule_set: 'NTA2025',
    status,
    employees: 2,
    totals: totals({
      gross: '500000.00',
      basic: '250000.00',
      housing: '150000.00',
      transport: '100000.00',
      pension_employee: '40000.00',
      nhf: '6250.00',
      paye: '42062.50',
      net_pay: '411687.50',
      pension_employer: '50000.00',
      nsitf: '5000.00',
      itf: '5000.00',
      employer_cost: '560000.00',
    }),
    journal_entry_id: status === 'posted' ? 'je-1' : null,
    reversal_entry_id: null,
    payslips: [slip('e-1', 'Chidi Eze'), slip('e-2', 'Ngozi Obi')],
  };
}

/** Payroll reads: `employees` on the payroll and `runs` drafted so far. */
export function payrollRoutes({
  employees = [] as Employee[],
  runs = [] as PayRunDetail[],
} = {}): ApiRoute[] {
  return [
    { method: 'GET', path: `${PAYROLL}employees/`, reply: () => ({ body: pageOf(employees) }) },
    {
      method: 'GET',
      path: `${PAYROLL}pay-runs/`,
      reply: () => ({ body: { data: runs.map(({ payslips: _, ...summary }) => summary) } }),
    },
    ...runs.map((r): ApiRoute => ({
      method: 'GET',
      path: `${PAYROLL}pay-runs/${r.id}/`,
      reply: () => ({ body: { data: r } }),
    })),
    {
      method: 'GET',
      path: `${PAYROLL}summary/`,
      reply: () => ({
        body: { data: { year: 2026, months: [], totals: totals() } },
      }),
    },
  ];
}
