import { z } from 'zod';

import { apiClient, requireParam } from '@/lib/api-client';

export const EMAIL_VERIFICATION_COMPLETE_PATH = '/accounts/email-verification/complete/';

/** Spec §7 POST /accounts/email-verification/complete/ with {token}. */
export async function completeEmailVerification(token: string | null): Promise<void> {
  const value = requireParam('token', token, 'completeEmailVerification');
  await apiClient.post(EMAIL_VERIFICATION_COMPLETE_PATH, z.unknown(), { token: value });
}
