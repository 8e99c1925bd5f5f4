import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { TreeNameCell } from '@/components/data-grid/tree-name-cell';
import {
  toTreeRows,
  useCollapsed,
  visibleTreeRows,
  type TreeRow,
} from '@/components/data-grid/tree-rows';
import { centsOf, centsToDecimal, isZero } from '@/lib/money';

import { useTrialBalance, type TrialBalanceRow } from '../api/reports';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { formatDate } from '@/lib/format-date-time';
import { useQueryState } from '../hooks/use-query-state';
import { trialBalanceDefaults } from '../lib/screen-queries';
import { ledgerLink } from '../lib/report-links';

import { BalancedCheck } from './balanced-check';
import { DateField, ReportControls } from './report-toolbar';

type Row = TreeRow<TrialBalanceRow> & { change?: string | null };

const TOTALS_ID = '__totals__';

function isZeroRow(row: TrialBalanceRow): boolean {
  return (
    isZero(row.debit) &&
    isZero(row.credit) &&
    (!row.compare || (isZero(row.compare.debit) && isZero(row.compare.credit)))
  );
}

/**
 * Every account's debit and credit totals as of a date, parents rolled up by the server,
 * optionally beside a comparison date; the totals row and a visible balanced check.
 * Clicking an account opens its general ledger for the period.
 */
export function TrialBalanceReport() {
  const [query, setQuery] = useQueryState(trialBalanceDefaults());
  const [hideZero, setHideZero] = useState(true);
  const tree$ = useCollapsed();
  const currency = useWorkspaceCurrency();
  const navigate = useNavigate();
  const { data, isLoading } = useTrialBalance(query.as_of ? query : null);
  const comparing = Boolean(data?.compare_to);

  const rows = useMemo(() => {
    const source = (data?.rows ?? []).filter((row) => !hideZero || !isZeroRow(row));
    const withChange = source.map((row) => ({
      ...row,
      change: row.compare
        ? centsToDecimal(centsOf(row.balance) - centsOf(row.compare.balance))
        : null,
    }));
    return visibleTreeRows(
      toTreeRows(
        withChange,
        (r) => r.account_id,
        (r) => r.parent_id,
      ),
      tree$.collapsed,
    );
  }, [data, hideZero, tree$.collapsed]);

  const totalsRow = useMemo<Row[]>(() => {
    if (!data) return [];
    return [
      {
        account_id: TOTALS_ID,
        treeId: TOTALS_ID,
        account_code: '',
        name: 'Total',
        account_type: '',
        parent_id: null,
        is_last_level: true,
        is_archived: false,
        normal_balance: 'debit',
        debit: data.totals.debit,
        credit: data.totals.credit,
        balance: '',
        compare: data.compare_totals ? { ...data.compare_totals, balance: '' } : null,
        depth: 0,
        hasChildren: false,
        ancestors: [],
      },
    ];
  }, [data]);

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const columns: ColDef<Row>[] = [
      { field: 'account_code', headerName: 'Code', width: 100 },
      {
        field: 'name',
        headerName: 'Account',
        flex: 1,
        minWidth: 260,
        cellRenderer: TreeNameCell,
        cellRendererParams: { collapsed: tree$.collapsed, onToggle: tree$.toggle },
      },
      moneyColumn<Row>('debit', `Debit`, { currency, blankZero: true }),
      moneyColumn<Row>('credit', `Credit`, { currency, blankZero: true }),
      moneyColumn<Row>('balance', 'Balance', { currency }),
    ];
    if (comparing && data?.compare_to) {
      columns.push(
        moneyColumn<Row>('compare_balance', `Balance ${formatDate(data.compare_to)}`, {
          currency,
          value: (row) => row.compare?.balance,
        }),
        moneyColumn<Row>('change', 'Change', { currency }),
      );
    }
    return columns;
  }, [comparing, currency, data?.compare_to, tree$.collapsed, tree$.toggle]);

  return (
    <Stack gap={0}>
      <ReportControls>
        <DateField label="As of" value={query.as_of} onChange={(as_of) => setQuery({ as_of })} />
        <DateField
          label="Compare to"
          clearable
          value={query.compare_to}
          onChange={(compare_to) => setQuery({ compare_to })}
        />
        <Switch
          label="Hide zero rows"
          checked={hideZero}
          onChange={(event) => setHideZero(event.currentTarget.checked)}
          mb={6}
        />
        <Group ml="auto" mb={2}>
          {data && (
            <BalancedCheck
              debit={data.totals.debit}
              credit={data.totals.credit}
              balanced={data.balanced}
            />
          )}
        </Group>
      </ReportControls>
      <DataGrid<Row>
        gridId="trial-balance"
        ariaLabel="Trial balance"
        exportFileName={`trial-balance-${query.as_of}`}
        columnDefs={columnDefs}
        rowData={rows}
        loading={isLoading}
        sortable={false}
        getRowId={({ data: row }) => row.treeId}
        pinnedBottomRowData={totalsRow}
        getRowClass={({ node, data: row }) =>
          node.rowPinned ? 'ledger-row-total' : row?.hasChildren ? 'ledger-row-parent' : undefined
        }
        onRowClicked={(row) =>
          navigate(
            ledgerLink({ account_id: row.account_id, from: query.compare_to, to: query.as_of }),
          )
        }
        noRowsText="No balances as of this date. Post an entry and it shows here."
        height={600}
        toolbar={
          <>
            <Button variant="subtle" size="compact-sm" onClick={tree$.expandAll}>
              Expand all
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() =>
                tree$.collapseAll(
                  (data?.rows ?? []).filter((r) => !r.is_last_level).map((r) => r.account_id),
                )
              }
            >
              Collapse all
            </Button>
            <Text size="xs" c="dimmed">
              Click an account to open its general ledger.
            </Text>
          </>
        }
      />
    </Stack>
  );
}
