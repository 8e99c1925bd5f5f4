import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';

import { HeaderSlotProvider } from '@/components/layouts/header-slot';
import { MainLayout } from '@/components/layouts/main-layout';
import { WelcomeDialog } from '@/components/welcome/welcome-dialog';
import { setupDefaultAccounts } from '@/features/accounting/api/setup-default-accounts';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { notify } from '@/lib/notify';
import { switchService, switchWorkspace, useActiveWorkspace } from '@/lib/workspaces';

/** The main (accounting) area: layout, active workspace, default accounts per workspace. */
export default function MainRoot() {
  const { workspaces, active } = useActiveWorkspace();
  const activeId = active?.id ?? null;

  useEffect(() => {
    if (!activeId) return;
    // Fire and forget: failures are already reported by the API client.
    setupDefaultAccounts(activeId).catch(() => undefined);
  }, [activeId]);

  return (
    <HeaderSlotProvider bell={<NotificationBell />}>
      <MainLayout
        workspaces={workspaces}
        active={active}
        onSelectWorkspace={(ws) => void switchWorkspace(ws)}
        onSwitchService={() => {
          switchService('accounting');
          notify.info('Switch Service', 'Switching to Audit…');
        }}
      >
        <Outlet />
        <WelcomeDialog />
      </MainLayout>
    </HeaderSlotProvider>
  );
}
