import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { BareLayout } from '@/components/layouts/bare-layout';

import { revalidateBilling } from '../api/billing';
import { completePayment } from '../lib/payment-flow';

/** The payments settled (or being settled) by this page, so a re-run effect asks once. */
const settling = new Set<string>();

/**
 * `/payment-completion`: where the payment provider returns with `status` and `tx_ref`.
 * Settles the payment with the server, then leaves for /license with the outcome.
 */
export function PaymentCompletionScreen() {
  useDocumentTitle('Payment · Ledgerline');
  const [searchParams] = useSearchParams();
  const query = searchParams.toString();

  useEffect(() => {
    if (settling.has(query)) return;
    settling.add(query);
    void completePayment(new URLSearchParams(query)).then((outcome) => {
      if (outcome === 'successful') void revalidateBilling();
    });
  }, [query]);

  return (
    <BareLayout width={480}>
      <Paper withBorder radius="lg" p={32} shadow="xs">
        <Stack align="center" ta="center" gap="sm">
          <Loader size="md" />
          <Title order={1} fz={22} fw={600}>
            Confirming your payment
          </Title>
          <Text size="sm" c="dimmed">
            We are checking the payment with the provider; you will be taken to your plan in a
            moment.
          </Text>
        </Stack>
      </Paper>
    </BareLayout>
  );
}
