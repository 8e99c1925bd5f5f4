import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { AccountPicker } from '@/features/accounting';
import { DateField } from '@/components/ui/date-field';
import { formErrorsOf } from '@/lib/field-errors';
import { AMOUNT_INPUT_HINT, amountInput } from '@/lib/money';
import { notify } from '@/lib/notify';

import {
  ANNUAL_INTEREST_RATE_MAX,
  COUNTERPARTY_CHARS_MAX,
  DIRECTIONS,
  DIRECTION_LABELS,
  REFERENCE_CHARS_MAX,
  REPAYMENT_TYPES,
  REPAYMENT_TYPE_LABELS,
  TERM_MONTHS_MAX,
  createDebt,
  directionOf,
  repaymentTypeOf,
  updateDebt,
  type Debt,
  type DebtInput,
} from '../api/debts';

/** Domain bounds: 0 to 100 percent with at most four decimals. */
const RATE_PATTERN = /^\d+(\.\d{1,4})?$/;

const debtFormSchema = z.object({
  direction: z.enum(DIRECTIONS),
  counterparty: z
    .string()
    .trim()
    .min(1, 'Enter the lender or borrower.')
    .max(COUNTERPARTY_CHARS_MAX),
  reference: z.string().trim().max(REFERENCE_CHARS_MAX),
  principal: z
    .string()
    .trim()
    .refine((text) => amountInput(text) !== null, AMOUNT_INPUT_HINT),
  start_date: z.string().min(1, 'Enter the drawdown date.'),
  annual_interest_rate: z
    .string()
    .trim()
    .refine(
      (text) => RATE_PATTERN.test(text) && Number(text) <= ANNUAL_INTEREST_RATE_MAX,
      `Enter a yearly rate from 0 to ${ANNUAL_INTEREST_RATE_MAX}, with up to four decimals.`,
    ),
  term_months: z
    .number({ error: 'Enter the term in months.' })
    .int()
    .min(1, 'At least one month.')
    .max(TERM_MONTHS_MAX, `At most ${TERM_MONTHS_MAX} months.`),
  repayment_type: z.enum(REPAYMENT_TYPES),
  first_due_date: z.string().min(1, 'Enter the first instalment date.'),
  principal_account: z.string().min(1, 'Choose the account holding the principal.'),
  interest_account: z.string().min(1, 'Choose the interest account.'),
  cash_account: z.string().min(1, 'Choose the bank account.'),
  post_drawdown: z.boolean(),
});
type DebtFormValues = z.infer<typeof debtFormSchema>;

const FIELDS = Object.keys(debtFormSchema.shape) as (keyof DebtFormValues)[];

function isFormField(key: string): key is keyof DebtFormValues {
  return (FIELDS as string[]).includes(key);
}

function inputOf(values: DebtFormValues): DebtInput {
  const { post_drawdown: _, ...rest } = values;
  return { ...rest, principal: amountInput(values.principal) ?? values.principal };
}

function defaultsOf(debt: Debt | null): DebtFormValues {
  return {
    direction: debt ? directionOf(debt) : 'payable',
    counterparty: debt?.counterparty ?? '',
    reference: debt?.reference ?? '',
    principal: debt?.principal ?? '',
    start_date: debt?.start_date ?? '',
    annual_interest_rate: debt?.annual_interest_rate ?? '',
    term_months: debt?.term_months ?? 12,
    repayment_type: debt ? repaymentTypeOf(debt) : 'annuity',
    first_due_date: debt?.first_due_date ?? '',
    principal_account: debt?.principal_account ?? '',
    interest_account: debt?.interest_account ?? '',
    cash_account: debt?.cash_account ?? '',
    post_drawdown: debt === null,
  };
}

type DebtFormModalProps = {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  /** The debt to edit; null records a new one. */
  debt: Debt | null;
  /** Called with the new debt's id once recorded. */
  onCreated?: (id: string) => void;
};

/**
 * Records or edits a debt. Once its drawdown or a repayment is posted, its direction,
 * terms and principal and interest accounts no longer change (the server refuses with
 * 409; a repayment of interest alone is only known to it): only the counterparty, reference and bank stay editable.
 */
