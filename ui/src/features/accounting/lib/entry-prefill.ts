/**
 * A journal entry another screen suggests (the assistant's draft), handed to the journal
 * entry form through the router's state: the form opens prefilled for a person to review,
 * and nothing is saved until they save or post it. State, not the query string, so a
 * suggestion is never a shareable link that fills someone else's form.
 */
import { z } from 'zod';

import { paths } from '@/config/paths';
import { parseCents } from '@/lib/money';

import type { EntryFormValues } from '../components/entry-form-values';

export const entryPrefillSchema = z.object({
  date: z.string(),
  memo: z.string(),
  lines: z
    .array(
      z.object({
        account_id: z.string(),
        description: z.string().optional(),
        debit: z.string(),
        credit: z.string(),
      }),
    )
    .min(1),
});
export type EntryPrefill = z.infer<typeof entryPrefillSchema>;

const stateSchema = z.object({ entryPrefill: entryPrefillSchema });

/** Where to navigate, and the state to carry, to open the new-entry form with `prefill`. */
export function newEntryWith(prefill: EntryPrefill): {
  to: string;
  state: { entryPrefill: EntryPrefill };
} {
  return { to: `${paths.accounting.journalEntry}?entry=new`, state: { entryPrefill: prefill } };
}

/** Zero amounts show as empty cells, as on any entry. */
const cell = (amount: string) => (parseCents(amount) === 0n ? '' : amount);

/** The form values a router state carries, or null when it carries none (or a bad one). */
export function prefillFromState(state: unknown): EntryFormValues | null {
  const parsed = stateSchema.safeParse(state);
  if (!parsed.success) return null;
  const { date, memo, lines } = parsed.data.entryPrefill;
  return {
    date,
    memo,
    reference: '',
    lines: lines.map((line) => ({
      account_id: line.account_id,
      description: line.description ?? '',
      debit: cell(line.debit),
      credit: cell(line.credit),
    })),
  };
}
