import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

import { AccountPicker } from '@/features/accounting';
import { DateField } from '@/components/ui/date-field';
import { formErrorsOf } from '@/lib/field-errors';
import { formatDateText } from '@/lib/format-date-time';
import { AMOUNT_INPUT_HINT, amountInput, formatMoney, isZero } from '@/lib/money';
import { notify } from '@/lib/notify';

import type { Debt } from '../api/debts';
import { recordRepayment, type RepaymentOutcome } from '../api/repayments';
import { todayIso } from '../lib/today';

type RepayModalProps = {
  workspaceId: string;
  currency: string;
  debt: Debt;
  opened: boolean;
  onClose: () => void;
};

function Part({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className="ledger-money" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * Records a repayment and posts it. The server splits it (the unpaid interest due first,
 * then principal, then the next instalment, then a prepayment); the dialog shows that
 * split once posted rather than guessing it beforehand.
 */
export function RepayModal({ workspaceId, currency, debt, opened, onClose }: RepayModalProps) {
  const [date, setDate] = useState('');
  const [amount, setAmount] = useState('');
  const [cashAccount, setCashAccount] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [posted, setPosted] = useState<RepaymentOutcome | null>(null);
  const money = (value: string) => formatMoney(value, currency);

  useEffect(() => {
    if (!opened) return;
    setDate(todayIso());
    setAmount(debt.next_due?.amount ?? '');
    setCashAccount(debt.cash_account);
    setErrors({});
    setPosted(null);
    // Only on opening: the debt refreshes after the posting while the split shows.
  }, [opened]);

  const confirm = async () => {
    const value = amountInput(amount);
    const local: Record<string, string> = {};
    if (!date) local['date'] = 'Enter the repayment date.';
    if (value === null) local['amount'] = AMOUNT_INPUT_HINT;
    if (!cashAccount) local['cash_account'] = 'Choose the bank account.';
    setErrors(local);
    if (Object.keys(local).length > 0 || value === null || !cashAccount) return;
    setBusy(true);
    try {
      const result = await recordRepayment(workspaceId, debt.id, {
        date,
        amount: value,
        cash_account: cashAccount,
      });
      setPosted(result);
      notify.success(`Repayment of ${money(result.amount)} posted`);
    } catch (caught) {
      const found = formErrorsOf(caught);
      if (found) setErrors({ ...found.fields, general: found.general.join(' ') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Repay ${debt.counterparty}`}
      centered
      size="md"
    >
      {posted ? (
        <Stack gap="sm" data-testid="repayment-split">
          <Text size="sm">
            {money(posted.amount)} on {formatDateText(posted.date)} is posted, split as follows.
          </Text>
          <SimpleGrid cols={2}>
            <Part label="Interest" value={money(posted.interest)} testId="split-interest" />
            <Part label="Principal" value={money(posted.principal)} testId="split-principal" />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Principal still owed: {money(posted.principal_outstanding)}.
          </Text>
          {!isZero(posted.prepayment) && (
            <Text size="sm" c="dimmed">
              Of the principal, {money(posted.prepayment)} is paid ahead of the schedule: the later
              instalments are re-planned on the lower balance.
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Outstanding today: {money(debt.outstanding)}. The interest due is paid first, then
            principal.
          </Text>
          <DateField
            label="Date"
            value={date}
            onChange={setDate}
            error={errors['date']}
            data-autofocus
          />
          <TextInput
            label="Amount"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors['amount']}
          />
          <AccountPicker
            label="Bank account"
            description={debt.direction === 'payable' ? 'Paid from it.' : 'Received into it.'}
            postableOnly
            value={cashAccount}
            onChange={setCashAccount}
            error={errors['cash_account']}
          />
          {errors['general'] && (
            <Text size="sm" c="red" role="alert">
              {errors['general']}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void confirm()}>
              Post repayment
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
