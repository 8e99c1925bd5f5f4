/**
 * Spec §7 /accounts/2fa/: the caller's status, setting up a new authenticator (a pending
 * secret with its QR code), enabling it with a code (which answers the recovery codes,
 * shown once) and disabling it with the password and a code.
 */
import useSWR, { mutate } from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';
import { storage } from '@/lib/storage';

export const TWO_FACTOR_STATUS_PATH = '/accounts/2fa/status/';

const flagsSchema = z.object({
  is_google_authenticator_set: z.boolean(),
  is_two_fa_enabled: z.boolean(),
});
export type TwoFactorFlags = z.infer<typeof flagsSchema>;

function getTwoFactorStatus(): Promise<TwoFactorFlags> {
  return api.get('/accounts/2fa/status/', dataEnvelope(flagsSchema)).then(({ data }) => data);
}

export function useTwoFactorStatus() {
  return useSWR(TWO_FACTOR_STATUS_PATH, getTwoFactorStatus);
}

/** The stored flags (spec §3 `2FAData`) and the status cache follow a change. */
async function remember(flags: TwoFactorFlags): Promise<void> {
  storage.setTwoFactor(flags);
  await mutate(TWO_FACTOR_STATUS_PATH, flags, { revalidate: false });
}

const setupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string().min(1),
  otpauth_uri: z.string().startsWith('otpauth://'),
  /** The URI as an SVG QR code, a `data:` URL rendered by the server (no network). */
  qr_code: z.string().startsWith('data:image/'),
});
export type TwoFactorSetup = z.infer<typeof setupSchema>;

export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  const { data } = await api.post('/accounts/2fa/setup/', dataEnvelope(setupSchema));
  return data;
}

const enabledSchema = flagsSchema.extend({ recovery_codes: z.array(z.string()).min(1) });

/** Enables 2FA with a current code; answers the recovery codes, which are never shown again. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const { data } = await api.post('/accounts/2fa/enable/', dataEnvelope(enabledSchema), {
    body: { code },
    handleErrors: false,
  });
  await remember({
    is_google_authenticator_set: data.is_google_authenticator_set,
    is_two_fa_enabled: data.is_two_fa_enabled,
  });
  return data.recovery_codes;
}

export type DisableInput = { password: string } & ({ code: string } | { recovery_code: string });

export async function disableTwoFactor(input: DisableInput): Promise<void> {
  const { data } = await api.post('/accounts/2fa/disable/', dataEnvelope(flagsSchema), {
    body: input,
    handleErrors: false,
  });
  await remember(data);
}
