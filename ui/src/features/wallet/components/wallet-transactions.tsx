import { Group, Select } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateField } from '@/components/ui/date-field';
import { formatDateTime } from '@/lib/format-date-time';

import { useWalletTransactions, type Wallet, type WalletTransaction } from '../api/wallet';
import { NO_FILTERS, signedAmount, toQuery, type FilterForm } from '../lib/wallet';

/** The wallet's transactions (spec §7 filters: type, status, created date), exportable. */
export function WalletTransactions({ wallet }: { wallet: Wallet }) {
  const [form, setForm] = useState<FilterForm>(NO_FILTERS);
  const { data, isLoading } = useWalletTransactions(wallet.id, toQuery(form));
  const set = (key: keyof FilterForm) => (value: string | null) =>
    setForm((f) => ({ ...f, [key]: value ?? '' }));

  const columns = useMemo<ColDef<WalletTransaction>[]>(
    () => [
      {
        headerName: 'Date',
        field: 'created_datetime',
        valueFormatter: ({ value }) => (value ? formatDateTime(value) : ''),
        minWidth: 160,
      },
      { headerName: 'Type', field: 'transaction_type', maxWidth: 110 },
      { headerName: 'Description', field: 'description', flex: 2, minWidth: 180 },
      moneyColumn<WalletTransaction>('amount', 'Amount', {
        currency: wallet.currency,
        value: signedAmount,
      }),
      { headerName: 'Status', field: 'status', maxWidth: 120 },
      moneyColumn<WalletTransaction>('balance_after', 'Balance after', {
        currency: wallet.currency,
      }),
      { headerName: 'Provider', field: 'provider', maxWidth: 130 },
      { headerName: 'Reference', field: 'tx_ref', minWidth: 160 },
      { headerName: 'Why it failed', field: 'failure_reason', minWidth: 160 },
    ],
    [wallet.currency],
  );

  return (
    <DataGrid<WalletTransaction>
      gridId={`wallet-transactions-${wallet.currency}`}
      ariaLabel="Wallet transactions"
      exportFileName={`wallet-${wallet.currency.toLowerCase()}-transactions`}
      columnDefs={columns}
      rowData={data ?? []}
      loading={isLoading}
      getRowId={({ data: row }) => row.id}
      noRowsText="No transactions match. Add funds to start, or clear the filters."
      height={380}
      toolbar={
        <Group gap="xs" align="flex-end">
          <Select
            label="Type"
            size="xs"
            w={120}
            clearable
            value={form.transactionType || null}
            onChange={set('transactionType')}
            data={[
              { value: 'credit', label: 'Credit' },
              { value: 'debit', label: 'Debit' },
            ]}
          />
          <Select
            label="Status"
            size="xs"
            w={130}
            clearable
            value={form.status || null}
            onChange={set('status')}
            data={[
              { value: 'successful', label: 'Successful' },
              { value: 'pending', label: 'Pending' },
              { value: 'failed', label: 'Failed' },
            ]}
          />
          <DateField
            label="From"
            size="xs"
            w={130}
            clearable
            value={form.from}
            onChange={set('from')}
          />
          <DateField label="To" size="xs" w={130} clearable value={form.to} onChange={set('to')} />
        </Group>
      }
    />
  );
}
