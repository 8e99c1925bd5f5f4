import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { TableSection } from '@/components/ui/table-section';
import {
  INVITATION_STATUS,
  cancelInvitation,
  resendInvitation,
  type Invitation,
} from '@/features/invitations';
import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';

import { useOrganizationInvitations } from '../api/organization-invitations';

const STATUS: Record<number, { label: string; color: string }> = {
  [INVITATION_STATUS.pending]: { label: 'Pending', color: 'yellow' },
  [INVITATION_STATUS.accepted]: { label: 'Accepted', color: 'teal' },
  [INVITATION_STATUS.rejected]: { label: 'Declined', color: 'red' },
  [INVITATION_STATUS.cancelled]: { label: 'Cancelled', color: 'gray' },
  [INVITATION_STATUS.expired]: { label: 'Expired', color: 'gray' },
};

type Props = { organizationId: string };

/** Every invitation the organization sent, newest first; pending ones are resent or cancelled. */
export function OrganizationInvitations({ organizationId }: Props) {
  const { data, error, mutate } = useOrganizationInvitations(organizationId);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (invitation: Invitation, action: 'resend' | 'cancel') => {
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
    }
  };

  const invitations = data?.data ?? [];
  return (
    <TableSection
      title="Invitations sent"
      label="Invitations sent"
      error={error ? 'The invitations could not be loaded.' : false}
      empty={
        data && invitations.length === 0
          ? 'No invitation was sent yet. Invite people from the workspace panel.'
          : false
      }
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Invited</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Sent</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invitations.map((invitation) => {
          const status = STATUS[invitation.status] ?? { label: 'Unknown', color: 'gray' };
          const pending = invitation.status === INVITATION_STATUS.pending;
          return (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                <Text size="sm">{invitation.email ?? 'Invite link'}</Text>
                {invitation.kind === 'link' && (
                  <Text size="xs" c="dimmed">
                    {invitation.uses === 1
                      ? 'Joined by 1 person'
                      : `Joined by ${invitation.uses} people`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{invitation.role_display}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {formatDateTime(invitation.created_datetime)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" radius="sm" color={status.color}>
                  {status.label}
                </Badge>
              </Table.Td>
              <Table.Td>
                {pending && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
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
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableSection>
  );
}
