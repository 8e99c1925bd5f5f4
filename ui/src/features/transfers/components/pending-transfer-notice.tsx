import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';

import { notify } from '@/lib/notify';

import { useMyOrganizations } from '../api/my-organizations';
import { TRANSFER_STATUS, answerTransfer, useTransfers } from '../api/transfers';

type Props = {
  organizationId: string;
  workspaceId: string;
  /** Admins of the source cancel it here (status 4); others only see it. */
  canCancel: boolean;
};

/** On a workspace's profile: its transfer waiting for the target's answer, if any. */
export function PendingTransferNotice({ organizationId, workspaceId, canCancel }: Props) {
  const { data, mutate } = useTransfers(organizationId);
  const { data: mine } = useMyOrganizations();
  const [pending, setPending] = useState(false);
  const transfer = data?.data.find(
    (t) =>
      t.workspace === workspaceId &&
      t.source_organization === organizationId &&
      t.status === TRANSFER_STATUS.pending,
  );
  if (!transfer) return null;
  const target =
    (mine ?? []).find((o) => o.id === transfer.target_organization)?.name ?? 'another organization';

  const cancel = async () => {
    setPending(true);
    try {
      await answerTransfer(organizationId, transfer.transfer_id, TRANSFER_STATUS.closed);
      notify.success('The transfer was cancelled.');
    } catch {
      // Shown by the API client's handler.
    } finally {
      setPending(false);
      await mutate();
    }
  };

  return (
    <Alert
      color="yellow"
      icon={<IconArrowsExchange size={18} />}
      title="Transfer pending"
      data-testid="pending-transfer"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">This workspace moves to {target} once one of its Admins approves.</Text>
        {canCancel && (
          <Button
            size="xs"
            variant="white"
            color="red"
            loading={pending}
            onClick={() => void cancel()}
          >
            Cancel transfer
          </Button>
        )}
      </Group>
    </Alert>
  );
}
