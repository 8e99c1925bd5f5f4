import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { DateField } from '@/components/ui/date-field';
import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';

import { terminateEmployee, type Employee } from '../api/employees';
import { todayIso } from '../lib/periods';

type TerminateEmployeeModalProps = {
  workspaceId: string;
  /** The employee leaving; null keeps the modal closed. */
  employee: Employee | null;
  onClose: () => void;
};

/** Ends an employment on its last day; later pay runs prorate the final month. */
export function TerminateEmployeeModal({
  workspaceId,
  employee,
  onClose,
}: TerminateEmployeeModalProps) {
  const [endDate, setEndDate] = useState(todayIso());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (employee) {
      setEndDate(todayIso());
      setError(null);
    }
  }, [employee]);

  const submit = async () => {
    if (!employee) return;
    if (!endDate) {
      setError('Enter the last day employed.');
      return;
    }
    setSaving(true);
    try {
      await terminateEmployee(workspaceId, employee.id, endDate);
      notify.success(`${employee.first_name} ${employee.last_name} leaves the payroll`);
      onClose();
    } catch (caught) {
      const found = formErrorsOf(caught);
      setError(found?.fields['end_date'] ?? found?.general.join(' ') ?? null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={employee !== null}
      onClose={onClose}
      title={employee ? `Terminate ${employee.first_name} ${employee.last_name}` : ''}
      centered
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Pay runs pay them up to and including their last day, prorated by calendar days.
        </Text>
        <DateField
          label="Last day employed"
          required
          value={endDate}
          onChange={setEndDate}
          error={error ?? undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={saving} onClick={() => void submit()}>
            Terminate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
