import { Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { mutate } from 'swr';

import { notify } from '@/lib/notify';

import { resolveTarget, useMyOrganizations } from '../api/my-organizations';
import { requestTransfer, transfersKey } from '../api/transfers';

type Props = {
  opened: boolean;
  onClose: () => void;
  workspace: { id: string; name: string; organization_id: string };
};

/**
 * Asks to move a workspace to another organization. The target is named by its slug
 * (when the user belongs to it too) or by the organization ID its Admin reads under
 * Settings → Organization; the server takes an id, so a slug is resolved here.
 */
export function RequestTransferModal({ opened, onClose, workspace }: Props) {
  const { data: mine } = useMyOrganizations();
  const others = (mine ?? []).filter((o) => o.id !== workspace.organization_id);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    setTarget('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const targetId = resolveTarget(target, mine ?? []);
    if (!targetId) {
      setError(
        target.trim()
          ? 'No organization of yours has this slug; paste the organization ID instead.'
          : 'Target organization is required',
      );
      return;
    }
    if (targetId === workspace.organization_id) {
      setError('The workspace is already in this organization.');
      return;
    }
    setError(null);
    setPending(true);
    try {
      await requestTransfer({
        sourceOrganizationId: workspace.organization_id,
        targetOrganizationId: targetId,
        workspaceId: workspace.id,
      });
      notify.success(
        `The transfer of ${workspace.name} was requested. It moves once an Admin of the other organization approves.`,
      );
      await mutate(transfersKey(workspace.organization_id));
      close();
    } catch {
      // The API client's handler has shown why (no such organization, already pending …).
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Transfer workspace" centered>
      <form
        aria-label="Transfer workspace"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Move {workspace.name}, with its books and history, to another organization. Its members
            here lose access once an Admin there approves.
          </Text>
          <Autocomplete
            label="Target organization"
            description="Its slug, if you belong to it too, or the organization ID its Admin finds under Settings → Organization."
            placeholder="Organization slug or ID"
            data={others.map((o) => o.slug)}
            value={target}
            onChange={setTarget}
            error={error}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Request transfer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
