import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { handleApiError } from '@/lib/api-client';
import { formErrorsOf, throttleMessageOf } from '@/lib/field-errors';

import { disableTwoFactor } from '../api/two-factor';

type Errors = { password?: string; code?: string; general?: string };

/**
 * Turning 2FA off: the password and a current code (or a recovery code). Wrong ones
 * count toward the sign-in throttle, whose wait is shown in place.
 */
export function TwoFactorDisableForm({ onClose }: { onClose: (disabled: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const factor = recovery ? code.trim() : code.replace(/\s/g, '');
    const local: Errors = {};
    if (!password) local.password = 'Enter your password';
    if (!factor) local.code = recovery ? 'Enter a recovery code' : 'Enter the 6-digit code';
    else if (!recovery && !/^\d{6}$/.test(factor)) local.code = 'The code is 6 digits';
    setErrors(local);
    if (local.password || local.code) return;
    setSubmitting(true);
    try {
      await disableTwoFactor(
        recovery ? { password, recovery_code: factor } : { password, code: factor },
      );
      onClose(true);
    } catch (caught) {
      const wait = throttleMessageOf(caught);
      const found = formErrorsOf(caught);
      if (wait) setErrors({ general: wait });
      else if (found)
        setErrors({
          password: found.fields['password'],
          code: found.fields['code'] ?? found.fields['recovery_code'],
          general: found.general.join(' ') || undefined,
        });
      else handleApiError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Turn off two-factor">
      <Stack gap="md">
        {errors.general && (
          <Alert color="red" data-testid="two-factor-disable-error">
            {errors.general}
          </Alert>
        )}
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          data-testid="two-factor-disable-password"
        />
        <TextInput
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={errors.code}
          data-testid="two-factor-disable-code"
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
          }}
        >
          {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
        </Anchor>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={submitting} data-testid="two-factor-disable">
            Turn off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
