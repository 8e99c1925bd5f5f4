import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Kbd,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { IconAlertTriangle, IconLock, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';

import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import { formErrorsOf, lineFieldOf } from '@/lib/field-errors';
import { DateField } from '@/components/ui/date-field';
import {
  LINES_PER_ENTRY_MAX,
  createEntry,
  postEntry,
  updateEntry,
  type CommandResult,
} from '../api/journal-entries';
import { computeBalance, draftBlockers, type LineProblem } from '../lib/entry-balance';

import {
  blankLine,
  entryHeaderSchema,
  toEntryInput,
  type EntryFormValues,
} from './entry-form-values';
import { EntryLineRow, type LineErrors } from './entry-line-row';
import { EntryTotals } from './entry-totals';

type EntryFormProps = {
  initialValues: EntryFormValues;
  /** The draft being edited; null for a new entry. */
  entryId: string | null;
  currency: string;
  canWriteDrafts: boolean;
  canPost: boolean;
  onSaved: (result: CommandResult) => void;
  /** Told whenever the form goes from untouched to changed and back. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Why nothing can be saved here, shown above the form (a Viewer on `?entry=new`). */
  readOnlyReason?: string | null;
};

type ServerErrors = {
  lines: Record<number, LineErrors>;
  header: Record<string, string>;
  general: string[];
};

const NO_SERVER_ERRORS: ServerErrors = { lines: {}, header: {}, general: [] };

function problemsByLine(problems: readonly LineProblem[]): Record<number, LineErrors> {
  const out: Record<number, LineErrors> = {};
  for (const problem of problems) {
    const errors = (out[problem.line] ??= {});
    const key = problem.field ?? 'line';
    errors[key] = errors[key] ? `${errors[key]} ${problem.message}` : problem.message;
  }
  return out;
}

/**
 * A journal entry, keyboard first: Tab moves across a line, Enter in an amount of the last
 * line adds a line, Ctrl+S saves the draft, Ctrl+Enter posts. Totals and the difference
 * update as you type; Post stays disabled, with the reason beside it, until the entry
 * balances. Errors the server finds are shown on their line.
 */
export function EntryForm({
  initialValues,
  entryId,
  currency,
  canWriteDrafts,
  canPost,
  onSaved,
  onDirtyChange,
  readOnlyReason,
}: EntryFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted, isDirty },
  } = useForm<EntryFormValues>({
    resolver: zodResolver(entryHeaderSchema),
    defaultValues: initialValues,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const balance = useMemo(() => computeBalance(lines ?? []), [lines]);
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [attempted, setAttempted] = useState(false);
  const accountRefs = useRef<(HTMLInputElement | null)[]>([]);
  const readOnly = !canWriteDrafts;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  // Live: malformed amounts at once; the rest (missing account, no amount) after a try.
  const shownProblems = balance.lineProblems.filter(
    (p) => attempted || isSubmitted || p.field === 'debit' || p.field === 'credit',
  );
  const clientErrors = problemsByLine(shownProblems);
  const errorsOf = (index: number): LineErrors => ({
    ...clientErrors[index],
    ...server.lines[index],
  });

  const addLine = () => {
    if (fields.length >= LINES_PER_ENTRY_MAX) return;
    append(blankLine());
    // Focus the new line's account once it is rendered.
    requestAnimationFrame(() => accountRefs.current[fields.length]?.focus());
  };

  const onAmountEnter = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (index === fields.length - 1) addLine();
    else accountRefs.current[index + 1]?.focus();
  };

  const submit = (mode: 'draft' | 'post') =>
    handleSubmit(async (values) => {
      setAttempted(true);
      const workspaceId = storage.getWorkspaceId();
      if (!workspaceId) return;
      const current = computeBalance(values.lines);
      if (mode === 'draft' ? draftBlockers(current).length > 0 : current.postBlockers.length > 0)
        return;
      const { input, formIndex } = toEntryInput(values);
      setServer(NO_SERVER_ERRORS);
      try {
        let result: CommandResult;
        if (mode === 'post' && entryId) {
          await updateEntry(workspaceId, entryId, input);
          result = await postEntry(workspaceId, entryId);
        } else if (mode === 'post') {
          result = await createEntry(workspaceId, input, true);
        } else if (entryId) {
          result = await updateEntry(workspaceId, entryId, input);
        } else {
          result = await createEntry(workspaceId, input, false);
        }
        notify.success(
          mode === 'post'
            ? `Entry ${result.entry_number ?? ''} posted`.replace('  ', ' ')
            : 'Draft saved',
        );
        onSaved(result);
      } catch (error) {
        const found = formErrorsOf(error);
        if (!found) return;
        const next: ServerErrors = { lines: {}, header: {}, general: found.general };
        for (const [path, message] of Object.entries(found.fields)) {
          const at = lineFieldOf(path);
          if (at) {
            const index = formIndex[at.line] ?? at.line;
            const lineErrors = (next.lines[index] ??= {});
            lineErrors[(at.field ?? 'line') as keyof LineErrors] = message;
          } else {
            next.header[path] = message;
          }
        }
        setServer(next);
      }
    });

  const saveDraft = submit('draft');
  const post = submit('post');
  const postDisabled = balance.postBlockers.length > 0;

  return (
    <form
      aria-label="Journal entry"
      noValidate
      onSubmit={(event) => void post(event)}
      onKeyDown={getHotkeyHandler([
        ['mod+S', () => canWriteDrafts && void saveDraft()],
        ['mod+Enter', () => canPost && !postDisabled && void post()],
      ])}
    >
      <Stack gap="md">
        {readOnlyReason && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconLock size={18} />}
            title="Nothing can be saved here"
            data-testid="entry-read-only"
          >
            {readOnlyReason}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DateField
                label="Date"
                required
                readOnly={readOnly}
                error={errors.date?.message ?? server.header['date']}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <TextInput
            label="Reference"
            placeholder="e.g. INV-1042"
            readOnly={readOnly}
            error={errors.reference?.message ?? server.header['reference']}
            {...register('reference')}
          />
          <TextInput
            label="Memo"
            placeholder="What this entry records"
            readOnly={readOnly}
            error={errors.memo?.message ?? server.header['memo']}
            {...register('memo')}
          />
        </SimpleGrid>

        <Paper withBorder radius="md">
          <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="Lines">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th />
                <Table.Th>Account</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Debit</Table.Th>
                <Table.Th ta="right">Credit</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field, index) => (
                <EntryLineRow
                  key={field.id}
                  index={index}
                  control={control}
                  register={register}
                  errors={errorsOf(index)}
                  canRemove={fields.length > 2}
                  onRemove={() => remove(index)}
                  onAmountEnter={onAmountEnter(index)}
                  accountRef={(element) => {
                    accountRefs.current[index] = element;
                  }}
                  readOnly={readOnly}
                />
              ))}
            </Table.Tbody>
          </Table>
          {!readOnly && (
            <Group justify="space-between" px="sm" py={8} bg="gray.0">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={addLine}
              >
                Add line
              </Button>
              <Text size="xs" c="dimmed">
                <Kbd size="xs">Enter</Kbd> in an amount adds a line · <Kbd size="xs">Ctrl</Kbd>+
                <Kbd size="xs">S</Kbd> saves the draft · <Kbd size="xs">Ctrl</Kbd>+
                <Kbd size="xs">Enter</Kbd> posts
              </Text>
            </Group>
          )}
        </Paper>

        <EntryTotals balance={balance} currency={currency} />

        {server.general.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {server.general.join(' ')}
          </Alert>
        )}

        {!readOnly && (
          <Group justify="flex-end" gap="sm">
            {canPost && postDisabled && (
              <Text size="sm" c="orange.8" data-testid="post-blocked-reason">
                Post is disabled: {balance.postBlockers[0]}
              </Text>
            )}
            <Button variant="default" onClick={() => void saveDraft()} loading={isSubmitting}>
              Save draft
            </Button>
            {canPost ? (
              <Button type="submit" disabled={postDisabled} loading={isSubmitting}>
                Post entry
              </Button>
            ) : (
              <Tooltip label="Only an Admin can post entries; save a draft for review.">
                <Button disabled>Post entry</Button>
              </Tooltip>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
