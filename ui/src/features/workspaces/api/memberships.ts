/**
 * A workspace's members and what Admins do to them: spec §7 memberships of the
 * organization filtered to the workspace, PATCH a role, and remove from the workspace.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, paginatedEnvelope } from '@/lib/api-client';

export const memberSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int().min(0).max(2),
  is_active: z.union([z.boolean(), z.number()]).transform((v) => Boolean(v)),
  workspaces: z.array(z.string()),
});
export type Member = z.infer<typeof memberSchema>;

export const membershipsPath = (organizationId: string) =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/memberships/`;

export function useWorkspaceMembers(organizationId: string | null, workspaceId: string | null) {
  const key = organizationId && workspaceId ? [membershipsPath(organizationId), workspaceId] : null;
  return useSWR(key, () =>
    api.get(
      '/accounts/organizations/{organization_id}/memberships/',
      paginatedEnvelope(memberSchema),
      {
        params: { organization_id: organizationId ?? '' },
        query: { workspace_id: workspaceId, page: 1, page_size: PAGE_SIZE_MAX },
        handleErrors: false,
      },
    ),
  );
}

/** Every member of the organization, whichever workspaces they cover. */
export function useOrganizationMembers(organizationId: string | null) {
  return useSWR(organizationId ? [membershipsPath(organizationId), 'all'] : null, () =>
    api.get(
      '/accounts/organizations/{organization_id}/memberships/',
      paginatedEnvelope(memberSchema),
      {
        params: { organization_id: organizationId ?? '' },
        query: { page: 1, page_size: PAGE_SIZE_MAX },
        handleErrors: false,
      },
    ),
  );
}

export function changeMemberRole(organizationId: string, membershipId: string, role: number) {
  return api.patch('/accounts/organizations/{organization_id}/memberships/{id}/', z.unknown(), {
    params: { organization_id: organizationId, id: membershipId },
    body: { role },
  });
}

export function removeFromWorkspace(
  organizationId: string,
  membershipId: string,
  workspaceId: string,
) {
  return api.post('/accounts/organizations/{organization_id}/memberships/remove', z.unknown(), {
    params: { organization_id: organizationId },
    body: { membership_id: membershipId, workspace_id: workspaceId },
  });
}
