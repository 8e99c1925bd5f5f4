import { IconUsers } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function PayrollRoute() {
  return (
    <ContentLayout title="Payroll" caption="Employees and pay runs">
      <EmptyState
        icon={<IconUsers size={24} stroke={1.6} />}
        title="Pay runs will appear here"
        description="Each pay run with gross pay, pension, housing fund and tax deductions, and the journal entries it posts to the books."
      />
    </ContentLayout>
  );
}
