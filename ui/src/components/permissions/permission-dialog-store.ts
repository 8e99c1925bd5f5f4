/**
 * A tiny store between `usePermission` (which decides to show a modal) and the one
 * `<PermissionModals/>` host mounted at the root.
 */
import { useSyncExternalStore } from 'react';

import type { PermissionModalKind } from '@/lib/permissions';

export type PermissionDialog = {
  kind: PermissionModalKind;
  /** Display name of the resource for 'limit_exceeded'. */
  resourceName?: string;
};

let current: PermissionDialog | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openPermissionDialog(dialog: PermissionDialog): void {
  current = dialog;
  emit();
}

export function closePermissionDialog(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePermissionDialog(): PermissionDialog | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
