import { Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateField } from '@/components/ui/date-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatDateText } from '@/lib/format-date-time';
import { formatMoney, toChartNumber } from '@/lib/money';

import { BUCKETS, useDebtAging, type AgingRow } from '../api/aging';
import { DIRECTIONS, type Direction } from '../api/debts';
import { DIRECTION_OPTIONS, asDirection, directionLabel } from '../lib/labels';
import { todayIso } from '../lib/today';
import { LazyAgingBars } from './lazy-debt-plots';

/** A pinned totals row: a direction's totals from the server, in a row the grid shows. */
type AgingGridRow = AgingRow & { total?: true };

const TOTAL_LABELS: Record<Direction, string> = {
  payable: 'Total payable',
  receivable: 'Total receivable',
};

/**
 * What every debt owes on a date and how long what is overdue has been overdue. The
 * totals row and the chart's bars are the server's figures, never re-added here.
 */
export function AgingPanel({ workspaceId, currency }: { workspaceId: string; currency: string }) {
  const [asOf, setAsOf] = useState(todayIso());
  const [direction, setDirection] = useState<string | null>(null);
  const aging = useDebtAging(workspaceId, asOf, asDirection(direction));

  const columns = useMemo<ColDef<AgingGridRow>[]>(
    () => [
      {
        // The reference beside the name: a column of its own would push a bucket out of view.
        colId: 'counterparty',
        headerName: 'Counterparty',
        flex: 1,
        minWidth: 110,
        valueGetter: ({ data: row }) =>
          row ? (row.reference ? `${row.counterparty} · ${row.reference}` : row.counterparty) : '',
      },
      {
        field: 'direction',
        headerName: 'Direction',
        width: 115,
        minWidth: 90,
        valueFormatter: ({ value, data }) =>
          data?.total || typeof value !== 'string' ? '' : directionLabel(value),
      },
      moneyColumn<AgingGridRow>('outstanding', 'Outstanding', { currency }),
      ...BUCKETS.map(({ field, label }) =>
        moneyColumn<AgingGridRow>(field, label, {
          currency,
          value: (row) => row.buckets[field],
          width: 130,
        }),
      ),
      // No overdue or days-past-due column: the overdue is the outstanding less the
      // current (the chart's heading gives it per direction), how late is what the buckets
      // say (a debt's page gives the days), and the buckets need the room at 1440 px.
    ],
    [currency],
  );

  const data = aging.data;
  // One totals row per direction shown: the server's sums, never the rows re-added.
  const totalsRows = useMemo<AgingGridRow[]>(
    () =>
      data
        ? DIRECTIONS.filter((d) => data.rows.some((row) => row.direction === d)).map((d) => ({
            ...data[d],
            id: `total-${d}`,
            total: true,
            direction: d,
            counterparty: TOTAL_LABELS[d],
            reference: '',
            days_past_due: 0,
          }))
        : [],
    [data],
  );
  const series = useMemo(
    () =>
      (data?.rows ?? []).map((row) => ({
        name: row.reference ? `${row.counterparty} (${row.reference})` : row.counterparty,
        ...Object.fromEntries(
          BUCKETS.map(({ field }) => [field, toChartNumber(row.buckets[field])]),
        ),
      })),
    [data],
  );

  const controls = (
    <Group gap="sm" align="flex-end">
      <DateField label="As of" value={asOf} onChange={(value) => value && setAsOf(value)} w={170} />
      <Select
        label="Direction"
        placeholder="Either direction"
        data={DIRECTION_OPTIONS}
        value={direction}
        onChange={setDirection}
        clearable
        w={170}
      />
    </Group>
  );

  if (aging.error && !data) {
    return (
      <Stack gap="md">
        {controls}
        <LoadFailed what="aging" onRetry={() => void aging.mutate()} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {controls}
      {!data ? (
        <Loader size="sm" aria-label="Loading aging" />
      ) : (
        <>
          <Paper withBorder radius="md" p="md" data-testid="aging-chart">
            <Group justify="space-between" mb="xs">
              <Text fw={600} size="sm">
                Outstanding by days past due on {formatDateText(data.as_of)}
              </Text>
              <Group gap="md">
                {totalsRows.map((row) => (
                  <Text key={row.id} size="xs" c="dimmed" data-testid={`aging-${row.direction}`}>
                    {directionLabel(row.direction)}: overdue{' '}
                    <b>{formatMoney(row.overdue, currency)}</b> of{' '}
                    <b>{formatMoney(row.outstanding, currency)}</b>
                  </Text>
                ))}
              </Group>
            </Group>
            <LazyAgingBars series={series} currency={currency} />
          </Paper>
          <DataGrid<AgingGridRow>
            gridId="debt-aging"
            ariaLabel="Debt aging"
            exportFileName={`debt-aging-${data.as_of}`}
            columnDefs={columns}
            rowData={data.rows}
            pinnedBottomRowData={totalsRows}
            getRowId={({ data: row }) => row.id}
            getRowClass={({ node }) => (node.rowPinned ? 'ledger-row-total' : undefined)}
            noRowsText="Nothing is owed on this date."
            height={Math.min(460, 90 + (data.rows.length + totalsRows.length) * 36)}
          />
        </>
      )}
    </Stack>
  );
}
