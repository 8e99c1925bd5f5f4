import { Outlet, useLocation } from 'react-router-dom';

import { AuditLayout } from '@/components/layouts/audit-layout';
import { HeaderSlotProvider } from '@/components/layouts/header-slot';
import { WelcomeDialog } from '@/components/welcome/welcome-dialog';
import { WorkspaceScope } from '@/components/workspace-error/workspace-error-boundary';
import { AssistantButton } from '@/features/assistant';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationStreamProvider } from '@/features/notifications/components/notification-stream-provider';
import { notify } from '@/lib/notify';
import { switchService, switchWorkspace, useActiveWorkspace } from '@/lib/workspaces';

/**
 * `/audit/*`: the audit area's layout. Its pages (sessions, one session's result and
 * sign-offs, time travel) are routes of their own, each its own chunk, loaded and
 * prefetched with the layout rather than after it.
 */
export default function AuditRoute() {
  // Loads the workspaces so the active workspace context is set here too.
  const { workspaces, active } = useActiveWorkspace();
  const { pathname } = useLocation();
  return (
    <NotificationStreamProvider>
      <HeaderSlotProvider
        bell={
          <>
            <AssistantButton />
            <NotificationBell />
          </>
        }
      >
        <AuditLayout
          onSwitchService={() => {
            switchService('audit');
            notify.info('Switch Service', 'Switching to Accounting…');
          }}
        >
          <WorkspaceScope
            pathname={pathname}
            workspaces={workspaces}
            activeId={active?.id ?? null}
            onSwitch={(ws) => void switchWorkspace(ws)}
          >
            <Outlet />
          </WorkspaceScope>
          <WelcomeDialog />
        </AuditLayout>
      </HeaderSlotProvider>
    </NotificationStreamProvider>
  );
}
