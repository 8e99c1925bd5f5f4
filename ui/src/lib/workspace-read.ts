/**
 * The active workspace as the server has it (GET
 * /accounts/organizations/{organization_id}/workspaces/{id}/), and spec §8 "Workspace
 * read errors are thrown to an error boundary": a workspace that is gone (404), a
 * membership that was revoked (403) or a server that cannot answer must not leave the
 * workspace's screens blank or loading for ever.
 */
import useSWR, { useSWRConfig } from 'swr';
import { z } from 'zod';

import { ApiError, api, dataEnvelope } from '@/lib/api-client';
import { useOrganizationId, useWorkspaceId } from '@/lib/active-workspace';
import { workspacesFreshness } from '@/lib/swr';
import { MY_WORKSPACES_PATH } from '@/lib/workspaces';

const workspaceDetailSchema = dataEnvelope(
  z.object({ name: z.string().nullish(), base_currency: z.string().nullish() }).loose(),
);
export type WorkspaceDetail = z.infer<typeof workspaceDetailSchema>['data'];

export const workspaceDetailKey = (organizationId: string, workspaceId: string) =>
  `/accounts/organizations/${encodeURIComponent(organizationId)}/workspaces/${encodeURIComponent(workspaceId)}/`;

/** Why a workspace read failed, as the boundary explains it. */
export type WorkspaceReadFailure = 'gone' | 'forbidden' | 'unavailable';

export class WorkspaceReadError extends Error {
  readonly failure: WorkspaceReadFailure;

  constructor(override readonly cause: unknown) {
    super('The active workspace could not be read');
    this.name = 'WorkspaceReadError';
    this.failure = failureOf(cause);
  }
}

function failureOf(error: unknown): WorkspaceReadFailure {
  if (error instanceof ApiError && error.status === 404) return 'gone';
  if (error instanceof ApiError && error.status === 403) return 'forbidden';
  return 'unavailable';
}

async function getWorkspaceDetail(
  organizationId: string,
  workspaceId: string,
): Promise<WorkspaceDetail> {
  // The boundary explains the failure; a toast on top of it would say it twice.
  const { data } = await api.get(
    '/accounts/organizations/{organization_id}/workspaces/{id}/',
    workspaceDetailSchema,
    { params: { organization_id: organizationId, id: workspaceId }, handleErrors: false },
  );
  return data;
}

/** The active workspace's record; one request shared by every screen that needs it. */
export function useWorkspaceDetail() {
  const organizationId = useOrganizationId();
  const workspaceId = useWorkspaceId();
  return useSWR(
    organizationId && workspaceId ? workspaceDetailKey(organizationId, workspaceId) : null,
    () => getWorkspaceDetail(organizationId ?? '', workspaceId ?? ''),
    { ...workspacesFreshness, shouldRetryOnError: false },
  );
}

/**
 * Reads the active workspace and throws a failed read into the nearest error boundary
 * (`WorkspaceErrorBoundary`). Rendered around the workspace-scoped routes.
 */
export function useWorkspaceReadGuard(): void {
  const { error, data } = useWorkspaceDetail();
  if (error === undefined) return;
  const failure = new WorkspaceReadError(error);
  // A workspace deleted or a membership revoked while on screen counts even when an
  // earlier read succeeded; a passing outage then leaves what is shown in place.
  if (data === undefined || failure.failure !== 'unavailable') throw failure;
}

/**
 * Retry from the boundary: the workspace list asks again (a workspace that is gone drops
 * out and another becomes active) and the workspace is read again into the cache. The
 * read is made here, not left to revalidation: the boundary unmounted the hooks that
 * would revalidate it, and remounting them would only find the cached failure.
 */
export function useRetryWorkspaceRead(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  const organizationId = useOrganizationId();
  const workspaceId = useWorkspaceId();
  return async () => {
    const list = mutate(MY_WORKSPACES_PATH);
    if (organizationId && workspaceId) {
      await mutate(
        workspaceDetailKey(organizationId, workspaceId),
        getWorkspaceDetail(organizationId, workspaceId),
        { revalidate: false, populateCache: true, throwOnError: false },
      );
    }
    await list;
  };
}
