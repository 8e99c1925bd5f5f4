import { IconShieldCheck } from '@tabler/icons-react';

import { AuditLayout } from '@/components/layouts/audit-layout';
import { HeaderSlotProvider } from '@/components/layouts/header-slot';
import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { WelcomeDialog } from '@/components/welcome/welcome-dialog';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { notify } from '@/lib/notify';
import { switchService, useActiveWorkspace } from '@/lib/workspaces';

/** `/audit/*`: the audit area. Sessions, tests and findings arrive with the audit API. */
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
        <ContentLayout title="Audit" caption="Audit sessions for the active workspace">
          <EmptyState
            icon={<IconShieldCheck size={24} stroke={1.6} />}
            title="Your audit sessions will appear here"
            description="An audit session replays the workspace's history, runs journal-entry tests and records findings that you can share through a read-only link."
          />
        </ContentLayout>
        <WelcomeDialog />
      </AuditLayout>
    </HeaderSlotProvider>
  );
}
