import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';

import { moneyColumn, percentColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { TreeNameCell } from '@/components/data-grid/tree-name-cell';
import {
  toTreeRows,
  useCollapsed,
  visibleTreeRows,
  type TreeRow,
} from '@/components/data-grid/tree-rows';

import {
  GRANULARITIES,
  isGranularity,
  useSummary,
  type Granularity,
  type SummaryKind,
  type SummaryRow,
} from '../api/reports';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { useQueryState } from '../hooks/use-query-state';
import { periodLabel, todayIso, trailingRange } from '../lib/periods';
import { ledgerLink } from '../lib/report-links';
import { summaryDefaults, summaryQueryOf } from '../lib/screen-queries';

import { DateField, ReportControls } from './report-toolbar';
import { SummaryCharts } from './summary-charts';

type Row = TreeRow<SummaryRow>;

const GRANULARITY_LABELS: Record<Granularity, string> = {
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

const TEXTS: Record<SummaryKind, { title: string; color: string; empty: string }> = {
  income: {
    title: 'Income',
    color: '#0d9488',
    empty: 'No income posted in this range. Post sales or other income and it shows here.',
  },
  expense: {
    title: 'Expenses',
    color: '#4f46e5',
    empty: 'No expenses posted in this range. Post costs and they show here.',
  },
};

/**
 * Income or expense per account and period (month, quarter or year), with budget and
 * variance, a trend and a composition chart; a row opens the account's ledger.
 */
export function PeriodSummaryReport({ kind }: { kind: SummaryKind }) {
  const [query, setQuery] = useQueryState(summaryDefaults());
  const summaryQuery = summaryQueryOf(query);
  const granularity: Granularity = summaryQuery?.granularity ?? 'month';
  const currency = useWorkspaceCurrency();
  const navigate = useNavigate();
  const tree$ = useCollapsed();
  const texts = TEXTS[kind];
  const { data, isLoading } = useSummary(kind, summaryQuery);

  const rows = useMemo(
    () =>
      visibleTreeRows(
        toTreeRows(
          data?.rows ?? [],
          (r) => r.account_id,
          (r) => r.parent_id,
        ),
        tree$.collapsed,
      ),
    [data, tree$.collapsed],
  );
  const totals = useMemo<Row[]>(
    () =>
      data
        ? [
            {
              ...data.totals,
              name: 'Total',
              account_code: '',
              treeId: '__totals__',
              depth: 0,
              hasChildren: false,
              ancestors: [],
            },
          ]
        : [],
    [data],
  );

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const periods = data?.periods ?? [];
    return [
      { field: 'account_code', headerName: 'Code', width: 96, pinned: 'left' },
      {
        field: 'name',
        headerName: 'Account',
        width: 260,
        pinned: 'left',
        cellRenderer: TreeNameCell,
        cellRendererParams: { collapsed: tree$.collapsed, onToggle: tree$.toggle },
      },
      ...periods.map((period, index) =>
        moneyColumn<Row>(`period_${period.key}`, periodLabel(period.key), {
          currency,
          value: (row) => row.amounts[index],
          blankZero: true,
          width: 130,
        }),
      ),
      // Blank like the periods beside it: a row of blanks and "₦0.00" read as two answers.
      {
        ...moneyColumn<Row>('total', 'Total', { currency, width: 150, blankZero: true }),
        pinned: 'right',
      },
      moneyColumn<Row>('budget_total', 'Budget', { currency, width: 140, blankZero: true }),
      moneyColumn<Row>('variance_total', 'Variance', { currency, width: 140, blankZero: true }),
      percentColumn<Row>('variance_percent_total', 'Variance %', {
        value: (row) => row.variance_percent_total,
      }),
    ];
  }, [currency, data?.periods, tree$.collapsed, tree$.toggle]);

  return (
    <Stack gap={0}>
      <ReportControls>
        <div>
          <Text size="xs" fw={500} mb={4}>
            Period
          </Text>
          <SegmentedControl
            size="xs"
            value={granularity}
            aria-label="Granularity"
            data={GRANULARITIES.map((g) => ({ value: g, label: GRANULARITY_LABELS[g] }))}
            onChange={(value) => {
              if (!isGranularity(value)) return;
              // A new granularity starts from whole periods ending with today's.
              setQuery({ granularity: value, ...trailingRange(todayIso(), value) });
            }}
          />
        </div>
        <DateField label="From" value={query.from} onChange={(from) => setQuery({ from })} />
        <DateField label="To" value={query.to} onChange={(to) => setQuery({ to })} />
      </ReportControls>
      {data && (
        <SummaryCharts summary={data} currency={currency} color={texts.color} title={texts.title} />
      )}
      <DataGrid<Row>
        gridId={`${kind}-summary`}
        ariaLabel={`${texts.title} summary`}
        exportFileName={`${kind}-summary-${query.from}-${query.to}`}
        columnDefs={columnDefs}
        rowData={rows}
        loading={isLoading}
        sortable={false}
        getRowId={({ data: row }) => row.treeId}
        pinnedBottomRowData={totals}
        getRowClass={({ node, data: row }) =>
          node.rowPinned ? 'ledger-row-total' : row?.hasChildren ? 'ledger-row-parent' : undefined
        }
        onRowClicked={(row) =>
          navigate(ledgerLink({ account_id: row.account_id, from: query.from, to: query.to }))
        }
        noRowsText={texts.empty}
        height={480}
        toolbar={
          <Text size="xs" c="dimmed">
            Click an account to open its general ledger for this range.
          </Text>
        }
      />
    </Stack>
  );
}
