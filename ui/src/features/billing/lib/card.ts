/**
 * The sandbox checkout's card form: what is typed is shown the way a card reads
 * ("4242 4242 4242 4242", "12/29") and sent as the server expects (digits, MM/YY).
 */
import { z } from 'zod';

/** Digits only, grouped by four: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1229" → "12/29"; the slash appears once the month is typed. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const cardDigits = (value: string) => value.replace(/\D/g, '');

export const cardFormSchema = z.object({
  card_number: z
    .string()
    .refine(
      (value) => /^\d{12,19}$/.test(cardDigits(value)),
      'Enter the 12 to 19 digits of the card number.',
    ),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry as MM/YY.'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back of the card.'),
});
export type CardForm = z.infer<typeof cardFormSchema>;
