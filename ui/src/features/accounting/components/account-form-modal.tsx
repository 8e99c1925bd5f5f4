import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import {
  ACCOUNT_NAME_CHARS_MAX,
  ACCOUNT_TYPES,
  ACCOUNT_TYPE_LABELS,
  CASH_FLOW_CATEGORIES,
  CASH_FLOW_CATEGORY_LABELS,
  cashFlowCategoriesFor,
  createAccount,
  SECTIONS_BY_TYPE,
  STATEMENT_SECTIONS,
  STATEMENT_SECTION_LABELS,
  updateAccount,
  DEPRECIATION_LABELS,
  DEPRECIATION_METHODS,
  type AccountType,
  type CashFlowCategory,
  type DepreciationMethod,
  type StatementSection,
  type FlatAccount,
} from '../api/accounts';
import { formErrorsOf } from '@/lib/field-errors';

import { AccountPicker } from './account-picker';

/** Account codes are short identifiers ("1000", "4100-01"); the server decides uniqueness. */
const ACCOUNT_CODE_CHARS_MAX = 20;

const accountFormSchema = z
  .object({
    account_code: z
      .string()
      .trim()
      .min(1, 'Enter a code.')
      .max(ACCOUNT_CODE_CHARS_MAX, `At most ${ACCOUNT_CODE_CHARS_MAX} characters.`),
    name: z
      .string()
      .trim()
      .min(1, 'Enter a name.')
      .max(ACCOUNT_NAME_CHARS_MAX, `At most ${ACCOUNT_NAME_CHARS_MAX} characters.`),
    account_type: z.enum(ACCOUNT_TYPES),
    parent_id: z.string().nullable(),
    /** '' when the account does not depreciate. */
    depreciation_type: z.union([z.enum(DEPRECIATION_METHODS), z.literal('')]),
    /** Yearly percentage, as typed. */
    depreciation_value: z.string().trim(),
    /** '' derives the place on the statements from the chart, the parent or the type. */
    statement_section: z.union([z.enum(STATEMENT_SECTIONS), z.literal('')]),
    cash_flow_category: z.union([z.enum(CASH_FLOW_CATEGORIES), z.literal('')]),
  })
  .superRefine((values, ctx) => {
    if (values.account_type !== 'asset' || values.depreciation_type === '') return;
    const rate = Number(values.depreciation_value);
    if (
      values.depreciation_value === '' ||
      !/^\d+(\.\d{1,2})?$/.test(values.depreciation_value) ||
      rate <= 0 ||
      rate > 100
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['depreciation_value'],
        message: 'Enter a yearly rate above 0 and at most 100, with up to two decimals.',
      });
    }
  });
type AccountFormValues = z.infer<typeof accountFormSchema>;

type AccountFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The account to edit; null creates a new one. */
  account: FlatAccount | null;
  /** Every account, to take a new child's type from its parent. */
  accounts: readonly FlatAccount[];
};

const FIELDS = [
  'account_code',
  'name',
  'account_type',
  'parent_id',
  'depreciation_type',
  'depreciation_value',
  'statement_section',
  'cash_flow_category',
] as const;

/** The place on the statements the form sends: the choice, or null to derive it. */
function classificationOf(values: AccountFormValues) {
  const section = values.statement_section;
  const category = values.cash_flow_category;
  return {
    statement_section:
      section !== '' && SECTIONS_BY_TYPE[values.account_type].includes(section) ? section : null,
    cash_flow_category:
      category !== '' && cashFlowCategoriesFor(values.account_type).includes(category)
        ? category
        : null,
  };
}

function oneOf<T extends string>(all: readonly T[], value: string | null | undefined): T | '' {
  return (all as readonly string[]).includes(value ?? '') ? (value as T) : '';
}

/** The depreciation the form sends: for assets, the chosen method and rate or none. */
function depreciationOf(values: AccountFormValues) {
  const depreciates = values.account_type === 'asset' && values.depreciation_type !== '';
  return {
    depreciation_type: depreciates ? (values.depreciation_type as DepreciationMethod) : null,
    depreciation_value: depreciates ? values.depreciation_value : null,
  };
}

function isFormField(key: string): key is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(key);
}

