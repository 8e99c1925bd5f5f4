/**
 * Who wrote an entry: the API names authors by user id; the organization's memberships
 * give their names. Labels only, so a failure falls back to the id quietly.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, paginatedEnvelope } from '@/lib/api-client';

import { useOrganizationId } from '@/lib/active-workspace';
import { workspacesFreshness } from '@/lib/swr';

const memberSchema = z
  .object({
    user_id: z.string(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string().nullish(),
  })
  .loose();

export const MEMBERS_PATH = '/accounts/organizations/{organization_id}/memberships/' as const;

/** The one page of members the names come from (the journal's prefetch asks the same). */
export function membersCall(organizationId: string) {
  return {
    params: { organization_id: organizationId },
    query: { page: 1, page_size: PAGE_SIZE_MAX },
  };
}

export function useMemberNames(): ReadonlyMap<string, string> {
  const organizationId = useOrganizationId();
  const { data } = useSWR(
    organizationId
      ? `/accounts/organizations/${encodeURIComponent(organizationId)}/memberships/`
      : null,
    async () => {
      const page = await api.get(MEMBERS_PATH, paginatedEnvelope(memberSchema), {
        ...membersCall(organizationId ?? ''),
        handleErrors: false,
      });
      return new Map(
        page.data.map((m) => [
          m.user_id,
          [m.first_name, m.last_name].filter(Boolean).join(' ') || m.email || m.user_id,
        ]),
      );
    },
    { ...workspacesFreshness, shouldRetryOnError: false },
  );
  return data ?? new Map();
}
