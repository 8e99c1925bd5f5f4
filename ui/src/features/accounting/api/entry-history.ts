/** GET journal-entries/{id}/history/: the entry's events as the log holds them. */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { useWorkspaceId } from '@/lib/active-workspace';
import { accountingPaths } from './paths';

const historySchema = z.object({
  entry_id: z.string(),
  events: z.array(
    z.object({
      event_type: z.string(),
      sequence: z.number(),
      position: z.number(),
      recorded_at: z.string(),
      actor_id: z.string().nullish(),
      actor_name: z.string().nullish(),
      chain_seq: z.number(),
      hash: z.string(),
      summary: z.string(),
    }),
  ),
});
export type EntryHistory = z.infer<typeof historySchema>;

export function useEntryHistory(entryId: string | null) {
  const workspaceId = useWorkspaceId();
  const path = workspaceId && entryId ? accountingPaths.entryHistory(workspaceId, entryId) : null;
  return useSWR(path ? [path] : null, async () => {
    const { data } = await api.get(
      '/accounting/workspaces/{workspace_id}/journal-entries/{id}/history/',
      dataEnvelope(historySchema),
      { params: { workspace_id: workspaceId ?? '', id: entryId ?? '' }, handleErrors: false },
    );
    return data;
  });
}
