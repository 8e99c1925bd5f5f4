import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

/**
 * `/auth/login`: on success the token is stored and the start-up rules pick the service;
 * an account with two-factor authentication goes on to `/auth/two-factor`.
 */
export default function LoginRoute() {
  useDocumentTitle('Sign in · Ledgerline');
  const navigate = useNavigate();
  return (
    <LoginForm
      onSuccess={() => void navigate(paths.root, { replace: true })}
      // The challenge travels in the history entry only, never in storage or the URL.
      onSecondFactor={(challenge, email) =>
        void navigate(paths.auth.twoFactor, { state: { challenge, email } })
      }
    />
  );
}
