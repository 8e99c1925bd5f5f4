/**
 * An organization's invitations (GET .../invitations/) narrowed to the pending ones of a
 * workspace, and the two things an inviter does to one: resend the mail, or cancel.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, paginatedEnvelope } from '@/lib/api-client';

import { organizationInvitationsPath } from './create-invitation';
import { INVITATION_STATUS } from './invitation-token';

export const invitationSchema = z.object({
  id: z.string(),
  kind: z.enum(['email', 'link']),
  email: z.string().nullish(),
  role: z.number(),
  role_display: z.string(),
  workspaces: z.array(z.string()),
  status: z.number(),
  expires_at: z.string(),
  created_datetime: z.string(),
  /** People who joined through it; a link stays open for more until cancelled. */
  uses: z.number().default(0),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Pending invitations that cover `workspaceId`, newest first (as the server lists them). */
export function pendingFor(invitations: readonly Invitation[], workspaceId: string) {
  return invitations.filter(
    (i) => i.status === INVITATION_STATUS.pending && i.workspaces.includes(workspaceId),
  );
}

export function usePendingInvitations(
  organizationId: string | null,
  workspaceId: string | null,
  enabled: boolean,
) {
  const key =
    enabled && organizationId && workspaceId
      ? [organizationInvitationsPath(organizationId), 'pending', workspaceId]
      : null;
  return useSWR(key, async () => {
    const page = await api.get(
      '/accounts/organizations/{organization_id}/invitations/',
      paginatedEnvelope(invitationSchema),
      {
        params: { organization_id: organizationId ?? '' },
        query: { page: 1, page_size: PAGE_SIZE_MAX },
        handleErrors: false,
      },
    );
    return pendingFor(page.data, workspaceId ?? '');
  });
}

export function resendInvitation(organizationId: string, id: string) {
  return api.post(
    '/accounts/organizations/{organization_id}/invitations/{id}/resend/',
    z.unknown(),
    { params: { organization_id: organizationId, id } },
  );
}

export function cancelInvitation(organizationId: string, id: string) {
  return api.post(
    '/accounts/organizations/{organization_id}/invitations/{id}/cancel/',
    z.unknown(),
    { params: { organization_id: organizationId, id } },
  );
}
