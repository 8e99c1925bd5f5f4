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
});

/** With two-factor authentication on, the right password answers a challenge instead. */
const challengeSchema = z.object({ challenge: z.string() });

export const loginResponseSchema = dataEnvelope(z.union([sessionSchema, challengeSchema]));
export type LoginResult = z.infer<typeof sessionSchema>;

/** This app has no second sign-in step yet: an account with 2FA cannot sign in here. */
export class TwoFactorRequiredError extends Error {
  override readonly name = 'TwoFactorRequiredError';
  constructor() {
    super('This account signs in with a second factor, which this app does not offer yet.');
  }
}

/** Spec §7 POST /accounts/login/: stores the access token and the 2FA flags (spec §3). */
export async function login(input: LoginInput): Promise<LoginResult> {
  const { data } = await api.post('/accounts/login/', loginResponseSchema, { body: input });
  if ('challenge' in data) throw new TwoFactorRequiredError();
  storage.setToken(data.access);
  storage.setRefreshToken(data.refresh ?? null);
  storage.setTwoFactor({
    is_two_fa_enabled: data.is_two_fa_enabled,
    is_google_authenticator_set: data.is_google_authenticator_set,
  });
  return data;
}
