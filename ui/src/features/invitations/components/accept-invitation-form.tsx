import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import type { NewAccountInput } from '../api/invitation-token';

const PASSWORD_LENGTH_MIN = 8;

function newAccountSchema(needsEmail: boolean) {
  return z.object({
    first_name: z.string().trim().min(1, 'First Name is required'),
    last_name: z.string().trim().min(1, 'Last Name is required'),
    email: needsEmail
      ? z.string().trim().min(1, 'Email is required').email('Enter a valid email address')
      : z.string(),
    password: z
      .string()
      .min(1, 'Password is required')
      .min(PASSWORD_LENGTH_MIN, `Password must be at least ${PASSWORD_LENGTH_MIN} characters`),
  });
}
type NewAccountValues = z.infer<ReturnType<typeof newAccountSchema>>;

type AcceptInvitationFormProps = {
  /** The invited address (e-mail invitations); null for a link, which asks for one. */
  invitedEmail: string | null;
  onSubmit: (input: NewAccountInput) => Promise<void>;
  onDecline: () => void;
  declining: boolean;
};

/** Create an account and accept the invitation in one step. */
export function AcceptInvitationForm({
  invitedEmail,
  onSubmit,
  onDecline,
  declining,
}: AcceptInvitationFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewAccountValues>({
    resolver: zodResolver(newAccountSchema(invitedEmail === null)),
    defaultValues: { first_name: '', last_name: '', email: invitedEmail ?? '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        password: values.password,
        ...(invitedEmail === null ? { email: values.email.trim() } : {}),
      });
    } catch {
      // The API client has already shown what went wrong.
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create account">
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={invitedEmail !== null}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" fullWidth loading={isSubmitting} disabled={declining}>
          Create account and join
        </Button>
        <Button variant="subtle" color="gray" onClick={onDecline} loading={declining}>
          Decline
        </Button>
      </Stack>
    </form>
  );
}
