import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { mutate as mutateGlobal } from 'swr';

import { TableSection } from '@/components/ui/table-section';
import { CURRENT_USER_PATH } from '@/lib/auth';
import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';
import { MY_WORKSPACES_PATH } from '@/lib/workspaces';

import { useMyOrganizations } from '../api/my-organizations';
import {
  TRANSFER_STATUS,
  TRANSFER_STATUS_LABEL,
  answerTransfer,
  useTransfers,
  type Transfer,
  type TransferAnswer,
} from '../api/transfers';

const STATUS_COLOR: Record<number, string> = { 1: 'yellow', 2: 'teal', 3: 'red', 4: 'gray' };

const ANSWER_TEXT: Record<TransferAnswer, (name: string) => string> = {
  2: (name) => `${name} was moved into this organization.`,
  3: (name) => `The transfer of ${name} was declined.`,
  4: (name) => `The transfer of ${name} was cancelled.`,
};

type Props = {
  organizationId: string | null;
  /** Admins of the organization answer (approve, decline, cancel); others only read. */
  canAnswer: boolean;
};

/**
 * The workspace transfers an organization gives or receives: incoming ones its Admins
 * approve or decline, outgoing ones they may cancel while pending.
 */
export function WorkspaceTransfers({ organizationId, canAnswer }: Props) {
  const { data, error, mutate } = useTransfers(organizationId);
  const { data: mine } = useMyOrganizations();
  const [busy, setBusy] = useState<string | null>(null);

  const nameOf = (id: string) =>
    (mine ?? []).find((o) => o.id === id)?.name ?? `Organization ${id.slice(0, 8)}…`;

  const answer = async (transfer: Transfer, status: TransferAnswer) => {
    if (!organizationId) return;
    setBusy(`${status}:${transfer.transfer_id}`);
    const name = transfer.workspace_name ?? 'the workspace';
    try {
      await answerTransfer(organizationId, transfer.transfer_id, status);
      notify.success(ANSWER_TEXT[status](name));
      // The moved workspace joins (or leaves) the user's workspaces and memberships.
      await Promise.all([mutateGlobal(MY_WORKSPACES_PATH), mutateGlobal(CURRENT_USER_PATH)]);
    } catch {
      // Shown by the API client's handler (e.g. the plan's workspace limit).
    } finally {
      setBusy(null);
      await mutate();
    }
  };

  const transfers = data?.data ?? [];
  return (
    <TableSection
      title="Workspace transfers"
      label="Workspace transfers"
      error={error ? 'The transfers could not be loaded.' : false}
      empty={
        data && transfers.length === 0
          ? 'No workspace has been sent to or from this organization. Transfer a workspace from its profile (Settings → Workspaces).'
          : false
      }
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Workspace</Table.Th>
          <Table.Th>Direction</Table.Th>
          <Table.Th>Requested</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {transfers.map((transfer) => {
          const incoming = transfer.target_organization === organizationId;
          const pending = transfer.status === TRANSFER_STATUS.pending;
          const id = transfer.transfer_id;
          const name = transfer.workspace_name ?? 'Workspace';
          return (
            <Table.Tr key={id} data-testid={`transfer-${id}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {incoming
                    ? `From ${transfer.source_organization_name ?? nameOf(transfer.source_organization)}`
                    : `To ${transfer.target_organization_name ?? nameOf(transfer.target_organization)}`}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {formatDateTime(transfer.created_datetime)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" radius="sm" color={STATUS_COLOR[transfer.status]}>
                  {TRANSFER_STATUS_LABEL[transfer.status] ?? `Status ${transfer.status}`}
                </Badge>
              </Table.Td>
              <Table.Td>
                {canAnswer && pending && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {incoming ? (
                      <>
                        <Button
                          size="xs"
                          leftSection={<IconCheck size={14} />}
                          loading={busy === `2:${id}`}
                          onClick={() => void answer(transfer, 2)}
                          aria-label={`Approve the transfer of ${name}`}
                        >
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconX size={14} />}
                          loading={busy === `3:${id}`}
                          onClick={() => void answer(transfer, 3)}
                          aria-label={`Decline the transfer of ${name}`}
                        >
                          Decline
                        </Button>
                      </>
                    ) : (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconX size={14} />}
                        loading={busy === `4:${id}`}
                        onClick={() => void answer(transfer, 4)}
                        aria-label={`Cancel the transfer of ${name}`}
                      >
                        Cancel
                      </Button>
                    )}
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
