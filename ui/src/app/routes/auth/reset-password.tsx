import { Anchor, Button, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { AuthResult } from '@/features/auth/components/auth-result';
import {
  ResetCompleteForm,
  ResetRequestForm,
} from '@/features/auth/components/reset-password-forms';
import { notify } from '@/lib/notify';

/** `/auth/reset-password`: request a link, or (with ?token=) choose a new password. */
export default function ResetPasswordRoute() {
  useDocumentTitle('Reset password · Ledgerline');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('token');
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (token) {
    return (
      <>
        <AuthHeading title="Choose a new password" subtitle="Enter it twice to confirm." />
        <ResetCompleteForm
          token={token}
          onDone={() => {
            notify.success('Your password has been changed. Sign in with the new one.');
            void navigate(paths.auth.login, { replace: true });
          }}
        />
      </>
    );
  }

  if (sentTo) {
    return (
      <AuthResult
        icon={<IconMailForward size={24} />}
        title="Check your inbox"
        actions={
          <Button component={Link} to={paths.auth.login} variant="default" mt="xs">
            Back to sign in
          </Button>
        }
      >
        If an account exists for <b>{sentTo}</b>, a link to reset its password is on its way.
      </AuthResult>
    );
  }

  return (
    <>
      <AuthHeading
        title="Reset your password"
        subtitle="We'll e-mail you a link to choose a new one."
      />
      <ResetRequestForm onSent={setSentTo} />
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.auth.login} fw={500}>
          Back to sign in
        </Anchor>
      </Text>
    </>
  );
}
