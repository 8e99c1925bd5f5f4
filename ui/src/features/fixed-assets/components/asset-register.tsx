import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';

import { dateColumn, moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { useFixedAssets, type FixedAsset } from '../api/fixed-assets';

import { AssetDetail } from './asset-detail';
import { AssetFormModal } from './asset-form-modal';

const STATUS_OPTIONS = [
  { value: 'active', label: 'In use' },
  { value: 'disposed', label: 'Disposed of' },
];

/** The register: every asset with its cost, depreciation posted and net book value; the
 *  chosen asset's schedule below. */
export function AssetRegister({ canPost }: { canPost: boolean }) {
  const currency = useWorkspaceCurrency();
  const { data, isLoading } = useFixedAssets();
  const [selected, setSelected] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const [category, setCategory] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const assets = useMemo(() => data?.data ?? [], [data]);
  const categories = useMemo(() => [...new Set(assets.map((a) => a.category))].sort(), [assets]);
  const rows = useMemo(
    () =>
      assets.filter(
        (a) => (!category || a.category === category) && (!status || a.status === status),
      ),
    [assets, category, status],
  );
  const chosen = assets.find((a) => a.id === selected) ?? null;

  const columns = useMemo<ColDef<FixedAsset>[]>(
    () => [
      { field: 'name', headerName: 'Asset', flex: 1, minWidth: 140 },
      { field: 'tag', headerName: 'Tag', width: 110, minWidth: 80 },
      { field: 'category', headerName: 'Category', width: 170, minWidth: 110 },
      // No method column: the asset's line below the grid says it ("Straight line over
      // 60 months"), and three money columns need the room.
      dateColumn<FixedAsset>('available_for_use', 'Available'),
      moneyColumn<FixedAsset>('cost', 'Cost', { currency }),
      moneyColumn<FixedAsset>('depreciation_posted', 'Depreciation', { currency }),
      moneyColumn<FixedAsset>('net_book_value', 'Net book value', { currency }),
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        minWidth: 85,
        valueFormatter: ({ value }) => (value === 'disposed' ? 'Disposed of' : 'In use'),
      },
    ],
    [currency],
  );

  return (
    <Stack gap="md">
      <DataGrid<FixedAsset>
        gridId="fixed-assets"
        ariaLabel="Fixed assets"
        exportFileName="fixed-assets"
        columnDefs={columns}
        rowData={rows}
        loading={isLoading}
        getRowId={({ data: row }) => row.id}
        onRowClicked={(row) => setSelected(row.id)}
        noRowsText={
          canPost
            ? 'No fixed assets yet. Register one: its purchase is posted as any entry, its depreciation by the monthly runs.'
            : 'No fixed assets yet.'
        }
        height={320}
        toolbar={
          <>
            <Select
              size="xs"
              placeholder="Every category"
              data={categories}
              value={category}
              onChange={setCategory}
              clearable
              aria-label="Category"
              w={180}
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
            <Text size="xs" c="dimmed">
              Click an asset to see its schedule.
            </Text>
          </>
        }
        actions={
          canPost && (
            <Button
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => setRegistering(true)}
            >
              Register asset
            </Button>
          )
        }
      />
      {chosen ? (
        <Paper withBorder radius="md" p="md">
          <AssetDetail asset={chosen} canPost={canPost} />
        </Paper>
      ) : (
        assets.length > 0 && (
          <Group>
            <Text size="sm" c="dimmed">
              Choose an asset above to see its monthly schedule and net book value.
            </Text>
          </Group>
        )
      )}
      <AssetFormModal opened={registering} onClose={() => setRegistering(false)} asset={null} />
    </Stack>
  );
}
