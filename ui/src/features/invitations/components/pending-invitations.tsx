import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';

import { useRefreshCollaboratorUsage } from '../api/get-collaborator-usage';
import {
  cancelInvitation,
  resendInvitation,
  usePendingInvitations,
  type Invitation,
} from '../api/pending-invitations';

type Props = {
  organizationId: string | null;
  workspaceId: string | null;
  /** Whether the user may invite: only then are invitations listed (the server agrees). */
  canInvite: boolean;
};

/** The workspace's pending invitations, with Resend (e-mail ones) and Cancel. */
export function PendingInvitations({ organizationId, workspaceId, canInvite }: Props) {
  const { data, mutate } = usePendingInvitations(organizationId, workspaceId, canInvite);
  // A cancelled e-mail invitation gives its collaborator seat back.
  const refreshUsage = useRefreshCollaboratorUsage(organizationId);
  const [busy, setBusy] = useState<string | null>(null);
  if (!canInvite || !data) return null;

  const act = async (invitation: Invitation, action: 'resend' | 'cancel') => {
    if (!organizationId) return;
    setBusy(`${action}:${invitation.id}`);
    try {
      if (action === 'resend') {
        await resendInvitation(organizationId, invitation.id);
        notify.success(`The invitation to ${invitation.email ?? 'the link'} was sent again.`);
      } else {
        await cancelInvitation(organizationId, invitation.id);
        notify.success('The invitation was cancelled.');
      }
    } catch {
      // Shown by the API client's generic handler.
    } finally {
      setBusy(null);
      await mutate();
      if (action === 'cancel') await refreshUsage();
    }
  };

  return (
    <div>
      <Text fw={600} mb={4}>
        Pending invitations
      </Text>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invitation is waiting for an answer.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" aria-label="Pending invitations">
            <Table.Tbody>
              {data.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Td>
                    <Text size="sm">{invitation.email ?? 'Invite link'}</Text>
                  </Table.Td>
                  <Table.Td w={120}>
                    <Badge variant="light" radius="sm">
                      {invitation.role_display}
                    </Badge>
                  </Table.Td>
                  <Table.Td w={200}>
                    <Text size="xs" c="dimmed">
                      Expires {formatDateTime(invitation.expires_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={220}>
                    <Group gap={4} justify="flex-end">
                      {invitation.kind === 'email' && (
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconMailForward size={14} />}
                          loading={busy === `resend:${invitation.id}`}
                          onClick={() => void act(invitation, 'resend')}
                        >
                          Resend
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconX size={14} />}
                        loading={busy === `cancel:${invitation.id}`}
                        onClick={() => void act(invitation, 'cancel')}
                      >
                        Cancel
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </div>
  );
}
