import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { AuthResult } from '@/features/auth/components/auth-result';
import { storage } from '@/lib/storage';

/** `/auth/two-factor`: the second sign-in step with an authenticator app. */
export default function TwoFactorRoute() {
  useDocumentTitle('Two-factor authentication · Ledgerline');
  const twoFactor = storage.getTwoFactor();
  const status = !twoFactor
    ? 'Sign in first; this step follows when your account uses two-factor authentication.'
    : twoFactor.is_google_authenticator_set
      ? 'Your account uses an authenticator app. The field for its 6-digit code will appear here.'
      : 'Your account has no authenticator app yet. Setting one up, with a QR code to scan, will appear here.';
  return (
    <AuthResult
      icon={<IconShieldLock size={24} />}
      title="Two-factor authentication"
      actions={
        <Button component={Link} to={paths.auth.login} variant="default" mt="xs">
          Back to sign in
        </Button>
      }
    >
      {status}
    </AuthResult>
  );
}
