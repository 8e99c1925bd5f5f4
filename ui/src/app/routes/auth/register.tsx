import { Anchor, Button, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { resendVerification } from '@/features/auth/api/register';
import { AuthResult } from '@/features/auth/components/auth-result';
import { RegisterForm } from '@/features/auth/components/register-form';
import { notify } from '@/lib/notify';

export default function RegisterRoute() {
  useDocumentTitle('Create account · Ledgerline');
  const [email, setEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  if (!email) return <RegisterForm onSuccess={setEmail} />;

  return (
    <AuthResult
      icon={<IconMailCheck size={24} />}
      title="Check your inbox"
      actions={
        <Group gap="sm" mt="xs">
          <Button component={Link} to={paths.auth.login}>
            Go to sign in
          </Button>
          <Button
            variant="default"
            loading={resending}
            onClick={() => {
              setResending(true);
              resendVerification(email)
                .then(() => notify.success('Verification e-mail sent'))
                .catch(() => undefined)
                .finally(() => setResending(false));
            }}
          >
            Resend e-mail
          </Button>
        </Group>
      }
    >
      We sent a verification link to <b>{email}</b>. Open it to activate your account, then sign in.
      Wrong address?{' '}
      <Anchor component="button" type="button" size="sm" onClick={() => setEmail(null)}>
        Start again
      </Anchor>
    </AuthResult>
  );
}
