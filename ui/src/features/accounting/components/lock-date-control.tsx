import { Badge, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';

import { notify } from '@/lib/notify';

import { setLockDate, useLockDate } from '../api/lock-date';
import { useWorkspaceId } from '@/lib/active-workspace';
import { DateField } from '@/components/ui/date-field';
import { formatDateText } from '@/lib/format-date-time';

/**
 * Shows whether the books are locked, and up to when; those who may post can move the
 * lock date (closing a period) or clear it.
 */
export function LockDateControl({ canChange }: { canChange: boolean }) {
  const workspaceId = useWorkspaceId();
  const { data: lockDate } = useLockDate();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (next: string | null) => {
    if (!workspaceId) return;
    setBusy(true);
    try {
      await setLockDate(workspaceId, next);
      notify.success(next ? `Books locked up to ${next}` : 'Books opened');
      setOpened(false);
    } catch {
      // The API client has shown what went wrong.
    } finally {
      setBusy(false);
    }
  };

  const badge = (
    <Badge
      variant="light"
      color={lockDate ? 'orange' : 'gray'}
      size="lg"
      radius="sm"
      tt="none"
      leftSection={lockDate ? <IconLock size={14} /> : <IconLockOpen size={14} />}
      data-testid="lock-date"
      style={canChange ? { cursor: 'pointer' } : undefined}
    >
      {lockDate ? `Locked up to ${formatDateText(lockDate)}` : 'Books open'}
    </Badge>
  );

  if (!canChange || lockDate === undefined) return badge;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
    >
      <Popover.Target>
        <Button
          variant="subtle"
          p={0}
          h="auto"
          aria-label="Lock date"
          onClick={() => {
            setValue(lockDate ?? '');
            setOpened((o) => !o);
          }}
        >
          {badge}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={240}>
          <Text size="xs" c="dimmed">
            Nothing can be posted or reversed on or before the lock date.
          </Text>
          <DateField
            label="Lock date"
            size="xs"
            value={value}
            onChange={setValue}
            popoverProps={{ withinPortal: false }}
          />
          <Group justify="space-between">
            {lockDate ? (
              <Button variant="subtle" size="xs" color="gray" onClick={() => void save(null)}>
                Open the books
              </Button>
            ) : (
              <span />
            )}
            <Button size="xs" loading={busy} disabled={!value} onClick={() => void save(value)}>
              Save
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
