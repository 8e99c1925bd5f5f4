import useSWR, { mutate } from 'swr';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';
import { CURRENT_USER_PATH, currentUserSchema, getCurrentUser, type CurrentUser } from '@/lib/auth';
import { profileFreshness } from '@/lib/swr';
import { storage } from '@/lib/storage';

/** The profile's own cache entry: fresh for 360000 ms (spec §4/§9), unlike the session's 60 min. */
export const PROFILE_KEY = [CURRENT_USER_PATH, 'profile'] as const;

export function useProfile() {
  const token = storage.getToken();
  return useSWR(token ? PROFILE_KEY : null, getCurrentUser, profileFreshness);
}

/** The body of PATCH /accounts/me/ the profile form sends. */
export type UpdateProfileInput = {
  first_name: string;
  last_name: string;
  address: string;
  location: string;
  persona: number;
  phone_number: string;
  image_id?: string | null;
};

/** Spec §7 PATCH /accounts/me/, reads data; the session and profile caches get the answer. */
export async function updateProfile(
  input: UpdateProfileInput | null | undefined,
): Promise<CurrentUser> {
  const body = requireParam('body', input, 'updateProfile');
  const { data } = await api.patch('/accounts/me/', dataEnvelope(currentUserSchema), { body });
  await Promise.all([
    mutate(CURRENT_USER_PATH, data, { revalidate: false }),
    mutate(PROFILE_KEY, data, { revalidate: false }),
  ]);
  return data;
}
