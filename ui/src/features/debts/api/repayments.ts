/**
 * A debt's amortization schedule (GET debts/{id}/schedule/) and its repayments (GET and
 * POST debts/{id}/repayments/). The server splits each repayment into interest and
 * principal by the domain's rules; the UI shows its answer as given.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { debtKeys, refreshBooks } from './debts';

export const scheduleRowSchema = z.object({
  /** 1 for the first instalment. */
  number: z.number(),
  due_date: z.string(),
  opening_balance: z.string(),
  interest: z.string(),
  /** Including any principal prepaid in its period. */
  principal: z.string(),
  payment: z.string(),
  closing_balance: z.string(),
  /** What is left to pay of it. */
  unpaid: z.string(),
  /** `paid`, `partly_paid` or `unpaid`. */
  status: z.string(),
  /** Due before today with something unpaid. */
  overdue: z.boolean(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

const scheduleSchema = z.object({
  rows: z.array(scheduleRowSchema),
  total_interest: z.string(),
  total_payment: z.string(),
  principal_outstanding: z.string(),
});

export const SCHEDULE_PATH = '/accounting/workspaces/{workspace_id}/debts/{id}/schedule/';
export const REPAYMENTS_PATH = '/accounting/workspaces/{workspace_id}/debts/{id}/repayments/';

/** One debt's request (its schedule, its repayments): the hooks' and the prefetch's. */
export function debtCall(ws: string, id: string) {
  return { params: { workspace_id: ws, id } };
}

/** The schedule as it stands after the repayments (a prepayment re-plans later rows). */
export function useDebtSchedule(ws: string | null, id: string | null) {
  return useSWR(ws && id ? [debtKeys.schedule(ws, id)] : null, async () => {
    const { data } = await api.get(
      SCHEDULE_PATH,
      dataEnvelope(scheduleSchema),
      debtCall(ws ?? '', id ?? ''),
    );
    return data;
  });
}

export const repaymentSchema = z.object({
  date: z.string(),
  amount: z.string(),
  interest: z.string(),
  principal: z.string(),
  /** Principal paid ahead of the schedule (beyond the next instalment). */
  prepayment: z.string(),
  cash_account: z.string(),
  journal_entry_id: z.string(),
});
export type Repayment = z.infer<typeof repaymentSchema>;

export function useRepayments(ws: string | null, id: string | null) {
  return useSWR(ws && id ? [debtKeys.repayments(ws, id)] : null, async () => {
    const { data } = await api.get(
      REPAYMENTS_PATH,
      dataEnvelope(z.array(repaymentSchema)),
      debtCall(ws ?? '', id ?? ''),
    );
    return data;
  });
}

export type RepaymentInput = { date: string; amount: string; cash_account: string };

/** What the server answers a repayment with: its split and the principal left. */
const repaymentOutcomeSchema = z.object({
  date: z.string(),
  amount: z.string(),
  interest: z.string(),
  principal: z.string(),
  prepayment: z.string(),
  principal_outstanding: z.string(),
  journal_entry_id: z.string(),
});
export type RepaymentOutcome = z.infer<typeof repaymentOutcomeSchema>;

export async function recordRepayment(ws: string, id: string, input: RepaymentInput) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/debts/{id}/repayments/',
    dataEnvelope(repaymentOutcomeSchema),
    { params: { workspace_id: ws, id }, body: input },
  );
  await refreshBooks(ws);
  return data;
}
