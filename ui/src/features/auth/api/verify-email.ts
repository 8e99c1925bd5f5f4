import { z } from 'zod';

import { api, requireParam } from '@/lib/api-client';

/** Spec §7 POST /accounts/email-verification/complete/ with {token}. */
export async function completeEmailVerification(token: string | null): Promise<void> {
  const value = requireParam('token', token, 'completeEmailVerification');
  await api.post('/accounts/email-verification/complete/', z.unknown(), { body: { token: value } });
}
