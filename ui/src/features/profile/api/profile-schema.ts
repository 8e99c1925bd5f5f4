/**
 * The profile form's rules and texts, verbatim from spec §5, and the country prefixes of
 * spec §3. Errors are shown only for touched fields (the form decides that).
 */
import { z } from 'zod';

/** Spec §3/§9 country prefix options; NG +234 is the default. */
export const COUNTRY_PREFIXES = [
  { country: 'US', dial: '+1' },
  { country: 'CA', dial: '+1' },
  { country: 'GB', dial: '+44' },
  { country: 'NG', dial: '+234' },
] as const;
export type CountryCode = (typeof COUNTRY_PREFIXES)[number]['country'];
export const DEFAULT_COUNTRY: CountryCode = 'NG';

/** Spec §5: a plus sign, a country code of 1 to 3 digits, then 7 to 15 more digits (8 to 18 in all). */
export const PHONE_PATTERN = /^\+\d{1,3}\d{7,15}$/;

/** Spec §9: persona values 0, 1, 2. The spec does not name them; these labels are ours. */
export const PERSONA_OPTIONS = [
  { value: 0, label: 'Business owner' },
  { value: 1, label: 'Accountant' },
  { value: 2, label: 'Auditor' },
] as const;
const PERSONA_VALUES: readonly number[] = PERSONA_OPTIONS.map((p) => p.value);

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  addressRequired: 'Address is required',
  locationRequired: 'Location is required',
  personaRequired: 'Persona is required',
  personaInvalid: 'Invalid persona value',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number must start with a country code and be 8 to 18 digits long',
} as const;

// `abort`: an empty value reports only that it is required, not its format too.
const required = (message: string) => z.string().trim().min(1, { message, abort: true });

export const profileFormSchema = z.object({
  first_name: required(PROFILE_MESSAGES.firstNameRequired),
  last_name: required(PROFILE_MESSAGES.lastNameRequired),
  address: required(PROFILE_MESSAGES.addressRequired),
  location: required(PROFILE_MESSAGES.locationRequired),
  persona: z
    .number({ error: PROFILE_MESSAGES.personaRequired })
    .nullable()
    .refine((value) => value !== null, PROFILE_MESSAGES.personaRequired)
    .refine(
      (value) => value === null || PERSONA_VALUES.includes(value),
      PROFILE_MESSAGES.personaInvalid,
    ),
  phone_number: required(PROFILE_MESSAGES.phoneRequired).regex(
    PHONE_PATTERN,
    PROFILE_MESSAGES.phoneInvalid,
  ),
  image_id: z.string().nullable(),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** Splits a stored phone number into the prefix picker's country and the local digits. */
export function splitPhone(value: string): { country: CountryCode; local: string } {
  const trimmed = value.trim();
  // Longest prefix first, so +234 is not read as +2…; +1 reads as US.
  const byLength = [...COUNTRY_PREFIXES].sort((a, b) => b.dial.length - a.dial.length);
  const match = byLength.find((p) => trimmed.startsWith(p.dial));
  if (!match) return { country: DEFAULT_COUNTRY, local: trimmed.replace(/\D/g, '') };
  return { country: match.country, local: trimmed.slice(match.dial.length).replace(/\D/g, '') };
}

export function dialOf(country: CountryCode): string {
  return COUNTRY_PREFIXES.find((p) => p.country === country)?.dial ?? '+234';
}

/** The full number the form validates and sends; empty when no local digits are typed. */
export function joinPhone(country: CountryCode, local: string): string {
  const digits = local.replace(/\D/g, '');
  return digits ? `${dialOf(country)}${digits}` : '';
}
