import { Button, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { completeEmailVerification } from '@/features/auth/api/verify-email';
import { AuthResult } from '@/features/auth/components/auth-result';

type Status = 'missing' | 'pending' | 'verified' | 'failed';

/** `/auth/activate?token=…`: completes e-mail verification (spec §7). */
export default function ActivateRoute() {
  useDocumentTitle('Verify e-mail · Ledgerline');
  const [search] = useSearchParams();
  const token = search.get('token');
  const [status, setStatus] = useState<Status>(token ? 'pending' : 'missing');
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Send once per token, also under StrictMode's double effects.
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    completeEmailVerification(token)
      .then(() => setStatus('verified'))
      .catch(() => setStatus('failed'));
  }, [token]);

  const toLogin = (
    <Button component={Link} to={paths.auth.login} mt="xs">
      Go to sign in
    </Button>
  );

  switch (status) {
    case 'missing':
      return (
        <AuthResult icon={<IconMail size={24} />} title="Verify your e-mail" actions={toLogin}>
          Open the link in the verification e-mail we sent you to activate your account.
        </AuthResult>
      );
    case 'pending':
      return (
        <AuthResult icon={<Loader size="sm" />} title="Verifying your e-mail…">
          This takes a moment.
        </AuthResult>
      );
    case 'verified':
      return (
        <AuthResult
          icon={<IconCircleCheck size={24} />}
          color="teal"
          title="Your e-mail is verified"
          actions={toLogin}
        >
          Your account is active. Sign in to continue.
        </AuthResult>
      );
    case 'failed':
      return (
        <AuthResult
          icon={<IconAlertTriangle size={24} />}
          color="red"
          title="This link did not work"
          actions={toLogin}
        >
          The verification link may have expired or been used already. Sign in to request a new one.
        </AuthResult>
      );
  }
}
