import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { AccountPicker } from '@/features/accounting';
import { DateField } from '@/components/ui/date-field';
import { formErrorsOf } from '@/lib/field-errors';
import { AMOUNT_INPUT_HINT, amountInput } from '@/lib/money';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import {
  METHODS,
  METHOD_LABELS,
  methodOf,
  registerAsset,
  updateAsset,
  type AssetInput,
  type FixedAsset,
} from '../api/fixed-assets';

/** The domain's bounds (domain `fixed_asset`): the form refuses beyond them. */
const NAME_CHARS_MAX = 200;
const TAG_CHARS_MAX = 64;
const CATEGORY_CHARS_MAX = 100;
const USEFUL_LIFE_MONTHS_MAX = 1200;

const amount = z
  .string()
  .trim()
  .refine((text) => amountInput(text) !== null, AMOUNT_INPUT_HINT);

const assetFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(NAME_CHARS_MAX),
    tag: z.string().trim().max(TAG_CHARS_MAX),
    category: z.string().trim().min(1, 'Enter a category.').max(CATEGORY_CHARS_MAX),
    asset_account: z.string({ error: 'Choose the account holding the cost.' }).min(1),
    accumulated_depreciation_account: z
      .string({ error: 'Choose the accumulated depreciation account.' })
      .min(1),
    depreciation_expense_account: z
      .string({ error: 'Choose the depreciation expense account.' })
      .min(1),
    available_for_use: z.string().min(1, 'Enter the date it was ready for use.'),
    cost: amount,
    residual_value: amount,
    useful_life_months: z
      .number({ error: 'Enter the life in months.' })
      .int()
      .min(1, 'At least one month.')
      .max(USEFUL_LIFE_MONTHS_MAX, `At most ${USEFUL_LIFE_MONTHS_MAX} months.`),
    method: z.enum(METHODS),
    annual_rate: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    if (values.method !== 'declining_balance') return;
    const rate = Number(values.annual_rate);
    if (!/^\d+(\.\d{1,2})?$/.test(values.annual_rate) || rate <= 0 || rate > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['annual_rate'],
        message: 'Enter a yearly rate above 0 and at most 100, with up to two decimals.',
      });
    }
  });
type AssetFormValues = z.infer<typeof assetFormSchema>;

const FIELDS = Object.keys(assetFormSchema.shape) as (keyof AssetFormValues)[];

function isFormField(key: string): key is keyof AssetFormValues {
  return (FIELDS as string[]).includes(key);
}

function inputOf(values: AssetFormValues): AssetInput {
  return {
    ...values,
    cost: amountInput(values.cost) ?? values.cost,
    residual_value: amountInput(values.residual_value) ?? '0.00',
    annual_rate: values.method === 'declining_balance' ? values.annual_rate : null,
  };
}

type AssetFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The asset to edit; null registers a new one. */
  asset: FixedAsset | null;
};

/**
 * Registers or edits an asset. Once a run has charged it, its cost fields no longer
 * change (the server refuses with 409): only the name, tag and category stay editable.
 */
export function AssetFormModal({ opened, onClose, asset }: AssetFormModalProps) {
  const locked =
    asset !== null && (asset.depreciation_posted !== '0.00' || asset.disposal !== null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AssetFormValues>({ resolver: zodResolver(assetFormSchema) });
  const method = watch('method');

  useEffect(() => {
    if (!opened) return;
    reset({
      name: asset?.name ?? '',
      tag: asset?.tag ?? '',
      category: asset?.category ?? '',
      asset_account: asset?.asset_account ?? '',
      accumulated_depreciation_account: asset?.accumulated_depreciation_account ?? '',
      depreciation_expense_account: asset?.depreciation_expense_account ?? '',
      available_for_use: asset?.available_for_use ?? '',
      cost: asset?.cost ?? '',
      residual_value: asset?.residual_value ?? '0.00',
      useful_life_months: asset?.useful_life_months ?? 60,
      method: asset ? methodOf(asset) : 'straight_line',
      annual_rate: asset?.annual_rate ?? '',
    });
  }, [opened, asset, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const workspaceId = storage.getWorkspaceId();
    if (!workspaceId) return;
    try {
      if (asset) {
        const input = inputOf(values);
        await updateAsset(
          workspaceId,
          asset.id,
          locked ? { name: input.name, tag: input.tag, category: input.category } : input,
        );
        notify.success(`${values.name} saved`);
      } else {
        await registerAsset(workspaceId, inputOf(values));
        notify.success(`${values.name} registered`);
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

  const account = (name: keyof AssetFormValues, label: string, description: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <AccountPicker
          label={label}
          description={description}
          postableOnly
          disabled={locked}
          value={typeof field.value === 'string' && field.value ? field.value : null}
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
      title={asset ? `Edit ${asset.name}` : 'Register a fixed asset'}
      centered
      size="lg"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Fixed asset">
        <Stack gap="sm">
          {locked && (
            <Text size="sm" c="dimmed">
              Depreciation is posted for this asset: only its name, tag and category change now.
            </Text>
          )}
          <Group grow align="flex-start">
            <TextInput
              label="Name"
              placeholder="e.g. Delivery van"
              data-autofocus
              error={errors.name?.message}
              {...register('name')}
            />
            <TextInput
              label="Tag"
              placeholder="e.g. VAN-01"
              error={errors.tag?.message}
              {...register('tag')}
            />
          </Group>
          <TextInput
            label="Category"
            placeholder="e.g. Motor vehicles"
            description="The asset schedule totals assets per category."
            error={errors.category?.message}
            {...register('category')}
          />
          {account(
            'asset_account',
            'Asset account',
            'Holds the cost (its depreciation settings are the defaults).',
          )}
          <Group grow align="flex-start">
            {account(
              'accumulated_depreciation_account',
              'Accumulated depreciation',
              'Credited each month.',
            )}
            {account('depreciation_expense_account', 'Depreciation expense', 'Debited each month.')}
          </Group>
          <Group grow align="flex-start">
            <Controller
              control={control}
              name="available_for_use"
              render={({ field }) => (
                <DateField
                  label="Available for use"
                  description="Depreciation starts the month after."
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  disabled={locked}
                  error={errors.available_for_use?.message}
                />
              )}
            />
            <TextInput
              label="Cost"
              disabled={locked}
              error={errors.cost?.message}
              {...register('cost')}
            />
            <TextInput
              label="Residual value"
              disabled={locked}
              error={errors.residual_value?.message}
              {...register('residual_value')}
            />
          </Group>
          <Group grow align="flex-start">
            <Controller
              control={control}
              name="method"
              render={({ field }) => (
                <Select
                  label="Method"
                  data={METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  disabled={locked}
                />
              )}
            />
            <Controller
              control={control}
              name="useful_life_months"
              render={({ field }) => (
                <NumberInput
                  label="Useful life (months)"
                  min={1}
                  max={USEFUL_LIFE_MONTHS_MAX}
                  allowDecimal={false}
                  value={field.value}
                  onChange={(value) =>
                    field.onChange(typeof value === 'number' ? value : undefined)
                  }
                  disabled={locked}
                  error={errors.useful_life_months?.message}
                />
              )}
            />
            {method === 'declining_balance' && (
              <TextInput
                label="Annual rate (%)"
                disabled={locked}
                error={errors.annual_rate?.message}
                {...register('annual_rate')}
              />
            )}
          </Group>
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
              {asset ? 'Save' : 'Register asset'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
