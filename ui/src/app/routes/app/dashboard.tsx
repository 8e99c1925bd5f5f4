import { ContentLayout } from '@/components/layouts/content-layout';
import { DashboardView } from '@/features/accounting/components/dashboard-view';

export default function DashboardRoute() {
  return (
    <ContentLayout title="Dashboard" caption="Overview of the active workspace">
      <DashboardView />
    </ContentLayout>
  );
}
