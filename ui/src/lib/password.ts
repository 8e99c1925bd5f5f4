import { z } from 'zod';

/** Spec §5 leaves password bounds open; these match common guidance (NIST 800-63B). */
export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 128;

/** A new password (sign-up, reset, change): the server holds it to the same bounds. */
export const newPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_LENGTH_MIN, `Password must be at least ${PASSWORD_LENGTH_MIN} characters`)
  .max(PASSWORD_LENGTH_MAX, `Password must be at most ${PASSWORD_LENGTH_MAX} characters`);
