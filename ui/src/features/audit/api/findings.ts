/**
 * The working papers beside a session's result: notes and conclusions on its findings,
 * its shared links and their access log, and the workpaper PDF. Paths as in command-api
 * `audit_sessions.rs` and query-api `audit/findings.rs`, `audit/workpaper.rs`.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

import { sessionCall } from './sessions';

import {
  findingNoteSchema,
  shareLinkSchema,
  shareViewSchema,
  type Conclusion,
  type FindingNote,
  type FindingTarget,
} from './finding-schemas';

export {
  conclusionSchema,
  findingNoteSchema,
  findingTargetSchema,
  shareLinkSchema,
  shareViewSchema,
} from './finding-schemas';
export type {
  Conclusion,
  FindingNote,
  FindingTarget,
  ShareLink,
  ShareView,
} from './finding-schemas';

/** The dispositions a finding can be given (event-schemas `FindingConclusion`). */
export const CONCLUSIONS = [
  { value: 'no_exception', label: 'No exception' },
  { value: 'exception_adjusted', label: 'Exception — adjusted' },
  { value: 'exception_not_material', label: 'Exception — not material' },
  { value: 'control_deficiency', label: 'Control deficiency' },
  { value: 'needs_follow_up', label: 'Needs follow-up' },
] as const;

export function conclusionLabel(conclusion: Conclusion): string {
  return CONCLUSIONS.find((c) => c.value === conclusion)?.label ?? conclusion;
}

/** Exceptions are red, open questions yellow, clean findings green. */
export function conclusionColor(conclusion: Conclusion): string {
  switch (conclusion) {
    case 'no_exception':
      return 'green';
    case 'needs_follow_up':
      return 'yellow';
    default:
      return 'red';
  }
}

export function targetKey(target: FindingTarget): string {
  return target.kind === 'entry' ? `entry:${target.entry_id}` : `test:${target.test}`;
}

/** Each finding's current conclusion: its latest, by target key. */
export function currentConclusions(notes: FindingNote[]): Map<string, Conclusion> {
  const current = new Map<string, Conclusion>();
  for (const note of notes) {
    if (note.kind === 'conclusion' && note.conclusion)
      current.set(targetKey(note.target), note.conclusion);
  }
  return current;
}

export const NOTES_PATH = '/audit/workspaces/{workspace_id}/sessions/{id}/notes/';
export const SHARES_PATH = '/audit/workspaces/{workspace_id}/sessions/{id}/shares/';
export const SHARE_VIEWS_PATH = '/audit/workspaces/{workspace_id}/sessions/{id}/shares/views/';

const notesKey = (workspaceId: string, sessionId: string) =>
  ['audit-notes', workspaceId, sessionId] as const;

export async function listNotes(workspaceId: string, sessionId: string): Promise<FindingNote[]> {
  const { data } = await api.get(NOTES_PATH, dataEnvelope(z.array(findingNoteSchema)), {
    ...sessionCall(workspaceId, sessionId),
    handleErrors: false,
  });
  return data;
}

export function useFindingNotes(workspaceId: string | null, sessionId: string) {
  return useSWR(workspaceId ? notesKey(workspaceId, sessionId) : null, ([, ws, id]) =>
    listNotes(ws, id),
  );
}

export async function addNote(
  workspaceId: string,
  sessionId: string,
  target: FindingTarget,
  text: string,
): Promise<void> {
  await api.post('/audit/workspaces/{workspace_id}/sessions/{id}/notes/', z.unknown(), {
    params: { workspace_id: workspaceId, id: sessionId },
    body: { target, text },
  });
  await mutate(notesKey(workspaceId, sessionId));
}

export async function concludeFinding(
  workspaceId: string,
  sessionId: string,
  target: FindingTarget,
  conclusion: Conclusion,
  rationale: string,
): Promise<void> {
  await api.post('/audit/workspaces/{workspace_id}/sessions/{id}/conclusions/', z.unknown(), {
    params: { workspace_id: workspaceId, id: sessionId },
    body: { target, conclusion, rationale },
  });
  await mutate(notesKey(workspaceId, sessionId));
}

const sharesKey = (workspaceId: string, sessionId: string) =>
  ['audit-shares', workspaceId, sessionId] as const;
const viewsKey = (workspaceId: string, sessionId: string) =>
  ['audit-share-views', workspaceId, sessionId] as const;

export function useShareLinks(workspaceId: string | null, sessionId: string) {
  return useSWR(workspaceId ? sharesKey(workspaceId, sessionId) : null, async ([, ws, id]) => {
    const { data } = await api.get(SHARES_PATH, dataEnvelope(z.array(shareLinkSchema)), {
      ...sessionCall(ws, id),
      handleErrors: false,
    });
    return data;
  });
}

export function useShareViews(workspaceId: string | null, sessionId: string) {
  return useSWR(workspaceId ? viewsKey(workspaceId, sessionId) : null, async ([, ws, id]) => {
    const { data } = await api.get(SHARE_VIEWS_PATH, dataEnvelope(z.array(shareViewSchema)), {
      ...sessionCall(ws, id),
      handleErrors: false,
    });
    return data;
  });
}

/** Refreshes the share list (after a link is created or revoked). */
export async function refreshShareLinks(workspaceId: string, sessionId: string): Promise<void> {
  await mutate(sharesKey(workspaceId, sessionId));
}

/** The workpaper PDF, rendered by the server from the log up to the cut-off. */
export async function downloadWorkpaper(workspaceId: string, sessionId: string): Promise<Blob> {
  return api.download('/audit/workspaces/{workspace_id}/sessions/{id}/workpaper.pdf', {
    params: { workspace_id: workspaceId, id: sessionId },
  });
}
