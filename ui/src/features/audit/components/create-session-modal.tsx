import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

// The accounting feature's parser of the API's `{field: [messages]}` errors; shared, not copied.
import { formErrorsOf } from '@/lib/field-errors';
import { DateField } from '@/components/ui/date-field';
import { TimeZoneSelect } from '@/components/ui/time-zone-select';
import { DEFAULT_TIME_ZONE } from '@/lib/time-zone';
import { useMyWorkspaces } from '@/lib/workspaces';
import { AMOUNT_INPUT_HINT, amountInput } from '@/lib/money';
import { formatDate, parseDisplayDate } from '@/lib/format-date-time';

import { openSession } from '../api/sessions';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An amount as people type it ("1,500,000"), sent as the API's decimal ("1500000.00"). */
const positiveAmount = z
  .string()
  .trim()
  .refine((text) => {
    const amount = amountInput(text);
    return amount !== null && !amount.startsWith('-');
  }, AMOUNT_INPUT_HINT)
  .transform((text) => amountInput(text) ?? text);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A workspace's zone until its own is known: DESIGN.md §5's Nigerian default. */

const formSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the session').max(200),
    period_start: z.string().regex(DATE, 'Pick a date'),
    period_end: z.string().regex(DATE, 'Pick a date'),
    materiality: positiveAmount,
    performance_materiality: positiveAmount,
    approval_threshold: positiveAmount.or(z.literal('')),
    holidays: z.array(z.string()).refine((days) => days.every((d) => DATE.test(d)), {
      message: 'Each holiday as a date, e.g. 2026-12-25',
    }),
    business_start: z.string().regex(TIME, 'Pick a time, e.g. 08:00'),
    business_end: z.string().regex(TIME, 'Pick a time, e.g. 08:00'),
    time_zone: z.string().min(1, 'Pick a time zone'),
  })
  // ISO dates compare as text; the server checks it too, this just answers sooner.
  .refine((v) => v.period_end >= v.period_start, {
    path: ['period_end'],
    message: 'The period ends before it starts',
  });
type FormValues = z.infer<typeof formSchema>;
const FIELDS = new Set<string>(Object.keys(formSchema.shape));

/** Server paths whose input has another name here. */
const SERVER_FIELDS: Record<string, keyof FormValues> = {
  'business_hours.start': 'business_start',
  'business_hours.end': 'business_end',
};

/**
 * The form field a server error path belongs to: `approval_thresholds[0]` is the one
 * threshold input, `holidays[2]` the holiday list; anything the form has no input for
 * goes to the form as a whole.
 */
export function formFieldOf(path: string): keyof FormValues | 'root' {
  const name = path.startsWith('approval_thresholds')
    ? 'approval_threshold'
    : path.startsWith('holidays')
      ? 'holidays'
      : (SERVER_FIELDS[path] ?? path);
  return FIELDS.has(name) ? (name as keyof FormValues) : 'root';
}

function defaults(timeZone: string): FormValues {
  const year = new Date().getFullYear();
  return {
    name: `FY${year} audit`,
    period_start: `${year}-01-01`,
    period_end: `${year}-12-31`,
    materiality: '',
    performance_materiality: '',
    approval_threshold: '',
    holidays: [],
    business_start: '08:00',
    business_end: '18:00',
    time_zone: timeZone,
  };
}

type CreateSessionModalProps = {
  workspaceId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (sessionId: string) => void;
};

/** "New audit session": the period, materiality and an optional approval threshold. */
export function CreateSessionModal({
  workspaceId,
  opened,
  onClose,
  onCreated,
}: CreateSessionModalProps) {
  const { data: workspaces } = useMyWorkspaces();
  const workspaceTimeZone =
    workspaces?.find((w) => w.id === workspaceId)?.time_zone ?? DEFAULT_TIME_ZONE;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(workspaceTimeZone),
  });

  // The workspaces may load after the form: their zone replaces the default unless picked.
  useEffect(() => {
    if (!getFieldState('time_zone').isDirty) setValue('time_zone', workspaceTimeZone);
  }, [workspaceTimeZone, getFieldState, setValue]);

  const submit = handleSubmit(async (values) => {
    try {
      const id = await openSession(workspaceId, {
        name: values.name,
        period_start: values.period_start,
        period_end: values.period_end,
        materiality: values.materiality,
        performance_materiality: values.performance_materiality,
        approval_thresholds: values.approval_threshold ? [values.approval_threshold] : [],
        // Weekend, holiday and after-hours tests read the posting time in this zone.
        time_zone: values.time_zone,
        holidays: values.holidays,
        business_hours: { start: values.business_start, end: values.business_end },
      });
      onCreated(id);
    } catch (caught) {
      const found = formErrorsOf(caught);
      if (!found) return;
      for (const [field, message] of Object.entries(found.fields)) {
        setError(formFieldOf(field), { message });
      }
      if (found.general.length) setError('root', { message: found.general.join(' ') });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="New audit session" size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {errors.root?.message && (
            <Alert color="red" variant="light">
              {errors.root.message}
            </Alert>
          )}
          <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
          <SimpleGrid cols={2}>
            <Controller
              control={control}
              name="period_start"
              render={({ field }) => (
                <DateField
                  label="Period start"
                  withAsterisk
                  error={errors.period_start?.message}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            <Controller
              control={control}
              name="period_end"
              render={({ field }) => (
                <DateField
                  label="Period end"
                  withAsterisk
                  error={errors.period_end?.message}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            <TextInput
              label="Materiality"
              withAsterisk
              inputMode="decimal"
              placeholder="5,000,000.00"
              {...register('materiality')}
              error={errors.materiality?.message}
            />
            <TextInput
              label="Performance materiality"
              withAsterisk
              inputMode="decimal"
              placeholder="3,750,000.00"
              {...register('performance_materiality')}
              error={errors.performance_materiality?.message}
            />
          </SimpleGrid>
          <TextInput
            label="Approval threshold"
            description="Entries just below it are flagged. Optional."
            inputMode="decimal"
            placeholder="1,000,000.00"
            {...register('approval_threshold')}
            error={errors.approval_threshold?.message}
          />
          <Divider
            label="Calendar for the timing tests"
            labelPosition="left"
            mt="xs"
            data-testid="calendar-divider"
          />
          <Controller
            control={control}
            name="holidays"
            render={({ field }) => (
              <TagsInput
                label="Public holidays"
                description="Postings on these days are flagged. Type a date (e.g. 01/10/2026) and press Enter."
                placeholder={formatDate('2026-10-01')}
                value={field.value}
                // Kept as ISO for the API; what is not a date stays as typed for the error.
                onChange={(tags) => field.onChange(tags.map((tag) => parseDisplayDate(tag) ?? tag))}
                onBlur={field.onBlur}
                splitChars={[',', ' ']}
                clearable
                error={errors.holidays?.message}
              />
            )}
          />
          <SimpleGrid cols={3}>
            <TextInput
              label="Business hours from"
              type="time"
              {...register('business_start')}
              error={errors.business_start?.message}
            />
            <TextInput
              label="Business hours to"
              type="time"
              {...register('business_end')}
              error={errors.business_end?.message}
            />
            <Controller
              control={control}
              name="time_zone"
              render={({ field }) => (
                <TimeZoneSelect
                  label="Time zone"
                  value={field.value}
                  onChange={field.onChange}
                  allowDeselect={false}
                  error={errors.time_zone?.message}
                />
              )}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Postings outside these hours on working days are flagged as after-hours.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Open session
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
