import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';

import { MonthField } from '@/components/ui/month-field';
import { formatMonth } from '@/lib/format-date-time';
import { AMOUNT_INPUT_HINT, centsToDecimal, formatMoney, parseCents } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import { setBudget, type BudgetPeriod, type FlatAccount } from '../api/accounts';
import { formErrorsOf } from '@/lib/field-errors';
import { todayIso } from '../lib/periods';

type PeriodKind = BudgetPeriod['kind'];

/** Budget months listed under the form; older ones stay on the server. */
const BUDGET_MONTHS_SHOWN = 12;

type BudgetModalProps = { account: FlatAccount | null; onClose: () => void };

/**
 * An account's budget: a standing amount for every month, one month's amount, or a
 * year's total spread evenly over its months by the server. Summaries show it beside the
 * actuals with the variance.
 */
export function BudgetModal({ account, onClose }: BudgetModalProps) {
  const currency = useWorkspaceCurrency();
  const [kind, setKind] = useState<PeriodKind>('standing');
  const [amount, setAmount] = useState('');
  const [month, setMonth] = useState(todayIso().slice(0, 7));
  const [year, setYear] = useState<number>(Number(todayIso().slice(0, 4)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAmount(account?.budget_amount ?? '');
    setKind('standing');
    setError(null);
  }, [account]);

  const save = async () => {
    const workspaceId = storage.getWorkspaceId();
    const cents = parseCents(amount);
    if (!account || !workspaceId) return;
    if (cents === null || cents < 0n || amount.trim() === '') {
      setError(AMOUNT_INPUT_HINT);
      return;
    }
    const period: BudgetPeriod =
      kind === 'month' ? { kind, month } : kind === 'year' ? { kind, year } : { kind };
    setBusy(true);
    setError(null);
    try {
      await setBudget(workspaceId, account.id, centsToDecimal(cents), period);
      notify.success(`Budget for ${account.account_code} saved`);
      onClose();
    } catch (caught) {
      const found = formErrorsOf(caught);
      setError(found ? Object.values(found.fields).concat(found.general).join(' ') || null : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={account ? `Budget · ${account.account_code} ${account.name}` : 'Budget'}
      centered
    >
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as PeriodKind)}
          data={[
            { value: 'standing', label: 'Every month' },
            { value: 'month', label: 'One month' },
            { value: 'year', label: 'A year, spread' },
          ]}
        />
        {kind === 'month' && <MonthField label="Month" value={month} onChange={setMonth} />}
        {kind === 'year' && (
          <NumberInput
            label="Year"
            value={year}
            min={2000}
            max={2100}
            onChange={(value) => typeof value === 'number' && setYear(value)}
          />
        )}
        <TextInput
          label={kind === 'year' ? 'Amount for the year' : 'Amount per month'}
          placeholder="0.00"
          value={amount}
          inputMode="decimal"
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {account && account.budgets.length > 0 && (
          <Table verticalSpacing={4} fz="sm" aria-label="Budgets by month">
            <Table.Tbody>
              {account.budgets.slice(-BUDGET_MONTHS_SHOWN).map((b) => (
                <Table.Tr key={b.month}>
                  <Table.Td>{formatMonth(b.month)}</Table.Td>
                  <Table.Td ta="right" className="ledger-money">
                    {formatMoney(b.amount, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">
          Summaries show the budget beside what was posted, with the variance.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            Save budget
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
