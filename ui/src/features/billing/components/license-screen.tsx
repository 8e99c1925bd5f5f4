import { Stack, Title } from '@mantine/core';
import { useEffect } from 'react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { usePermission } from '@/hooks/use-permission';
import { useOrganizationId, useWorkspaceId } from '@/lib/active-workspace';
import { PAYMENT_PROVIDER_PREFIX } from '@/lib/storage';

import { StorageUsageBar, useStorageUsage } from '@/features/documents';
import { currentPlanId, revalidateBilling, useLatestSubscription } from '../api/billing';

import { CurrentPlanCard } from './current-plan-card';
import { PaymentHistory } from './payment-history';
import { PlanChooser } from './plan-chooser';
import { PlanLimitsTable } from './plan-limits-table';

/**
 * `/license`: the plan in force, the plans on sale (upgrade or choose), how they compare
 * and, for Admins, the payment history. Payments complete in another tab; when that tab
 * settles one (it removes the payment's stored provider), this one asks again.
 */
export function LicenseScreen() {
  // Storage is counted per organization; the active workspace names it.
  const { data: usage } = useStorageUsage(useWorkspaceId());
  const organizationId = useOrganizationId();
  const { checkPermission, ready } = usePermission({ organizationId });
  const { data: latest } = useLatestSubscription(organizationId);

  const billing = ready ? checkPermission({ action: 'billing' }) : null;
  const canManage = billing?.allowed === true;
  const denial = billing && !billing.allowed ? billing.message : null;

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith(PAYMENT_PROVIDER_PREFIX) && event.newValue === null) {
        void revalidateBilling();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <ContentLayout title="License Plan" caption="Your subscription, the plans and their limits">
      <Stack gap="xl">
        <CurrentPlanCard organizationId={organizationId} canManage={canManage} />
        <StorageUsageBar usage={usage} />
        <PlanChooser
          organizationId={organizationId}
          subscribedPlanId={currentPlanId(latest)}
          canManage={canManage}
          denial={denial}
        />
        <Stack gap="sm" component="section" aria-label="Plan comparison">
          <Title order={2} size="h4" fw={600}>
            Compare plans
          </Title>
          <PlanLimitsTable />
        </Stack>
        {canManage && <PaymentHistory organizationId={organizationId} />}
      </Stack>
    </ContentLayout>
  );
}
