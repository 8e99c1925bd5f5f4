import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { dateColumn, monthColumn, moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { formErrorsOf } from '@/lib/field-errors';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import {
  reverseRun,
  runDepreciation,
  useDepreciationRuns,
  type DepreciationRun,
} from '../api/fixed-assets';
import { previousMonth } from '../lib/months';

/**
 * The monthly depreciation runs: one per month (asking again answers the run standing),
 * each posted as one entry; a run is reversed by the reversing entry and the month may
 * be run again.
 */
export function DepreciationRuns({ canPost }: { canPost: boolean }) {
  const currency = useWorkspaceCurrency();
  const { data, isLoading } = useDepreciationRuns();
  const [period, setPeriod] = useState(previousMonth());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async () => {
    const workspaceId = storage.getWorkspaceId();
    if (!workspaceId) return;
    setBusy('run');
    setError(null);
    try {
      const result = await runDepreciation(workspaceId, period);
      notify.success(
        `Depreciation for ${result.period}: ${formatMoney(result.total, currency)} on ${result.assets} assets`,
      );
    } catch (caught) {
      const found = formErrorsOf(caught);
      setError(found ? (found.fields['period'] ?? found.general.join(' ')) || null : null);
    } finally {
      setBusy(null);
    }
  };

  const reverse = async (row: DepreciationRun) => {
    const workspaceId = storage.getWorkspaceId();
    if (!workspaceId) return;
    setBusy(row.journal_entry_id);
    try {
      await reverseRun(workspaceId, row.id, null);
      notify.success(`Depreciation for ${row.period} reversed`);
    } catch {
      // The API client has shown why (a 409 names the disposed asset).
    } finally {
      setBusy(null);
    }
  };

  const columns = useMemo<ColDef<DepreciationRun>[]>(() => {
    const list: ColDef<DepreciationRun>[] = [
      monthColumn<DepreciationRun>('period'),
      dateColumn<DepreciationRun>('date', 'Entry date'),
      moneyColumn<DepreciationRun>('total', 'Total', { currency }),
      { field: 'assets', headerName: 'Assets', width: 100, type: 'rightAligned' },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        valueFormatter: ({ value }) => (value === 'reversed' ? 'Reversed' : 'Posted'),
      },
      dateColumn<DepreciationRun>('reversal_date', 'Reversed on'),
    ];
    if (canPost) {
      list.push({
        colId: 'reverse',
        headerName: '',
        width: 120,
        sortable: false,
        cellRenderer: ({ data: row }: { data?: DepreciationRun }) =>
          row && row.status === 'posted' ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="orange"
              loading={busy === row.journal_entry_id}
              onClick={() => void reverse(row)}
            >
              Reverse
            </Button>
          ) : null,
      });
    }
    return list;
    // `reverse` reads only stable setters and the row it is given.
  }, [busy, canPost, currency]);

  return (
    <Stack gap="md">
      {canPost && (
        <Group align="flex-end">
          <TextInput
            label="Month"
            description="YYYY-MM: every asset's charge of the month, as one entry dated its last day."
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value)}
            error={error}
            w={360}
          />
          <Button loading={busy === 'run'} onClick={() => void run()}>
            Run depreciation
          </Button>
        </Group>
      )}
      <DataGrid<DepreciationRun>
        gridId="depreciation-runs"
        ariaLabel="Depreciation runs"
        exportFileName="depreciation-runs"
        columnDefs={columns}
        rowData={data ?? []}
        loading={isLoading}
        getRowId={({ data: row }) => row.journal_entry_id}
        noRowsText="No runs yet. Run a month's depreciation once its assets are registered."
        height={360}
        toolbar={
          <Text size="xs" c="dimmed">
            One run per month; a reversed month may be run again.
          </Text>
        }
      />
    </Stack>
  );
}
