import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';

import { forgetTrustedDevice, useTrustedDevices } from '../api/sessions';

/** "Firefox on Linux · 203.0.113.7", or what is known of it. */
export function deviceLabel(device?: string | null, ip?: string | null): string {
  const parts = [device ?? 'Unknown device', ip].filter(Boolean);
  return parts.join(' · ');
}

/**
 * The devices trusted to sign in without the second factor (each for 30 days from the
 * sign-in that trusted it). Forgetting one makes its next sign-in ask for a code.
 */
export function TrustedDevices() {
  const { data: devices, error, isLoading, mutate } = useTrustedDevices();
  const [busy, setBusy] = useState<string | null>(null);

  const forget = async (id: string) => {
    setBusy(id);
    try {
      await forgetTrustedDevice(id);
      notify.success('The device will ask for a code at its next sign-in.');
      await mutate();
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  };

  if (isLoading) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="trusted-devices">
      <Title order={5}>Trusted devices</Title>
      {error || !devices ? (
        <Text size="sm" c="dimmed">
          Your trusted devices could not be loaded. Reload the page to try again.
        </Text>
      ) : devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No device skips the code. Tick &quot;Trust this device&quot; at the two-factor step to add
          one.
        </Text>
      ) : (
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Trusted</Table.Th>
              <Table.Th>Trusted until</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((device) => (
              <Table.Tr key={device.id} data-testid="trusted-device-row">
                <Table.Td>
                  <Text size="sm">{deviceLabel(device.device, device.ip_address)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(device.trusted_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(device.expires_at)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={busy === device.id}
                    onClick={() => void forget(device.id)}
                  >
                    Forget
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
