import { Stack } from '@mantine/core';

import { ChangePasswordForm } from './change-password-form';
import { RecentSignIns } from './recent-sign-ins';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The Security tab of /settings: password, two-factor, sessions and recent sign-ins. */
export function SecuritySettings() {
  return (
    <Stack gap="lg">
      <ChangePasswordForm />
      <TwoFactorCard />
      <SessionsCard />
      <RecentSignIns />
    </Stack>
  );
}
