/**
 * Collaborators usage for the plan's collaborators limit (spec §6: "Inviting
 * collaborators ... checked against collaborators usage"). It is read from the count of
 * the organization's memberships (spec §7 GET /organizations/{organization_id}/memberships/)
 * less the owner, who is not a collaborator: a Basic organization (limit 0) is its owner
 * alone.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, paginatedEnvelope } from '@/lib/api-client';

export const organizationMembershipsPath = (organizationId: string): string =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/memberships/`;

/** The owner's own membership is not a collaborator. */
export const OWNER_MEMBERSHIPS = 1;

/** Only the count is needed: one row per page keeps the answer small. */
const COUNT_PAGE_SIZE = 1;

export async function getCollaboratorUsage(organizationId: string): Promise<number> {
  const page = await api.get(
    '/accounts/organizations/{organization_id}/memberships/',
    paginatedEnvelope(z.unknown()),
    {
      params: { organization_id: organizationId },
      query: { page: 1, page_size: COUNT_PAGE_SIZE, is_active: true },
      handleErrors: false,
    },
  );
  return Math.max(0, page.count - OWNER_MEMBERSHIPS);
}

/**
 * The usage, or undefined while unknown (not loaded, or not readable with this role):
 * the check then covers the permission only and the server enforces the limit.
 */
export function useCollaboratorUsage(
  organizationId: string | null | undefined,
): number | undefined {
  const { data } = useSWR(
    organizationId ? [organizationMembershipsPath(organizationId), 'collaborator-usage'] : null,
    () => getCollaboratorUsage(organizationId ?? ''),
    { shouldRetryOnError: false },
  );
  return data;
}
