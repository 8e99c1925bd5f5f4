import { Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { mutate } from 'swr';

import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';

import { resolveTarget, useMyOrganizations } from '../api/my-organizations';
import { requestTransfer, transfersKey } from '../api/transfers';

type Props = {
  opened: boolean;
  onClose: () => void;
  workspace: { id: string; name: string; organization_id: string };
};

/**
 * Asks to move a workspace to another organization, named by its slug, the e-mail address
 * of one of its Admins, or its ID (the server resolves them); the user's own organizations
 * are offered by slug.
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
      setError('Target organization is required');
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
    } catch (failure) {
      // The API client's handler has toasted why; a refusal of the target goes on its field.
      const refused = formErrorsOf(failure)?.fields['target_organization'];
      if (refused) setError(refused);
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
            description="Its slug, the e-mail address of one of its Admins, or the organization ID its Admin finds under Settings → Organization."
            placeholder="Slug, Admin e-mail or ID"
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
