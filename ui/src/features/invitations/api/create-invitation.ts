import { z } from 'zod';

import { api, requireParam } from '@/lib/api-client';
import { ROLE } from '@/lib/permissions';

export const organizationInvitationsPath = (organizationId: string): string =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/invitations/`;

/**
 * Spec §5: "local part, @, domain, a dot, at least 2 letters". Anything else gets the
 * toast 'Email is not valid' and nothing is sent.
 */
export const INVITE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const INVALID_EMAIL_MESSAGE = 'Email is not valid';

export function isValidInviteEmail(email: string): boolean {
  return INVITE_EMAIL_PATTERN.test(email.trim());
}

/** Spec §6/§9: e-mail invites default to Admin (2). */
export const DEFAULT_INVITE_ROLE = ROLE.admin;

export type RoleNumber = (typeof ROLE)[keyof typeof ROLE];

/** Spec §3 Invitation: email, role (number), workspaces (list of workspace ids). */
export type CreateInvitationInput = {
  email: string;
  role: RoleNumber;
  workspaces: string[];
};

/** The answer's shape is not given by the spec; any object under `data` is accepted. */
const createInvitationResponseSchema = z.unknown();

/** Spec §7 POST /accounts/organizations/{organization_id}/invitations/ with {email, role, workspaces}. */
export async function createInvitation(
  organizationId: string | null | undefined,
  input: CreateInvitationInput | null | undefined,
): Promise<void> {
  const orgId = requireParam('organizationId', organizationId, 'createInvitation');
  const body = requireParam('body', input, 'createInvitation');
  await api.post(
    '/accounts/organizations/{organization_id}/invitations/',
    createInvitationResponseSchema,
    {
      params: { organization_id: orgId },
      body: { email: body.email.trim(), role: body.role, workspaces: body.workspaces },
    },
  );
}
