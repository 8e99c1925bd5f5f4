/**
 * Account ids as people know the accounts ("6210 Rent"), for the audit findings whose
 * reasons name accounts by id. The audit screens read the chart themselves: features
 * do not import each other.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

type AccountLabelNode = {
  id: string;
  name: string;
  account_code: string;
  children: AccountLabelNode[];
};

const nodeSchema: z.ZodType<AccountLabelNode> = z.object({
  id: z.string(),
  name: z.string(),
  account_code: z.string(),
  get children() {
    return z.array(nodeSchema).default([]);
  },
});

/** Every account of the tree (archived too: old findings may name them), by id. */
export function accountLabels(tree: readonly AccountLabelNode[]): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (nodes: readonly AccountLabelNode[]) => {
    for (const node of nodes) {
      labels.set(node.id.toLowerCase(), `${node.account_code} ${node.name}`);
      walk(node.children);
    }
  };
  walk(tree);
  return labels;
}

export const CHART_PATH = '/accounting/workspaces/{workspace_id}/accounts/';

/** The chart with its archived accounts: the hook's request and the prefetch's. */
export function accountLabelsCall(workspaceId: string) {
  return { params: { workspace_id: workspaceId }, query: { include_archived: 'true' } };
}

async function getAccountLabels(workspaceId: string): Promise<Map<string, string>> {
  const { data } = await api.get(CHART_PATH, dataEnvelope(z.array(nodeSchema)), {
    ...accountLabelsCall(workspaceId),
    // Without names the reasons keep the ids: nothing to toast about.
    handleErrors: false,
  });
  return accountLabels(data);
}

/** The labels for a workspace; null (no call) without one, as on the public view. */
export function useAccountLabels(workspaceId: string | null | undefined) {
  const { data } = useSWR(
    workspaceId ? ['audit-account-labels', workspaceId] : null,
    ([, id]: [string, string]) => getAccountLabels(id),
    { shouldRetryOnError: false },
  );
  return data ?? null;
}
