import { Alert, Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

import { handleApiError } from '@/lib/api-client';
import { formErrorsOf, throttleMessageOf } from '@/lib/field-errors';

import type { LoginResult } from '../api/login';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  verifyTwoFactor,
  type SecondFactorInput,
} from '../api/verify-two-factor';

import { AuthHeading } from './auth-heading';

type TwoFactorStepProps = {
  /** The login's challenge (valid 5 minutes; a wrong code leaves it usable). */
  challenge: string;
  /**
   * The account signing in: offered "Trust this device", whose token is kept for it.
   * Without it the choice is not offered.
   */
  email?: string;
  onSuccess: (session: LoginResult) => void;
  /** Back to the password step (the challenge expired, or the user wants to). */
  onRestart: () => void;
};

type Mode = 'totp' | 'recovery';

/**
 * The second sign-in step (spec §7 POST /accounts/2fa/verify/): the 6-digit code of the
 * authenticator app, or one of the recovery codes. Wrong codes are shown on the field;
 * the throttle's wait, and an expired attempt, above the form. "Trust this device" (off
 * by default) skips this step at the account's next sign-ins here for 30 days.
 */
export function TwoFactorStep({ challenge, email, onSuccess, onRestart }: TwoFactorStepProps) {
  const [mode, setMode] = useState<Mode>('totp');
  const [trust, setTrust] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const switchMode = () => {
    setMode(mode === 'totp' ? 'recovery' : 'totp');
    setValue('');
    setFieldError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (mode === 'totp' ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a code');
      return;
    }
    const factor: SecondFactorInput =
      mode === 'totp' ? { code: parsed.data } : { recovery_code: parsed.data };
    setSubmitting(true);
    setFieldError(null);
    setBlocked(null);
    try {
      onSuccess(await verifyTwoFactor(challenge, factor, trust && email ? { email } : undefined));
    } catch (error) {
      const wait = throttleMessageOf(error);
      const found = formErrorsOf(error);
      if (wait) {
        setBlocked(wait);
      } else if (found?.fields['challenge']) {
        setExpired(found.fields['challenge']);
      } else if (found) {
        setFieldError(
          found.fields['code'] ??
            found.fields['recovery_code'] ??
            (found.general.join(' ') || 'The code is not valid.'),
        );
      } else {
        handleApiError(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (expired) {
    return (
      <>
        <AuthHeading title="Two-factor authentication" subtitle={expired} />
        <Button size="md" fullWidth onClick={onRestart} data-testid="two-factor-restart">
          Sign in again
        </Button>
      </>
    );
  }

  const totp = mode === 'totp';
  return (
    <>
      <AuthHeading
        title="Two-factor authentication"
        subtitle={
          totp
            ? 'Enter the 6-digit code your authenticator app shows for Ledgerline.'
            : 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.'
        }
      />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Second factor">
        <Stack gap="md">
          {blocked && (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} />}
              data-testid="two-factor-blocked"
            >
              {blocked}
            </Alert>
          )}
          <TextInput
            key={mode}
            label={totp ? 'Authentication code' : 'Recovery code'}
            placeholder={totp ? '123456' : 'xxxxx-xxxxx'}
            autoComplete="one-time-code"
            inputMode={totp ? 'numeric' : 'text'}
            maxLength={totp ? 7 : 40}
            size="md"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldError}
            data-testid={totp ? 'two-factor-code' : 'two-factor-recovery-code'}
          />
          {email && (
            <Checkbox
              label="Trust this device for 30 days"
              description="You will not be asked for a code when you sign in here with your password. Do not tick this on a shared computer."
              checked={trust}
              onChange={(event) => setTrust(event.currentTarget.checked)}
              data-testid="two-factor-trust"
            />
          )}
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={submitting}
            data-testid="two-factor-verify"
          >
            Verify
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={switchMode}>
              {totp ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
            </Anchor>
            <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
              Back to sign in
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
