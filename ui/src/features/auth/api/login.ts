import { z } from 'zod';

import { apiClient, dataEnvelope } from '@/lib/api-client';
import { storage } from '@/lib/storage';

import { emailSchema } from './credentials';

export const LOGIN_PATH = '/accounts/login/';

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResponseSchema = dataEnvelope(
  z.object({
    access: z.string().min(1),
    refresh: z.string().nullish(),
    is_google_authenticator_set: z.boolean(),
    is_two_fa_enabled: z.boolean(),
  }),
);
export type LoginResult = z.infer<typeof loginResponseSchema>['data'];

/** Spec §7 POST /accounts/login/: stores the access token and the 2FA flags (spec §3). */
export async function login(input: LoginInput): Promise<LoginResult> {
  const { data } = await apiClient.post(LOGIN_PATH, loginResponseSchema, input);
  storage.setToken(data.access);
  storage.setRefreshToken(data.refresh ?? null);
  storage.setTwoFactor({
    is_two_fa_enabled: data.is_two_fa_enabled,
    is_google_authenticator_set: data.is_google_authenticator_set,
  });
  return data;
}
