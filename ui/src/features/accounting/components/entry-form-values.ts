import { z } from 'zod';

import {
  MEMO_CHARS_MAX,
  REFERENCE_CHARS_MAX,
  type EntryDetail,
  type EntryInput,
} from '../api/journal-entries';
import { centsToDecimal, parseCents } from '@/lib/money';
import { isBlankLine, type DraftLine } from '../lib/entry-balance';
import { todayIso } from '../lib/periods';

/** Lines a new entry starts with: one debit and one credit. */
export const INITIAL_LINE_COUNT = 2;

export const entryHeaderSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'),
  memo: z.string().max(MEMO_CHARS_MAX, `At most ${MEMO_CHARS_MAX} characters.`),
  reference: z.string().max(REFERENCE_CHARS_MAX, `At most ${REFERENCE_CHARS_MAX} characters.`),
  lines: z.array(
    z.object({
      account_id: z.string(),
      description: z.string(),
      debit: z.string(),
      credit: z.string(),
    }),
  ),
});
export type EntryFormValues = z.infer<typeof entryHeaderSchema>;

export const blankLine = (): DraftLine => ({
  account_id: '',
  description: '',
  debit: '',
  credit: '',
});

export function newEntryValues(today = todayIso()): EntryFormValues {
  return {
    date: today,
    memo: '',
    reference: '',
    lines: Array.from({ length: INITIAL_LINE_COUNT }, blankLine),
  };
}

/** Zero amounts show as empty cells, so a credit line has no "0.00" under Debit. */
const cell = (amount: string) => (parseCents(amount) === 0n ? '' : amount);

/** An existing entry as form values; `asCopy` drops what a duplicate must not keep. */
export function valuesFromEntry(entry: EntryDetail, asCopy = false): EntryFormValues {
  return {
    date: asCopy ? todayIso() : entry.date,
    memo: entry.memo,
    reference: asCopy ? '' : entry.reference,
    lines: entry.lines.map((line) => ({
      account_id: line.account_id,
      description: line.description,
      debit: cell(line.debit),
      credit: cell(line.credit),
    })),
  };
}

/**
 * The request body, blank rows left out, amounts normalised ("1,250" → "1250.00"), and the
 * form index of each sent line, so a server error on `lines[1]` lands on the right row.
 */
export function toEntryInput(values: EntryFormValues): { input: EntryInput; formIndex: number[] } {
  const formIndex: number[] = [];
  const lines: EntryInput['lines'] = [];
  values.lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    formIndex.push(index);
    const amount = (text: string) => {
      const cents = parseCents(text);
      // A malformed amount is sent as typed: the server names it on its line.
      return cents === null ? text.trim() : cents === 0n ? '' : centsToDecimal(cents);
    };
    lines.push({
      account_id: line.account_id,
      description: line.description.trim(),
      debit: amount(line.debit),
      credit: amount(line.credit),
    });
  });
  return {
    input: {
      date: values.date,
      memo: values.memo.trim(),
      reference: values.reference.trim(),
      lines,
    },
    formIndex,
  };
}
