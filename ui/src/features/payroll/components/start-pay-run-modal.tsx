import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';

import { DateField } from '@/components/ui/date-field';
import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';
import { formatMonth } from '@/lib/format-date-time';

import { createPayRun } from '../api/pay-runs';
import { currentPeriod, lastDayOf, periodChoices } from '../lib/periods';

/** The day the Nigeria Tax Act 2025 rules start; earlier pay dates run under PITA. */
export const NTA2025_FROM = '2026-01-01';

type StartPayRunModalProps = {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  /** Called with the drafted run's id. */
  onCreated: (runId: string) => void;
};

/** Chooses a period and pay date and drafts the run: one payslip per employee employed. */
export function StartPayRunModal({
  opened,
  onClose,
  workspaceId,
  onCreated,
}: StartPayRunModalProps) {
  const choices = useMemo(() => periodChoices(), []);
  const [period, setPeriod] = useState(currentPeriod());
  const [payDate, setPayDate] = useState(lastDayOf(currentPeriod()));
  const [errors, setErrors] = useState<{ period?: string; pay_date?: string; general?: string }>(
    {},
  );
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setPeriod(currentPeriod());
    setPayDate(lastDayOf(currentPeriod()));
    setErrors({});
  }, [opened]);

  const choosePeriod = (value: string | null) => {
    if (!value) return;
    setPeriod(value);
    setPayDate(lastDayOf(value));
  };

  const submit = async () => {
    if (!payDate) {
      setErrors({ pay_date: 'Enter the day the salaries are paid.' });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const run = await createPayRun(workspaceId, period, payDate);
      notify.success(`${formatMonth(period, 'long')} pay run drafted`);
      onCreated(run.id);
    } catch (error) {
      const found = formErrorsOf(error);
      if (found) {
        setErrors({
          period: found.fields['period'],
          pay_date: found.fields['pay_date'],
          general: found.general.join(' ') || undefined,
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const rules = payDate && payDate < NTA2025_FROM ? 'PITA' : 'the Nigeria Tax Act 2025';

  return (
    <Modal opened={opened} onClose={onClose} title="Start a pay run" centered size="md">
      <Stack gap="md">
        {errors.general && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {errors.general}
          </Alert>
        )}
        <Select
          label="Period"
          data={choices}
          value={period}
          onChange={choosePeriod}
          allowDeselect={false}
          searchable
          error={errors.period}
        />
        <DateField
          label="Pay date"
          required
          value={payDate}
          onChange={setPayDate}
          error={errors.pay_date}
        />
        <Text size="sm" c="dimmed">
          Each employee on the payroll in {formatMonth(period, 'long')} gets a payslip, computed
          under {rules} (chosen by the pay date). Starters and leavers are prorated by calendar
          days. Nothing reaches the books until the run is approved and posted.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => void submit()}>
            Draft pay run
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
