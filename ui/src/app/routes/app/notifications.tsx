import { ContentLayout } from '@/components/layouts/content-layout';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';

export default function NotificationsRoute() {
  return (
    <ContentLayout title="Notifications" caption="Messages about your workspaces and account">
      <NotificationsPage />
    </ContentLayout>
  );
}
