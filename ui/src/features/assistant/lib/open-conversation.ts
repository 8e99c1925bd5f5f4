/**
 * The conversation open in the assistant, per workspace. The header (and so the button)
 * is each page's own, so this lives outside it: opening a source or a draft moves to
 * another page, and the assistant reopens on the same thread there. Kept for the browser
 * tab (sessionStorage), never across sign-ins on a shared machine.
 */
import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'assistant.conversation.';
const listeners = new Set<() => void>();

function read(workspaceId: string): string | null {
  try {
    return window.sessionStorage.getItem(KEY + workspaceId);
  } catch {
    return null;
  }
}

function write(workspaceId: string, id: string | null) {
  try {
    if (id) window.sessionStorage.setItem(KEY + workspaceId, id);
    else window.sessionStorage.removeItem(KEY + workspaceId);
  } catch {
    // Storage refused (private mode): the thread is then kept for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open conversation of `workspaceId` and its setter. */
export function useOpenConversation(workspaceId: string | null) {
  const id = useSyncExternalStore(subscribe, () => (workspaceId ? read(workspaceId) : null));
  const set = useCallback(
    (next: string | null) => {
      if (workspaceId) write(workspaceId, next);
    },
    [workspaceId],
  );
  return [id, set] as const;
}
