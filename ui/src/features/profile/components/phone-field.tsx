import { Group, Input, Select, TextInput } from '@mantine/core';
import { useState } from 'react';

import { COUNTRY_PREFIXES, joinPhone, splitPhone, type CountryCode } from '../api/profile-schema';

const COUNTRY_OPTIONS = COUNTRY_PREFIXES.map((p) => ({
  value: p.country,
  label: `${p.country} ${p.dial}`,
}));

function isCountry(value: string | null): value is CountryCode {
  return COUNTRY_PREFIXES.some((p) => p.country === value);
}

type PhoneFieldProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
};

/** Spec §2: phone number with a country prefix picker (US +1, CA +1, GB +44, NG +234 default). */
export function PhoneField({ value, onChange, onBlur, error }: PhoneFieldProps) {
  const initial = splitPhone(value);
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const local = splitPhone(value).local;

  return (
    <Input.Wrapper label="Phone number" error={error} withAsterisk>
      <Group gap={8} wrap="nowrap" align="flex-start">
        <Select
          aria-label="Country code"
          data={COUNTRY_OPTIONS}
          value={country}
          onChange={(next) => {
            if (!isCountry(next)) return;
            setCountry(next);
            onChange(joinPhone(next, local));
          }}
          allowDeselect={false}
          w={128}
          error={Boolean(error)}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          aria-label="Phone number"
          placeholder="8012345678"
          inputMode="tel"
          autoComplete="tel-national"
          value={local}
          onChange={(event) => onChange(joinPhone(country, event.currentTarget.value))}
          onBlur={onBlur}
          error={Boolean(error)}
          style={{ flex: 1 }}
        />
      </Group>
    </Input.Wrapper>
  );
}
