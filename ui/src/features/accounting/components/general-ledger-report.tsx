import { ActionIcon, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { ColDef, IDatasource } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { dateColumn, moneyColumn } from '@/components/data-grid/columns';
import { downloadText, toCsv } from '@/components/data-grid/csv';
import { DataGrid } from '@/components/data-grid/data-grid';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';

import {
  LEDGER_PAGE_SIZE,
  getLedgerPage,
  isLedgerOf,
  useLedgerHead,
  type LedgerQuery,
  type Posting,
} from '../api/reports';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { useWorkspaceId } from '@/lib/active-workspace';
import { useQueryState } from '../hooks/use-query-state';
import { generalLedgerDefaults } from '../lib/screen-queries';
import { entryLink } from '../lib/report-links';

import { DocumentPreview, type AttachedDocument } from '@/features/documents';
import { AccountPicker } from './account-picker';
import { DateField, ReportControls } from './report-toolbar';

/** The most rows one CSV export fetches (pages of 100): enough for a year of a busy ledger. */
export const LEDGER_EXPORT_ROWS_MAX = 50_000;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fw={700} size="lg" className="ledger-money" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * Postings of an account (or all) over a date range: the opening balance at the start,
 * each posting with its running balance, the closing balance. Rows are fetched a page
 * at a time as the grid scrolls, so a 200,000-row ledger opens as fast as a short one.
 */
export function GeneralLedgerReport() {
  const [query, setQuery] = useQueryState(generalLedgerDefaults());
  const currency = useWorkspaceCurrency();
  const navigate = useNavigate();
  const ledgerQuery: LedgerQuery = useMemo(
    () => ({
      account_id: query.account_id || null,
      from: query.from || null,
      to: query.to || null,
    }),
    [query.account_id, query.from, query.to],
  );
  const { data: head } = useLedgerHead(ledgerQuery);
  // A running balance (and an opening or closing one) is an account's: summed across
  // accounts it means nothing, so "All accounts" shows the postings and their totals.
  const perAccount = Boolean(query.account_id);
  const workspaceId = useWorkspaceId();

  // The totals above came with the first page: the grid starts from it, not a second request.
  const headRef = useRef(head);
  headRef.current = head;

  // A new datasource per query resets the grid's cache and scroll position.
  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        if (!workspaceId) return params.failCallback();
        const page = Math.floor(params.startRow / LEDGER_PAGE_SIZE) + 1;
        const first = headRef.current;
        if (page === 1 && first && isLedgerOf(first, ledgerQuery)) {
          return params.successCallback(first.data, first.count);
        }
        getLedgerPage(workspaceId, ledgerQuery, page)
          .then((ledger) => params.successCallback(ledger.data, ledger.count))
          .catch(() => params.failCallback());
      },
    }),
    [ledgerQuery, workspaceId],
  );

  const [preview, setPreview] = useState<AttachedDocument | null>(null);
  const columnDefs = useMemo<ColDef<Posting>[]>(
    () => [
      { ...dateColumn<Posting>('date'), sortable: false, filter: false },
      { field: 'entry_number', headerName: 'Entry', width: 120, sortable: false, filter: false },
      {
        colId: 'documents',
        headerName: '',
        headerTooltip: 'Attached documents',
        width: 56,
        sortable: false,
        filter: false,
        cellRenderer: ({ data }: CustomCellRendererProps<Posting>) => {
          const first = data?.documents[0];
          if (!first) return null;
          const label = data.documents.map((d) => d.name).join(', ');
          return (
            <ActionIcon
              variant="subtle"
              size="sm"
              data-no-row-click
              aria-label={`Open ${label}`}
              title={label}
              onClick={() => setPreview(first)}
            >
              <IconPaperclip size={14} />
            </ActionIcon>
          );
        },
      },
      {
        colId: 'account',
        headerName: 'Account',
        width: 220,
        sortable: false,
        filter: false,
        valueGetter: ({ data }) => (data ? `${data.account_code} · ${data.account_name}` : ''),
        tooltip: ({ value }) => (typeof value === 'string' ? value : ''),
        hide: perAccount,
      },
      {
        colId: 'description',
        headerName: 'Description',
        flex: 1,
        minWidth: 200,
        sortable: false,
        filter: false,
        valueGetter: ({ data }) => (data ? data.description || data.memo : ''),
      },
      {
        ...moneyColumn<Posting>('debit', `Debit`, { currency, blankZero: true }),
        sortable: false,
        filter: false,
      },
      {
        ...moneyColumn<Posting>('credit', `Credit`, { currency, blankZero: true }),
        sortable: false,
        filter: false,
      },
      ...(perAccount
        ? [
            {
              ...moneyColumn<Posting>('running_balance', 'Running balance', {
                currency,
                width: 170,
              }),
              sortable: false,
              filter: false,
            },
          ]
        : []),
    ],
    [currency, perAccount],
  );

  const exportAll = useCallback(async () => {
    if (!workspaceId) return;
    const rows: string[][] = [];
    let page = 1;
    let pages = 1;
    do {
      const ledger = await getLedgerPage(workspaceId, ledgerQuery, page);
      pages = ledger.total_pages;
      for (const p of ledger.data) {
        rows.push([
          p.date,
          p.entry_number,
          p.account_code,
          p.account_name,
          p.description || p.memo,
          p.debit,
          p.credit,
          ...(perAccount ? [p.running_balance] : []),
        ]);
      }
      page += 1;
    } while (page <= pages && rows.length < LEDGER_EXPORT_ROWS_MAX);
    if (page <= pages)
      notify.error(
        `The export holds the first ${LEDGER_EXPORT_ROWS_MAX} postings; narrow the dates for the rest.`,
      );
    downloadText(
      `general-ledger-${query.from || 'start'}-${query.to || 'today'}.csv`,
      toCsv(
        [
          'Date',
          'Entry',
          'Account code',
          'Account',
          'Description',
          'Debit',
          'Credit',
          ...(perAccount ? ['Running balance'] : []),
        ],
        rows,
      ),
    );
  }, [ledgerQuery, perAccount, query.from, query.to, workspaceId]);

  return (
    <Stack gap={0}>
      <ReportControls>
        <AccountPicker
          label="Account"
          placeholder="All accounts"
          size="xs"
          w={320}
          value={query.account_id || null}
          onChange={(account_id) => setQuery({ account_id: account_id ?? '' })}
        />
        <DateField
          label="From"
          clearable
          value={query.from}
          onChange={(from) => setQuery({ from })}
        />
        <DateField label="To" clearable value={query.to} onChange={(to) => setQuery({ to })} />
      </ReportControls>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="md">
        {perAccount && (
          <Figure
            label="Opening balance"
            value={head ? formatMoney(head.opening_balance, currency) : '…'}
            testId="opening-balance"
          />
        )}
        <Figure
          label="Total debit"
          value={head ? formatMoney(head.total_debit, currency) : '…'}
          testId="total-debit"
        />
        <Figure
          label="Total credit"
          value={head ? formatMoney(head.total_credit, currency) : '…'}
          testId="total-credit"
        />
        {perAccount && (
          <Figure
            label="Closing balance"
            value={head ? formatMoney(head.closing_balance, currency) : '…'}
            testId="closing-balance"
          />
        )}
      </SimpleGrid>
      {!perAccount && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="ledger-all-accounts-note">
          All accounts: each posting with its account. Choose an account for its opening balance,
          running balance and closing balance.
        </Text>
      )}
      {/* The grid asks for rows once it mounts: only once the workspace is known. */}
      {workspaceId && (
        <DataGrid<Posting>
          // Its own column layout per view: the two views have different columns.
          gridId={perAccount ? 'general-ledger' : 'general-ledger-all-accounts'}
          ariaLabel="General ledger"
          columnDefs={columnDefs}
          datasource={datasource}
          getRowId={({ data }) => `${data.entry_id}:${data.line_index}`}
          onRowClicked={(row) => navigate(entryLink(row.entry_id))}
          onExportCsv={exportAll}
          noRowsText="No postings in this period."
          height={560}
          toolbar={
            <Text size="xs" c="dimmed">
              {head ? `${head.count.toLocaleString('en')} postings` : 'Loading…'} · click a posting
              to open its entry
            </Text>
          }
        />
      )}
      <DocumentPreview document={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
