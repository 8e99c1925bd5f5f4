/**
 * The active workspace's base currency (DESIGN.md §5: default NGN), read from the
 * workspace itself, so every amount on the accounting screens is formatted for it.
 */
import { useWorkspaceDetail } from '@/lib/workspace-read';

/** DESIGN.md §5: a workspace's base currency when nothing else is known. */
export const DEFAULT_CURRENCY = 'NGN';

export function useWorkspaceCurrency(): string {
  // Only the label of amounts depends on it: while loading, or after a failure (which the
  // workspace error boundary reports), the default applies.
  const { data } = useWorkspaceDetail();
  return data?.base_currency || DEFAULT_CURRENCY;
}
