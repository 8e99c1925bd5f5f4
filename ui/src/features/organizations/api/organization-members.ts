/**
 * Everyone in the organization, across its workspaces (spec §7 memberships without a
 * workspace filter), and the organization's live workspaces to name what each covers.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, paginatedEnvelope } from '@/lib/api-client';

const workspaceRefSchema = z.object({ id: z.string(), name: z.string() });
export type WorkspaceRef = z.infer<typeof workspaceRefSchema>;

const WORKSPACES_PATH = '/accounts/organizations/{organization_id}/workspaces/';

export const organizationWorkspacesKey = (organizationId: string) =>
  [WORKSPACES_PATH, organizationId] as const;

export function useOrganizationWorkspaces(organizationId: string | null) {
  return useSWR(
    organizationId ? organizationWorkspacesKey(organizationId) : null,
    ([, organization_id]) =>
      api
        .get(WORKSPACES_PATH, paginatedEnvelope(workspaceRefSchema), {
          params: { organization_id },
          query: { page: 1, page_size: PAGE_SIZE_MAX },
          handleErrors: false,
        })
        .then((page) => page.data),
  );
}
