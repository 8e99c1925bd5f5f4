import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';

import { AuditLayout } from '@/components/layouts/audit-layout';
import { HeaderSlotProvider } from '@/components/layouts/header-slot';
import { WelcomeDialog } from '@/components/welcome/welcome-dialog';
import { WorkspaceScope } from '@/components/workspace-error/workspace-error-boundary';
import { paths } from '@/config/paths';
import { RouteLoader } from '@/components/ui/route-loader';
import { AssistantButton } from '@/features/assistant';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { notify } from '@/lib/notify';
import { switchService, switchWorkspace, useActiveWorkspace } from '@/lib/workspaces';

// Each audit page loads its own code: the sessions list needs neither the grid nor the
// charts, so the layout must not pull them in for every page.
const SessionsScreen = lazy(() =>
  import('@/features/audit/components/sessions-screen').then((m) => ({
    default: m.SessionsScreen,
  })),
);
const SessionScreen = lazy(() =>
  import('@/features/audit/components/session-screen').then((m) => ({
    default: m.SessionScreen,
  })),
);
const TimeTravelScreen = lazy(() =>
  import('@/features/audit/components/time-travel-screen').then((m) => ({
    default: m.TimeTravelScreen,
  })),
);

function SessionRoute() {
  const { sessionId = '' } = useParams();
  // A new session id is a new page: fresh drawer, dialogs and form state.
  return <SessionScreen key={sessionId} sessionId={sessionId} />;
}

/** `/audit/*`: the audit area — sessions, one session's result and sign-offs, time travel. */
export default function AuditRoute() {
  // Loads the workspaces so the active workspace context is set here too.
  const { workspaces, active } = useActiveWorkspace();
  const { pathname } = useLocation();
  return (
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
          <Suspense fallback={<RouteLoader />}>
            <Routes>
              <Route index element={<SessionsScreen />} />
              <Route path="sessions/:sessionId" element={<SessionRoute />} />
              <Route path="time-travel" element={<TimeTravelScreen />} />
              <Route path="*" element={<Navigate to={paths.audit} replace />} />
            </Routes>
          </Suspense>
        </WorkspaceScope>
        <WelcomeDialog />
      </AuditLayout>
    </HeaderSlotProvider>
  );
}
