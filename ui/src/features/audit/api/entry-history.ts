/**
 * The journal entry behind a flagged score: its date and memo, and its event history
 * (who did what, when, with the chain hash). Read from the accounting API; the audit
 * feature keeps its own fetcher so features do not import each other.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

const entrySchema = z.object({
  date: z.string(),
  memo: z.string().nullish(),
  entry_number: z.string().nullish(),
});

const historyEventSchema = z.object({
  event_type: z.string(),
  recorded_at: z.string(),
  actor_name: z.string().nullish(),
  summary: z.string().nullish(),
  hash: z.string().nullish(),
  chain_seq: z.number().nullish(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export type EntryWithHistory = {
  entry: z.infer<typeof entrySchema>;
  events: HistoryEvent[];
};

export async function getEntryWithHistory(
  workspaceId: string,
  entryId: string,
): Promise<EntryWithHistory> {
  const params = { workspace_id: workspaceId, id: entryId };
  const [entry, history] = await Promise.all([
    api.get(
      '/accounting/workspaces/{workspace_id}/journal-entries/{id}/',
      dataEnvelope(entrySchema),
      {
        params,
        handleErrors: false,
      },
    ),
    api.get(
      '/accounting/workspaces/{workspace_id}/journal-entries/{id}/history/',
      dataEnvelope(z.object({ events: z.array(historyEventSchema) })),
      { params, handleErrors: false },
    ),
  ]);
  return { entry: entry.data, events: history.data.events };
}

export function useEntryWithHistory(workspaceId: string | null, entryId: string | null) {
  return useSWR(
    workspaceId && entryId ? ['audit-entry-history', workspaceId, entryId] : null,
    ([, ws, id]) => getEntryWithHistory(ws, id),
  );
}
