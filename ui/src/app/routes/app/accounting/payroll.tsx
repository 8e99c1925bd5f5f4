import { ContentLayout } from '@/components/layouts/content-layout';
import { PayrollScreen } from '@/features/payroll';

export default function PayrollRoute() {
  return (
    <ContentLayout title="Payroll" caption="Employees, pay runs and payslips posted to the books">
      <PayrollScreen />
    </ContentLayout>
  );
}