/** Create or edit an account; server field errors appear on their field. */
export function AccountFormModal({ opened, onClose, account, accounts }: AccountFormModalProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AccountFormValues>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: {
      account_code: '',
      name: '',
      account_type: 'asset',
      parent_id: null,
      depreciation_type: '',
      depreciation_value: '',
      statement_section: '',
      cash_flow_category: '',
    },
  });
  const accountType = watch('account_type');
  const depreciationType = watch('depreciation_type');

  useEffect(() => {
    if (!opened) return;
    reset({
      account_code: account?.account_code ?? '',
      name: account?.name ?? '',
      account_type: (ACCOUNT_TYPES as readonly string[]).includes(account?.account_type ?? '')
        ? (account?.account_type as AccountType)
        : 'asset',
      parent_id: account?.parent_id ?? null,
      depreciation_type: (DEPRECIATION_METHODS as readonly string[]).includes(
        account?.depreciation_type ?? '',
      )
        ? (account?.depreciation_type as DepreciationMethod)
        : '',
      depreciation_value: account?.depreciation_value ?? '',
      statement_section: oneOf<StatementSection>(
        STATEMENT_SECTIONS,
        account?.own_statement_section,
      ),
      cash_flow_category: oneOf<CashFlowCategory>(
        CASH_FLOW_CATEGORIES,
        account?.own_cash_flow_category,
      ),
    });
  }, [opened, account, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const workspaceId = storage.getWorkspaceId();
    if (!workspaceId) return;
    try {
      if (account) {
        await updateAccount(workspaceId, account.id, {
          account_code: values.account_code,
          name: values.name,
          parent_id: values.parent_id,
          ...depreciationOf(values),
          ...classificationOf(values),
        });
        notify.success(`Account ${values.account_code} saved`);
      } else {
        await createAccount(workspaceId, {
          account_code: values.account_code,
          name: values.name,
          account_type: values.account_type,
          parent_id: values.parent_id,
          ...depreciationOf(values),
          ...classificationOf(values),
        });
        notify.success(`Account ${values.account_code} created`);
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

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? 'Edit account' : 'New account'}
      centered
      size="md"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Account">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label="Code"
              placeholder="e.g. 1010"
              data-autofocus
              error={errors.account_code?.message}
              {...register('account_code')}
            />
            <Controller
              control={control}
              name="account_type"
              render={({ field }) => (
                <Select
                  label="Type"
                  data={ACCOUNT_TYPES.map((t) => ({ value: t, label: ACCOUNT_TYPE_LABELS[t] }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  // The type is fixed once created and follows the parent's.
                  disabled={account !== null}
                  error={errors.account_type?.message}
                />
              )}
            />
          </Group>
          <TextInput
            label="Name"
            placeholder="e.g. Cash at bank"
            maxLength={ACCOUNT_NAME_CHARS_MAX}
            error={errors.name?.message}
            {...register('name')}
          />
          <Controller
            control={control}
            name="parent_id"
            render={({ field }) => (
              <AccountPicker
                label="Parent account"
                description="Optional. Postings go to accounts without sub-accounts; parents roll up."
                value={field.value}
                exclude={account ? [account.id] : []}
                onChange={(parentId) => {
                  field.onChange(parentId);
                  const parent = accounts.find((a) => a.id === parentId);
                  if (parent && (ACCOUNT_TYPES as readonly string[]).includes(parent.account_type))
                    setValue('account_type', parent.account_type as AccountType);
                }}
                error={errors.parent_id?.message}
              />
            )}
          />
          {accountType === 'asset' && (
            <Group grow align="flex-start">
              <Controller
                control={control}
                name="depreciation_type"
                render={({ field }) => (
                  <Select
                    label="Depreciation"
                    description="For fixed assets: feeds the asset schedule."
                    data={[
                      { value: '', label: 'Does not depreciate' },
                      ...DEPRECIATION_METHODS.map((m) => ({
                        value: m,
                        label: DEPRECIATION_LABELS[m],
                      })),
                    ]}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    allowDeselect={false}
                    error={errors.depreciation_type?.message}
                  />
                )}
              />
              {depreciationType !== '' && (
                <TextInput
                  label="Yearly rate (%)"
                  description={
                    depreciationType === 'straight_line'
                      ? 'Of cost, every year.'
                      : 'Of the remaining book value, every year.'
                  }
                  placeholder="e.g. 25"
                  inputMode="decimal"
                  error={errors.depreciation_value?.message}
                  {...register('depreciation_value')}
                />
              )}
            </Group>
          )}
          <Group grow align="flex-start">
            <Controller
              control={control}
              name="statement_section"
              render={({ field }) => (
                <Select
                  label="Statement section"
                  description="Where it shows on the balance sheet or income statement."
                  data={[
                    {
                      value: '',
                      label: account
                        ? `Default (${STATEMENT_SECTION_LABELS[account.statement_section as StatementSection] ?? 'derived'})`
                        : 'Default (from parent or type)',
                    },
                    ...SECTIONS_BY_TYPE[accountType].map((s) => ({
                      value: s,
                      label: STATEMENT_SECTION_LABELS[s],
                    })),
                  ]}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={errors.statement_section?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="cash_flow_category"
              render={({ field }) => (
                <Select
                  label="Cash-flow category"
                  description="Where its movement shows on the cash-flow statement."
                  data={[
                    {
                      value: '',
                      label: account
                        ? `Default (${CASH_FLOW_CATEGORY_LABELS[account.cash_flow_category as CashFlowCategory] ?? 'derived'})`
                        : 'Default (from parent or type)',
                    },
                    ...cashFlowCategoriesFor(accountType).map((c) => ({
                      value: c,
                      label: CASH_FLOW_CATEGORY_LABELS[c],
                    })),
                  ]}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={errors.cash_flow_category?.message}
                />
              )}
            />
          </Group>
          {errors.root?.message && (
            <Text size="sm" c="red" role="alert">
              {errors.root.message}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {account ? 'Save account' : 'Create account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
