/**
 * The invitee's side of an invitation (spec §7 POST /organizations/invitations/verify/,
 * accept/, reject/, create-account-and-accept-invite/). The token from the mailed or
 * shared link is the key; verify and reject need no sign-in.
 */
import { z } from 'zod';

import { api, dataEnvelope, idSchema } from '@/lib/api-client';
import { storage } from '@/lib/storage';

/** Invitation status numbers; only a pending one can be answered. */
export const INVITATION_STATUS = {
  pending: 1,
  accepted: 2,
  rejected: 3,
  cancelled: 4,
  expired: 5,
} as const;

export const invitationDetailsSchema = z.object({
  invitation_id: idSchema,
  organization_id: idSchema,
  organization_name: z.string(),
  email: z.string().nullish(),
  role: z.number().int(),
  role_display: z.string().nullish(),
  workspaces: z.array(z.object({ id: idSchema, name: z.string() })),
  status: z.number().int(),
  expires_at: z.string().nullish(),
  invited_by: z.string().nullish(),
  account_exists: z.boolean(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

/** What the invite page says instead of the invitation when it cannot be answered. */
export function invitationClosedReason(status: number): string | null {
  switch (status) {
    case INVITATION_STATUS.pending:
      return null;
    case INVITATION_STATUS.accepted:
      return 'This invitation has already been accepted.';
    case INVITATION_STATUS.rejected:
      return 'This invitation has been declined.';
    case INVITATION_STATUS.cancelled:
      return 'This invitation has been cancelled.';
    case INVITATION_STATUS.expired:
      return 'This invitation has expired. Ask for a new one.';
    default:
      return 'This invitation can no longer be answered.';
  }
}

/** Verifies the token; errors are left to the page (an invalid link is a page state). */
export async function verifyInvitation(token: string): Promise<InvitationDetails> {
  const { data } = await api.post(
    '/accounts/organizations/invitations/verify/',
    dataEnvelope(invitationDetailsSchema),
    { body: { token }, handleErrors: false },
  );
  return data;
}

export async function acceptInvitation(token: string): Promise<void> {
  await api.post('/accounts/organizations/invitations/accept/', z.unknown(), { body: { token } });
}

export async function rejectInvitation(token: string): Promise<void> {
  await api.post('/accounts/organizations/invitations/reject/', z.unknown(), { body: { token } });
}

export type NewAccountInput = {
  first_name: string;
  last_name: string;
  password: string;
  /** Only for link invitations; an e-mail invitation uses the invited address. */
  email?: string;
};

const sessionSchema = dataEnvelope(
  z.object({
    access: z.string().min(1),
    refresh: z.string().nullish(),
    is_google_authenticator_set: z.boolean(),
    is_two_fa_enabled: z.boolean(),
    organization_id: idSchema.nullish(),
  }),
);

/** Creates the account, accepts, and stores the session it answers (like sign-in). */
export async function createAccountAndAccept(token: string, input: NewAccountInput): Promise<void> {
  const { data } = await api.post(
    '/accounts/organizations/invitations/create-account-and-accept-invite/',
    sessionSchema,
    { body: { token, ...input } },
  );
  storage.setToken(data.access);
  storage.setRefreshToken(data.refresh ?? null);
  storage.setTwoFactor({
    is_two_fa_enabled: data.is_two_fa_enabled,
    is_google_authenticator_set: data.is_google_authenticator_set,
  });
}
