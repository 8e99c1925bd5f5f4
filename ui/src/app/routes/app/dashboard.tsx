import { Button } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

export default function DashboardRoute() {
  return (
    <ContentLayout title="Dashboard" caption="Overview of the active workspace">
      <EmptyState
        icon={<IconLayoutDashboard size={24} stroke={1.6} />}
        title="Your dashboard will appear here"
        description="Once entries are posted, this page shows account balances, income and expenses for the period, and recent activity in the workspace."
        action={
          <Button component={Link} to={paths.accounting.journalEntry} variant="light" mt="xs">
            Go to Journal Entry
          </Button>
        }
      />
    </ContentLayout>
  );
}
