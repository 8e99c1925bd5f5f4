/**
 * Debt aging on a date (GET debts/aging/?as_of=&direction=): per debt what is owed and how
 * long what is overdue has been overdue, in the buckets current, 1–30, 31–60, 61–90 and
 * over 90 days, with the totals the server adds up for each direction.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { debtKeys, type Direction } from './debts';

/** The buckets in the order the report reads, with their column titles. */
export const BUCKETS = [
  { field: 'current', label: 'Current' },
  { field: 'days_1_30', label: '1–30 days' },
  { field: 'days_31_60', label: '31–60 days' },
  { field: 'days_61_90', label: '61–90 days' },
  { field: 'days_over_90', label: 'Over 90 days' },
] as const;
export type BucketField = (typeof BUCKETS)[number]['field'];

const bucketsSchema = z.object({
  current: z.string(),
  days_1_30: z.string(),
  days_31_60: z.string(),
  days_61_90: z.string(),
  days_over_90: z.string(),
});
export type AgingBuckets = z.infer<typeof bucketsSchema>;

const agingRowSchema = z.object({
  id: z.string(),
  /** `payable` or `receivable`. */
  direction: z.string(),
  counterparty: z.string(),
  reference: z.string(),
  outstanding: z.string(),
  overdue: z.string(),
  days_past_due: z.number(),
  buckets: bucketsSchema,
});
export type AgingRow = z.infer<typeof agingRowSchema>;

const totalsSchema = z.object({
  outstanding: z.string(),
  overdue: z.string(),
  buckets: bucketsSchema,
});
export type AgingTotals = z.infer<typeof totalsSchema>;

/** Payables and receivables are totalled apart: they are owed in opposite directions. */
const agingSchema = z.object({
  as_of: z.string(),
  rows: z.array(agingRowSchema),
  payable: totalsSchema,
  receivable: totalsSchema,
});
export type DebtAging = z.infer<typeof agingSchema>;

export const AGING_PATH = '/accounting/workspaces/{workspace_id}/debts/aging/';

/** The aging's request: the hook and the screen's prefetch make the same one. */
export function agingCall(ws: string, asOf: string, direction: Direction | null) {
  return {
    params: { workspace_id: ws },
    query: { as_of: asOf, direction: direction ?? undefined },
  };
}

export function useDebtAging(ws: string | null, asOf: string, direction: Direction | null) {
  return useSWR(
    ws && asOf ? [debtKeys.aging(ws), asOf, direction] : null,
    async () => {
      const { data } = await api.get(
        AGING_PATH,
        dataEnvelope(agingSchema),
        agingCall(ws ?? '', asOf, direction),
      );
      return data;
    },
    { keepPreviousData: true },
  );
}
