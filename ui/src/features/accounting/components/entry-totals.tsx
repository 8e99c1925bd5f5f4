import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconScale } from '@tabler/icons-react';

import { formatMoney } from '@/lib/money';

import type { EntryBalance } from '../lib/entry-balance';

/** Live totals under the lines: debits, credits, and the difference or a balanced check. */
export function EntryTotals({ balance, currency }: { balance: EntryBalance; currency: string }) {
  const figure = (label: string, value: string, testId: string) => (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fw={600} className="ledger-money" data-testid={testId}>
        {formatMoney(value, currency)}
      </Text>
    </div>
  );
  return (
    <Group justify="flex-end" gap="xl" data-testid="entry-totals">
      {figure('Total debit', balance.totalDebit, 'total-debit')}
      {figure('Total credit', balance.totalCredit, 'total-credit')}
      <Group gap={8}>
        <ThemeIcon
          size={28}
          radius="xl"
          variant="light"
          color={balance.balanced ? 'teal' : 'orange'}
        >
          {balance.balanced ? <IconCheck size={16} /> : <IconScale size={16} />}
        </ThemeIcon>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
            Difference
          </Text>
          <Text
            fw={700}
            c={balance.balanced ? 'teal.7' : 'orange.8'}
            className="ledger-money"
            data-testid="entry-difference"
          >
            {balance.balanced ? 'Balanced' : formatMoney(balance.difference, currency)}
          </Text>
        </div>
      </Group>
    </Group>
  );
}
