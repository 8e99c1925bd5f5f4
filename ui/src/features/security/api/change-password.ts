/** POST /accounts/password/change/: the current password and a new one. */
import { z } from 'zod';

import { api, dataEnvelope } from '@/lib/api-client';
import { newPasswordSchema } from '@/lib/password';

export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    new_password: newPasswordSchema,
    confirm_password: z.string(),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    message: 'The passwords do not match',
  })
  .refine((values) => values.new_password !== values.current_password, {
    path: ['new_password'],
    message: 'Choose a password different from the current one',
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export async function changePassword(values: ChangePasswordValues): Promise<string> {
  const { data } = await api.post(
    '/accounts/password/change/',
    dataEnvelope(z.object({ detail: z.string() })),
    {
      body: { current_password: values.current_password, new_password: values.new_password },
      handleErrors: false,
    },
  );
  return data.detail;
}
