import { describe, expect, it } from 'vitest';

import {
  PROFILE_FRESH_MS,
  SESSION_FRESH_MS,
  SWR_DEFAULTS,
  currentUserFreshness,
  profileFreshness,
  workspacesFreshness,
} from './swr';

describe('data-fetching defaults (spec §9)', () => {
  it('do not refetch on window focus, refetch on mount, retry once and have stale time 0', () => {
    expect(SWR_DEFAULTS).toEqual({
      revalidateOnFocus: false,
      revalidateOnMount: true,
      errorRetryCount: 1,
      dedupingInterval: 0,
    });
  });

  it('keep current-user and workspace data fresh for 60 minutes', () => {
    expect(SESSION_FRESH_MS).toBe(60 * 60 * 1000);
    expect(currentUserFreshness.dedupingInterval).toBe(3_600_000);
    expect(workspacesFreshness.dedupingInterval).toBe(3_600_000);
  });

  it('keep profile data fresh for 360000 ms', () => {
    expect(PROFILE_FRESH_MS).toBe(360_000);
    expect(profileFreshness.dedupingInterval).toBe(360_000);
  });
});
