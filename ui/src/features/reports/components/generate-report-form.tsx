import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';
import { Controller, useForm, type Control } from 'react-hook-form';

import { formErrorsOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';
import { DateField } from '@/components/ui/date-field';

import { AccountPicker } from '../../accounting/components/account-picker';
import { startOfYear, todayIso } from '../../accounting/lib/periods';
import { requestReport } from '../api/reports';
import {
  REPORT_FORMAT_OPTIONS,
  REPORT_KINDS,
  REPORT_KIND_OPTIONS,
  reportRequest,
  type ReportFormValues,
} from '../lib/report-kinds';

const FIELDS = [
  'kind',
  'format',
  'as_of',
  'compare_to',
  'from',
  'to',
  'granularity',
  'account_id',
] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

function defaults(): ReportFormValues {
  const today = todayIso();
  return {
    kind: 'trial_balance',
    format: 'pdf',
    as_of: today,
    compare_to: '',
    from: startOfYear(today),
    to: today,
    granularity: 'quarter',
    account_id: null,
  };
}

/**
 * Asks for a financial report. The server renders it in the background; the list below
 * shows it generating, then ready, and the bell says so too.
 */
export function GenerateReportForm({
  workspaceId,
  onRequested,
}: {
  workspaceId: string;
  onRequested: () => void;
}) {
  const {
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues>({ defaultValues: defaults() });
  const kind = watch('kind');
  const info = REPORT_KINDS[kind];

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestReport(workspaceId, reportRequest(values));
      notify.success(
        `${info.label} is being generated. It appears below when ready, and you will be notified.`,
      );
      onRequested();
    } catch (error) {
      const found = formErrorsOf(error);
      for (const [field, message] of Object.entries(found?.fields ?? {})) {
        setError(isField(field) ? field : 'root', { message });
      }
      if (found?.general.length) setError('root', { message: found.general.join(' ') });
    }
  });

  return (
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Generate a report">
        <Stack gap="md">
          <Group gap="xs">
            <IconFileAnalytics size={20} stroke={1.6} />
            <Title order={2} size="h4" fw={600}>
              Generate a report
            </Title>
          </Group>
          <Group align="flex-end" gap="md" wrap="wrap">
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <Select
                  label="Report"
                  data={REPORT_KIND_OPTIONS}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  error={errors.kind?.message}
                  w={200}
                  data-testid="report-kind"
                />
              )}
            />
            <Controller
              control={control}
              name="format"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Format
                  </Text>
                  <SegmentedControl
                    value={field.value}
                    onChange={field.onChange}
                    data={REPORT_FORMAT_OPTIONS}
                    aria-label="Format"
                  />
                </Stack>
              )}
            />
            {info.dates === 'as_of' ? (
              <>
                <DateControl
                  control={control}
                  name="as_of"
                  label="As of"
                  w={160}
                  error={errors.as_of?.message}
                />
                <DateControl
                  control={control}
                  name="compare_to"
                  label="Compare with (optional)"
                  w={190}
                  error={errors.compare_to?.message}
                />
              </>
            ) : (
              <>
                <DateControl
                  control={control}
                  name="from"
                  label="From"
                  w={160}
                  error={errors.from?.message}
                />
                <DateControl
                  control={control}
                  name="to"
                  label="To"
                  w={160}
                  error={errors.to?.message}
                />
              </>
            )}
            {info.granularity && (
              <Controller
                control={control}
                name="granularity"
                render={({ field }) => (
                  <Select
                    label="Columns"
                    data={[
                      { value: 'month', label: 'Monthly' },
                      { value: 'quarter', label: 'Quarterly' },
                      { value: 'year', label: 'Yearly' },
                    ]}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    allowDeselect={false}
                    error={errors.granularity?.message}
                    w={140}
                  />
                )}
              />
            )}
            {info.account && (
              <Controller
                control={control}
                name="account_id"
                render={({ field }) => (
                  <AccountPicker
                    label="Account (optional)"
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.account_id?.message}
                    w={260}
                  />
                )}
              />
            )}
            <Button type="submit" loading={isSubmitting}>
              Generate
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {info.description}
          </Text>
          {errors.root?.message && (
            <Text size="sm" c="red" role="alert">
              {errors.root.message}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** One of the form's dates, bound to react-hook-form. */
function DateControl({
  control,
  name,
  label,
  w,
  error,
}: {
  control: Control<ReportFormValues>;
  name: 'as_of' | 'compare_to' | 'from' | 'to';
  label: string;
  w: number;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          label={label}
          w={w}
          error={error}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}
