import { describe, expect, it } from 'vitest';

import {
  COUNTRY_PREFIXES,
  DEFAULT_COUNTRY,
  joinPhone,
  profileFormSchema,
  splitPhone,
  type ProfileFormValues,
} from './profile-schema';

const valid: ProfileFormValues = {
  first_name: 'Ada',
  last_name: 'Okafor',
  address: '12 Marina Road',
  location: 'Lagos, Nigeria',
  persona: 1,
  phone_number: '+2348012345678',
  image_id: null,
};

function messagesFor(values: Partial<ProfileFormValues>): Record<string, string[]> {
  const result = profileFormSchema.safeParse({ ...valid, ...values });
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

describe('profile validation (spec §5)', () => {
  it('a complete profile is valid', () => {
    expect(profileFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['first_name', 'First Name is required'],
    ['last_name', 'Last Name is required'],
    ['address', 'Address is required'],
    ['location', 'Location is required'],
    ['phone_number', 'Phone number is required'],
  ] as const)('an empty %s gives %s', (field, message) => {
    expect(messagesFor({ [field]: '' })[field]).toEqual([message]);
  });

  it('a blank (spaces only) first name is empty', () => {
    expect(messagesFor({ first_name: '   ' }).first_name).toEqual(['First Name is required']);
  });

  it("a missing persona gives 'Persona is required'", () => {
    expect(messagesFor({ persona: null }).persona).toEqual(['Persona is required']);
  });

  it("a persona other than 0, 1 or 2 gives 'Invalid persona value'", () => {
    expect(messagesFor({ persona: 3 }).persona).toEqual(['Invalid persona value']);
  });

  it.each([0, 1, 2])('persona %i is accepted', (persona) => {
    expect(messagesFor({ persona }).persona).toBeUndefined();
  });

  it.each([
    ['+12345678', true], // 8 digits: the shortest
    ['+123456789012345678', true], // 18 digits: the longest
    ['+2348012345678', true],
    ['+1234567', false], // 7 digits
    ['+1234567890123456789', false], // 19 digits
    ['2348012345678', false], // no plus sign
    ['+234 801 234', false], // spaces
  ])('phone %s valid: %s', (phone, ok) => {
    const errors = messagesFor({ phone_number: phone }).phone_number;
    if (ok) expect(errors).toBeUndefined();
    else
      expect(errors).toEqual([
        'Phone number must start with a country code and be 8 to 18 digits long',
      ]);
  });
});

describe('country prefixes (spec §3)', () => {
  it('are US +1, CA +1, GB +44 and NG +234', () => {
    expect(COUNTRY_PREFIXES.map((p) => `${p.country} ${p.dial}`)).toEqual([
      'US +1',
      'CA +1',
      'GB +44',
      'NG +234',
    ]);
  });

  it('default to NG +234', () => {
    expect(DEFAULT_COUNTRY).toBe('NG');
    expect(splitPhone('')).toEqual({ country: 'NG', local: '' });
  });

  it('split a stored number into its prefix and local digits', () => {
    expect(splitPhone('+447700900123')).toEqual({ country: 'GB', local: '7700900123' });
    expect(splitPhone('+2348012345678')).toEqual({ country: 'NG', local: '8012345678' });
    expect(splitPhone('+15551234567')).toEqual({ country: 'US', local: '5551234567' });
  });

  it('join the prefix and the digits typed, and nothing when no digits are typed', () => {
    expect(joinPhone('GB', '7700 900-123')).toBe('+447700900123');
    expect(joinPhone('NG', '')).toBe('');
  });
});
