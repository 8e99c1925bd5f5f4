import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

// The accounting feature's parser of the API's `{field: [messages]}` errors; shared, not copied.
import { formErrorsOf } from '@/lib/field-errors';

import { openSession } from '../api/sessions';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

const formSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the session').max(200),
    period_start: z.string().regex(DATE, 'Use YYYY-MM-DD'),
    period_end: z.string().regex(DATE, 'Use YYYY-MM-DD'),
    materiality: z.string().trim().regex(AMOUNT, 'An amount, e.g. 5000.00'),
    performance_materiality: z.string().trim().regex(AMOUNT, 'An amount, e.g. 3750.00'),
    approval_threshold: z
      .string()
      .trim()
      .regex(AMOUNT, 'An amount, e.g. 1000.00')
      .or(z.literal('')),
  })
  // ISO dates compare as text; the server checks it too, this just answers sooner.
  .refine((v) => v.period_end >= v.period_start, {
    path: ['period_end'],
    message: 'The period ends before it starts',
  });
type FormValues = z.infer<typeof formSchema>;
const FIELDS = new Set<string>(Object.keys(formSchema.shape));

/**
 * The form field a server error path belongs to: `approval_thresholds[0]` is the one
 * threshold input; anything the form has no input for goes to the form as a whole.
 */
export function formFieldOf(path: string): keyof FormValues | 'root' {
  const name = path.startsWith('approval_thresholds') ? 'approval_threshold' : path;
  return FIELDS.has(name) ? (name as keyof FormValues) : 'root';
}

function defaults(): FormValues {
  const year = new Date().getFullYear();
  return {
    name: `FY${year} audit`,
    period_start: `${year}-01-01`,
    period_end: `${year}-12-31`,
    materiality: '',
    performance_materiality: '',
    approval_threshold: '',
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults() });

  const submit = handleSubmit(async (values) => {
    try {
      const id = await openSession(workspaceId, {
        name: values.name,
        period_start: values.period_start,
        period_end: values.period_end,
        materiality: values.materiality,
        performance_materiality: values.performance_materiality,
        approval_thresholds: values.approval_threshold ? [values.approval_threshold] : [],
        // The browser's offset, so weekend and after-hours tests read local time.
        utc_offset_seconds: -new Date().getTimezoneOffset() * 60,
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
            <TextInput
              label="Period start"
              type="date"
              withAsterisk
              {...register('period_start')}
              error={errors.period_start?.message}
            />
            <TextInput
              label="Period end"
              type="date"
              withAsterisk
              {...register('period_end')}
              error={errors.period_end?.message}
            />
            <TextInput
              label="Materiality"
              withAsterisk
              inputMode="decimal"
              placeholder="5000.00"
              {...register('materiality')}
              error={errors.materiality?.message}
            />
            <TextInput
              label="Performance materiality"
              withAsterisk
              inputMode="decimal"
              placeholder="3750.00"
              {...register('performance_materiality')}
              error={errors.performance_materiality?.message}
            />
          </SimpleGrid>
          <TextInput
            label="Approval threshold"
            description="Entries just below it are flagged. Optional."
            inputMode="decimal"
            placeholder="1000.00"
            {...register('approval_threshold')}
            error={errors.approval_threshold?.message}
          />
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
