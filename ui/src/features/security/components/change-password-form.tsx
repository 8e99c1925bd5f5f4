import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { mutate } from 'swr';

import { handleApiError } from '@/lib/api-client';
import { formErrorsOf, throttleMessageOf } from '@/lib/field-errors';
import { notify } from '@/lib/notify';
import { PASSWORD_LENGTH_MIN } from '@/lib/password';

import {
  changePassword,
  changePasswordSchema,
  type ChangePasswordValues,
} from '../api/change-password';
import { SESSIONS_PATH } from '../api/sessions';

import { SecurityCard } from './security-card';

const EMPTY: ChangePasswordValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

/** The password change: current password, new one twice. Other sessions end with it. */
export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      notify.success(await changePassword(values));
      reset(EMPTY);
      await mutate(SESSIONS_PATH);
    } catch (error) {
      const wait = throttleMessageOf(error);
      const found = formErrorsOf(error);
      if (wait) {
        setError('root', { message: wait });
      } else if (found) {
        for (const field of ['current_password', 'new_password'] as const) {
          const message = found.fields[field];
          if (message) setError(field, { message });
        }
        if (found.general.length) setError('root', { message: found.general.join(' ') });
      } else {
        handleApiError(error);
      }
    }
  });

  return (
    <SecurityCard
      title="Password"
      description="Changing your password signs out every other session; this one stays signed in."
      testId="change-password-card"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change password">
        <Stack gap="md" maw={420}>
          {errors.root?.message && <Alert color="red">{errors.root.message}</Alert>}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...register('current_password')}
          />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_LENGTH_MIN} characters`}
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...register('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting} data-testid="change-password">
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SecurityCard>
  );
}
