import { z } from 'zod';

import { api, requireParam } from '@/lib/api-client';

/**
 * Spec §7: "POST accounts/default/setup/ with no body: fired whenever the main layout
 * loads for a workspace". The server makes it idempotent. Spec §8: an accounting call
 * other than a listing sends its error to the shared handler (the API client's) and is
 * rethrown.
 */
export async function setupDefaultAccounts(workspaceId: string | null | undefined): Promise<void> {
  const id = requireParam('workspaceId', workspaceId, 'setupDefaultAccounts');
  // No body (spec §7).
  await api.post('/accounting/workspaces/{workspace_id}/accounts/default/setup/', z.unknown(), {
    params: { workspace_id: id },
    // Idempotent: on a workspace that has its accounts it changes nothing a screen reads.
    keepsPrefetched: true,
  });
}
