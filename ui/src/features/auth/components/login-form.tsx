import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { login, loginInputSchema, type LoginInput, type LoginResult } from '../api/login';

import { AuthHeading } from './auth-heading';
import { TwoFactorStep } from './two-factor-step';

type LoginFormProps = {
  onSuccess: (result: LoginResult) => void;
  /**
   * The password was right and the account asks for a second factor. Without it the
   * second step replaces this form in place (the invitation page signs in that way).
   */
  onSecondFactor?: (challenge: string, email: string) => void;
};

/** Email and password sign-in (spec §7 POST /accounts/login/), then 2FA when it is on. */
export function LoginForm({ onSuccess, onSecondFactor }: LoginFormProps) {
  const [pending, setPending] = useState<{ challenge: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const outcome = await login(values);
      if (outcome.kind === 'signed-in') onSuccess(outcome.session);
      else if (onSecondFactor) onSecondFactor(outcome.challenge, outcome.email);
      else setPending({ challenge: outcome.challenge, email: outcome.email });
    } catch {
      // The API client has already shown what went wrong.
    }
  });

  if (pending) {
    return (
      <TwoFactorStep
        challenge={pending.challenge}
        email={pending.email}
        onSuccess={onSuccess}
        onRestart={() => setPending(null)}
      />
    );
  }

  return (
    <>
      <AuthHeading
        title="Sign in to Ledgerline"
        subtitle="Welcome back. Enter your details to continue."
      />
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
        <Stack gap="md">
          <TextInput
            label="Email"
            placeholder="you@company.com"
            type="email"
            autoComplete="email"
            size="md"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            size="md"
            error={errors.password?.message}
            {...register('password')}
          />
          <Group justify="flex-end" mt={-4}>
            <Anchor component={Link} to={paths.auth.resetPassword} size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={isSubmitting} data-testid="sign-in">
            Sign in
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to={paths.auth.register} fw={500}>
          Create one
        </Anchor>
      </Text>
    </>
  );
}
