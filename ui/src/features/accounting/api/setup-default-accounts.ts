import { z } from 'zod';

import { apiClient, requireParam } from '@/lib/api-client';

export const setupDefaultAccountsPath = (workspaceId: string): string =>
  `/accounting/workspaces/${encodeURIComponent(workspaceId)}/accounts/default/setup/`;

/**
 * Spec §7: "POST accounts/default/setup/ with no body: fired whenever the main layout
 * loads for a workspace". The server makes it idempotent; errors go to the shared handler.
 */
export async function setupDefaultAccounts(workspaceId: string | null | undefined): Promise<void> {
  const id = requireParam('workspaceId', workspaceId, 'setupDefaultAccounts');
  await apiClient.post(setupDefaultAccountsPath(id), z.unknown());
}
