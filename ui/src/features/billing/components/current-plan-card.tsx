import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';

import { formatDateTime } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';
import { permissionCatalog } from '@/lib/permissions';

import {
  cancelSubscription,
  revalidateBilling,
  useLatestSubscription,
  type LatestSubscription,
} from '../api/billing';

const defaultPlanName =
  permissionCatalog.plans.find((p) => p.id === permissionCatalog.default_plan)?.name ??
  permissionCatalog.default_plan;

export const CANCEL_CONFIRM_TEXT =
  'The subscription ends now, without a refund for the rest of the period, and your organization returns to the default plan.';

/** The plan in force as the card names it: the subscription's, or the default plan. */
export function currentPlanLabel(latest: LatestSubscription | undefined): string {
  if (latest?.subscription) return latest.subscription.plan.name;
  return `${latest?.effectivePlan?.name ?? defaultPlanName} (default)`;
}

const STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  cancelled: 'gray',
  expired: 'gray',
};

type Props = { organizationId: string | null; canManage: boolean };

/** The organization's plan in force, its period and status; Admins may cancel it. */
export function CurrentPlanCard({ organizationId, canManage }: Props) {
  const { data, isLoading } = useLatestSubscription(organizationId);
  const subscription = data?.subscription ?? null;

  const confirmCancel = () => {
    if (!subscription) return;
    modals.openConfirmModal({
      title: `Cancel the ${subscription.plan.name} plan?`,
      children: <Text size="sm">{CANCEL_CONFIRM_TEXT}</Text>,
      labels: { confirm: 'Cancel subscription', cancel: 'Keep plan' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        cancelSubscription(subscription.id, organizationId)
          .then(async () => {
            notify.success('Subscription cancelled');
            await revalidateBilling();
          })
          .catch(() => undefined);
      },
    });
  };

  return (
    <Paper withBorder radius="lg" p="lg" aria-label="Current plan" component="section">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Current plan
          </Text>
          {isLoading ? (
            <Loader size="sm" />
          ) : (
            <Group gap="sm">
              <Title order={2} size="h3" fw={600} data-testid="current-plan">
                {currentPlanLabel(data)}
              </Title>
              {subscription && (
                <Badge
                  variant="light"
                  color={STATUS_COLORS[subscription.status] ?? 'yellow'}
                  data-testid="current-plan-status"
                >
                  {subscription.status}
                </Badge>
              )}
            </Group>
          )}
          {subscription && (
            <Text size="sm" c="dimmed">
              {subscription.ends_at
                ? `Paid until ${formatDateTime(subscription.ends_at)}`
                : 'No end date'}
              {subscription.starts_at ? ` · started ${formatDateTime(subscription.starts_at)}` : ''}
            </Text>
          )}
          {!isLoading && !subscription && (
            <Text size="sm" c="dimmed">
              No subscription: the default plan applies until you choose one.
            </Text>
          )}
        </Stack>
        {canManage && subscription?.status === 'active' && (
          <Button variant="default" color="red" onClick={confirmCancel}>
            Cancel subscription
          </Button>
        )}
      </Group>
    </Paper>
  );
}
