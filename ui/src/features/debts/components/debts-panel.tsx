import { Button, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCoins, IconPlus } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { dateColumn, moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate } from '@/lib/format-date-time';
import { LoadFailed } from '@/components/ui/load-failed';

import { useDebts, type Debt } from '../api/debts';
import {
  DIRECTION_OPTIONS,
  STATUS_OPTIONS,
  asDirection,
  directionLabel,
  statusLabel,
} from '../lib/labels';
import { DebtDetail } from './debt-detail';

type DebtsPanelProps = {
  workspaceId: string;
  currency: string;
  canPost: boolean;
  /** The debt whose detail shows below the grid. */
  selected: string | null;
  onSelect: (id: string | null) => void;
  onAdd: () => void;
  onEdit: (debt: Debt) => void;
};

/**
 * Every debt with what is still owed and the next instalment; the chosen debt's
 * schedule and repayments below. Before the first debt, it says how to add one.
 */
export function DebtsPanel({
  workspaceId,
  currency,
  canPost,
  selected,
  onSelect,
  onAdd,
  onEdit,
}: DebtsPanelProps) {
  const [direction, setDirection] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const filtered = direction !== null || status !== null;
  const debts = useDebts(workspaceId, { direction: asDirection(direction), status });
  const rows = useMemo(() => debts.data?.data ?? [], [debts.data]);
  const chosen = rows.find((debt) => debt.id === selected) ?? null;

  const columns = useMemo<ColDef<Debt>[]>(
    () => [
      { field: 'counterparty', headerName: 'Counterparty', flex: 1, minWidth: 180 },
      { field: 'reference', headerName: 'Reference', width: 120 },
      {
        field: 'direction',
        headerName: 'Direction',
        width: 110,
        valueFormatter: ({ value }) => (typeof value === 'string' ? directionLabel(value) : ''),
      },
      moneyColumn<Debt>('principal', 'Principal', { currency, width: 140 }),
      moneyColumn<Debt>('outstanding', 'Outstanding', { currency, width: 140 }),
      {
        ...dateColumn<Debt>('next_due_date', 'Next due', 115),
        field: undefined,
        colId: 'next_due_date',
        valueGetter: ({ data }) => data?.next_due?.due_date ?? null,
        valueFormatter: ({ value }) => (typeof value === 'string' ? formatDate(value) : ''),
      },
      moneyColumn<Debt>('next_due_amount', 'Next amount', {
        currency,
        value: (debt) => debt.next_due?.amount,
      }),
      {
        field: 'status',
        headerName: 'Status',
        width: 140,
        valueFormatter: ({ value }) => (typeof value === 'string' ? statusLabel(value) : ''),
      },
    ],
    [currency],
  );

  if (debts.error && !debts.data) {
    return <LoadFailed what="debts" onRetry={() => void debts.mutate()} />;
  }
  if (!debts.data) return <Loader size="sm" aria-label="Loading debts" />;

  if (rows.length === 0 && !filtered) {
    return (
      <EmptyState
        icon={<IconCoins size={24} stroke={1.6} />}
        title="Add your first debt"
        description={
          canPost
            ? 'A loan you took or gave: its terms make the repayment schedule, its drawdown and each repayment are posted to the books with the interest split out, and the aging shows what is overdue.'
            : 'No debts are recorded in this workspace yet. An Admin adds them: a loan’s terms make its repayment schedule and aging.'
        }
        action={
          canPost && (
            <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
              Add debt
            </Button>
          )
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <DataGrid<Debt>
        gridId="debts"
        ariaLabel="Debts"
        exportFileName="debts"
        columnDefs={columns}
        rowData={rows}
        getRowId={({ data: row }) => row.id}
        onRowClicked={(row) => onSelect(row.id)}
        noRowsText="No debt matches these filters."
        height={Math.min(360, 80 + rows.length * 36)}
        toolbar={
          <>
            <Select
              size="xs"
              placeholder="Either direction"
              data={DIRECTION_OPTIONS}
              value={direction}
              onChange={setDirection}
              clearable
              aria-label="Direction"
              w={160}
            />
            <Select
              size="xs"
              placeholder="Any status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
              clearable
              aria-label="Status"
              w={140}
            />
          </>
        }
        actions={
          canPost && (
            <Button size="compact-sm" leftSection={<IconPlus size={14} />} onClick={onAdd}>
              Add debt
            </Button>
          )
        }
      />
      {chosen ? (
        <Paper withBorder radius="md" p="md">
          <DebtDetail
            workspaceId={workspaceId}
            currency={currency}
            debt={chosen}
            canPost={canPost}
            onEdit={() => onEdit(chosen)}
          />
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          Choose a debt above to see its repayment schedule and repayments.
        </Text>
      )}
    </Stack>
  );
}
