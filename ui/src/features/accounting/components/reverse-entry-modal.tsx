import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import { formErrorsOf } from '@/lib/field-errors';
import { DateField } from '@/components/ui/date-field';
import { reverseEntry, type CommandResult, type EntryDetail } from '../api/journal-entries';
import { todayIso } from '../lib/periods';

type ReverseEntryModalProps = {
  entry: EntryDetail;
  opened: boolean;
  onClose: () => void;
  onReversed: (result: CommandResult) => void;
};

/**
 * Posted entries never change (DESIGN.md §5): a reversal posts a new entry with the lines
 * swapped, on the date chosen here, and links both ways.
 */
export function ReverseEntryModal({ entry, opened, onClose, onReversed }: ReverseEntryModalProps) {
  const [date, setDate] = useState(todayIso());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const workspaceId = storage.getWorkspaceId();
    if (!workspaceId) return;
    setBusy(true);
    setError(null);
    try {
      const result = await reverseEntry(workspaceId, entry.id, date);
      notify.success(`Entry ${entry.entry_number ?? ''} reversed by ${result.entry_number ?? ''}`);
      onReversed(result);
    } catch (caught) {
      const found = formErrorsOf(caught);
      setError(found ? (found.fields['date'] ?? found.general.join(' ')) || null : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Reverse ${entry.entry_number ?? 'entry'}`}
      centered
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A new entry with every debit and credit swapped is posted on this date. The original stays
          in the books, marked as reversed.
        </Text>
        <DateField
          label="Reversal date"
          value={date}
          onChange={setDate}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="orange" loading={busy} disabled={!date} onClick={() => void confirm()}>
            Post reversal
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
