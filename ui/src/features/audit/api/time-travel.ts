/**
 * Time travel over the workspace's log (query-api `audit/time_travel.rs`): the trial
 * balance and general ledger as known at a recorded time, the trial balance compared
 * between two knowledge times, and the changes recorded after a period's close.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

/** Query values with the empty ones left out, so the server applies its defaults. */
type Query = Record<string, string | number | undefined>;
function query<Q extends Query>(values: Q): Partial<Q> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<Q>;
}

export const KNOWN_TRIAL_BALANCE_PATH =
  '/audit/workspaces/{workspace_id}/time-travel/trial-balance/';
export const KNOWN_LEDGER_PATH = '/audit/workspaces/{workspace_id}/time-travel/general-ledger/';
export const COMPARISON_PATH = '/audit/workspaces/{workspace_id}/time-travel/compare/';
export const AFTER_CLOSE_PATH = '/audit/workspaces/{workspace_id}/time-travel/after-close/';

/** A time-travel view's request (the parameters given): the hooks' and the prefetch's. */
export function timeTravelCall<Q extends Query>(workspaceId: string, q: Q) {
  return { params: { workspace_id: workspaceId }, query: query(q) };
}

/** Each view shows its own error (a field the server named, or why it failed). */
const OWN_ERRORS = { handleErrors: false } as const;

const proofSchema = z.object({ chain_seq: z.number(), head_hash: z.string() });

export const knownTrialBalanceSchema = proofSchema.extend({
  as_of: z.string(),
  known_at: z.string(),
  entries: z.number(),
  rows: z.array(
    z.object({
      account_id: z.string(),
      account_code: z.string(),
      name: z.string(),
      account_type: z.string(),
      debit: z.string(),
      credit: z.string(),
      balance: z.string(),
    }),
  ),
  totals: z.object({ debit: z.string(), credit: z.string() }),
  balanced: z.boolean(),
});
export type KnownTrialBalance = z.infer<typeof knownTrialBalanceSchema>;
export type KnownTrialBalanceRow = KnownTrialBalance['rows'][number];

export const ledgerPostingSchema = z.object({
  entry_id: z.string(),
  entry_number: z.string(),
  date: z.string(),
  line_index: z.number(),
  account_id: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  description: z.string(),
  memo: z.string(),
  debit: z.string(),
  credit: z.string(),
  running_balance: z.string(),
  reverses: z.string().nullish(),
  recorded_at: z.string(),
});
export type LedgerPosting = z.infer<typeof ledgerPostingSchema>;

export const knownLedgerSchema = proofSchema.extend({
  known_at: z.string(),
  account_id: z.string().nullish(),
  normal_balance: z.string(),
  opening_balance: z.string(),
  closing_balance: z.string(),
  total_debit: z.string(),
  total_credit: z.string(),
  data: z.array(ledgerPostingSchema),
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  total_pages: z.number(),
});
export type KnownLedger = z.infer<typeof knownLedgerSchema>;

const changedEntrySchema = z.object({
  entry_id: z.string(),
  entry_number: z.string(),
  date: z.string(),
  memo: z.string(),
  total: z.string(),
  reverses: z.string().nullish(),
  recorded_at: z.string(),
  chain_seq: z.number(),
});
export type ChangedEntry = z.infer<typeof changedEntrySchema>;

export const comparisonSchema = z.object({
  as_of: z.string(),
  from: z.string(),
  to: z.string(),
  from_chain_seq: z.number(),
  to_chain_seq: z.number(),
  accounts_changed: z.number(),
  rows: z.array(
    z.object({
      account_id: z.string(),
      account_code: z.string(),
      name: z.string(),
      balance_from: z.string(),
      balance_to: z.string(),
      difference: z.string(),
      entries: z.array(changedEntrySchema.extend({ debit: z.string(), credit: z.string() })),
    }),
  ),
});
export type Comparison = z.infer<typeof comparisonSchema>;
export type ComparisonRow = Comparison['rows'][number];

export const afterCloseSchema = z.object({
  period_start: z.string().nullish(),
  period_end: z.string(),
  closed_at: z.string(),
  entries: z.array(
    changedEntrySchema.extend({
      kind: z.string(),
      days_after_period_end: z.number(),
    }),
  ),
  net_by_account: z.array(
    z.object({
      account_id: z.string(),
      account_code: z.string(),
      name: z.string(),
      debit: z.string(),
      credit: z.string(),
      balance_change: z.string(),
    }),
  ),
});
export type AfterClose = z.infer<typeof afterCloseSchema>;
export type AfterCloseEntry = AfterClose['entries'][number];

export type KnownAtQuery = { as_of?: string; known_at?: string };
export function useKnownTrialBalance(workspaceId: string | null, q: KnownAtQuery) {
  return useSWR(
    workspaceId ? (['tt-trial-balance', workspaceId, q.as_of, q.known_at] as const) : null,
    async ([, workspace_id]) => {
      const { data } = await api.get(
        KNOWN_TRIAL_BALANCE_PATH,
        dataEnvelope(knownTrialBalanceSchema),
        { ...timeTravelCall(workspace_id, q), ...OWN_ERRORS },
      );
      return data;
    },
  );
}

export type LedgerQuery = {
  account_id?: string;
  from?: string;
  to?: string;
  known_at?: string;
  page: number;
  page_size: number;
};
export function useKnownLedger(workspaceId: string | null, q: LedgerQuery) {
  return useSWR(
    workspaceId
      ? ([
          'tt-ledger',
          workspaceId,
          q.account_id,
          q.from,
          q.to,
          q.known_at,
          q.page,
          q.page_size,
        ] as const)
      : null,
    async ([, workspace_id]) => {
      const { data } = await api.get(KNOWN_LEDGER_PATH, dataEnvelope(knownLedgerSchema), {
        ...timeTravelCall(workspace_id, q),
        ...OWN_ERRORS,
      });
      return data;
    },
  );
}

export type CompareQuery = { as_of?: string; from?: string; to?: string };
export function useComparison(workspaceId: string | null, q: CompareQuery) {
  return useSWR(
    workspaceId && q.from ? (['tt-compare', workspaceId, q.as_of, q.from, q.to] as const) : null,
    async ([, workspace_id]) => {
      const { data } = await api.get(COMPARISON_PATH, dataEnvelope(comparisonSchema), {
        ...timeTravelCall(workspace_id, q),
        ...OWN_ERRORS,
      });
      return data;
    },
  );
}

export type AfterCloseQuery = { period_start?: string; period_end?: string; closed_at?: string };
export function useAfterClose(workspaceId: string | null, q: AfterCloseQuery) {
  return useSWR(
    workspaceId && q.period_end && q.closed_at
      ? (['tt-after-close', workspaceId, q.period_start, q.period_end, q.closed_at] as const)
      : null,
    async ([, workspace_id]) => {
      const { data } = await api.get(AFTER_CLOSE_PATH, dataEnvelope(afterCloseSchema), {
        ...timeTravelCall(workspace_id, q),
        ...OWN_ERRORS,
      });
      return data;
    },
  );
}
