import { mutate, type SWRConfiguration } from 'swr';

/**
 * Spec §9 data-fetching defaults: no refetch on window focus, refetch on mount,
 * 1 retry, stale time 0 (SWR's deduping window is its stale time).
 */
export const SWR_DEFAULTS = {
  revalidateOnFocus: false,
  revalidateOnMount: true,
  errorRetryCount: 1,
  dedupingInterval: 0,
} as const satisfies SWRConfiguration;

/** Spec §4/§9: current-user and workspace data count as fresh for 60 minutes. */
export const SESSION_FRESH_MS = 60 * 60 * 1000;
/** Spec §4/§9: profile data counts as fresh for 360000 ms. */
export const PROFILE_FRESH_MS = 360_000;

/**
 * Options that keep a key's data fresh for `ms`: a mount within that window reuses the
 * last request instead of asking again.
 */
export function freshFor(ms: number): SWRConfiguration {
  return { dedupingInterval: ms };
}

export const currentUserFreshness = freshFor(SESSION_FRESH_MS);
export const workspacesFreshness = freshFor(SESSION_FRESH_MS);
export const profileFreshness = freshFor(PROFILE_FRESH_MS);

/**
 * Spec §4: switching workspace (and signing out) discards all cached data. With
 * `refetch`, what is on screen asks again (switching workspace: the layout stays
 * mounted and must show the new workspace's data); without it nothing is asked
 * (signing out: the token is gone).
 */
export async function resetCache({ refetch = false }: { refetch?: boolean } = {}): Promise<void> {
  await mutate(() => true, undefined, { revalidate: refetch });
}
