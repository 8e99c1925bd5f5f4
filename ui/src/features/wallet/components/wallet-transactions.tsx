import { Group, Select, TextInput } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { DataGrid } from '@/components/data-grid/data-grid';
import { formatDateTime } from '@/lib/format-date-time';
import { formatMoney } from '@/lib/money';

import { useWalletTransactions, type Wallet, type WalletTransaction } from '../api/wallet';
import { NO_FILTERS, toQuery, type FilterForm } from '../lib/wallet';

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
      {
        headerName: 'Amount',
        field: 'amount',
        type: 'rightAligned',
        valueFormatter: ({ value, data }) =>
          `${data?.transaction_type === 'debit' ? '−' : ''}${formatMoney(value, data?.currency ?? wallet.currency)}`,
      },
      { headerName: 'Status', field: 'status', maxWidth: 120 },
      {
        headerName: 'Balance after',
        field: 'balance_after',
        type: 'rightAligned',
        valueFormatter: ({ value, data }) =>
          value ? formatMoney(value, data?.currency ?? wallet.currency) : '',
      },
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
          <TextInput
            label="From"
            type="date"
            size="xs"
            value={form.from}
            onChange={(e) => set('from')(e.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            size="xs"
            value={form.to}
            onChange={(e) => set('to')(e.currentTarget.value)}
          />
        </Group>
      }
    />
  );
}
