import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { amountInput, AMOUNT_INPUT_HINT } from '@/lib/money';
import { notify } from '@/lib/notify';

import { chargeCard, removeCard, revalidateWallets, useCards, type Wallet } from '../api/wallet';

/** The cards saved from the wallet's provider payments: charge one again, or remove it. */
export function SavedCards({ wallet }: { wallet: Wallet }) {
  const { data: cards } = useCards(wallet.id);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const charge = async (cardId: string) => {
    const value = amountInput(amount);
    if (!value || Number(value) <= 0) {
      notify.error(AMOUNT_INPUT_HINT);
      return;
    }
    setBusy(cardId);
    try {
      const settled = await chargeCard(wallet.id, value, cardId);
      if (settled.status === 'successful') notify.success('Funds added from your card');
      else notify.error(settled.failure_reason ?? 'The card was not charged.');
      await revalidateWallets();
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  };

  const remove = async (cardId: string) => {
    setBusy(cardId);
    try {
      await removeCard(wallet.id, cardId);
      notify.success('Card removed');
      await revalidateWallets();
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label="Saved cards">
      <Title order={3} size="h5" fw={600}>
        Saved cards
      </Title>
      {!cards || cards.length === 0 ? (
        <Text size="sm" c="dimmed">
          No saved cards. A card that pays a top-up is saved here to add funds again without the
          checkout.
        </Text>
      ) : (
        <>
          <TextInput
            label={`Amount to charge (${wallet.currency})`}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            w={220}
            size="xs"
          />
          {cards.map((card) => (
            <Paper
              key={card.id}
              withBorder
              radius="md"
              p="sm"
              aria-label={`Card ending ${card.last4}`}
            >
              <Group justify="space-between">
                <Text size="sm">
                  <Text span fw={600} tt="capitalize">
                    {card.brand}
                  </Text>{' '}
                  {card.first6.slice(0, 4)} {card.first6.slice(4)}•• •••• {card.last4} · expires{' '}
                  {String(card.exp_month).padStart(2, '0')}/{card.exp_year} · {card.bank} ·{' '}
                  {card.provider}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    loading={busy === card.id}
                    onClick={() => void charge(card.id)}
                  >
                    Charge card
                  </Button>
                  <Tooltip label="Remove card">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove card ending ${card.last4}`}
                      disabled={busy !== null}
                      onClick={() => void remove(card.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
