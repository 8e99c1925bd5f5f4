/**
 * What the time-travel screen's address says, and the views it asks for from it. The
 * screen and its prefetch (`../prefetch`) read it the same way, so they make the same
 * requests.
 */
import type { AfterCloseQuery, CompareQuery, KnownAtQuery, LedgerQuery } from '../api/time-travel';

/** The query parameters the page reads: its link (from a session) prefills them. */
export const TIME_TRAVEL_FIELDS = [
  'as_of',
  'known_at',
  'compare_to',
  'period_start',
  'period_end',
] as const;
export type TimeTravelField = (typeof TIME_TRAVEL_FIELDS)[number];
export type TimeTravelValues = Record<TimeTravelField, string>;

export const KNOWN_LEDGER_PAGE_SIZE = 100;

export function timeTravelAddress(search: URLSearchParams) {
  const applied = Object.fromEntries(
    TIME_TRAVEL_FIELDS.map((field) => [field, search.get(field) ?? '']),
  ) as TimeTravelValues;
  return {
    applied,
    tab: search.get('tab') ?? 'trial-balance',
    sessionId: search.get('session') ?? '',
  };
}

/** The four views of the moment `applied` names; the ledger at `page`, of `accountId` or all. */
export function timeTravelViews(applied: TimeTravelValues, accountId?: string, page = 1) {
  const knownAt = applied.known_at || undefined;
  return {
    knownAt,
    trialBalance: { as_of: applied.as_of, known_at: knownAt } satisfies KnownAtQuery,
    ledger: {
      account_id: accountId,
      from: applied.period_start,
      to: applied.as_of || applied.period_end,
      known_at: knownAt,
      page,
      page_size: KNOWN_LEDGER_PAGE_SIZE,
    } satisfies LedgerQuery,
    comparison: {
      as_of: applied.as_of,
      from: knownAt,
      to: applied.compare_to,
    } satisfies CompareQuery,
    afterClose: {
      period_start: applied.period_start,
      period_end: applied.period_end,
      closed_at: knownAt,
    } satisfies AfterCloseQuery,
  };
}
