/**
 * GET /accounting/workspaces/{workspace_id}/dashboard/: the workspace's home figures in
 * one answer, each computed by the server from the report it links to (cash position from
 * the trial balance, income and expenses per month from the summaries), so the dashboard
 * and the reports never disagree and the UI adds nothing up itself.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { useWorkspaceId } from '@/lib/active-workspace';
import { api, dataEnvelope, requireParam } from '@/lib/api-client';

import { entrySummarySchema } from './journal-entries';
import { accountingPaths } from './paths';

export const monthFiguresSchema = z.object({
  /** `2026-03`. */
  month: z.string(),
  income: z.string(),
  expenses: z.string(),
  net_income: z.string(),
});
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

export const topExpenseSchema = z.object({
  account_id: z.string(),
  account_code: z.string(),
  name: z.string(),
  amount: z.string(),
});
export type TopExpense = z.infer<typeof topExpenseSchema>;

export const dashboardSchema = z.object({
  as_of: z.string(),
  /** First day of the chart's first month; income, expenses and net income cover from it. */
  from: z.string(),
  cash_position: z.string(),
  income: z.string(),
  expenses: z.string(),
  net_income: z.string(),
  months: z.array(monthFiguresSchema),
  top_expenses: z.array(topExpenseSchema),
  recent_entries: z.array(entrySummarySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const DASHBOARD_PATH = '/accounting/workspaces/{workspace_id}/dashboard/';

/** The dashboard's request: the hook's and the screen's prefetch's. */
export function dashboardCall(workspaceId: string, asOf?: string, from?: string) {
  return { params: { workspace_id: workspaceId }, query: { as_of: asOf, from } };
}

export async function getDashboard(
  workspaceId: string | null | undefined,
  asOf?: string,
  from?: string,
): Promise<Dashboard> {
  const id = requireParam('workspaceId', workspaceId, 'getDashboard');
  // Spec §8: an accounting read other than a listing goes to the shared handler and is
  // rethrown (the screen then shows its error state).
  const { data } = await api.get(
    DASHBOARD_PATH,
    dataEnvelope(dashboardSchema),
    dashboardCall(id, asOf, from),
  );
  return data;
}

/** The active workspace's dashboard as of `asOf`; refreshed with every other book read. */
/** The figures from `from` (the last 12 months when absent) to `asOf`. */
export function useDashboard(asOf: string, from?: string) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && (!from || from <= asOf)
      ? [accountingPaths.dashboard(workspaceId), asOf, from ?? '']
      : null,
    () => getDashboard(workspaceId, asOf, from),
    { keepPreviousData: true },
  );
}
