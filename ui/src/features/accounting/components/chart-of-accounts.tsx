import { Badge, Button, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconPencil, IconPlus, IconTarget } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo, useState } from 'react';

import { CellActions, CellButton } from '@/components/data-grid/cell-button';
import { DataGrid } from '@/components/data-grid/data-grid';
import { moneyColumn } from '@/components/data-grid/columns';
import { TreeNameCell } from '@/components/data-grid/tree-name-cell';
import {
  toTreeRows,
  useCollapsed,
  visibleTreeRows,
  type TreeRow,
} from '@/components/data-grid/tree-rows';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

import {
  depreciationLabel,
  flattenAccounts,
  removeAccount,
  useAccounts,
  type FlatAccount,
} from '../api/accounts';
import { useTrialBalance } from '../api/reports';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { useBooksPermissions } from '../hooks/use-books-permissions';
import { budgetForMonth } from '../lib/budget-month';
import { todayIso } from '../lib/periods';

import { AccountFormModal } from './account-form-modal';
import { BudgetModal } from './budget-modal';
import { LoadError } from './load-error';

type AccountRow = TreeRow<FlatAccount & { balance: string | null }>;

function confirmArchive(account: FlatAccount) {
  modals.openConfirmModal({
    title: `Archive ${account.account_code} · ${account.name}?`,
    children: (
      <Text size="sm">
        An account with postings is archived: it is hidden from pickers and its history stays in
        every report. An account never posted to is deleted.
      </Text>
    ),
    labels: { confirm: 'Archive account', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      const workspaceId = storage.getWorkspaceId();
      if (!workspaceId) return;
      removeAccount(workspaceId, account.id)
        .then((result) =>
          notify.success(
            result.archived
              ? `Account ${account.account_code} archived`
              : `Account ${account.account_code} deleted`,
          ),
        )
        .catch(() => undefined); // the API client has shown the error
    },
  });
}

/**
 * The chart of accounts as a tree grid: code, name, type, and the balance as of today
 * (from the trial balance, rolled up to parents by the server). Admins create, edit and
 * archive accounts; everyone else reads.
 */
export function ChartOfAccounts() {
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<FlatAccount | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [budgeting, setBudgeting] = useState<FlatAccount | null>(null);
  const { canEditChart } = useBooksPermissions();
  const currency = useWorkspaceCurrency();
  const { data: tree, error, isLoading, mutate } = useAccounts({ includeArchived: showArchived });
  const { data: trialBalance } = useTrialBalance({ as_of: todayIso() });
  const tree$ = useCollapsed();

  const flat = useMemo(() => flattenAccounts(tree ?? []), [tree]);
  const rows = useMemo(() => {
    const balances = new Map(trialBalance?.rows.map((r) => [r.account_id, r.balance]) ?? []);
    const withBalance = flat.map((a) => ({ ...a, balance: balances.get(a.id) ?? null }));
    return visibleTreeRows(
      toTreeRows(
        withBalance,
        (a) => a.id,
        (a) => a.parent_id,
      ),
      tree$.collapsed,
    );
  }, [flat, trialBalance, tree$.collapsed]);

  const thisMonth = todayIso().slice(0, 7);
  const columnDefs = useMemo<ColDef<AccountRow>[]>(() => {
    const columns: ColDef<AccountRow>[] = [
      { field: 'account_code', headerName: 'Code', width: 80 },
      {
        field: 'name',
        headerName: 'Account',
        flex: 2,
        minWidth: 220,
        cellRenderer: TreeNameCell,
        cellRendererParams: { collapsed: tree$.collapsed, onToggle: tree$.toggle },
      },
      { field: 'account_type_display', headerName: 'Type', width: 100 },
      moneyColumn<AccountRow>('balance', `Balance`, { currency, width: 170 }),
      // This month's budget as the summaries count it: the month's own, else the standing one.
      moneyColumn<AccountRow>('budget_amount', 'Budget this month', {
        currency,
        width: 150,
        blankZero: true,
        value: (row) => budgetForMonth(row, thisMonth),
      }),
      {
        colId: 'depreciation',
        headerName: 'Depreciation',
        width: 150,
        valueGetter: ({ data }) => (data ? depreciationLabel(data) : ''),
      },
      {
        colId: 'status',
        headerName: 'Status',
        width: 90,
        valueGetter: ({ data }) => (data?.archived_datetime ? 'Archived' : 'Active'),
        cellRenderer: ({ value }: CustomCellRendererProps<AccountRow, string>) =>
          value === 'Archived' ? (
            <Badge color="gray" variant="light" size="sm">
              Archived
            </Badge>
          ) : null,
      },
    ];
    if (canEditChart) {
      columns.push({
        colId: 'actions',
        headerName: '',
        width: 112,
        // Always in view, however wide the other columns make the grid.
        pinned: 'right',
        sortable: false,
        filter: false,
        cellRenderer: ({ data }: CustomCellRendererProps<AccountRow>) =>
          data && data.is_editable && !data.archived_datetime ? (
            <CellActions>
              <CellButton
                tone="primary"
                hint="Edit"
                label={`Edit ${data.account_code}`}
                onClick={() => {
                  setEditing(data);
                  setFormOpen(true);
                }}
              >
                <IconPencil size={14} />
              </CellButton>
              <CellButton
                hint="Budget"
                label={`Budget ${data.account_code}`}
                onClick={() => setBudgeting(data)}
              >
                <IconTarget size={14} />
              </CellButton>
              <CellButton
                tone="danger"
                hint="Archive"
                label={`Archive ${data.account_code}`}
                onClick={() => confirmArchive(data)}
              >
                <IconArchive size={14} />
              </CellButton>
            </CellActions>
          ) : null,
      });
    }
    return columns;
  }, [canEditChart, currency, thisMonth, tree$.collapsed, tree$.toggle]);

  if (error) return <LoadError what="the chart of accounts" onRetry={() => void mutate()} />;

  return (
    <>
      <DataGrid<AccountRow>
        gridId="chart-of-accounts"
        ariaLabel="Chart of accounts"
        exportFileName="chart-of-accounts"
        columnDefs={columnDefs}
        rowData={rows}
        loading={isLoading}
        getRowId={({ data }) => data.treeId}
        getRowClass={({ data }) => (data?.archived_datetime ? 'ledger-row-muted' : undefined)}
        noRowsText="No accounts yet: create the first one."
        height={560}
        sortable={false}
        toolbar={
          <>
            <Switch
              size="sm"
              label="Show archived"
              checked={showArchived}
              onChange={(event) => setShowArchived(event.currentTarget.checked)}
            />
            <Button variant="subtle" size="compact-sm" onClick={tree$.expandAll}>
              Expand all
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() =>
                tree$.collapseAll(flat.filter((a) => !a.is_last_level).map((a) => a.id))
              }
            >
              Collapse all
            </Button>
          </>
        }
        actions={
          canEditChart ? (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              New account
            </Button>
          ) : undefined
        }
      />
      <BudgetModal account={budgeting} onClose={() => setBudgeting(null)} />
      <AccountFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        account={editing}
        accounts={flat}
      />
    </>
  );
}
