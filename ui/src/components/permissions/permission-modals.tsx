import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { formatResourceMessage, permissionCatalog } from '@/lib/permissions';

import { closePermissionDialog, usePermissionDialog } from './permission-dialog-store';

/** The host of the spec §8 permission modals; mounted once at the root. */
export function PermissionModals() {
  const dialog = usePermissionDialog();
  const navigate = useNavigate();
  const content = dialog ? permissionCatalog.modals[dialog.kind] : null;

  const toLicense = () => {
    closePermissionDialog();
    navigate(paths.license);
  };

  const text =
    dialog && content
      ? dialog.kind === 'limit_exceeded'
        ? formatResourceMessage(content.text, dialog.resourceName ?? 'this resource')
        : content.text
      : '';

  return (
    <Modal
      opened={dialog !== null}
      onClose={closePermissionDialog}
      title={content?.title}
      centered
      size="sm"
      radius="md"
    >
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="indigo" radius="xl" size="lg">
            <IconLock size={18} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          {dialog?.kind === 'plan_restriction' && (
            <>
              <Button variant="default" onClick={toLicense}>
                View Plans
              </Button>
              <Button onClick={toLicense}>Upgrade Plan</Button>
            </>
          )}
          {dialog?.kind === 'role_restriction' && <Button disabled>Contact Admin</Button>}
          {dialog?.kind === 'limit_exceeded' && <Button onClick={toLicense}>Upgrade Plan</Button>}
          {dialog?.kind === 'permission_denied' && (
            <Button variant="default" onClick={closePermissionDialog}>
              Close
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
