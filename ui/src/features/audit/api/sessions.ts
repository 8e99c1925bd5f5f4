/**
 * Audit sessions of a workspace: list, one session, its result, and the commands on it
 * (open, sign off, archive). Paths as in command-api `audit_sessions.rs` and query-api
 * `audit/mod.rs`.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { auditResultSchema, sessionSchema, type AuditResult, type AuditSession } from './schemas';

export const SESSIONS_PATH = '/audit/workspaces/{workspace_id}/sessions/';
export const SESSION_PATH = '/audit/workspaces/{workspace_id}/sessions/{id}/';
export const SESSION_RESULT_PATH = '/audit/workspaces/{workspace_id}/sessions/{id}/results/';

/** A session's reads (it, its result, notes and shares): the hooks' and the prefetch's. */
export function sessionCall(workspaceId: string, sessionId: string) {
  return { params: { workspace_id: workspaceId, id: sessionId } };
}

export async function listSessions(workspaceId: string): Promise<AuditSession[]> {
  const { data } = await api.get(
    SESSIONS_PATH,
    dataEnvelope(z.array(sessionSchema)),
    // The screen shows its own error state for a list that fails.
    { params: { workspace_id: workspaceId }, handleErrors: false },
  );
  return data;
}

export async function getSession(workspaceId: string, sessionId: string): Promise<AuditSession> {
  const { data } = await api.get(SESSION_PATH, dataEnvelope(sessionSchema), {
    ...sessionCall(workspaceId, sessionId),
    handleErrors: false,
  });
  return data;
}

export async function getSessionResult(
  workspaceId: string,
  sessionId: string,
): Promise<AuditResult> {
  const { data } = await api.get(SESSION_RESULT_PATH, dataEnvelope(auditResultSchema), {
    ...sessionCall(workspaceId, sessionId),
    handleErrors: false,
  });
  return data;
}

export type OpenSessionInput = {
  name: string;
  period_start: string;
  period_end: string;
  materiality: string;
  performance_materiality: string;
  approval_thresholds?: string[];
  /** The IANA zone the timing tests read posting times in; the workspace's when absent. */
  time_zone?: string;
  /** Local dates `YYYY-MM-DD`. */
  holidays?: string[];
  /** `HH:MM`, local to `time_zone`. */
  business_hours?: { start: string; end: string };
};

/** Opens a session pinned to the workspace chain head now; answers its id. */
export async function openSession(workspaceId: string, input: OpenSessionInput): Promise<string> {
  const { data } = await api.post(SESSIONS_PATH, dataEnvelope(z.object({ id: z.string() })), {
    params: { workspace_id: workspaceId },
    body: input,
  });
  await mutate(sessionsKey(workspaceId));
  return data.id;
}

export type SignOffRole = 'performer' | 'reviewer';

export async function signOff(
  workspaceId: string,
  sessionId: string,
  role: SignOffRole,
  conclusion: string,
): Promise<void> {
  await api.post('/audit/workspaces/{workspace_id}/sessions/{id}/sign-off/', z.unknown(), {
    params: { workspace_id: workspaceId, id: sessionId },
    body: { role, conclusion },
  });
  await refreshSession(workspaceId, sessionId);
}

export async function archiveSession(workspaceId: string, sessionId: string): Promise<void> {
  await api.post('/audit/workspaces/{workspace_id}/sessions/{id}/archive/', z.unknown(), {
    params: { workspace_id: workspaceId, id: sessionId },
  });
  await refreshSession(workspaceId, sessionId);
}

// SWR keys: tuples so the workspace is part of every key.
const sessionsKey = (workspaceId: string) => ['audit-sessions', workspaceId] as const;
const sessionKey = (workspaceId: string, sessionId: string) =>
  ['audit-session', workspaceId, sessionId] as const;

async function refreshSession(workspaceId: string, sessionId: string): Promise<void> {
  await Promise.all([mutate(sessionKey(workspaceId, sessionId)), mutate(sessionsKey(workspaceId))]);
}

export function useSessions(workspaceId: string | null) {
  return useSWR(workspaceId ? sessionsKey(workspaceId) : null, ([, ws]) => listSessions(ws));
}

export function useSession(workspaceId: string | null, sessionId: string) {
  return useSWR(workspaceId ? sessionKey(workspaceId, sessionId) : null, ([, ws, id]) =>
    getSession(ws, id),
  );
}

/**
 * The result never changes for a session (it is rerun over the log up to the pinned
 * cut-off), so it is fetched once and not revalidated on focus.
 */
export function useSessionResult(workspaceId: string | null, sessionId: string) {
  return useSWR(
    workspaceId ? ['audit-result', workspaceId, sessionId] : null,
    ([, ws, id]) => getSessionResult(ws, id),
    { revalidateOnFocus: false, revalidateIfStale: false },
  );
}
