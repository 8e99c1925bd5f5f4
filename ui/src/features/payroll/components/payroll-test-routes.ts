/** API stubs the payroll component tests share: the signed-in user in a role, and payroll reads. */
import { pageOf, type ApiRoute } from '@/testing/api-stub';

import type { Employee } from '../api/employees';
import type { PayRunDetail, PayrollTotals } from '../api/pay-runs';

export const WS = 'ws-1';
export const PAYROLL = `/accounting/workspaces/${WS}/payroll/`;

export const ROLES = { viewer: 0, editor: 1, admin: 2 } as const;

/** The current user as a member of `WS` with `role`, on the Professional plan. */
export function sessionRoutes(role: number): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/accounts/me/',
      reply: () => ({
        body: {
          data: {
            first_name: 'Ada',
            last_name: 'Okafor',
            email: 'ada@example.com',
            memberships: [{ id: 'm-1', organization_id: 'org-1', role, workspaces: [WS] }],
          },
        },
      }),
    },
    {
      method: 'GET',
      path: /organization-subscription\/latest\/$/,
      reply: () => ({ body: { data: { plan: 'professional' } } }),
    },
    {
      method: 'GET',
      path: '/accounts/me/workspaces/',
      reply: () => ({
        body: {
          data: [
            {
              id: WS,
              organization_id: 'org-1',
              name: 'Acme Nigeria Ltd',
              role,
              role_display: 'Admin',
              latest: true,
              is_invited: false,
              image: null,
            },
          ],
        },
      }),
    },
    {
      method: 'GET',
      path: /^\/accounts\/organizations\/org-1\/workspaces\/ws-1\/$/,
      reply: () => ({ body: { data: { base_currency: 'NGN' } } }),
    },
  ];
}

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
