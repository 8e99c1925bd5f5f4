/**
 * Sentences the server writes for people (activity descriptions, entry-history summaries,
 * audit findings' reasons) carry API values: plain decimals, ISO dates and, in audit
 * reasons, account ids. Shown as written they read unlike every other figure on screen,
 * so they pass through the same formatters as the grids.
 */
import { formatDatesInText } from './format-date-time';
import { formatAmountsInText } from './money';

/** A UUID as the server writes an account id in its sentences. */
const UUID_IN_TEXT = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

export type ServerTextOptions = {
  /** The workspace currency, for the amounts. */
  currency: string;
  /** "6210 Rent" for an account id, or undefined when unknown (the id is then kept). */
  accountLabel?: (accountId: string) => string | undefined;
};

export function readableServerText(text: string, { currency, accountLabel }: ServerTextOptions) {
  // Ids first: an id's digit groups must not be mistaken for amounts or dates.
  const named = accountLabel
    ? text.replace(UUID_IN_TEXT, (id) => accountLabel(id.toLowerCase()) ?? id)
    : text;
  return formatDatesInText(formatAmountsInText(named, currency));
}
