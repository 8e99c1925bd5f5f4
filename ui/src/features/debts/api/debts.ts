/**
 * Debts (loans payable and receivable): GET/POST debts/ (paged; `direction`, `status`),
 * GET/PATCH debts/{id}/. Every figure (outstanding, the next instalment) is computed by
 * the server from the debt's terms and repayments; the UI formats it and never re-adds.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { attachedDocumentSchema } from '@/features/documents';
import { PAGE_SIZE_MAX, api, dataEnvelope, paginatedEnvelope } from '@/lib/api-client';

const base = (ws: string) => `/accounting/workspaces/${encodeURIComponent(ws)}/debts/`;

/** Debts' paths under `/api/v1`, which are also their SWR keys. */
export const debtKeys = {
  debts: base,
  debt: (ws: string, id: string) => `${base(ws)}${encodeURIComponent(id)}/`,
  schedule: (ws: string, id: string) => `${base(ws)}${encodeURIComponent(id)}/schedule/`,
  repayments: (ws: string, id: string) => `${base(ws)}${encodeURIComponent(id)}/repayments/`,
  aging: (ws: string) => `${base(ws)}aging/`,
} as const;

export const DIRECTIONS = ['payable', 'receivable'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<Direction, string> = {
  payable: 'Borrowed (payable)',
  receivable: 'Lent (receivable)',
};

export const REPAYMENT_TYPES = ['annuity', 'equal_principal', 'interest_only'] as const;
export type RepaymentType = (typeof REPAYMENT_TYPES)[number];
export const REPAYMENT_TYPE_LABELS: Record<RepaymentType, string> = {
  annuity: 'Annuity (level instalments)',
  equal_principal: 'Equal principal',
  interest_only: 'Interest only (balloon)',
};

/** The domain's bounds (domain `debt`): the form refuses beyond them. */
export const TERM_MONTHS_MAX = 600;
export const ANNUAL_INTEREST_RATE_MAX = 100;
export const COUNTERPARTY_CHARS_MAX = 200;
export const REFERENCE_CHARS_MAX = 100;

const nextDueSchema = z.object({ due_date: z.string(), amount: z.string() });

export const debtSchema = z.object({
  id: z.string(),
  /** `active` while something is owed, `settled` once repaid in full. */
  status: z.string(),
  /** `payable` or `receivable` (see `directionOf`). */
  direction: z.string(),
  counterparty: z.string(),
  reference: z.string(),
  principal: z.string(),
  start_date: z.string(),
  annual_interest_rate: z.string(),
  term_months: z.number(),
  /** `annuity`, `equal_principal` or `interest_only` (see `repaymentTypeOf`). */
  repayment_type: z.string(),
  first_due_date: z.string(),
  principal_account: z.string(),
  interest_account: z.string(),
  cash_account: z.string(),
  /** The drawdown's journal entry, once posted. */
  drawdown_entry_id: z
    .string()
    .nullish()
    .transform((id) => id ?? null),
  principal_repaid: z.string(),
  /** The day the figures below are for: today by the server's clock. */
  as_of: z.string(),
  /** Principal not yet repaid plus the unpaid interest of instalments due by `as_of`. */
  outstanding: z.string(),
  /** Unpaid amounts of instalments due before `as_of`. */
  overdue: z.string(),
  days_past_due: z.number(),
  /** The next instalment with something left to pay; null once settled. */
  next_due: nextDueSchema.nullable(),
  /** The files backing the debt. */
  documents: z.array(attachedDocumentSchema),
});
export type Debt = z.infer<typeof debtSchema>;

/** The debt's direction as the UI names it (payable for anything unknown). */
export function directionOf(debt: Pick<Debt, 'direction'>): Direction {
  return DIRECTIONS.find((d) => d === debt.direction) ?? 'payable';
}

/** The debt's repayment type as the UI names it (annuity for anything unknown). */
export function repaymentTypeOf(debt: Pick<Debt, 'repayment_type'>): RepaymentType {
  return REPAYMENT_TYPES.find((t) => t === debt.repayment_type) ?? 'annuity';
}

export type DebtFilters = { direction: Direction | null; status: string | null };

export const DEBTS_PATH = '/accounting/workspaces/{workspace_id}/debts/';

/** The list's request: the hook and the screen's prefetch make the same one. */
export function debtsCall(ws: string, filters: DebtFilters) {
  return {
    params: { workspace_id: ws },
    query: {
      page_size: String(PAGE_SIZE_MAX),
      direction: filters.direction ?? undefined,
      status: filters.status ?? undefined,
    },
  };
}

/** Every debt on one page (the grid sorts in place); the filters are the server's. */
export function useDebts(ws: string | null, filters: DebtFilters) {
  return useSWR(
    ws ? [debtKeys.debts(ws), filters.direction, filters.status] : null,
    ([, direction, status]) =>
      api.get(
        DEBTS_PATH,
        paginatedEnvelope(debtSchema),
        debtsCall(ws ?? '', { direction, status }),
      ),
    { keepPreviousData: true },
  );
}

/**
 * A repayment or a drawdown is a journal entry: every read of the workspace's books
 * (debts, the trial balance, ledgers, reports) refreshes.
 */
export async function refreshBooks(ws: string): Promise<void> {
  const prefix = `/accounting/workspaces/${encodeURIComponent(ws)}/`;
  await mutate(
    (key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(prefix),
  );
}

export type DebtInput = {
  direction: Direction;
  counterparty: string;
  reference: string;
  principal: string;
  start_date: string;
  annual_interest_rate: string;
  term_months: number;
  repayment_type: RepaymentType;
  first_due_date: string;
  principal_account: string;
  interest_account: string;
  cash_account: string;
};

const refSchema = dataEnvelope(z.object({ id: z.string() }).loose());

export async function createDebt(ws: string, input: DebtInput & { post_drawdown: boolean }) {
  const { data } = await api.post('/accounting/workspaces/{workspace_id}/debts/', refSchema, {
    params: { workspace_id: ws },
    body: input,
  });
  await refreshBooks(ws);
  return data;
}

export async function updateDebt(ws: string, id: string, input: Partial<DebtInput>) {
  const { data } = await api.patch('/accounting/workspaces/{workspace_id}/debts/{id}/', refSchema, {
    params: { workspace_id: ws, id },
    body: input,
  });
  await refreshBooks(ws);
  return data;
}
