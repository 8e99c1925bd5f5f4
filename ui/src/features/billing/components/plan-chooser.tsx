import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';

import { getWallets, payPlanFromWallet, revalidateWallets } from '@/features/wallet';
import { formatMoney, isZero } from '@/lib/money';
import { notify } from '@/lib/notify';
import { permissionCatalog } from '@/lib/permissions';

import {
  CURRENCIES,
  DEFAULT_PROVIDER,
  PROVIDERS,
  reportPaymentError,
  requestTransactionLink,
  revalidateBilling,
  subscribeFree,
  usePlans,
  type CurrencyCode,
  type PlanOffer,
  type Provider,
} from '../api/billing';
import { LIMIT_ROWS, formatLimit } from '../lib/limits';
import { openPaymentLink, paymentRedirectUrl } from '../lib/payment-flow';

type Props = {
  organizationId: string | null;
  /** The plan in force (subscribed, or applied without a subscription), null when unknown. */
  subscribedPlanId: string | null;
  /** Whether the user may change the plan (false, too, until that is known). */
  canManage: boolean;
  /** Why the user may not change the plan, when known (shown above the plans). */
  denial: string | null;
};

/** The label of a plan's button: free plans are chosen, paid plans are upgrades. */
export function planActionLabel(
  plan: PlanOffer,
  subscribedPlanId: string | null,
  payWith: PayWith = DEFAULT_PROVIDER,
): string {
  if (plan.id === subscribedPlanId) return 'Current plan';
  if (isZero(plan.price)) return 'Choose plan';
  return payWith === WALLET ? 'Pay from wallet' : 'Upgrade';
}

/** Paying from the organization's wallet (its balance), beside the providers. */
const WALLET = 'wallet';
type PayWith = Provider | typeof WALLET;

/** Pays `plan` from the wallet in `currency`; the outcome is one toast. */
async function payFromWallet(plan: PlanOffer, organizationId: string | null): Promise<void> {
  const wallets = await getWallets(organizationId);
  const wallet = wallets.find((w) => w.currency === plan.currency);
  if (!wallet) {
    notify.error(`Open a ${plan.currency} wallet and add funds on the Wallet page first.`);
    return;
  }
  try {
    await payPlanFromWallet(wallet.id, plan.id);
  } catch (error) {
    reportPaymentError(error);
    return;
  }
  notify.success(`Paid the ${plan.name} plan from your wallet`);
  await Promise.all([revalidateBilling(), revalidateWallets()]);
}

/** The plans on sale with their monthly price, their limits and a button to take them. */
export function PlanChooser({ organizationId, subscribedPlanId, canManage, denial }: Props) {
  const [currency, setCurrency] = useState<CurrencyCode>('0');
  const [provider, setProvider] = useState<PayWith>(DEFAULT_PROVIDER);
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const { data: plans, isLoading } = usePlans(currency);

  const choose = async (plan: PlanOffer) => {
    setBusyPlan(plan.id);
    try {
      if (isZero(plan.price)) {
        await subscribeFree(plan.id, organizationId);
        notify.success(`Your organization is now on the ${plan.name} plan`);
        await revalidateBilling();
        return;
      }
      if (provider === WALLET) {
        await payFromWallet(plan, organizationId);
        return;
      }
      const result = await requestTransactionLink(
        provider,
        { plan: plan.id, redirect_url: paymentRedirectUrl(), currency },
        organizationId,
      );
      openPaymentLink(result, provider);
    } catch {
      // The API client has shown the error (spec §8).
    } finally {
      setBusyPlan(null);
    }
  };

  return (
    <Stack gap="md" component="section" aria-label="Plans">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4" fw={600}>
          Plans
        </Title>
        <Group gap="lg">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Currency
            </Text>
            <SegmentedControl
              aria-label="Currency"
              size="xs"
              value={currency}
              onChange={(value) => setCurrency(value as CurrencyCode)}
              data={CURRENCIES.map((c) => ({ value: c.value, label: c.label }))}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Pay with
            </Text>
            <SegmentedControl
              aria-label="Payment provider"
              size="xs"
              value={provider}
              onChange={(value) => setProvider(value as PayWith)}
              data={[
                ...PROVIDERS.map((p) => ({ value: p.value, label: p.label })),
                { value: WALLET, label: 'Wallet' },
              ]}
            />
          </Stack>
        </Group>
      </Group>
      {denial && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          {denial} Only an Admin of your organization can change its plan.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {isLoading || !plans
          ? [0, 1, 2].map((i) => <Skeleton key={i} h={280} radius="lg" />)
          : plans.map((plan) => {
              const limits = permissionCatalog.plans.find((p) => p.id === plan.id)?.limits ?? {};
              const current = plan.id === subscribedPlanId;
              return (
                <Paper
                  key={plan.id}
                  withBorder
                  radius="lg"
                  p="lg"
                  aria-label={`${plan.name} plan`}
                  component="article"
                  style={current ? { borderColor: 'var(--mantine-color-indigo-5)' } : undefined}
                >
                  <Stack gap="sm" h="100%">
                    <Group justify="space-between">
                      <Text fw={600}>{plan.name}</Text>
                      {plan.is_default && (
                        <Badge size="xs" variant="light">
                          Default
                        </Badge>
                      )}
                    </Group>
                    <Group gap={4} align="baseline">
                      <Text fz={28} fw={700} data-testid={`price-${plan.id}`}>
                        {isZero(plan.price) ? 'Free' : formatMoney(plan.price, plan.currency)}
                      </Text>
                      {!isZero(plan.price) && (
                        <Text size="sm" c="dimmed">
                          / {plan.interval}
                        </Text>
                      )}
                    </Group>
                    <List size="sm" spacing={4} c="gray.7" style={{ flex: 1 }}>
                      {LIMIT_ROWS.map((row) => (
                        <List.Item key={row.key}>
                          {row.label}: {formatLimit(limits[row.key], row.bytes)}
                        </List.Item>
                      ))}
                    </List>
                    <Button
                      fullWidth
                      variant={current ? 'default' : 'filled'}
                      disabled={current || !canManage || busyPlan !== null}
                      loading={busyPlan === plan.id}
                      onClick={() => void choose(plan)}
                      aria-label={`${planActionLabel(plan, subscribedPlanId, provider)}: ${plan.name}`}
                    >
                      {planActionLabel(plan, subscribedPlanId, provider)}
                    </Button>
                  </Stack>
                </Paper>
              );
            })}
      </SimpleGrid>
    </Stack>
  );
}
