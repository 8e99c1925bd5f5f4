import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { monthColumn, moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { AttachedDocuments } from '@/features/documents';
import { lazyChart } from '@/components/ui/lazy-chart';
import { useWorkspaceId } from '@/lib/active-workspace';
import { formatDate } from '@/lib/format-date-time';
import { formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import {
  METHOD_LABELS,
  methodOf,
  refreshAccounting,
  useAssetSchedule,
  type FixedAsset,
  type ScheduleRow,
} from '../api/fixed-assets';

import { nbvSeries, NBV_PLOT_HEIGHT } from '../lib/nbv-series';

import { AssetFormModal } from './asset-form-modal';
import { DisposeAssetModal } from './dispose-asset-modal';

const LazyNbvPlot = lazyChart(() => import('./nbv-plot').then((m) => m.NbvPlot), NBV_PLOT_HEIGHT);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className="ledger-money">
        {value}
      </Text>
    </div>
  );
}

/** One asset: its figures, its monthly schedule (grid and net book value chart), and
 *  editing and disposal for those who post. */
export function AssetDetail({ asset, canPost }: { asset: FixedAsset; canPost: boolean }) {
  const currency = useWorkspaceCurrency();
  const workspaceId = useWorkspaceId();
  const { data: schedule, isLoading } = useAssetSchedule(asset.id);
  const [editing, setEditing] = useState(false);
  const [disposing, setDisposing] = useState(false);
  const money = (value: string) => formatMoney(value, currency);

  const columns = useMemo<ColDef<ScheduleRow>[]>(
    () => [
      monthColumn<ScheduleRow>('period'),
      moneyColumn<ScheduleRow>('opening_nbv', 'Opening NBV', { currency }),
      moneyColumn<ScheduleRow>('charge', 'Charge', { currency }),
      moneyColumn<ScheduleRow>('accumulated', 'Accumulated', { currency }),
      moneyColumn<ScheduleRow>('closing_nbv', 'Closing NBV', { currency }),
      {
        field: 'posted',
        headerName: 'In the books',
        width: 120,
        valueFormatter: ({ value }) => (value === true ? 'Posted' : ''),
      },
    ],
    [currency],
  );
  const series = useMemo(() => nbvSeries(schedule?.rows ?? []), [schedule]);

  return (
    <Stack gap="sm" data-testid="asset-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={700} size="lg">
              {asset.name}
            </Text>
            {asset.tag && <Badge variant="light">{asset.tag}</Badge>}
            <Badge color={asset.disposal ? 'gray' : 'teal'} variant="light">
              {asset.disposal ? `Disposed of ${formatDate(asset.disposal.date)}` : 'In use'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {asset.category} · {METHOD_LABELS[methodOf(asset)]}
            {asset.annual_rate ? ` at ${asset.annual_rate}% a year` : ''} over{' '}
            {asset.useful_life_months} months · available {formatDate(asset.available_for_use)}
          </Text>
        </div>
        {canPost && !asset.disposal && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button color="orange" variant="light" size="xs" onClick={() => setDisposing(true)}>
              Dispose of
            </Button>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label="Cost" value={money(asset.cost)} />
        <Figure label="Residual value" value={money(asset.residual_value)} />
        <Figure label="Depreciation posted" value={money(asset.depreciation_posted)} />
        <Figure label="Net book value" value={money(asset.net_book_value)} />
      </SimpleGrid>
      {asset.disposal && (
        <Text size="sm">
          Disposed of for {money(asset.disposal.proceeds)} against a net book value of{' '}
          {money(asset.disposal.net_book_value)}:{' '}
          {asset.disposal.gain !== '0.00'
            ? `a gain of ${money(asset.disposal.gain)}`
            : `a loss of ${money(asset.disposal.loss)}`}
          .
        </Text>
      )}
      <Paper withBorder radius="md" p="md" data-testid="nbv-chart">
        <Text fw={600} size="sm" mb="xs">
          Net book value by month
        </Text>
        <LazyNbvPlot series={series} currency={currency} />
      </Paper>
      <DataGrid<ScheduleRow>
        gridId="fixed-asset-schedule"
        ariaLabel="Asset schedule"
        exportFileName={`schedule-${asset.tag || asset.id}`}
        columnDefs={columns}
        rowData={schedule?.rows ?? []}
        loading={isLoading}
        getRowId={({ data: row }) => row.period}
        noRowsText="No charges: the residual value equals the cost."
        height={360}
        toolbar={
          schedule && (
            <Text size="xs" c="dimmed">
              Total depreciation {money(schedule.total_charge)}
            </Text>
          )
        }
      />
      {workspaceId && (
        <AttachedDocuments
          workspaceId={workspaceId}
          target={{ kind: 'fixed_asset', id: asset.id }}
          documents={asset.documents}
          canAttach={canPost}
          onChanged={() => void refreshAccounting()}
        />
      )}
      <AssetFormModal opened={editing} onClose={() => setEditing(false)} asset={asset} />
      <DisposeAssetModal asset={asset} opened={disposing} onClose={() => setDisposing(false)} />
    </Stack>
  );
}
