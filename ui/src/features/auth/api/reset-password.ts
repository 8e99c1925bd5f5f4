import { z } from 'zod';

import { api } from '@/lib/api-client';

import { emailSchema, newPasswordSchema } from './credentials';

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const resetCompleteSchema = z
  .object({
    password: newPasswordSchema,
    confirm_password: z.string().min(1, 'Confirm your password'),
  })
  .refine((values) => values.password === values.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type ResetCompleteInput = z.infer<typeof resetCompleteSchema>;

/** Spec §7 POST /accounts/password/reset/initialize/ with {email}. */
export async function requestPasswordReset(input: ResetRequestInput): Promise<void> {
  await api.post('/accounts/password/reset/initialize/', z.unknown(), {
    body: { email: input.email },
  });
}

/** Spec §7 POST /accounts/password/reset/complete/ with {token, password}. */
export async function completePasswordReset(
  token: string,
  input: ResetCompleteInput,
): Promise<void> {
  await api.post('/accounts/password/reset/complete/', z.unknown(), {
    body: { token, password: input.password },
  });
}
