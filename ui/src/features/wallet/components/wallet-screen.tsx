import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { usePermission } from '@/hooks/use-permission';
import { useOrganizationId } from '@/lib/active-workspace';
import { amountInput, formatMoney, AMOUNT_INPUT_HINT } from '@/lib/money';
import { notify } from '@/lib/notify';
import { PAYMENT_PROVIDER_PREFIX, storage } from '@/lib/storage';

import {
  openWallet,
  revalidateWallets,
  topUp,
  useProviders,
  useWallets,
  type Wallet,
} from '../api/wallet';
import { liveProviders } from '../lib/wallet';

import { SavedCards } from './saved-cards';
import { WalletTransactions } from './wallet-transactions';

/** Where the provider sends the customer back to after a top-up. */
function redirectUrl(): string {
  return `${window.location.origin}/payment-completion`;
}

function OpenWallet({ organizationId, have }: { organizationId: string | null; have: string[] }) {
  const missing = ['NGN', 'USD'].filter((c) => !have.includes(c));
  const [currency, setCurrency] = useState(missing[0] ?? 'NGN');
  const [busy, setBusy] = useState(false);
  if (missing.length === 0) return null;
  const open = async () => {
    setBusy(true);
    try {
      await openWallet(organizationId, currency, `${currency} wallet`);
      notify.success(`Your ${currency} wallet is open`);
      await revalidateWallets();
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end">
      <SegmentedControl
        aria-label="Wallet currency"
        size="xs"
        value={currency}
        onChange={setCurrency}
        data={missing}
      />
      <Button size="xs" variant="light" loading={busy} onClick={() => void open()}>
        Open {currency} wallet
      </Button>
    </Group>
  );
}

function AddFunds({ wallet }: { wallet: Wallet }) {
  const { data: providers } = useProviders();
  const live = liveProviders(providers);
  const [provider, setProvider] = useState('sandbox');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const value = amountInput(amount);
    if (!value || Number(value) <= 0) {
      setError(AMOUNT_INPUT_HINT);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const started = await topUp(wallet.id, value, provider, redirectUrl());
      if (!started.link) {
        notify.error('The payment provider gave no checkout link. Please try again.');
        return;
      }
      // The return to /payment-completion settles the top-up with the same provider.
      storage.setPaymentProvider(started.tx_ref, provider);
      window.open(started.link, '_blank');
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label="Add funds">
      <Title order={3} size="h5" fw={600}>
        Add funds
      </Title>
      <Group align="flex-end">
        <TextInput
          label={`Amount (${wallet.currency})`}
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={error}
          w={200}
        />
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Pay with
          </Text>
          <SegmentedControl
            aria-label="Top-up provider"
            size="xs"
            value={provider}
            onChange={setProvider}
            data={(providers ?? [{ name: 'sandbox', label: 'Sandbox', live: true }]).map((p) => ({
              value: p.name,
              label: p.live ? p.label : `${p.label} (not set up)`,
              disabled: !p.live,
            }))}
          />
        </Stack>
        <Button
          loading={busy}
          onClick={() => void add()}
          disabled={wallet.status !== 'active' || live.length === 0}
        >
          Add funds
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        The provider&apos;s checkout opens in a new tab; the balance grows once the provider
        confirms the payment.
      </Text>
    </Stack>
  );
}

/**
 * `/wallet`: the organization's balance per currency, adding funds through a provider,
 * the cards saved from those payments, and every transaction (filtered, exportable).
 * Top-ups complete in another tab; when it settles one, this tab asks again.
 */
export function WalletScreen() {
  const organizationId = useOrganizationId();
  const { checkPermission, ready } = usePermission({ organizationId });
  const billing = ready ? checkPermission({ action: 'billing' }) : null;
  const allowed = billing?.allowed === true;
  const { data: wallets, isLoading } = useWallets(allowed ? organizationId : null);
  const [selected, setSelected] = useState<string | null>(null);
  const wallet = wallets?.find((w) => w.id === selected) ?? wallets?.[0] ?? null;

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith(PAYMENT_PROVIDER_PREFIX) && event.newValue === null) {
        void revalidateWallets();
      }
    };
    const onFocus = () => void revalidateWallets();
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  if (billing && !billing.allowed) {
    return (
      <ContentLayout title="Wallet">
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          {billing.message} Only an Admin of your organization manages its wallets.
        </Alert>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout title="Wallet" caption="Your organization's balance, cards and transactions">
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-label="Balances">
          <Group justify="space-between">
            <Title order={2} size="h4" fw={600}>
              Balances
            </Title>
            {wallets && (
              <OpenWallet organizationId={organizationId} have={wallets.map((w) => w.currency)} />
            )}
          </Group>
          {isLoading || !ready ? (
            <Skeleton h={96} radius="lg" />
          ) : wallets && wallets.length > 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {wallets.map((w) => (
                <Paper
                  key={w.id}
                  withBorder
                  radius="lg"
                  p="lg"
                  component="button"
                  onClick={() => setSelected(w.id)}
                  aria-pressed={wallet?.id === w.id}
                  style={{
                    textAlign: 'left',
                    cursor: 'pointer',
                    borderColor: wallet?.id === w.id ? 'var(--mantine-color-indigo-5)' : undefined,
                  }}
                >
                  <Group justify="space-between">
                    <Text fw={600}>{w.name}</Text>
                    <Badge variant="light" color={w.status === 'active' ? 'green' : 'gray'}>
                      {w.status}
                    </Badge>
                  </Group>
                  <Text fz={28} fw={700} data-testid={`wallet-balance-${w.currency}`}>
                    {formatMoney(w.balance, w.currency)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              Your organization has no wallet yet. Open one in naira or dollars to add funds and pay
              your plan from it.
            </Text>
          )}
        </Stack>
        {wallet && (
          <>
            <AddFunds wallet={wallet} />
            <SavedCards wallet={wallet} />
            <Stack gap="sm" component="section" aria-label="Transactions">
              <Title order={2} size="h4" fw={600}>
                Transactions
              </Title>
              <WalletTransactions wallet={wallet} />
            </Stack>
          </>
        )}
      </Stack>
    </ContentLayout>
  );
}
