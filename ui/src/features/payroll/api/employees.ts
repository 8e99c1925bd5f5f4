/**
 * Employees: GET/POST payroll/employees/ (paged; `status`, `department`, `search`),
 * GET/PATCH payroll/employees/{id}/, POST payroll/employees/{id}/terminate/. Earnings and
 * rent are annual, other deductions monthly; amounts are decimal strings.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, dataEnvelope, paginatedEnvelope } from '@/lib/api-client';

import { payrollKeys, refreshPayroll } from './keys';
import { looselyDocumented } from './loose-body';

const EMPLOYEES_PATH = '/accounting/workspaces/{workspace_id}/payroll/employees/';
const EMPLOYEE_PATH = '/accounting/workspaces/{workspace_id}/payroll/employees/{id}/';

/** Domain `ALLOWANCES_MAX` and `DEDUCTIONS_MAX`: lines an employee may carry. */
export const ALLOWANCES_MAX = 20;
export const DEDUCTIONS_MAX = 20;
/** Domain `NAME_CHARS_MAX` (names) and `TEXT_CHARS_MAX` (other text fields). */
export const NAME_CHARS_MAX = 100;
export const TEXT_CHARS_MAX = 200;

export const EMPLOYEE_STATUSES = ['active', 'terminated'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

const allowanceSchema = z.object({
  name: z.string(),
  amount: z.string(),
  taxable: z.boolean(),
  pensionable: z.boolean(),
});
const deductionSchema = z.object({ name: z.string(), amount: z.string() });

export const employeeSchema = z.object({
  id: z.string(),
  status: z.string(),
  end_date: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  staff_id: z.string(),
  job_title: z.string(),
  department: z.string(),
  start_date: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  pension_pin: z.string(),
  tax_id: z.string(),
  state_of_residence: z.string(),
  basic: z.string(),
  housing: z.string(),
  transport: z.string(),
  other_allowances: z.array(allowanceSchema),
  annual_rent: z.string(),
  nhf: z.boolean(),
  other_deductions: z.array(deductionSchema),
});
export type Employee = z.infer<typeof employeeSchema>;

/** What the form sends: every field, so a PATCH and a POST carry the same body. */
export type EmployeeInput = Omit<Employee, 'id' | 'status' | 'end_date'>;

export type EmployeeFilters = {
  status?: EmployeeStatus | null;
  department?: string | null;
  search?: string;
};

/** Rows per request: the API's largest page (DESIGN.md §6). */
export const EMPLOYEE_PAGE_SIZE = PAGE_SIZE_MAX;

export function getEmployeePage(workspaceId: string, filters: EmployeeFilters, page: number) {
  return api.get(EMPLOYEES_PATH, looselyDocumented(paginatedEnvelope(employeeSchema)), {
    params: { workspace_id: workspaceId },
    query: {
      status: filters.status || undefined,
      department: filters.department?.trim() || undefined,
      search: filters.search?.trim() || undefined,
      page,
      page_size: EMPLOYEE_PAGE_SIZE,
    },
    // A listing failure shows on the screen, not as a toast (spec §8).
    handleErrors: false,
  });
}

/** Most employees one screen lists (and one CSV export holds); past it, filter. */
export const EMPLOYEES_LISTED_MAX = 2_000;

/** Every employee matching `filters`, page by page up to `EMPLOYEES_LISTED_MAX`. */
export async function getEmployees(workspaceId: string, filters: EmployeeFilters) {
  const rows: Employee[] = [];
  let page = 1;
  let pages = 1;
  let count = 0;
  do {
    const result = await getEmployeePage(workspaceId, filters, page);
    rows.push(...result.data);
    pages = result.total_pages;
    count = result.count;
    page += 1;
  } while (page <= pages && rows.length < EMPLOYEES_LISTED_MAX);
  return { rows, count };
}

export function useEmployees(workspaceId: string | null, filters: EmployeeFilters) {
  return useSWR(
    workspaceId
      ? [
          payrollKeys.employees(workspaceId),
          filters.status ?? '',
          filters.department ?? '',
          filters.search ?? '',
        ]
      : null,
    () => getEmployees(workspaceId as string, filters),
    { keepPreviousData: true },
  );
}

const employeeRefSchema = dataEnvelope(z.object({ id: z.string() }));

export async function hireEmployee(workspaceId: string, input: EmployeeInput) {
  const { data } = await api.post(EMPLOYEES_PATH, employeeRefSchema, {
    params: { workspace_id: workspaceId },
    body: input,
  });
  await refreshPayroll(workspaceId);
  return data;
}

export async function updateEmployee(workspaceId: string, id: string, input: EmployeeInput) {
  const { data } = await api.patch(EMPLOYEE_PATH, employeeRefSchema, {
    params: { workspace_id: workspaceId, id },
    body: input,
  });
  await refreshPayroll(workspaceId);
  return data;
}

export async function terminateEmployee(workspaceId: string, id: string, endDate: string) {
  await api.post(
    '/accounting/workspaces/{workspace_id}/payroll/employees/{id}/terminate/',
    employeeRefSchema,
    { params: { workspace_id: workspaceId, id }, body: { end_date: endDate } },
  );
  await refreshPayroll(workspaceId);
}
