import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DateField } from '@/components/ui/date-field';
import { formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { usePeriodSchedule, type LedgerCheck, type ScheduleLine } from '../api/fixed-assets';
import { yearToDate } from '../lib/months';

type Row = ScheduleLine & { id: string };

const FIGURE_LABELS: Record<string, string> = {
  cost_brought_forward: 'Cost brought forward',
  cost_carried_forward: 'Cost carried forward',
  depreciation_brought_forward: 'Accumulated depreciation brought forward',
  depreciation_carried_forward: 'Accumulated depreciation carried forward',
};

/** The report checks itself (DESIGN.md §11): the schedule beside the general ledger. */
function LedgerAgreement({ agrees }: { agrees: boolean }) {
  return agrees ? (
    <Badge
      color="teal"
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      leftSection={<IconCircleCheck size={16} />}
      data-testid="ledger-check"
    >
      Agrees with the general ledger
    </Badge>
  ) : (
    <Badge
      color="red"
      variant="filled"
      size="lg"
      radius="sm"
      tt="none"
      leftSection={<IconAlertTriangle size={16} />}
      data-testid="ledger-check"
    >
      Differs from the general ledger
    </Badge>
  );
}

/**
 * The classic fixed-asset schedule of a period per category and in total, and its check:
 * cost and accumulated depreciation, brought and carried forward, beside the ledger
 * balances of the accounts the register uses.
 */
export function PeriodScheduleReport() {
  const currency = useWorkspaceCurrency();
  const [range, setRange] = useState(yearToDate());
  const { data, isLoading } = usePeriodSchedule(range.from && range.to ? range : null);
  const rows = useMemo<Row[]>(
    () => (data?.categories ?? []).map((line) => ({ ...line, id: line.category ?? '' })),
    [data],
  );
  const total = useMemo<Row[]>(
    () => (data ? [{ ...data.total, category: 'Total', id: '__total__' }] : []),
    [data],
  );
  const columns = useMemo<ColDef<Row>[]>(
    () => [
      { field: 'category', headerName: 'Category', width: 180, pinned: 'left' },
      moneyColumn<Row>('cost_brought_forward', 'Cost b/f', { currency }),
      moneyColumn<Row>('additions', 'Additions', { currency }),
      moneyColumn<Row>('disposals', 'Disposals', { currency }),
      moneyColumn<Row>('cost_carried_forward', 'Cost c/f', { currency }),
      moneyColumn<Row>('depreciation_brought_forward', 'Depreciation b/f', { currency }),
      moneyColumn<Row>('charge', 'Charge', { currency }),
      moneyColumn<Row>('depreciation_on_disposals', 'On disposals', { currency }),
      moneyColumn<Row>('depreciation_carried_forward', 'Depreciation c/f', { currency }),
      moneyColumn<Row>('nbv_brought_forward', 'NBV b/f', { currency }),
      moneyColumn<Row>('nbv_carried_forward', 'NBV c/f', { currency }),
    ],
    [currency],
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <DateField
          label="From"
          size="xs"
          w={150}
          value={range.from}
          onChange={(from) => setRange((r) => ({ ...r, from }))}
        />
        <DateField
          label="To"
          size="xs"
          w={150}
          value={range.to}
          onChange={(to) => setRange((r) => ({ ...r, to }))}
        />
        <Group ml="auto">{data && <LedgerAgreement agrees={data.agrees_with_ledger} />}</Group>
      </Group>
      <DataGrid<Row>
        gridId="period-asset-schedule"
        ariaLabel="Period asset schedule"
        exportFileName={`asset-schedule-${range.from}-${range.to}`}
        columnDefs={columns}
        rowData={rows}
        loading={isLoading}
        sortable={false}
        getRowId={({ data: row }) => row.id}
        pinnedBottomRowData={total}
        getRowClass={({ node }) => (node.rowPinned ? 'ledger-row-total' : undefined)}
        noRowsText="No fixed assets in this period."
        height={300}
      />
      {data && (
        <Table
          withTableBorder
          striped
          aria-label="Check against the general ledger"
          data-testid="ledger-checks"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Figure</Table.Th>
              <Table.Th ta="right">Schedule</Table.Th>
              <Table.Th ta="right">General ledger</Table.Th>
              <Table.Th ta="right">Difference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.checks.map((check: LedgerCheck) => (
              <Table.Tr key={check.figure} c={check.agrees ? undefined : 'red'}>
                <Table.Td>{FIGURE_LABELS[check.figure] ?? check.figure}</Table.Td>
                <Table.Td ta="right" className="ledger-money">
                  {formatMoney(check.schedule, currency)}
                </Table.Td>
                <Table.Td ta="right" className="ledger-money">
                  {formatMoney(check.ledger, currency)}
                </Table.Td>
                <Table.Td ta="right" className="ledger-money">
                  {formatMoney(check.difference, currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data && !data.agrees_with_ledger && (
        <Text size="sm" c="dimmed">
          Something else was posted to the asset or accumulated depreciation accounts: a purchase
          not on the register, or an entry by hand. Register the asset (or correct the entry) and
          the schedule agrees again.
        </Text>
      )}
    </Stack>
  );
}
