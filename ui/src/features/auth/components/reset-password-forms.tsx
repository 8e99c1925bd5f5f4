import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { PASSWORD_LENGTH_MIN } from '../api/credentials';
import {
  completePasswordReset,
  requestPasswordReset,
  resetCompleteSchema,
  resetRequestSchema,
  type ResetCompleteInput,
  type ResetRequestInput,
} from '../api/reset-password';

/** Step 1: ask for a reset link (spec §7 /password/reset/initialize/). */
export function ResetRequestForm({ onSent }: { onSent: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestInput>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values);
      onSent(values.email);
    } catch {
      // The API client has already shown what went wrong.
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Request password reset">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          size="md"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2: choose a new password with the e-mailed token (spec §7 /password/reset/complete/). */
export function ResetCompleteForm({ token, onDone }: { token: string; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetCompleteInput>({
    resolver: zodResolver(resetCompleteSchema),
    defaultValues: { password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await completePasswordReset(token, values);
      onDone();
    } catch {
      // The API client has already shown what went wrong.
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Set new password">
      <Stack gap="md">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description={`At least ${PASSWORD_LENGTH_MIN} characters`}
          size="md"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          size="md"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
