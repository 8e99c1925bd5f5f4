import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

import { centsOf, formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

/** The report checks itself (DESIGN.md §11): debits = credits, shown, failing loudly. */
export function BalancedCheck({
  debit,
  credit,
  balanced,
}: {
  debit: string;
  credit: string;
  balanced: boolean;
}) {
  const currency = useWorkspaceCurrency();
  const equal = balanced && centsOf(debit) === centsOf(credit);
  return equal ? (
    <Badge
      color="teal"
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      leftSection={<IconCircleCheck size={16} />}
      data-testid="balanced-check"
    >
      Balanced: debits equal credits
    </Badge>
  ) : (
    <Badge
      color="red"
      variant="filled"
      size="lg"
      radius="sm"
      tt="none"
      leftSection={<IconAlertTriangle size={16} />}
      data-testid="balanced-check"
    >
      Out of balance by {formatMoney(centsOf(debit) - centsOf(credit), currency)}
    </Badge>
  );
}
