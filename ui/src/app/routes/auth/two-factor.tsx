import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { TwoFactorStep } from '@/features/auth/components/two-factor-step';

/** The challenge the login left in this history entry, if any. */
function challengeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('challenge' in state)) return null;
  const challenge = (state as { challenge: unknown }).challenge;
  return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
}

/** The e-mail the login was for (kept with a trusted device's token), if any. */
function emailOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  const email = (state as { email: unknown }).email;
  return typeof email === 'string' && email.length > 0 ? email : undefined;
}

/**
 * `/auth/two-factor`: the second sign-in step, reached from the login with its challenge.
 * Opened on its own (a bookmark, a new tab) there is nothing to verify: back to sign in.
 */
export default function TwoFactorRoute() {
  useDocumentTitle('Two-factor authentication · Ledgerline');
  const location = useLocation();
  const navigate = useNavigate();
  const challenge = challengeOf(location.state);
  if (!challenge) return <Navigate to={paths.auth.login} replace />;
  return (
    <TwoFactorStep
      challenge={challenge}
      email={emailOf(location.state)}
      onSuccess={() => void navigate(paths.root, { replace: true })}
      onRestart={() => void navigate(paths.auth.login, { replace: true })}
    />
  );
}
