import { z } from 'zod';

import { api } from '@/lib/api-client';
import { storage } from '@/lib/storage';

import { sessionResponseSchema, storeSession, type LoginResult } from './login';

/** A TOTP code is 6 digits (RFC 6238 as authenticator apps use it); spaces are ignored. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the 6-digit code from your authenticator app')
      .regex(TOTP_CODE_PATTERN, 'The code is the 6 digits your authenticator app shows'),
  );

export const recoveryCodeSchema = z.string().trim().min(1, 'Enter one of your recovery codes');

/** The second factor as the sign-in step sends it: a TOTP code or a recovery code. */
export type SecondFactorInput = { code: string } | { recovery_code: string };

/**
 * Spec §7 POST /accounts/2fa/verify/: the login's challenge and a code answer the session,
 * which is stored as a login's is. Errors are left to the caller: the step shows them on
 * its field, and the throttle's wait in place. With `trust.email`, "Trust this device" is
 * asked for and the device token kept for that account's later sign-ins here.
 */
export async function verifyTwoFactor(
  challenge: string,
  factor: SecondFactorInput,
  trust?: { email: string },
): Promise<LoginResult> {
  const { data } = await api.post('/accounts/2fa/verify/', sessionResponseSchema, {
    body: trust ? { challenge, ...factor, trust_device: true } : { challenge, ...factor },
    handleErrors: false,
  });
  storeSession(data);
  if (trust && data.device_token) storage.setDeviceToken(trust.email, data.device_token);
  return data;
}
