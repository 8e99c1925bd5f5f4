import { Badge } from '@mantine/core';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';

import { DataGrid } from '@/components/data-grid/data-grid';

import { conclusionColor, conclusionLabel, type Conclusion } from '../api/findings';
import type { EntryScore } from '../api/schemas';
import { bandColor, reasonsSummary } from './audit-format';
import { SectionCard } from './section-card';

function BandCell({ value }: ICellRendererParams<EntryScore, string>) {
  if (!value) return null;
  return (
    <Badge variant="light" color={bandColor(value)} radius="sm" size="sm">
      {value}
    </Badge>
  );
}

function ConclusionCell({ value }: ICellRendererParams<EntryScore, Conclusion | undefined>) {
  if (!value) return null;
  return (
    <Badge variant="light" color={conclusionColor(value)} radius="sm" size="sm">
      {conclusionLabel(value)}
    </Badge>
  );
}

type FlaggedEntriesGridProps = {
  flagged: EntryScore[];
  onSelect: (score: EntryScore) => void;
  /** Current conclusions by `targetKey`; entries without one show nothing. */
  conclusions?: Map<string, Conclusion>;
};

/** The medium and high entries, highest score first; a row opens its breakdown. */
export function FlaggedEntriesGrid({ flagged, onSelect, conclusions }: FlaggedEntriesGridProps) {
  const columnDefs = useMemo<ColDef<EntryScore>[]>(
    () => [
      { field: 'number', headerName: 'Entry', width: 130 },
      {
        field: 'score',
        headerName: 'Score',
        width: 100,
        type: 'rightAligned',
        sort: 'desc',
        valueFormatter: ({ value }: { value: unknown }) =>
          typeof value === 'number' ? value.toFixed(1) : '',
      },
      { field: 'band', headerName: 'Band', width: 110, cellRenderer: BandCell },
      {
        colId: 'reasons',
        headerName: 'Reasons',
        flex: 1,
        minWidth: 260,
        valueGetter: ({ data }) => (data ? reasonsSummary(data.breakdown) : ''),
        tooltip: ({ value }) => (typeof value === 'string' ? value : ''),
      },
      {
        colId: 'conclusion',
        headerName: 'Conclusion',
        width: 200,
        valueGetter: ({ data }) => (data ? conclusions?.get(`entry:${data.entry_id}`) : undefined),
        cellRenderer: ConclusionCell,
      },
    ],
    [conclusions],
  );
  return (
    <SectionCard
      title="Flagged entries"
      caption={`${flagged.length} entries scored medium or high — select one for its breakdown and history`}
      testId="audit-flagged"
    >
      <DataGrid<EntryScore>
        gridId="audit-flagged-entries"
        ariaLabel="Flagged entries"
        columnDefs={columnDefs}
        rowData={flagged}
        getRowId={({ data }) => data.entry_id}
        onRowClicked={onSelect}
        height={Math.min(420, 56 + Math.max(flagged.length, 3) * 42)}
        exportFileName="flagged-entries"
        noRowsText="No entry scored medium or high"
      />
    </SectionCard>
  );
}
