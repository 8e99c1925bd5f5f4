import { Outlet, useLocation } from 'react-router-dom';

import { SignedInHeader } from '@/app/signed-in-header';
import { AuditLayout } from '@/components/layouts/audit-layout';
import { WelcomeDialog } from '@/components/welcome/welcome-dialog';
import { WorkspaceScope } from '@/components/workspace-error/workspace-error-boundary';
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
    <SignedInHeader>
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
    </SignedInHeader>
  );
}
