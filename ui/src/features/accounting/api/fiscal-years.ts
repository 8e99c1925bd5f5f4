/**
 * The workspace's fiscal years (README "Fiscal years and closing"): the month they start
 * in, and closing and reopening one. Read by everyone with the books; changed by whoever
 * may post (the same right as the lock date, which a close moves).
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';
import { useWorkspaceId } from '@/lib/active-workspace';

import { accountingPaths, refreshBooks } from './paths';

const settingsSchema = dataEnvelope(
  z.object({ lock_date: z.string().nullable(), fiscal_year_start_month: z.number() }),
);

const fiscalYearSchema = z.object({
  year: z.number(),
  first_day: z.string(),
  last_day: z.string(),
  // `open` or `closed`.
  status: z.string(),
  closing_entry_id: z.string().nullable(),
  closing_entry_number: z.string().nullable(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
});

export type FiscalYear = z.infer<typeof fiscalYearSchema>;

const fiscalYearsSchema = dataEnvelope(z.array(fiscalYearSchema));
const outcomeSchema = dataEnvelope(z.object({ year: z.number(), status: z.string() }));

export function useAccountingSettings() {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId ? [accountingPaths.accountingSettings(workspaceId)] : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getAccountingSettings');
      const { data } = await api.get(
        '/accounting/workspaces/{workspace_id}/accounting-settings/',
        settingsSchema,
        { params: { workspace_id: ws } },
      );
      return data;
    },
  );
}

export function useFiscalYears() {
  const workspaceId = useWorkspaceId();
  return useSWR(workspaceId ? [accountingPaths.fiscalYears(workspaceId)] : null, async () => {
    const ws = requireParam('workspaceId', workspaceId, 'getFiscalYears');
    const { data } = await api.get(
      '/accounting/workspaces/{workspace_id}/fiscal-years/',
      fiscalYearsSchema,
      { params: { workspace_id: ws } },
    );
    return data;
  });
}

export async function setFiscalYearStart(workspaceId: string, month: number) {
  await api.put('/accounting/workspaces/{workspace_id}/accounting-settings/', settingsSchema, {
    params: { workspace_id: workspaceId },
    body: { fiscal_year_start_month: month },
  });
  await refreshBooks();
}

/** Posts the closing entry and locks the books up to the year's last day. */
export async function closeFiscalYear(workspaceId: string, year: number) {
  await api.post(
    '/accounting/workspaces/{workspace_id}/fiscal-years/{year}/close/',
    outcomeSchema,
    { params: { workspace_id: workspaceId, year: String(year) } },
  );
  await refreshBooks();
}

/** Reverses the closing entry and moves the lock date back. */
export async function reopenFiscalYear(workspaceId: string, year: number) {
  await api.post(
    '/accounting/workspaces/{workspace_id}/fiscal-years/{year}/reopen/',
    outcomeSchema,
    { params: { workspace_id: workspaceId, year: String(year) } },
  );
  await refreshBooks();
}
