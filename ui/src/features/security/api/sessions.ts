/**
 * The caller's signed-in sessions (refresh-token families): GET /accounts/sessions/,
 * DELETE /accounts/sessions/{id}/ and POST /accounts/sessions/sign-out-others/.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';

export const SESSIONS_PATH = '/accounts/sessions/';

export const sessionSchema = z.object({
  id: z.string(),
  started_at: z.string(),
  last_active_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
  /** Browser and OS it signed in from, e.g. "Firefox on Linux". */
  device: z.string().nullish(),
  ip_address: z.string().nullish(),
});
export type SessionRow = z.infer<typeof sessionSchema>;

function getSessions(): Promise<SessionRow[]> {
  return api
    .get('/accounts/sessions/', dataEnvelope(z.array(sessionSchema)))
    .then(({ data }) => data);
}

export function useSessions() {
  return useSWR(SESSIONS_PATH, getSessions);
}

const messageSchema = dataEnvelope(z.object({ detail: z.string() }).partial().passthrough());

export async function endSession(id: string): Promise<void> {
  await api.delete('/accounts/sessions/{session_id}/', messageSchema, {
    params: { session_id: id },
  });
}

export async function signOutOtherSessions(): Promise<void> {
  await api.post('/accounts/sessions/sign-out-others/', messageSchema);
}

export const TRUSTED_DEVICES_PATH = '/accounts/trusted-devices/';

/** A device trusted to skip the second sign-in factor (GET /accounts/trusted-devices/). */
export const trustedDeviceSchema = z.object({
  id: z.string(),
  device: z.string().nullish(),
  ip_address: z.string().nullish(),
  trusted_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
});
export type TrustedDeviceRow = z.infer<typeof trustedDeviceSchema>;

function getTrustedDevices(): Promise<TrustedDeviceRow[]> {
  return api
    .get('/accounts/trusted-devices/', dataEnvelope(z.array(trustedDeviceSchema)))
    .then(({ data }) => data);
}

export function useTrustedDevices() {
  return useSWR(TRUSTED_DEVICES_PATH, getTrustedDevices);
}

/** DELETE /accounts/trusted-devices/{id}/: its next sign-in asks for a code again. */
export async function forgetTrustedDevice(id: string): Promise<void> {
  await api.delete('/accounts/trusted-devices/{device_id}/', messageSchema, {
    params: { device_id: id },
  });
}
