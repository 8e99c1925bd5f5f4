import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';
import { storage } from '@/lib/storage';

import { emailSchema } from './credentials';

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

const sessionSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().nullish(),
  is_google_authenticator_set: z.boolean(),
  is_two_fa_enabled: z.boolean(),
  /** Only when the two-factor step was asked to trust this device. */
  device_token: z.string().min(1).nullish(),
});

/** With two-factor authentication on, the right password answers a challenge instead. */
const challengeSchema = z.object({ challenge: z.string().min(1) });

export const loginResponseSchema = dataEnvelope(z.union([sessionSchema, challengeSchema]));
export type LoginResult = z.infer<typeof sessionSchema>;
export const sessionResponseSchema = dataEnvelope(sessionSchema);

/** What a right password leads to: a session, or the second sign-in step. */
export type LoginOutcome =
  | { kind: 'signed-in'; session: LoginResult }
  | { kind: 'second-factor'; challenge: string; email: string };

/** Keeps a new session: the tokens and the 2FA flags (spec §3). */
export function storeSession(session: LoginResult): void {
  storage.setToken(session.access);
  storage.setRefreshToken(session.refresh ?? null);
  storage.setTwoFactor({
    is_two_fa_enabled: session.is_two_fa_enabled,
    is_google_authenticator_set: session.is_google_authenticator_set,
  });
}

/**
 * Spec §7 POST /accounts/login/: stores the session, or answers the challenge that
 * POST /accounts/2fa/verify/ exchanges with a code for one. A device trusted for this
 * account sends its token, which skips that step; a token the server no longer honours
 * (expired, forgotten, revoked) is dropped.
 */
export async function login(input: LoginInput): Promise<LoginOutcome> {
  const deviceToken = storage.getDeviceToken(input.email);
  const body = deviceToken ? { ...input, device_token: deviceToken } : input;
  const { data } = await api.post('/accounts/login/', loginResponseSchema, { body });
  if ('challenge' in data) {
    if (deviceToken) storage.setDeviceToken(input.email, null);
    return { kind: 'second-factor', challenge: data.challenge, email: input.email };
  }
  storeSession(data);
  return { kind: 'signed-in', session: data };
}
