import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { BareLayout } from '@/components/layouts/bare-layout';
import { paths } from '@/config/paths';

/** `/payment-completion`: where the payment provider returns (public). */
export default function PaymentCompletionRoute() {
  useDocumentTitle('Payment · Ledgerline');
  return (
    <BareLayout width={480}>
      <Paper withBorder radius="lg" p={32} shadow="xs">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconCreditCard size={24} />
          </ThemeIcon>
          <Title order={1} fz={22} fw={600}>
            Payment
          </Title>
          <Text size="sm" c="dimmed">
            The outcome of your payment will appear here once it has been confirmed with the payment
            provider; you then return to your plan.
          </Text>
          <Button component={Link} to={paths.license} variant="light" mt="xs">
            Go to License Plan
          </Button>
        </Stack>
      </Paper>
    </BareLayout>
  );
}
