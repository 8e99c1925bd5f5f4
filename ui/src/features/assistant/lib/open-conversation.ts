/**
 * The conversation open in the assistant, per workspace. The header (and so the button)
 * is each page's own, so this lives outside it: opening a source or a draft moves to
 * another page, and the assistant reopens on the same thread there. Memory only: a
 * reload starts afresh (the list still holds every conversation), and nothing of it is
 * left in the browser's storage for whoever signs in next.
 */
import { useCallback, useSyncExternalStore } from 'react';

const open = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open conversation of `workspaceId` and its setter. */
export function useOpenConversation(workspaceId: string | null) {
  const id = useSyncExternalStore(subscribe, () =>
    workspaceId ? (open.get(workspaceId) ?? null) : null,
  );
  const set = useCallback(
    (next: string | null) => {
      if (!workspaceId) return;
      if (next) open.set(workspaceId, next);
      else open.delete(workspaceId);
      listeners.forEach((listener) => listener());
    },
    [workspaceId],
  );
  return [id, set] as const;
}

/** Forgets every open conversation (between tests). */
export function forgetOpenConversations() {
  open.clear();
  listeners.forEach((listener) => listener());
}
