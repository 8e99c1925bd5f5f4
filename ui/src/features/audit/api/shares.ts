/** Read-only share links of a signed session, and the public view behind one. */
import useSWR from 'swr';
import { z } from 'zod';

import { ApiError, api, dataEnvelope } from '@/lib/api-client';

import { shareSchema, sharedAuditSchema, type AuditShare, type SharedAudit } from './schemas';

/** The server's bounds on a link's life (command-api SHARE_DAYS_DEFAULT / _MAX). */
export const SHARE_DAYS_DEFAULT = 30;
export const SHARE_DAYS_MAX = 365;

/** Creates a link; its token is in the answer only this once (the server keeps a hash). */
export async function createShare(
  workspaceId: string,
  sessionId: string,
  expiresInDays: number,
): Promise<AuditShare> {
  const { data } = await api.post(
    '/audit/workspaces/{workspace_id}/sessions/{id}/shares/',
    dataEnvelope(shareSchema),
    {
      params: { workspace_id: workspaceId, id: sessionId },
      body: { expires_in_days: expiresInDays },
    },
  );
  return data;
}

export async function revokeShare(
  workspaceId: string,
  sessionId: string,
  shareId: string,
): Promise<void> {
  await api.delete(
    '/audit/workspaces/{workspace_id}/sessions/{id}/shares/{share_id}/',
    z.unknown(),
    { params: { workspace_id: workspaceId, id: sessionId, share_id: shareId } },
  );
}

/** The public view; null when the link is revoked, expired or unknown (404 alike). */
export async function getSharedAudit(token: string): Promise<SharedAudit | null> {
  try {
    const { data } = await api.get('/audit-shared/{token}/', dataEnvelope(sharedAuditSchema), {
      params: { token },
      handleErrors: false,
    });
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useSharedAudit(token: string) {
  return useSWR(token ? ['audit-shared', token] : null, ([, t]) => getSharedAudit(t), {
    revalidateOnFocus: false,
  });
}
