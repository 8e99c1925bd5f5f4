import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo, useState } from 'react';

import { dateColumn, moneyColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';

import {
  UNFILTERED_ENTRIES,
  useEntries,
  type EntryFilters,
  type EntryStatus,
  type EntrySummary,
} from '../api/journal-entries';
import { useMemberNames } from '../api/member-names';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { DateField } from '@/components/ui/date-field';

import { EntryStatusBadge } from './entry-status-badge';
import { LoadError } from './load-error';

type StatusFilter = 'all' | EntryStatus;

type JournalEntryListProps = {
  onOpen: (entryId: string) => void;
  /** Shown when the workspace has no entries at all. */
  empty: React.ReactNode;
};

/**
 * The journal: newest first, filtered on the server (status, dates, text) so the list stays
 * fast however many entries there are; sorting and column filters act on the loaded page.
 */
export function JournalEntryList({ onOpen, empty }: JournalEntryListProps) {
  const currency = useWorkspaceCurrency();
  const names = useMemberNames();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);

  const filters: EntryFilters = {
    ...UNFILTERED_ENTRIES,
    status: status === 'all' ? null : status,
    date_from: dateFrom || null,
    date_to: dateTo || null,
    text: debouncedText.trim() || null,
    page,
  };
  const filtered = status !== 'all' || dateFrom || dateTo || debouncedText.trim();
  const { data, error, isLoading, mutate } = useEntries(filters);

  const columnDefs = useMemo<ColDef<EntrySummary>[]>(
    () => [
      {
        field: 'entry_number',
        headerName: 'Number',
        width: 130,
        valueFormatter: ({ value }) => (typeof value === 'string' ? value : '—'),
      },
      dateColumn<EntrySummary>('date'),
      { field: 'memo', headerName: 'Memo', flex: 1, minWidth: 220 },
      { field: 'reference', headerName: 'Reference', width: 140 },
      moneyColumn<EntrySummary>('amount', `Amount`, { currency }),
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        cellRenderer: ({ value }: CustomCellRendererProps<EntrySummary, string>) =>
          value ? <EntryStatusBadge status={value} /> : null,
      },
      {
        colId: 'author',
        headerName: 'Author',
        width: 160,
        valueGetter: ({ data: row }) =>
          row ? (names.get(row.author_id) ?? row.author_id.slice(0, 8)) : '',
      },
    ],
    [currency, names],
  );

  if (error) return <LoadError what="the journal" onRetry={() => void mutate()} />;
  if (data && data.count === 0 && !filtered && page === 1) return <>{empty}</>;

  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <DataGrid<EntrySummary>
      gridId="journal-entries"
      ariaLabel="Journal entries"
      exportFileName="journal-entries"
      columnDefs={columnDefs}
      rowData={data?.data ?? null}
      loading={isLoading}
      getRowId={({ data: row }) => row.id}
      onRowClicked={(row) => onOpen(row.id)}
      noRowsText="No entries match these filters."
      columnFilters
      height={560}
      toolbar={
        <>
          <SegmentedControl
            size="xs"
            value={status}
            onChange={(value) => resetPage(setStatus)(value as StatusFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'draft', label: 'Drafts' },
              { value: 'posted', label: 'Posted' },
              { value: 'reversed', label: 'Reversed' },
            ]}
            aria-label="Status"
          />
          <DateField
            size="xs"
            aria-label="From"
            placeholder="From"
            clearable
            w={130}
            value={dateFrom}
            onChange={(value) => resetPage(setDateFrom)(value)}
          />
          <DateField
            size="xs"
            aria-label="To"
            placeholder="To"
            clearable
            w={130}
            value={dateTo}
            onChange={(value) => resetPage(setDateTo)(value)}
          />
          <TextInput
            size="xs"
            placeholder="Search memo, reference, number"
            leftSection={<IconSearch size={14} />}
            value={text}
            onChange={(event) => resetPage(setText)(event.currentTarget.value)}
            w={240}
          />
        </>
      }
      actions={
        data && data.total_pages > 1 ? (
          <Group gap={4}>
            <Button
              variant="default"
              size="xs"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Newer
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={page >= data.total_pages}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </Group>
        ) : undefined
      }
    />
  );
}
