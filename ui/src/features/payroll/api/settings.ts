/**
 * Payroll settings: GET/PUT payroll/settings/ — the ten accounts a run posts to and
 * whether the employer pays ITF. Until the first run or an Admin sets them, `configured`
 * is false and the first run creates the defaults in the chart.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { payrollKeys, refreshPayroll } from './keys';
import { looselyDocumented } from './loose-body';

/** The accounts, in the order a run's entry lists them; the kind each must be. */
export const SETTINGS_ACCOUNTS = [
  { field: 'salaries_and_wages', label: 'Salaries and wages', type: 'expense' },
  { field: 'employer_pension', label: 'Employer pension', type: 'expense' },
  { field: 'nsitf_expense', label: 'NSITF expense', type: 'expense' },
  { field: 'itf_expense', label: 'ITF expense', type: 'expense' },
  { field: 'paye_payable', label: 'PAYE payable', type: 'liability' },
  { field: 'pension_payable', label: 'Pension payable', type: 'liability' },
  { field: 'nhf_payable', label: 'NHF payable', type: 'liability' },
  { field: 'nsitf_payable', label: 'NSITF payable', type: 'liability' },
  { field: 'itf_payable', label: 'ITF payable', type: 'liability' },
  { field: 'net_salaries_payable', label: 'Net salaries payable', type: 'liability' },
] as const;
export type SettingsAccountField = (typeof SETTINGS_ACCOUNTS)[number]['field'];

const accountsSchema = z.object(
  Object.fromEntries(SETTINGS_ACCOUNTS.map(({ field }) => [field, z.string()])) as Record<
    SettingsAccountField,
    z.ZodString
  >,
);
export type PayrollAccounts = z.infer<typeof accountsSchema>;

const settingsSchema = z.object({
  configured: z.boolean(),
  accounts: accountsSchema.nullable(),
  itf_applies: z.boolean(),
});
export type PayrollSettings = z.infer<typeof settingsSchema>;

export function usePayrollSettings(workspaceId: string | null) {
  return useSWR(workspaceId ? [payrollKeys.settings(workspaceId)] : null, async () => {
    const { data } = await api.get(
      '/accounting/workspaces/{workspace_id}/payroll/settings/',
      looselyDocumented(dataEnvelope(settingsSchema)),
      { params: { workspace_id: workspaceId as string }, handleErrors: false },
    );
    return data;
  });
}

export async function savePayrollSettings(
  workspaceId: string,
  accounts: PayrollAccounts,
  itfApplies: boolean,
) {
  await api.put(
    '/accounting/workspaces/{workspace_id}/payroll/settings/',
    dataEnvelope(z.object({ workspace_id: z.string() })),
    { params: { workspace_id: workspaceId }, body: { ...accounts, itf_applies: itfApplies } },
  );
  await refreshPayroll(workspaceId);
}

/** A postable account of the chart, as the settings' pickers offer it. */
export type PostableAccount = { id: string; code: string; name: string; type: string };

type ChartNode = {
  id: string;
  name: string;
  account_code: string;
  account_type: string;
  archived_datetime: string | null;
  is_last_level: boolean;
  children: ChartNode[];
};

const chartNodeSchema: z.ZodType<ChartNode> = z.object({
  id: z.string(),
  name: z.string(),
  account_code: z.string(),
  account_type: z.string(),
  archived_datetime: z.string().nullable(),
  is_last_level: z.boolean(),
  get children() {
    return z.array(chartNodeSchema);
  },
});

function leaves(nodes: readonly ChartNode[], into: PostableAccount[] = []): PostableAccount[] {
  for (const node of nodes) {
    if (node.archived_datetime) continue;
    if (node.is_last_level && node.children.length === 0) {
      into.push({ id: node.id, code: node.account_code, name: node.name, type: node.account_type });
    }
    leaves(node.children, into);
  }
  return into;
}

/** The chart's active leaves: the only accounts a run may post to. */
export function usePostableAccounts(workspaceId: string | null) {
  return useSWR(
    workspaceId
      ? [`/accounting/workspaces/${encodeURIComponent(workspaceId)}/accounts/`, 'postable-leaves']
      : null,
    async () => {
      const { data } = await api.get(
        '/accounting/workspaces/{workspace_id}/accounts/',
        dataEnvelope(z.array(chartNodeSchema)),
        { params: { workspace_id: workspaceId as string }, handleErrors: false },
      );
      return leaves(data);
    },
  );
}
