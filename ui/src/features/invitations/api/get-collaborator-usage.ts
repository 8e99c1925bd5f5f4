/**
 * Collaborators usage for the plan's collaborators limit (spec §6: "Inviting
 * collaborators ... checked against collaborators usage"), counted the way the server
 * counts it: the organization's active members less the owner, plus the pending e-mail
 * invitations (each holds a seat it has promised). A pending link holds no seat until
 * someone joins through it, and an expired invitation (status 5) none at all.
 */
import useSWR, { useSWRConfig } from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, paginatedEnvelope } from '@/lib/api-client';

import { INVITATION_STATUS } from './invitation-token';

export const organizationMembershipsPath = (organizationId: string): string =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/memberships/`;

/** The SWR key of an organization's usage; anything that changes it asks again by it. */
export const collaboratorUsageKey = (organizationId: string) =>
  [organizationMembershipsPath(organizationId), 'collaborator-usage'] as const;

/** The owner's own membership is not a collaborator. */
export const OWNER_MEMBERSHIPS = 1;

/** Only the count is needed: one row per page keeps the answer small. */
const COUNT_PAGE_SIZE = 1;

const invitationSeatSchema = z.object({ kind: z.enum(['email', 'link']), status: z.number() });

async function countMembers(organizationId: string): Promise<number> {
  const page = await api.get(
    '/accounts/organizations/{organization_id}/memberships/',
    paginatedEnvelope(z.unknown()),
    {
      params: { organization_id: organizationId },
      query: { page: 1, page_size: COUNT_PAGE_SIZE, is_active: true },
      handleErrors: false,
    },
  );
  return page.count;
}

/** The list has no status filter: every page is read and the pending e-mails counted. */
async function countPendingEmailInvitations(organizationId: string): Promise<number> {
  let pending = 0;
  for (let page = 1; ; page += 1) {
    const answer = await api.get(
      '/accounts/organizations/{organization_id}/invitations/',
      paginatedEnvelope(invitationSeatSchema),
      {
        params: { organization_id: organizationId },
        query: { page, page_size: PAGE_SIZE_MAX },
        handleErrors: false,
      },
    );
    pending += answer.data.filter(
      (i) => i.kind === 'email' && i.status === INVITATION_STATUS.pending,
    ).length;
    if (page >= answer.total_pages || answer.data.length === 0) return pending;
  }
}

export async function getCollaboratorUsage(organizationId: string): Promise<number> {
  const [members, pending] = await Promise.all([
    countMembers(organizationId),
    countPendingEmailInvitations(organizationId),
  ]);
  return Math.max(0, members - OWNER_MEMBERSHIPS) + pending;
}

/**
 * The usage, or undefined while unknown (not asked yet, or not readable with this role):
 * the check then covers the permission only and the server enforces the limit.
 *
 * Asked for when someone is about to invite, not as the layout opens: every signed-in
 * screen holds the layout, and its reads of the organization's members and
 * invitations only ever serve the invite check. `current()` asks and waits, so the check
 * sees the usage as it is at the click (another Admin may have invited meanwhile).
 */
export function useCollaboratorUsage(organizationId: string | null | undefined): {
  usage: number | undefined;
  current: () => Promise<number | undefined>;
} {
  const { data, mutate } = useSWR(
    organizationId ? collaboratorUsageKey(organizationId) : null,
    () => getCollaboratorUsage(organizationId ?? ''),
    { shouldRetryOnError: false, revalidateOnMount: false, revalidateOnFocus: false },
  );
  return {
    usage: data,
    current: () => mutate().catch(() => undefined),
  };
}

/** After an invitation is sent, cancelled or accepted: the usage asks again. */
export function useRefreshCollaboratorUsage(organizationId: string | null | undefined) {
  const { mutate } = useSWRConfig();
  return async () => {
    if (organizationId) await mutate(collaboratorUsageKey(organizationId));
  };
}
