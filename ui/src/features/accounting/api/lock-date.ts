/**
 * The workspace's lock date (DESIGN.md §5): nothing is posted or reversed on or before
 * it. Read by everyone with the books; set by whoever may post (journal_entries:post).
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';

import { useWorkspaceId } from '@/lib/active-workspace';

import { accountingPaths, refreshBooks } from './paths';

export const LOCK_DATE_PATH = '/accounting/workspaces/{workspace_id}/lock-date/';

const lockDateSchema = dataEnvelope(z.object({ lock_date: z.string().nullable() }));

export function useLockDate() {
  const workspaceId = useWorkspaceId();
  return useSWR(workspaceId ? [accountingPaths.lockDate(workspaceId)] : null, async () => {
    const ws = requireParam('workspaceId', workspaceId, 'getLockDate');
    // Only a label: a failure leaves it out rather than toasting.
    const { data } = await api.get(LOCK_DATE_PATH, lockDateSchema, {
      params: { workspace_id: ws },
      handleErrors: false,
    });
    return data.lock_date;
  });
}

/** `null` opens the books again. */
export async function setLockDate(workspaceId: string, lockDate: string | null) {
  await api.put('/accounting/workspaces/{workspace_id}/lock-date/', lockDateSchema, {
    params: { workspace_id: workspaceId },
    body: { lock_date: lockDate },
  });
  await refreshBooks();
}
