import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';

import { formatDateTime } from '@/lib/format-date-time';
import { formatMoney } from '@/lib/money';

import { PROVIDERS, useTransactions } from '../api/billing';

const STATUS_COLORS: Record<string, string> = {
  successful: 'teal',
  failed: 'red',
  pending: 'yellow',
};

const providerLabel = (value: string) => PROVIDERS.find((p) => p.value === value)?.label ?? value;

/** The organization's payments, newest first (Admins only). */
export function PaymentHistory({ organizationId }: { organizationId: string | null }) {
  const { data, error, isLoading } = useTransactions(organizationId, true);
  return (
    <Stack gap="sm" component="section" aria-label="Payment history">
      <Title order={2} size="h4" fw={600}>
        Payment history
      </Title>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="sm" horizontalSpacing="lg" aria-label="Payments">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Reference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data ?? []).map((t) => (
              <Table.Tr key={t.tx_ref}>
                <Table.Td>
                  <Text size="sm">{formatDateTime(t.created_datetime)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t.plan.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{providerLabel(t.provider)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatMoney(t.amount, t.currency)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[t.status] ?? 'gray'}>
                    {t.status}
                  </Badge>
                  {t.failure_reason && (
                    <Text size="xs" c="dimmed" mt={2}>
                      {t.failure_reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" c="dimmed">
                    {t.provider_transaction_id ?? t.tx_ref}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!isLoading && (error || (data ?? []).length === 0) && (
          <Text size="sm" c="dimmed" p="lg">
            {error ? 'The payment history could not be loaded.' : 'No payments yet.'}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
