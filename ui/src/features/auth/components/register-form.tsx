import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { PASSWORD_LENGTH_MIN } from '../api/credentials';
import {
  register as registerAccount,
  registerInputSchema,
  type RegisterInput,
} from '../api/register';

import { AuthHeading } from './auth-heading';

/** Account creation (spec §7 POST /accounts/register/). */
export function RegisterForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { first_name: '', last_name: '', email: '', password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerAccount(values);
      onSuccess(values.email);
    } catch {
      // The API client has already shown what went wrong.
    }
  });

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Start keeping your books in Ledgerline." />
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create account">
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput
              size="md"
              label="First name"
              autoComplete="given-name"
              error={errors.first_name?.message}
              {...register('first_name')}
            />
            <TextInput
              size="md"
              label="Last name"
              autoComplete="family-name"
              error={errors.last_name?.message}
              {...register('last_name')}
            />
          </Group>
          <TextInput
            size="md"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordInput
            size="md"
            label="Password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_LENGTH_MIN} characters`}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordInput
            size="md"
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          <Button type="submit" size="md" fullWidth loading={isSubmitting} mt="xs">
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.auth.login} fw={500}>
          Sign in
        </Anchor>
      </Text>
    </>
  );
}
