import { z } from 'zod';

export { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN, newPasswordSchema } from '@/lib/password';

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .email('Enter a valid email address');
