import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';
import { ROLE } from '@/lib/permissions';

/** Spec §6/§9: invite links grant role 0 (Viewer), and only that. */
export const INVITE_LINK_ROLE = ROLE.viewer;

const invitationLinkResponseSchema = dataEnvelope(z.object({ link: z.string().min(1) }));

/**
 * Spec §7 POST /accounts/organizations/{organization_id}/invitations/link/ with
 * {role: 0, workspaces}; returns the link to display and copy.
 */
export async function createInvitationLink(
  organizationId: string | null | undefined,
  workspaces: string[] | null | undefined,
): Promise<string> {
  const orgId = requireParam('organizationId', organizationId, 'createInvitationLink');
  const ids = requireParam('workspaces', workspaces, 'createInvitationLink');
  const { data } = await api.post(
    '/accounts/organizations/{organization_id}/invitations/link/',
    invitationLinkResponseSchema,
    { params: { organization_id: orgId }, body: { role: INVITE_LINK_ROLE, workspaces: ids } },
  );
  return data.link;
}
