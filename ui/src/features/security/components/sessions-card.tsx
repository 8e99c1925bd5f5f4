import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';

import {
  endSession,
  signOutOtherSessions,
  TRUSTED_DEVICES_PATH,
  useSessions,
} from '../api/sessions';

import { SecurityCard } from './security-card';
import { deviceLabel, TrustedDevices } from './trusted-devices';

/**
 * The signed-in sessions (each sign-in is one, kept alive by its refresh token) with the
 * device and address each started from: sign one out, or every one but this (which also
 * forgets the trusted devices). The trusted devices are listed below them.
 */
export function SessionsCard() {
  const { data: sessions, error, isLoading, mutate } = useSessions();
  const { mutate: revalidate } = useSWRConfig();
  const [busy, setBusy] = useState<string | null>(null);
  const others = (sessions ?? []).filter((session) => !session.current);

  const run = async (key: string, action: () => Promise<void>, done: string) => {
    setBusy(key);
    try {
      await action();
      notify.success(done);
      await Promise.all([mutate(), revalidate(TRUSTED_DEVICES_PATH)]);
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  };

  return (
    <SecurityCard
      title="Active sessions"
      description="Every browser or device signed in to your account. Signing one out ends it at once; signing out everywhere else also forgets the trusted devices."
      testId="sessions-card"
      action={
        <Group mt="xs">
          <Button
            variant="default"
            color="red"
            leftSection={<IconLogout size={16} />}
            disabled={others.length === 0}
            loading={busy === 'others'}
            onClick={() =>
              void run('others', signOutOtherSessions, 'Every other session is signed out.')
            }
            data-testid="sign-out-others"
          >
            Sign out everywhere else
          </Button>
        </Group>
      }
    >
      {isLoading ? (
        <Loader size="sm" aria-label="Loading sessions" />
      ) : error || !sessions ? (
        <Text size="sm" c="dimmed">
          Your sessions could not be loaded. Reload the page to try again.
        </Text>
      ) : (
        <Table verticalSpacing="sm" data-testid="sessions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Session</Table.Th>
              <Table.Th>Device</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last active</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={session.id} data-testid="session-row">
                <Table.Td>
                  {session.current ? (
                    <Badge variant="light" color="teal">
                      This session
                    </Badge>
                  ) : (
                    <Text size="sm">Another sign-in</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="session-device">
                    {deviceLabel(session.device, session.ip_address)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(session.started_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(session.last_active_at)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  {!session.current && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={busy === session.id}
                      onClick={() =>
                        void run(
                          session.id,
                          () => endSession(session.id),
                          'The session is signed out.',
                        )
                      }
                    >
                      Sign out
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <TrustedDevices />
    </SecurityCard>
  );
}
