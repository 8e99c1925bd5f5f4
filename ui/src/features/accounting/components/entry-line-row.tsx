import { ActionIcon, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent, Ref } from 'react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';

import { DESCRIPTION_CHARS_MAX } from '../api/journal-entries';

import { AccountPicker } from './account-picker';
import type { EntryFormValues } from './entry-form-values';

export type LineErrors = {
  account_id?: string;
  description?: string;
  debit?: string;
  credit?: string;
  /** About the line as a whole (both sides filled, no amount). */
  line?: string;
};

type EntryLineRowProps = {
  index: number;
  control: Control<EntryFormValues>;
  register: UseFormRegister<EntryFormValues>;
  errors: LineErrors;
  canRemove: boolean;
  onRemove: () => void;
  /** Enter in an amount of the last line: add a line (keyboard-first entry). */
  onAmountEnter: (event: KeyboardEvent<HTMLInputElement>) => void;
  accountRef: Ref<HTMLInputElement>;
  readOnly: boolean;
};

/** One line of the entry: account, description, debit, credit; its errors under it. */
export function EntryLineRow({
  index,
  control,
  register,
  errors,
  canRemove,
  onRemove,
  onAmountEnter,
  accountRef,
  readOnly,
}: EntryLineRowProps) {
  const hasError = Object.values(errors).some(Boolean);
  const amountProps = (side: 'debit' | 'credit') => ({
    ...register(`lines.${index}.${side}`),
    placeholder: '0.00',
    inputMode: 'decimal' as const,
    'aria-label': `Line ${index + 1} ${side}`,
    error: errors[side] ? true : undefined,
    readOnly,
    styles: { input: { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' } },
    onKeyDown: onAmountEnter,
  });
  return (
    <>
      <Table.Tr
        data-testid={`entry-line-${index}`}
        data-invalid={hasError ? 'true' : undefined}
        style={hasError ? { background: 'var(--mantine-color-red-0)' } : undefined}
      >
        <Table.Td w={36}>
          <Text size="xs" c="dimmed" ta="right">
            {index + 1}
          </Text>
        </Table.Td>
        <Table.Td miw={260}>
          <Controller
            control={control}
            name={`lines.${index}.account_id`}
            render={({ field }) => (
              <AccountPicker
                ref={accountRef}
                postableOnly
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                aria-label={`Line ${index + 1} account`}
                error={errors.account_id ? true : undefined}
                readOnly={readOnly}
                size="sm"
              />
            )}
          />
        </Table.Td>
        <Table.Td>
          <TextInput
            {...register(`lines.${index}.description`)}
            placeholder="Description"
            maxLength={DESCRIPTION_CHARS_MAX}
            aria-label={`Line ${index + 1} description`}
            error={errors.description ? true : undefined}
            readOnly={readOnly}
          />
        </Table.Td>
        <Table.Td w={150}>
          <TextInput {...amountProps('debit')} />
        </Table.Td>
        <Table.Td w={150}>
          <TextInput {...amountProps('credit')} />
        </Table.Td>
        <Table.Td w={40}>
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRemove}
              disabled={!canRemove}
              aria-label={`Remove line ${index + 1}`}
              tabIndex={-1}
            >
              <IconTrash size={15} />
            </ActionIcon>
          )}
        </Table.Td>
      </Table.Tr>
      {hasError && (
        <Table.Tr>
          <Table.Td />
          <Table.Td colSpan={5} pt={0}>
            <Text size="xs" c="red.7" role="alert" data-testid={`entry-line-${index}-error`}>
              {[errors.line, errors.account_id, errors.description, errors.debit, errors.credit]
                .filter(Boolean)
                .join(' ')}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