export function DebtFormModal({
  opened,
  onClose,
  workspaceId,
  debt,
  onCreated,
}: DebtFormModalProps) {
  const locked =
    debt !== null && (debt.drawdown_entry_id !== null || debt.principal_repaid !== '0.00');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DebtFormValues>({
    resolver: zodResolver(debtFormSchema),
    defaultValues: defaultsOf(debt),
  });
  const direction = watch('direction');

  useEffect(() => {
    if (opened) reset(defaultsOf(debt));
  }, [opened, debt, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (debt) {
        const input = inputOf(values);
        await updateDebt(
          workspaceId,
          debt.id,
          locked
            ? {
                counterparty: input.counterparty,
                reference: input.reference,
                cash_account: input.cash_account,
              }
            : input,
        );
        notify.success(`${values.counterparty} saved`);
      } else {
        const created = await createDebt(workspaceId, {
          ...inputOf(values),
          post_drawdown: values.post_drawdown,
        });
        notify.success(
          values.post_drawdown
            ? `${values.counterparty} recorded and the drawdown posted`
            : `${values.counterparty} recorded`,
        );
        onCreated?.(created.id);
      }
      onClose();
    } catch (error) {
      const found = formErrorsOf(error);
      for (const [field, message] of Object.entries(found?.fields ?? {})) {
        setError(isFormField(field) ? field : 'root', { message });
      }
      if (found?.general.length) setError('root', { message: found.general.join(' ') });
    }
  });

  const payable = direction === 'payable';
  const account = (
    name: 'principal_account' | 'interest_account' | 'cash_account',
    label: string,
    description: string,
    disabled: boolean,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <AccountPicker
          label={label}
          description={description}
          postableOnly
          disabled={disabled}
          value={field.value || null}
          onChange={(id) => field.onChange(id ?? '')}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={debt ? `Edit ${debt.counterparty}` : 'Add a debt'}
      centered
      size="lg"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Debt">
        <Stack gap="sm">
          {locked && (
            <Text size="sm" c="dimmed">
              Postings exist for this debt: only its counterparty, reference and bank change now.
            </Text>
          )}
          <Controller
            control={control}
            name="direction"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Direction"
                disabled={locked}
                data={DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Group grow align="flex-start">
            <TextInput
              label={payable ? 'Lender' : 'Borrower'}
              placeholder={payable ? 'e.g. Zenith Bank' : 'e.g. Brightside Foods'}
              data-autofocus
              error={errors.counterparty?.message}
              {...register('counterparty')}
            />
            <TextInput
              label="Reference"
              placeholder="e.g. Loan no. 4471"
              error={errors.reference?.message}
              {...register('reference')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Principal"
              disabled={locked}
              error={errors.principal?.message}
              {...register('principal')}
            />
            <TextInput
              label="Annual interest rate (%)"
              placeholder="e.g. 12"
              disabled={locked}
              error={errors.annual_interest_rate?.message}
              {...register('annual_interest_rate')}
            />
            <Controller
              control={control}
              name="term_months"
              render={({ field }) => (
                <NumberInput
                  label="Term (months)"
                  min={1}
                  max={TERM_MONTHS_MAX}
                  allowDecimal={false}
                  disabled={locked}
                  value={field.value}
                  onChange={(value) =>
                    field.onChange(typeof value === 'number' ? value : undefined)
                  }
                  error={errors.term_months?.message}
                />
              )}
            />
          </Group>
          <Group grow align="flex-start">
            <Controller
              control={control}
              name="start_date"
              render={({ field }) => (
                <DateField
                  label="Start date"
                  description="The drawdown: interest runs from it."
                  value={field.value}
                  onChange={field.onChange}
                  disabled={locked}
                  error={errors.start_date?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="first_due_date"
              render={({ field }) => (
                <DateField
                  label="First due date"
                  description="Then the same day each month."
                  value={field.value}
                  onChange={field.onChange}
                  disabled={locked}
                  error={errors.first_due_date?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="repayment_type"
              render={({ field }) => (
                <Select
                  label="Repayment"
                  data={REPAYMENT_TYPES.map((t) => ({ value: t, label: REPAYMENT_TYPE_LABELS[t] }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  disabled={locked}
                  error={errors.repayment_type?.message}
                />
              )}
            />
          </Group>
          {account(
            'principal_account',
            'Principal account',
            payable ? 'A liability, such as 2210 Bank loans.' : 'An asset: the loan receivable.',
            locked,
          )}
          <Group grow align="flex-start">
            {account(
              'interest_account',
              payable ? 'Interest expense account' : 'Interest income account',
              payable
                ? 'Debited with each instalment’s interest.'
                : 'Credited with interest earned.',
              locked,
            )}
            {account(
              'cash_account',
              'Bank account',
              'The drawdown goes through it; repayments default to it.',
              false,
            )}
          </Group>
          {!debt && (
            <Controller
              control={control}
              name="post_drawdown"
              render={({ field }) => (
                <Checkbox
                  label={payable ? 'Post the drawdown' : 'Post the disbursement'}
                  description="One journal entry on the start date: the principal through the bank."
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
          )}
          {errors.root && (
            <Text size="sm" c="red" role="alert">
              {errors.root.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {debt ? 'Save' : 'Add debt'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
