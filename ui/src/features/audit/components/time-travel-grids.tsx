import { Badge, Group, Pagination, Text } from '@mantine/core';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';

import { dateColumn, moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { formatDateTime } from '@/lib/format-date-time';
import { formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import type {
  AfterClose,
  AfterCloseEntry,
  Comparison,
  ComparisonRow,
  KnownLedger,
  KnownTrialBalance,
  KnownTrialBalanceRow,
  LedgerPosting,
} from '../api/time-travel';
import { AFTER_CLOSE_KINDS } from './audit-format';

/** A recorded-time column, as people read a moment. */
function when<T>(headerName: string, field: ColDef<T>['field']): ColDef<T> {
  return {
    headerName,
    field,
    width: 170,
    valueFormatter: ({ value }: { value: unknown }) =>
      typeof value === 'string' ? formatDateTime(value) : '',
  };
}

/** The trial balance as known then; a row opens that account's ledger. */
export function KnownTrialBalanceGrid({
  tb,
  onAccount,
}: {
  tb: KnownTrialBalance;
  onAccount: (row: KnownTrialBalanceRow) => void;
}) {
  const currency = useWorkspaceCurrency();
  const columnDefs = useMemo<ColDef<KnownTrialBalanceRow>[]>(
    () => [
      { field: 'account_code', headerName: 'Code', width: 100, sort: 'asc' },
      { field: 'name', headerName: 'Account', flex: 1, minWidth: 200 },
      { field: 'account_type', headerName: 'Type', width: 110 },
      moneyColumn('debit', 'Debit', { currency }),
      moneyColumn('credit', 'Credit', { currency }),
      moneyColumn('balance', 'Balance', { currency }),
    ],
    [currency],
  );
  const totals = [
    {
      account_id: 'totals',
      account_code: '',
      name: 'Totals',
      account_type: '',
      debit: tb.totals.debit,
      credit: tb.totals.credit,
      balance: '',
    },
  ];
  return (
    <DataGrid<KnownTrialBalanceRow>
      gridId="audit-tt-trial-balance"
      ariaLabel="Trial balance as known then"
      columnDefs={columnDefs}
      rowData={tb.rows}
      pinnedBottomRowData={totals}
      getRowId={({ data }) => data.account_id}
      onRowClicked={(row) => row.account_id !== 'totals' && onAccount(row)}
      height={Math.min(480, 80 + Math.max(tb.rows.length, 3) * 36)}
      exportFileName={`trial-balance-as-of-${tb.as_of}-known-at-${tb.known_at}`}
      noRowsText="No postings were known by then"
    />
  );
}

/** The general ledger as known then, a page at a time; a row opens the entry's history. */
export function KnownLedgerGrid({
  ledger,
  onEntry,
  onPage,
}: {
  ledger: KnownLedger;
  onEntry: (posting: LedgerPosting) => void;
  onPage: (page: number) => void;
}) {
  const currency = useWorkspaceCurrency();
  const columnDefs = useMemo<ColDef<LedgerPosting>[]>(
    () => [
      { ...dateColumn<LedgerPosting>('date'), filter: false },
      { field: 'entry_number', headerName: 'Entry', width: 120 },
      {
        colId: 'account',
        headerName: 'Account',
        width: 220,
        valueGetter: ({ data }) => (data ? `${data.account_code} ${data.account_name}` : ''),
      },
      {
        colId: 'text',
        headerName: 'Description',
        flex: 1,
        minWidth: 180,
        valueGetter: ({ data }) => (data ? data.description || data.memo : ''),
      },
      moneyColumn('debit', 'Debit', { currency, width: 120 }),
      moneyColumn('credit', 'Credit', { currency, width: 120 }),
      moneyColumn('running_balance', 'Balance', { currency, width: 130 }),
      when('Recorded', 'recorded_at'),
    ],
    [currency],
  );
  return (
    <>
      <DataGrid<LedgerPosting>
        gridId="audit-tt-ledger"
        ariaLabel="General ledger as known then"
        columnDefs={columnDefs}
        rowData={ledger.data}
        sortable={false}
        getRowId={({ data }) => `${data.entry_id}-${data.line_index}`}
        onRowClicked={onEntry}
        height={Math.min(520, 80 + Math.max(ledger.data.length, 3) * 36)}
        exportFileName="general-ledger-known-at"
        noRowsText="No postings in this range were known by then"
        toolbar={
          <Text size="xs" c="dimmed">
            Opening {formatMoney(ledger.opening_balance, currency)} · closing{' '}
            {formatMoney(ledger.closing_balance, currency)} ({ledger.normal_balance})
          </Text>
        }
      />
      {ledger.total_pages > 1 && (
        <Group justify="flex-end" mt="xs">
          <Pagination
            size="sm"
            total={ledger.total_pages}
            value={ledger.page}
            onChange={onPage}
            aria-label="Ledger pages"
          />
        </Group>
      )}
    </>
  );
}

/** Per account: its balance at both knowledge times and the difference; a row opens its causes. */
export function ComparisonGrid({
  comparison,
  onAccount,
}: {
  comparison: Comparison;
  onAccount: (row: ComparisonRow) => void;
}) {
  const currency = useWorkspaceCurrency();
  const columnDefs = useMemo<ColDef<ComparisonRow>[]>(
    () => [
      { field: 'account_code', headerName: 'Code', width: 100, sort: 'asc' },
      { field: 'name', headerName: 'Account', flex: 1, minWidth: 200 },
      moneyColumn('balance_from', 'Then', { currency }),
      moneyColumn('balance_to', 'Later', { currency }),
      moneyColumn('difference', 'Difference', { currency }),
      {
        colId: 'entries',
        headerName: 'Entries between',
        width: 140,
        type: 'rightAligned',
        valueGetter: ({ data }) => data?.entries.length ?? 0,
      },
    ],
    [currency],
  );
  return (
    <DataGrid<ComparisonRow>
      gridId="audit-tt-compare"
      ariaLabel="Trial balance compared between two knowledge times"
      columnDefs={columnDefs}
      rowData={comparison.rows}
      getRowId={({ data }) => data.account_id}
      onRowClicked={onAccount}
      height={Math.min(480, 80 + Math.max(comparison.rows.length, 3) * 36)}
      exportFileName="trial-balance-compared"
      noRowsText="No balances at either time"
    />
  );
}

function KindCell({ value }: ICellRendererParams<AfterCloseEntry, string>) {
  if (!value) return null;
  const kind = AFTER_CLOSE_KINDS[value] ?? { label: value, color: 'gray' };
  return (
    <Badge variant="light" color={kind.color} radius="sm" size="sm">
      {kind.label}
    </Badge>
  );
}

/** Entries recorded after the close that touch the closed period; a row opens the entry. */
export function AfterCloseGrid({
  report,
  onEntry,
}: {
  report: AfterClose;
  onEntry: (entry: AfterCloseEntry) => void;
}) {
  const currency = useWorkspaceCurrency();
  const columnDefs = useMemo<ColDef<AfterCloseEntry>[]>(
    () => [
      { field: 'entry_number', headerName: 'Entry', width: 120 },
      { ...dateColumn<AfterCloseEntry>('date', 'Dated'), filter: false },
      { field: 'kind', headerName: 'Why it matters', width: 250, cellRenderer: KindCell },
      when('Recorded', 'recorded_at'),
      {
        field: 'days_after_period_end',
        headerName: 'Days after period end',
        width: 170,
        type: 'rightAligned',
      },
      { field: 'memo', headerName: 'Memo', flex: 1, minWidth: 160 },
      moneyColumn('total', 'Total', { currency, width: 130 }),
    ],
    [currency],
  );
  return (
    <DataGrid<AfterCloseEntry>
      gridId="audit-tt-after-close"
      ariaLabel="Changes after close"
      columnDefs={columnDefs}
      rowData={report.entries}
      getRowId={({ data }) => data.entry_id}
      onRowClicked={onEntry}
      height={Math.min(480, 80 + Math.max(report.entries.length, 3) * 36)}
      exportFileName={`changes-after-close-${report.period_end}`}
      noRowsText="Nothing recorded after the close touches the period"
    />
  );
}
