/**
 * The active workspace's base currency (DESIGN.md §5: default NGN), read from the
 * workspace itself, so every amount on the accounting screens is formatted for it.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { useOrganizationId, useWorkspaceId } from '@/lib/active-workspace';
import { workspacesFreshness } from '@/lib/swr';

/** DESIGN.md §5: a workspace's base currency when nothing else is known. */
export const DEFAULT_CURRENCY = 'NGN';

const workspaceCurrencySchema = dataEnvelope(
  z.object({ base_currency: z.string().nullish() }).loose(),
);

const workspacePath = (organizationId: string, workspaceId: string) =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/workspaces/${encodeURIComponent(workspaceId)}/`;

export function useWorkspaceCurrency(): string {
  const organizationId = useOrganizationId();
  const workspaceId = useWorkspaceId();
  const { data } = useSWR(
    organizationId && workspaceId ? workspacePath(organizationId, workspaceId) : null,
    async () => {
      // Only the label of amounts depends on it: a failure falls back quietly.
      const { data: workspace } = await api.get(
        '/accounts/organizations/{organization_id}/workspaces/{id}/',
        workspaceCurrencySchema,
        {
          params: { organization_id: organizationId ?? '', id: workspaceId ?? '' },
          handleErrors: false,
        },
      );
      return workspace.base_currency || DEFAULT_CURRENCY;
    },
    { ...workspacesFreshness, shouldRetryOnError: false },
  );
  return data ?? DEFAULT_CURRENCY;
}
