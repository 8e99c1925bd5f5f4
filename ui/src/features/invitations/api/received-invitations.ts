/**
 * Invitations sent to the signed-in person's verified address, answered in the app
 * (query-api `invitations.rs` lists them; command-api `invitations/received.rs` accepts
 * or declines one) — the same answer as the mailed link gives, without it.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

export const receivedInvitationSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  role: z.number(),
  role_display: z.string(),
  /** The workspaces it covers, by name. */
  workspaces: z.array(z.string()),
  invited_by: z.string(),
  created_datetime: z.string(),
  expires_at: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;

const RECEIVED_PATH = '/accounts/organizations/invitations/received/';

export function useReceivedInvitations() {
  return useSWR(RECEIVED_PATH, async () => {
    const { data } = await api.get(RECEIVED_PATH, dataEnvelope(z.array(receivedInvitationSchema)));
    return data;
  });
}

export async function acceptReceivedInvitation(id: string): Promise<void> {
  await api.post('/accounts/organizations/invitations/received/{id}/accept/', z.unknown(), {
    params: { id },
  });
}

export async function declineReceivedInvitation(id: string): Promise<void> {
  await api.post('/accounts/organizations/invitations/received/{id}/decline/', z.unknown(), {
    params: { id },
  });
}

/** "Editor in Lagos Office and Abuja Branch": what accepting grants, in words. */
export function grantText(invitation: ReceivedInvitation): string {
  const names = invitation.workspaces;
  if (names.length === 0) return `${invitation.role_display} in the organization`;
  const listed =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${invitation.role_display} in ${listed}`;
}
