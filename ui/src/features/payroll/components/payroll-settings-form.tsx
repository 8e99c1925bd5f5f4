import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';
import { LoadFailed } from '@/components/ui/load-failed';

import {
  SETTINGS_ACCOUNTS,
  savePayrollSettings,
  usePayrollSettings,
  usePostableAccounts,
  type PayrollAccounts,
  type SettingsAccountField,
} from '../api/settings';

type SettingsValues = Record<SettingsAccountField, string | null> & { itf_applies: boolean };

const FIELDS = new Set<string>([...SETTINGS_ACCOUNTS.map((a) => a.field), 'itf_applies']);

function emptyValues(): SettingsValues {
  return {
    ...(Object.fromEntries(SETTINGS_ACCOUNTS.map(({ field }) => [field, null])) as Record<
      SettingsAccountField,
      null
    >),
    itf_applies: true,
  };
}

type PayrollSettingsFormProps = { workspaceId: string; canWrite: boolean };

/** The accounts a run posts to and whether ITF applies; read-only for non-Admins. */
export function PayrollSettingsForm({ workspaceId, canWrite }: PayrollSettingsFormProps) {
  const settings = usePayrollSettings(workspaceId);
  const accounts = usePostableAccounts(workspaceId);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsValues>({ defaultValues: emptyValues() });

  useEffect(() => {
    if (!settings.data) return;
    reset({
      ...emptyValues(),
      ...(settings.data.accounts ?? {}),
      itf_applies: settings.data.itf_applies,
    });
  }, [settings.data, reset]);

  const options = useMemo(() => {
    const byType = new Map<string, { value: string; label: string }[]>();
    for (const account of accounts.data ?? []) {
      const list = byType.get(account.type) ?? [];
      list.push({ value: account.id, label: `${account.code} · ${account.name}` });
      byType.set(account.type, list);
    }
    return byType;
  }, [accounts.data]);

  const onSubmit = handleSubmit(async (values) => {
    const missing = SETTINGS_ACCOUNTS.filter(({ field }) => !values[field]);
    if (missing.length > 0) {
      for (const { field } of missing) setError(field, { message: 'Choose an account.' });
      return;
    }
    const chosen = Object.fromEntries(
      SETTINGS_ACCOUNTS.map(({ field }) => [field, values[field] ?? '']),
    ) as PayrollAccounts;
    try {
      await savePayrollSettings(workspaceId, chosen, values.itf_applies);
      notify.success('Payroll settings saved');
    } catch (error) {
      const found = formErrorsOf(error);
      for (const [field, message] of Object.entries(found?.fields ?? {})) {
        if (FIELDS.has(field)) setError(field as keyof SettingsValues, { message });
      }
    }
  });

  if ((settings.error && !settings.data) || (accounts.error && !accounts.data)) {
    return (
      <LoadFailed
        what="payroll settings"
        onRetry={() => {
          void settings.mutate();
          void accounts.mutate();
        }}
      />
    );
  }
  if (!settings.data || !accounts.data) {
    return <Loader size="sm" aria-label="Loading payroll settings" />;
  }

  const group = (type: 'expense' | 'liability', title: string, hint: string) => (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {hint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {SETTINGS_ACCOUNTS.filter((a) => a.type === type).map(({ field, label }) => (
          <Controller
            key={field}
            control={control}
            name={field}
            render={({ field: input }) => (
              <Select
                label={label}
                placeholder="Choose an account"
                data={options.get(type) ?? []}
                value={input.value}
                onChange={input.onChange}
                searchable
                disabled={!canWrite}
                error={errors[field]?.message}
                nothingFoundMessage={`No active ${type} account without sub-accounts`}
              />
            )}
          />
        ))}
      </SimpleGrid>
    </Paper>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Payroll settings">
      <Stack gap="md" maw={880}>
        {!settings.data.configured && (
          <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} />}>
            Not set yet. The first pay run uses the chart&apos;s salaries, pension and payables
            accounts, and creates the NSITF, ITF and net salaries accounts it lacks.
            {canWrite && ' Choose accounts here to post elsewhere.'}
          </Alert>
        )}
        {group(
          'expense',
          'Costs (debited)',
          'The employer’s expense accounts: gross pay and the employer’s contributions.',
        )}
        {group(
          'liability',
          'Payables (credited)',
          'What is owed until paid: to the tax office, pension fund administrators, NHF, NSITF, ITF and the employees.',
        )}
        <Paper withBorder radius="md" p="md">
          <Controller
            control={control}
            name="itf_applies"
            render={({ field }) => (
              <Switch
                label="The employer pays ITF (1% of gross pay)"
                description="Industrial Training Fund: employers with five or more staff, or a turnover of ₦50 million or more."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={!canWrite}
              />
            )}
          />
        </Paper>
        {canWrite && (
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={isSubmitting}
              disabled={!isDirty && settings.data.configured}
            >
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
