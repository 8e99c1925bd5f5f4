/**
 * The signed-in user (spec §3 "Current user / profile") and sign-out. The layouts, the
 * permission hook and the start-up guard all read the session from here.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { paths } from '@/config/paths';
import { api, dataEnvelope, idSchema } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { storage } from '@/lib/storage';
import { currentUserFreshness, resetCache } from '@/lib/swr';

export const membershipSchema = z.object({
  id: idSchema.optional(),
  organization_id: idSchema.nullish(),
  role: z.number().int(),
  workspaces: z.array(idSchema).default([]),
});
export type Membership = z.infer<typeof membershipSchema>;

const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

export const currentUserSchema = z.object({
  // The user's id: what `opened_by` and other authorship fields name.
  id: idSchema.optional(),
  first_name: nullableText,
  last_name: nullableText,
  email: nullableText,
  phone_number: nullableText,
  address: nullableText,
  location: nullableText,
  persona: z.number().int().nullish(),
  date_joined: z.string().nullish(),
  image_id: idSchema.nullish(),
  image: z.object({ absolute_url: z.string().nullish() }).nullish(),
  memberships: z
    .array(membershipSchema)
    .nullish()
    .transform((value) => value ?? []),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const CURRENT_USER_PATH = '/accounts/me/';

export function getCurrentUser(): Promise<CurrentUser> {
  return api
    .get('/accounts/me/', dataEnvelope(currentUserSchema))
    .then((envelope) => envelope.data);
}

/** The current user, fresh for 60 minutes; asks only while a token is stored. */
export function useCurrentUser() {
  const token = storage.getToken();
  return useSWR(token ? CURRENT_USER_PATH : null, getCurrentUser, currentUserFreshness);
}

export function fullName(user: Pick<CurrentUser, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter((part) => part.trim().length > 0).join(' ');
}

/** The avatar letter: the first letter of first_name (spec §2), uppercase. */
export function initialOf(name: string | null | undefined): string {
  const letter = (name ?? '').trim().charAt(0);
  return letter ? letter.toUpperCase() : '?';
}

/** How long sign-out waits for the server to end the session before going on anyway. */
export const LOGOUT_WAIT_MS = 3000;

/**
 * Ends the session on the server (so it leaves the sessions list and its refresh token
 * stops working), then clears the stored session and cached data and returns to
 * sign-in. A server that is down or slow never keeps anyone signed in here.
 */
export async function logout(): Promise<void> {
  if (storage.getToken()) {
    await api
      .post('/accounts/logout/', z.unknown(), {
        handleErrors: false,
        signal: AbortSignal.timeout(LOGOUT_WAIT_MS),
      })
      .catch(() => undefined);
  }
  storage.clear();
  await resetCache();
  navigateTo(paths.auth.login, { replace: true });
}
