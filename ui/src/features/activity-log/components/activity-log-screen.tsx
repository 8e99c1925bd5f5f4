import { Group, Loader, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ColDef, IDatasource } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';

import { downloadText, toCsv } from '@/components/data-grid/csv';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useWorkspaceId } from '@/lib/active-workspace';
import { formatDateTime } from '@/lib/format-date-time';
import { readableServerText } from '@/lib/server-text';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { DateField } from '@/components/ui/date-field';

import {
  ACTIVITY_PAGE_SIZE,
  getActivityPage,
  recordActivity,
  type Activity,
  type ActivityQuery,
} from '../api/activity-log';
import { ActivityDetailDrawer } from './activity-detail-drawer';
import { ACTIVITY_TYPE_GROUPS, activityLabel } from './activity-labels';

const TYPE_OPTIONS = ACTIVITY_TYPE_GROUPS.map(({ group, items }) => ({
  group,
  items: items.map((value) => ({ value, label: activityLabel(value) })),
}));

/** The most rows one CSV export holds; past it, narrow the filters. */
const EXPORT_ROWS_MAX = 10_000;

function countLabel(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'activity' : 'activities'}`;
}

/** The workspace's activity log: filters, a server-paged grid, CSV export, detail drawer. */
export function ActivityLogScreen() {
  const currency = useWorkspaceCurrency();
  const workspaceId = useWorkspaceId();
  const [userName, setUserName] = useState('');
  const [activityType, setActivityType] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [selected, setSelected] = useState<Activity | null>(null);
  const [typedName] = useDebouncedValue(userName, 300);

  const query = useMemo<ActivityQuery>(
    () => ({ user_name: typedName, activity_type: activityType ?? undefined, from, to }),
    [typedName, activityType, from, to],
  );
  // The count the last page answered with: the grid's own request, no second one.
  const [count, setCount] = useState<number | null>(null);

  // A new datasource per query resets the grid's cache and scroll position.
  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        if (!workspaceId) return params.failCallback();
        const page = Math.floor(params.startRow / ACTIVITY_PAGE_SIZE) + 1;
        getActivityPage(workspaceId, query, page)
          .then((result) => {
            setCount(result.count);
            params.successCallback(result.data, result.count);
          })
          .catch(() => params.failCallback());
      },
    }),
    [query, workspaceId],
  );

  const columnDefs = useMemo<ColDef<Activity>[]>(() => {
    const columns: ColDef<Activity>[] = [
      {
        field: 'created_datetime',
        headerName: 'When',
        width: 180,
        valueFormatter: ({ value }: { value: unknown }) =>
          typeof value === 'string' ? formatDateTime(value) : '',
      },
      {
        field: 'user_name',
        headerName: 'User',
        width: 190,
        valueFormatter: ({ value }: { value: unknown }) =>
          typeof value === 'string' && value ? value : 'System',
      },
      {
        field: 'activity_type',
        headerName: 'Activity',
        width: 220,
        valueFormatter: ({ value }: { value: unknown }) =>
          typeof value === 'string' ? activityLabel(value) : '',
      },
      {
        field: 'description',
        headerName: 'Description',
        flex: 1,
        minWidth: 260,
        valueFormatter: ({ value }: { value: unknown }) =>
          typeof value === 'string' ? readableServerText(value, { currency }) : '',
        tooltip: ({ valueFormatted }) => valueFormatted ?? '',
      },
    ];
    // The server orders newest first and filters; the grid only shows its pages.
    return columns.map((column) => ({ ...column, sortable: false, filter: false }));
  }, [currency]);

  const exportAll = useCallback(async () => {
    if (!workspaceId) return;
    const rows: string[][] = [];
    let page = 1;
    let pages = 1;
    do {
      const result = await getActivityPage(workspaceId, query, page);
      pages = result.total_pages;
      for (const a of result.data) {
        rows.push([
          a.created_datetime,
          a.user_name ?? '',
          a.user_id ?? '',
          a.activity_type,
          a.description,
          a.event_type,
        ]);
      }
      page += 1;
    } while (page <= pages && rows.length < EXPORT_ROWS_MAX);
    const header = ['time', 'user_name', 'user_id', 'activity_type', 'description', 'event_type'];
    downloadText('activity-log.csv', toCsv(header, rows));
    // Who took the log away is itself worth a line in the log.
    void recordActivity(workspaceId, 'activity_log_exported', `Exported ${rows.length} rows`);
  }, [query, workspaceId]);

  // The grid asks for its first page when it mounts: only once the workspace is known.
  if (!workspaceId) return <Loader size="sm" aria-label="Loading the activity log" />;

  return (
    <>
      <DataGrid<Activity>
        gridId="activity-log"
        ariaLabel="Activity log"
        columnDefs={columnDefs}
        datasource={datasource}
        getRowId={({ data }) => data.id}
        onRowClicked={setSelected}
        onExportCsv={exportAll}
        noRowsText="No activity matches these filters."
        height={600}
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              size="xs"
              label="User"
              placeholder="Name"
              leftSection={<IconSearch size={14} />}
              value={userName}
              onChange={(event) => setUserName(event.currentTarget.value)}
              w={170}
            />
            <Select
              size="xs"
              label="Activity"
              placeholder="All activities"
              data={TYPE_OPTIONS}
              value={activityType}
              onChange={setActivityType}
              clearable
              searchable
              w={230}
            />
            <DateField size="xs" label="From" clearable w={140} value={from} onChange={setFrom} />
            <DateField size="xs" label="To" clearable w={140} value={to} onChange={setTo} />
            <Text size="xs" c="dimmed" pb={6} data-testid="activity-count">
              {count === null ? 'Loading…' : countLabel(count)}
            </Text>
          </Group>
        }
      />
      <ActivityDetailDrawer
        workspaceId={workspaceId}
        activity={selected}
        onClose={() => setSelected(null)}
      />
    </>
  );
}
