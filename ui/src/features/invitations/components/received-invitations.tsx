import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { formatDateText } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';
import { MY_WORKSPACES_PATH } from '@/lib/workspaces';

import {
  acceptReceivedInvitation,
  declineReceivedInvitation,
  grantText,
  useReceivedInvitations,
  type ReceivedInvitation,
} from '../api/received-invitations';

/**
 * The invitations waiting for the signed-in person's answer, each with Accept and
 * Decline — where the "Invitation received" notification leads.
 */
export function ReceivedInvitations() {
  const { data, isLoading, mutate } = useReceivedInvitations();
  const { mutate: revalidate } = useSWRConfig();
  const [busy, setBusy] = useState<string | null>(null);

  const answer = async (invitation: ReceivedInvitation, action: 'accept' | 'decline') => {
    setBusy(`${action}:${invitation.id}`);
    try {
      if (action === 'accept') {
        await acceptReceivedInvitation(invitation.id);
        // The workspaces joined appear in the switcher at once.
        await revalidate(MY_WORKSPACES_PATH);
        notify.success(`You joined ${invitation.organization_name}.`);
      } else {
        await declineReceivedInvitation(invitation.id);
        notify.success(`You declined the invitation to ${invitation.organization_name}.`);
      }
    } catch {
      // Shown by the API client's generic handler.
    } finally {
      setBusy(null);
      await mutate();
    }
  };

  if (isLoading) return null;
  if (!data || data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No invitation is waiting for your answer.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {data.map((invitation) => (
        <Paper
          key={invitation.id}
          withBorder
          p="md"
          aria-label={`Invitation to ${invitation.organization_name}`}
        >
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Text fw={600}>{invitation.organization_name}</Text>
              <Text size="sm">{grantText(invitation)}</Text>
              <Text size="xs" c="dimmed">
                {invitation.invited_by ? `Invited by ${invitation.invited_by}; ` : ''}
                open until {formatDateText(invitation.expires_at.slice(0, 10))}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconX size={16} />}
                loading={busy === `decline:${invitation.id}`}
                disabled={busy !== null}
                onClick={() => void answer(invitation, 'decline')}
              >
                Decline
              </Button>
              <Button
                leftSection={<IconCheck size={16} />}
                loading={busy === `accept:${invitation.id}`}
                disabled={busy !== null}
                onClick={() => void answer(invitation, 'accept')}
              >
                Accept
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
