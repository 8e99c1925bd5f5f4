import { z } from 'zod';

import { api } from '@/lib/api-client';

import { emailSchema, newPasswordSchema } from './credentials';

/** Spec §5 leaves name bounds open; 150 is the usual account-name column size. */
export const NAME_LENGTH_MAX = 150;

export const registerInputSchema = z
  .object({
    first_name: z.string().trim().min(1, 'First Name is required').max(NAME_LENGTH_MAX),
    last_name: z.string().trim().min(1, 'Last Name is required').max(NAME_LENGTH_MAX),
    email: emailSchema,
    password: newPasswordSchema,
    confirm_password: z.string().min(1, 'Confirm your password'),
  })
  .refine((values) => values.password === values.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** Spec §7 POST /accounts/register/ with {first_name, last_name, email, password}. */
export async function register(input: RegisterInput): Promise<void> {
  const { first_name, last_name, email, password } = input;
  await api.post('/accounts/register/', z.unknown(), {
    body: { first_name, last_name, email, password },
  });
}

/** Spec §7 POST /accounts/email-verification/initiate/: sends the verification e-mail again. */
export async function resendVerification(email: string): Promise<void> {
  await api.post('/accounts/email-verification/initiate/', z.unknown(), { body: { email } });
}
