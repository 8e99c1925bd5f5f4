import { Navigate, Route, Routes, useParams } from 'react-router-dom';

import { AuditLayout } from '@/components/layouts/audit-layout';
import { HeaderSlotProvider } from '@/components/layouts/header-slot';
import { WelcomeDialog } from '@/components/welcome/welcome-dialog';
import { paths } from '@/config/paths';
import { SessionScreen } from '@/features/audit/components/session-screen';
import { SessionsScreen } from '@/features/audit/components/sessions-screen';
import { TimeTravelScreen } from '@/features/audit/components/time-travel-screen';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { notify } from '@/lib/notify';
import { switchService, useActiveWorkspace } from '@/lib/workspaces';

function SessionRoute() {
  const { sessionId = '' } = useParams();
  // A new session id is a new page: fresh drawer, dialogs and form state.
  return <SessionScreen key={sessionId} sessionId={sessionId} />;
}

/** `/audit/*`: the audit area — sessions, one session's result and sign-offs, time travel. */
export default function AuditRoute() {
  // Loads the workspaces so the active workspace context is set here too.
  useActiveWorkspace();
  return (
    <HeaderSlotProvider bell={<NotificationBell />}>
      <AuditLayout
        onSwitchService={() => {
          switchService('audit');
          notify.info('Switch Service', 'Switching to Accounting…');
        }}
      >
        <Routes>
          <Route index element={<SessionsScreen />} />
          <Route path="sessions/:sessionId" element={<SessionRoute />} />
          <Route path="time-travel" element={<TimeTravelScreen />} />
          <Route path="*" element={<Navigate to={paths.audit} replace />} />
        </Routes>
        <WelcomeDialog />
      </AuditLayout>
    </HeaderSlotProvider>
  );
}
