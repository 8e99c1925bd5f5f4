/**
 * The fixed-asset register, each asset's schedule, the depreciation runs and the period's
 * asset schedule with its check against the general ledger. Amounts are decimal strings
 * computed by the server; the UI formats them and never re-adds them.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import {
  api,
  dataEnvelope,
  paginatedEnvelope,
  requireParam,
  PAGE_SIZE_MAX,
} from '@/lib/api-client';
import { attachedDocumentSchema } from '@/features/documents';
import { useWorkspaceId } from '@/lib/active-workspace';

const base = (ws: string) => `/accounting/workspaces/${encodeURIComponent(ws)}/`;

export const fixedAssetPaths = {
  assets: (ws: string) => `${base(ws)}fixed-assets/`,
  asset: (ws: string, id: string) => `${base(ws)}fixed-assets/${encodeURIComponent(id)}/`,
  schedule: (ws: string, id: string) =>
    `${base(ws)}fixed-assets/${encodeURIComponent(id)}/schedule/`,
  runs: (ws: string) => `${base(ws)}depreciation-runs/`,
  assetSchedule: (ws: string) => `${base(ws)}asset-schedule/`,
} as const;

export const METHODS = ['straight_line', 'declining_balance'] as const;
export type Method = (typeof METHODS)[number];

export const METHOD_LABELS: Record<Method, string> = {
  straight_line: 'Straight line',
  declining_balance: 'Declining balance',
};

const disposalSchema = z.object({
  date: z.string(),
  proceeds: z.string(),
  cost: z.string(),
  accumulated_depreciation: z.string(),
  catch_up_charge: z.string(),
  net_book_value: z.string(),
  gain: z.string(),
  loss: z.string(),
  journal_entry_id: z.string(),
});

export const fixedAssetSchema = z.object({
  id: z.string(),
  status: z.string(),
  name: z.string(),
  tag: z.string(),
  category: z.string(),
  asset_account: z.string(),
  accumulated_depreciation_account: z.string(),
  depreciation_expense_account: z.string(),
  available_for_use: z.string(),
  cost: z.string(),
  residual_value: z.string(),
  useful_life_months: z.number(),
  /** `straight_line` or `declining_balance` (see `methodOf`). */
  method: z.string(),
  annual_rate: z
    .string()
    .nullish()
    .transform((rate) => rate ?? null),
  depreciation_posted: z.string(),
  net_book_value: z.string(),
  disposal: disposalSchema.nullable(),
  /** The files backing the asset. */
  documents: z.array(attachedDocumentSchema),
});
export type FixedAsset = z.infer<typeof fixedAssetSchema>;

/** The asset's method as the UI names it (straight line for anything unknown). */
export function methodOf(asset: Pick<FixedAsset, 'method'>): Method {
  return METHODS.find((m) => m === asset.method) ?? 'straight_line';
}

/** Every asset on one page (the grid filters and sorts in place). */
export function useFixedAssets() {
  const workspaceId = useWorkspaceId();
  return useSWR(workspaceId ? [fixedAssetPaths.assets(workspaceId)] : null, async () => {
    const ws = requireParam('workspaceId', workspaceId, 'listFixedAssets');
    return api.get(
      '/accounting/workspaces/{workspace_id}/fixed-assets/',
      paginatedEnvelope(fixedAssetSchema),
      { params: { workspace_id: ws }, query: { page_size: String(PAGE_SIZE_MAX) } },
    );
  });
}

