import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

import { AccountPicker } from '@/features/accounting';
import { DateField } from '@/components/ui/date-field';
import { formErrorsOf } from '@/lib/field-errors';
import { AMOUNT_INPUT_HINT, amountInput, formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { disposeAsset, type FixedAsset } from '../api/fixed-assets';

type DisposeAssetModalProps = {
  asset: FixedAsset;
  opened: boolean;
  onClose: () => void;
};

/**
 * Disposes of an asset: the months not yet charged through the disposal month are
 * charged, its cost and accumulated depreciation leave the books, and the proceeds
 * against the net book value book a gain or a loss — one entry.
 */
export function DisposeAssetModal({ asset, opened, onClose }: DisposeAssetModalProps) {
  const currency = useWorkspaceCurrency();
  const [date, setDate] = useState('');
  const [proceeds, setProceeds] = useState('');
  const [proceedsAccount, setProceedsAccount] = useState<string | null>(null);
  const [gainLossAccount, setGainLossAccount] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setDate('');
    setProceeds('');
    setProceedsAccount(null);
    setGainLossAccount(null);
    setErrors({});
  }, [opened]);

  const confirm = async () => {
    const workspaceId = storage.getWorkspaceId();
    if (!workspaceId) return;
    const amount = amountInput(proceeds === '' ? '0' : proceeds);
    const local: Record<string, string> = {};
    if (!date) local['date'] = 'Enter the disposal date.';
    if (amount === null) local['proceeds'] = AMOUNT_INPUT_HINT;
    if (!proceedsAccount) local['proceeds_account'] = 'Choose the account receiving the proceeds.';
    setErrors(local);
    if (Object.keys(local).length > 0 || amount === null || !proceedsAccount) return;
    setBusy(true);
    try {
      const result = await disposeAsset(workspaceId, asset.id, {
        date,
        proceeds: amount,
        proceeds_account: proceedsAccount,
        gain_loss_account: gainLossAccount,
      });
      const outcome =
        result.gain !== '0.00'
          ? `a gain of ${formatMoney(result.gain, currency)}`
          : `a loss of ${formatMoney(result.loss, currency)}`;
      notify.success(`${asset.name} disposed of with ${outcome}`);
      onClose();
    } catch (caught) {
      const found = formErrorsOf(caught);
      if (found) setErrors({ ...found.fields, general: found.general.join(' ') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Dispose of ${asset.name}`} centered size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The disposal month is charged in full and is the last. Net book value today:{' '}
          {formatMoney(asset.net_book_value, currency)}.
        </Text>
        <DateField
          label="Disposal date"
          value={date}
          onChange={setDate}
          error={errors['date']}
          data-autofocus
        />
        <TextInput
          label="Proceeds"
          description="Zero for an asset scrapped or written off."
          value={proceeds}
          onChange={(event) => setProceeds(event.currentTarget.value)}
          error={errors['proceeds']}
        />
        <AccountPicker
          label="Proceeds account"
          description="Debited with the proceeds: the bank, or a receivable."
          postableOnly
          value={proceedsAccount}
          onChange={setProceedsAccount}
          error={errors['proceeds_account']}
        />
        <AccountPicker
          label="Gain or loss account"
          description="Optional: by default the account coded 4300, other income."
          postableOnly
          value={gainLossAccount}
          onChange={setGainLossAccount}
          error={errors['gain_loss_account']}
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
          <Button color="orange" loading={busy} onClick={() => void confirm()}>
            Post disposal
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
