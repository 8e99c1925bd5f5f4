/**
 * Workspace transfers between organizations (spec §3, §4, §7): the list an organization
 * gives or receives, a request from the source, and the answers — the target's Admins
 * approve (2) or reject (3); either side closes a pending one (4).
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, paginatedEnvelope, requireParam } from '@/lib/api-client';

/** Spec §9: the transfer list is asked with page size 100. */
export const TRANSFER_PAGE_SIZE = 100;

/**
 * Spec §4 sends 2 approved, 3 rejected, 4 any other choice; the server lists a
 * transfer nobody has answered yet as 1.
 */
export const TRANSFER_STATUS = { pending: 1, approved: 2, rejected: 3, closed: 4 } as const;
export type TransferAnswer = 2 | 3 | 4;

export const TRANSFER_STATUS_LABEL: Record<number, string> = {
  1: 'Pending',
  2: 'Approved',
  3: 'Rejected',
  4: 'Closed',
};

export const transferSchema = z.object({
  transfer_id: z.string(),
  source_organization: z.string(),
  target_organization: z.string(),
  source_organization_name: z.string().nullish(),
  target_organization_name: z.string().nullish(),
  workspace: z.string(),
  workspace_name: z.string().nullish(),
  status: z.number().int(),
  created_datetime: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

const TRANSFERS_PATH = '/accounts/organizations/{organization_id}/workspaces/transfers/';

/** The SWR key of an organization's transfers, so a request elsewhere refreshes the list. */
export const transfersKey = (organizationId: string) => [TRANSFERS_PATH, organizationId] as const;

export function useTransfers(organizationId: string | null) {
  return useSWR(organizationId ? transfersKey(organizationId) : null, ([, organization_id]) =>
    api.get(TRANSFERS_PATH, paginatedEnvelope(transferSchema), {
      params: { organization_id },
      query: { page: 1, page_size: TRANSFER_PAGE_SIZE },
      handleErrors: false,
    }),
  );
}

/** Spec §7 POST .../workspaces/transfers/ with target_organization, workspace, source_organization. */
export async function requestTransfer(input: {
  sourceOrganizationId: string | null;
  targetOrganizationId: string;
  workspaceId: string;
}) {
  const source = requireParam(
    'sourceOrganizationId',
    input.sourceOrganizationId,
    'requestTransfer',
  );
  const { data } = await api.post(
    TRANSFERS_PATH,
    dataEnvelope(transferSchema.omit({ workspace_name: true, created_datetime: true })),
    {
      params: { organization_id: source },
      body: {
        target_organization: input.targetOrganizationId,
        workspace: input.workspaceId,
        source_organization: source,
      },
    },
  );
  return data;
}

/** Spec §7 PATCH .../workspaces/transfers/{id}/ with the answer's status. */
export function answerTransfer(organizationId: string, transferId: string, status: TransferAnswer) {
  return api.patch(
    '/accounts/organizations/{organization_id}/workspaces/transfers/{id}/',
    z.unknown(),
    { params: { organization_id: organizationId, id: transferId }, body: { status } },
  );
}
