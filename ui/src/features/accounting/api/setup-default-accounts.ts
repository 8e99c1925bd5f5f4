import { z } from 'zod';

import { ApiError, api, handleApiError, requireParam } from '@/lib/api-client';

/** The server's answer for a route it does not offer (DESIGN.md §6 error body). */
function isMissingRoute(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  const body = error.body;
  return typeof body === 'object' && body !== null && 'code' in body && body.code === 'not_found';
}

/**
 * Spec §7: "POST accounts/default/setup/ with no body: fired whenever the main layout
 * loads for a workspace". The server makes it idempotent; errors go to the shared handler,
 * except a server without the accounting routes: the user fired nothing and can do
 * nothing about it, so that is only logged instead of a toast on every page load.
 */
export async function setupDefaultAccounts(workspaceId: string | null | undefined): Promise<void> {
  const id = requireParam('workspaceId', workspaceId, 'setupDefaultAccounts');
  try {
    // No body (spec §7).
    await api.post('/accounting/workspaces/{workspace_id}/accounts/default/setup/', z.unknown(), {
      params: { workspace_id: id },
      handleErrors: false,
    });
  } catch (error) {
    if (isMissingRoute(error)) {
      console.warn('The server does not set up default accounts yet:', String(error));
      return;
    }
    handleApiError(error);
    throw error;
  }
}
