/**
 * Pay runs: GET/POST payroll/pay-runs/, GET pay-runs/{id}/ (with its payslips), POST
 * approve/, post/ and reverse/, the payslip PDF, and GET payroll/summary/?year= (the
 * year's posted payroll per month and component). Totals are the server's sums.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { payrollKeys, refreshBooksAndPayroll, refreshPayroll } from './keys';
import { looselyDocumented } from './loose-body';

export const PAY_RUN_STATUSES = ['draft', 'approved', 'posted', 'reversed'] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];

/** The components a run and a month total, as the server names them. */
export const TOTAL_FIELDS = [
  'gross',
  'basic',
  'housing',
  'transport',
  'other',
  'pension_employee',
  'nhf',
  'paye',
  'other_deductions',
  'net_pay',
  'pension_employer',
  'nsitf',
  'itf',
  'employer_cost',
] as const;
export type TotalField = (typeof TOTAL_FIELDS)[number];

export const totalsSchema = z.object(
  Object.fromEntries(TOTAL_FIELDS.map((field) => [field, z.string()])) as Record<
    TotalField,
    z.ZodString
  >,
);
export type PayrollTotals = z.infer<typeof totalsSchema>;

export const payRunSummarySchema = z.object({
  id: z.string(),
  period: z.string(),
  pay_date: z.string(),
  rule_set: z.string(),
  status: z.string(),
  employees: z.number().int(),
  totals: totalsSchema,
  journal_entry_id: z.string().nullable(),
  reversal_entry_id: z.string().nullable(),
});
export type PayRunSummary = z.infer<typeof payRunSummarySchema>;

const lineSchema = z.object({ name: z.string(), amount: z.string() });

export const payslipSchema = totalsSchema.extend({
  employee_id: z.string(),
  employee_name: z.string(),
  staff_id: z.string(),
  department: z.string(),
  days_paid: z.number().int(),
  days_in_month: z.number().int(),
  allowances: z.array(lineSchema),
  deductions: z.array(lineSchema),
  rent_relief: z.string(),
  cra: z.string().nullable(),
  taxable_income: z.string(),
  rule_set: z.string(),
});
export type Payslip = z.infer<typeof payslipSchema>;

export const payRunDetailSchema = payRunSummarySchema.extend({
  payslips: z.array(payslipSchema),
});
export type PayRunDetail = z.infer<typeof payRunDetailSchema>;

const outcomeSchema = dataEnvelope(
  z.object({
    id: z.string(),
    period: z.string(),
    status: z.string(),
    journal_entry_id: z.string().nullable(),
  }),
);
export type PayRunOutcome = z.infer<typeof outcomeSchema>['data'];

export function usePayRuns(workspaceId: string | null) {
  return useSWR(workspaceId ? [payrollKeys.payRuns(workspaceId)] : null, async () => {
    const { data } = await api.get(
      '/accounting/workspaces/{workspace_id}/payroll/pay-runs/',
      looselyDocumented(dataEnvelope(z.array(payRunSummarySchema))),
      { params: { workspace_id: workspaceId as string }, handleErrors: false },
    );
    return data;
  });
}

export function usePayRun(workspaceId: string | null, id: string | null) {
  return useSWR(workspaceId && id ? [payrollKeys.payRun(workspaceId, id)] : null, async () => {
    const { data } = await api.get(
      '/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/',
      looselyDocumented(dataEnvelope(payRunDetailSchema)),
      { params: { workspace_id: workspaceId as string, id: id as string }, handleErrors: false },
    );
    return data;
  });
}

/** Drafts the period's run (`YYYY-MM`), computed under the rules of `payDate`. */
export async function createPayRun(workspaceId: string, period: string, payDate: string) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/payroll/pay-runs/',
    outcomeSchema,
    { params: { workspace_id: workspaceId }, body: { period, pay_date: payDate } },
  );
  await refreshPayroll(workspaceId);
  return data;
}

export async function approvePayRun(workspaceId: string, id: string) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/approve/',
    outcomeSchema,
    { params: { workspace_id: workspaceId, id } },
  );
  await refreshPayroll(workspaceId);
  return data;
}

/** Posts the run's journal entry; the books move, so every accounting read refreshes. */
export async function postPayRun(workspaceId: string, id: string) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/post/',
    outcomeSchema,
    { params: { workspace_id: workspaceId, id } },
  );
  await refreshBooksAndPayroll(workspaceId);
  return data;
}

/** Reverses a run: a posted one by the reversing entry dated `date`. */
export async function reversePayRun(workspaceId: string, id: string, date: string) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/reverse/',
    outcomeSchema,
    { params: { workspace_id: workspaceId, id }, body: { date } },
  );
  await refreshBooksAndPayroll(workspaceId);
  return data;
}

/** The typeset payslip, fetched with the session's token (a plain link would carry none). */
export function getPayslipPdf(workspaceId: string, runId: string, employeeId: string) {
  return api.download(
    '/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/payslips/{employee_id}/pdf/',
    { params: { workspace_id: workspaceId, id: runId, employee_id: employeeId } },
  );
}

export const summarySchema = z.object({
  year: z.number().int(),
  months: z.array(z.object({ period: z.string(), totals: totalsSchema })),
  totals: totalsSchema,
});
export type PayrollSummary = z.infer<typeof summarySchema>;

export function usePayrollSummary(workspaceId: string | null, year: number) {
  return useSWR(workspaceId ? [payrollKeys.summary(workspaceId), year] : null, async () => {
    const { data } = await api.get(
      '/accounting/workspaces/{workspace_id}/payroll/summary/',
      looselyDocumented(dataEnvelope(summarySchema)),
      {
        params: { workspace_id: workspaceId as string },
        query: { year: String(year) },
        handleErrors: false,
      },
    );
    return data;
  });
}