export const scheduleRowSchema = z.object({
  period: z.string(),
  opening_nbv: z.string(),
  charge: z.string(),
  accumulated: z.string(),
  closing_nbv: z.string(),
  posted: z.boolean(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

const assetScheduleSchema = z.object({
  id: z.string(),
  rows: z.array(scheduleRowSchema),
  total_charge: z.string(),
});

export function useAssetSchedule(assetId: string | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && assetId ? [fixedAssetPaths.schedule(workspaceId, assetId)] : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getAssetSchedule');
      const id = requireParam('assetId', assetId, 'getAssetSchedule');
      const { data } = await api.get(
        '/accounting/workspaces/{workspace_id}/fixed-assets/{id}/schedule/',
        dataEnvelope(assetScheduleSchema),
        { params: { workspace_id: ws, id } },
      );
      return data;
    },
  );
}

export const runSchema = z.object({
  id: z.string(),
  period: z.string(),
  date: z.string(),
  status: z.string(),
  total: z.string(),
  assets: z.number(),
  journal_entry_id: z.string(),
  reversal_entry_id: z.string().nullable(),
  reversal_date: z.string().nullable(),
});
export type DepreciationRun = z.infer<typeof runSchema>;

export function useDepreciationRuns() {
  const workspaceId = useWorkspaceId();
  return useSWR(workspaceId ? [fixedAssetPaths.runs(workspaceId)] : null, async () => {
    const ws = requireParam('workspaceId', workspaceId, 'listDepreciationRuns');
    const { data } = await api.get(
      '/accounting/workspaces/{workspace_id}/depreciation-runs/',
      dataEnvelope(z.array(runSchema.passthrough())),
      { params: { workspace_id: ws } },
    );
    return data;
  });
}

const lineSchema = z.object({
  category: z.string().nullable(),
  cost_brought_forward: z.string(),
  additions: z.string(),
  disposals: z.string(),
  cost_carried_forward: z.string(),
  depreciation_brought_forward: z.string(),
  charge: z.string(),
  depreciation_on_disposals: z.string(),
  depreciation_carried_forward: z.string(),
  nbv_brought_forward: z.string(),
  nbv_carried_forward: z.string(),
});
export type ScheduleLine = z.infer<typeof lineSchema>;

const checkSchema = z.object({
  figure: z.string(),
  schedule: z.string(),
  ledger: z.string(),
  difference: z.string(),
  agrees: z.boolean(),
});
export type LedgerCheck = z.infer<typeof checkSchema>;

const periodScheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  categories: z.array(lineSchema),
  total: lineSchema,
  asset_accounts: z.array(z.string()),
  accumulated_depreciation_accounts: z.array(z.string()),
  checks: z.array(checkSchema),
  agrees_with_ledger: z.boolean(),
});
export type PeriodSchedule = z.infer<typeof periodScheduleSchema>;

export function usePeriodSchedule(query: { from: string; to: string } | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && query
      ? [fixedAssetPaths.assetSchedule(workspaceId), query.from, query.to]
      : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getPeriodSchedule');
      const { data } = await api.get(
        '/accounting/workspaces/{workspace_id}/asset-schedule/',
        dataEnvelope(periodScheduleSchema),
        { params: { workspace_id: ws }, query: { from: query?.from, to: query?.to } },
      );
      return data;
    },
    { keepPreviousData: true },
  );
}

/** A change to the register or a run moves the books: every accounting read refreshes. */
export async function refreshAccounting(): Promise<void> {
  await mutate(
    (key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/accounting/'),
  );
}

export type AssetInput = {
  name: string;
  tag: string;
  category: string;
  asset_account: string;
  accumulated_depreciation_account: string;
  depreciation_expense_account: string;
  available_for_use: string;
  cost: string;
  residual_value: string;
  useful_life_months: number;
  method: Method;
  annual_rate: string | null;
};

const refSchema = dataEnvelope(z.object({ id: z.string() }));

export async function registerAsset(ws: string, input: AssetInput) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/fixed-assets/',
    refSchema,
    {
      params: { workspace_id: ws },
      body: input,
    },
  );
  await refreshAccounting();
  return data;
}

export async function updateAsset(ws: string, id: string, input: Partial<AssetInput>) {
  const { data } = await api.patch(
    '/accounting/workspaces/{workspace_id}/fixed-assets/{id}/',
    refSchema,
    { params: { workspace_id: ws, id }, body: input },
  );
  await refreshAccounting();
  return data;
}

export type DisposalInput = {
  date: string;
  proceeds: string;
  proceeds_account: string;
  gain_loss_account: string | null;
};

export async function disposeAsset(ws: string, id: string, input: DisposalInput) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/fixed-assets/{id}/dispose/',
    dataEnvelope(disposalSchema.extend({ id: z.string() })),
    { params: { workspace_id: ws, id }, body: input },
  );
  await refreshAccounting();
  return data;
}

const runOutcomeSchema = dataEnvelope(
  z.object({
    id: z.string(),
    period: z.string(),
    status: z.string(),
    date: z.string(),
    journal_entry_id: z.string(),
    reversal_entry_id: z.string().nullable(),
    total: z.string(),
    assets: z.number(),
  }),
);

export async function runDepreciation(ws: string, period: string) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/depreciation-runs/',
    runOutcomeSchema,
    { params: { workspace_id: ws }, body: { period } },
  );
  await refreshAccounting();
  return data;
}

export async function reverseRun(ws: string, id: string, date: string | null) {
  const { data } = await api.post(
    '/accounting/workspaces/{workspace_id}/depreciation-runs/{id}/reverse/',
    runOutcomeSchema,
    { params: { workspace_id: ws, id }, body: { date } },
  );
  await refreshAccounting();
  return data;
}
