import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';

import { handleApiError } from '@/lib/api-client';
import { formErrorsOf } from '@/lib/field-errors';

import { enableTwoFactor, setupTwoFactor, type TwoFactorSetup as Setup } from '../api/two-factor';

import { RecoveryCodes } from './recovery-codes';

const CODE_PATTERN = /^\d{6}$/;

/** The secret in groups of four, as authenticator apps show typed keys. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

type TwoFactorSetupProps = {
  /** Closes the dialog: cancelled, or done after the recovery codes were saved. */
  onClose: () => void;
};

/**
 * Turning 2FA on: scan the QR code (or type the key), prove it with a code, then save
 * the recovery codes. A new secret is made each time the dialog opens; until it is
 * enabled sign-in stays one step.
 */
export function TwoFactorSetupFlow({ onClose }: TwoFactorSetupProps) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    setupTwoFactor()
      .then((answer) => live && setSetup(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!CODE_PATTERN.test(digits)) {
      setError('Enter the 6-digit code your authenticator app shows');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      setRecoveryCodes(await enableTwoFactor(digits));
    } catch (caught) {
      const found = formErrorsOf(caught);
      if (found) setError(found.fields['code'] ?? found.general.join(' '));
      else handleApiError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onClose} />;
  if (failed) {
    return (
      <Alert color="red" title="Two-factor authentication could not be set up">
        Close this dialog and try again.
      </Alert>
    );
  }
  if (!setup) {
    return (
      <Center py={48}>
        <Loader aria-label="Preparing the QR code" />
      </Center>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Turn on two-factor">
      <Stack gap="md">
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password, Authy…).
        </Text>
        <Center>
          <Image
            src={setup.qr_code}
            alt="QR code for your authenticator app"
            w={200}
            h={200}
            data-testid="two-factor-qr"
          />
        </Center>
        <Text size="sm" c="dimmed">
          Cannot scan? Type this key into the app:
        </Text>
        <Code block ta="center" data-testid="two-factor-secret" data-secret={setup.secret}>
          {groupedSecret(setup.secret)}
        </Code>
        <TextInput
          label="2. Enter the 6-digit code the app shows"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          data-testid="two-factor-enable-code"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} data-testid="two-factor-enable">
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
