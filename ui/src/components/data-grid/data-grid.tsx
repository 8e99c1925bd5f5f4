/**
 * The one grid of the app: every ledger-like table goes through it (DESIGN.md §9), so
 * each gets the same look, CSV export, and a column layout (order, widths, sort) kept
 * per grid in localStorage. Rows come either all at once (`rowData`) or page by page
 * from the server (`datasource`, ag-grid's infinite row model) for ledgers too large to
 * hold in the browser.
 */
import { Button, Group, Paper } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  themeQuartz,
  type ColDef,
  type ColumnState,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  type RowClassParams,
  type RowClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';

import { FONT_STACK } from '@/styles/theme';
import '@/styles/grid.css';
import { storage } from '@/lib/storage';

import { registerGridModules } from './grid-modules';

registerGridModules();

/** The app's grid look: quiet borders, the accent for selection, the app's font. */
export const gridTheme = themeQuartz.withParams({
  fontFamily: FONT_STACK,
  fontSize: 13,
  headerFontSize: 12,
  headerFontWeight: 600,
  headerTextColor: '#52525b',
  headerBackgroundColor: '#fafafa',
  foregroundColor: '#18181b',
  borderColor: '#e4e4e7',
  rowBorder: { color: '#f4f4f5' },
  wrapperBorder: false,
  wrapperBorderRadius: 0,
  accentColor: '#4f46e5',
  rowHoverColor: '#f5f7ff',
  rowHeight: 36,
  headerHeight: 38,
  spacing: 6,
});

/** Rows the infinite model asks for at once: the API's largest page (DESIGN.md §6). */
export const INFINITE_BLOCK_SIZE = 100;

export type DataGridProps<T> = {
  /** Names the saved column layout and the default CSV file name. */
  gridId: string;
  columnDefs: ColDef<T>[];
  rowData?: T[] | null;
  datasource?: IDatasource;
  /** Row count the grid shows while the infinite model has not answered yet. */
  getRowId?: (params: GetRowIdParams<T>) => string;
  onRowClicked?: (row: T) => void;
  pinnedBottomRowData?: T[];
  getRowClass?: (params: RowClassParams<T>) => string | string[] | undefined;
  loading?: boolean;
  /** Pixel height of the grid body; ledgers scroll inside it. */
  height?: number;
  exportFileName?: string;
  /** Controls shown left of the export button (filters, toggles). */
  toolbar?: ReactNode;
  /** Actions shown right of the export button. */
  actions?: ReactNode;
  noRowsText?: string;
  ariaLabel: string;
  /** False for tree grids, whose row order is the hierarchy. */
  sortable?: boolean;
  /**
   * Per-column filters in the headers. Off by default: reports filter through their own
   * controls (dates, account), and a filter icon on every header is noise there.
   */
  columnFilters?: boolean;
  /**
   * Replaces the grid's own export, for server-paged grids whose browser holds only the
   * pages scrolled through (the export must hold every row).
   */
  onExportCsv?: () => Promise<void> | void;
};

function readColumnState(gridId: string): ColumnState[] | null {
  const raw = storage.getGridState(gridId);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as ColumnState[]) : null;
  } catch {
    return null;
  }
}

export function DataGrid<T>({
  gridId,
  columnDefs,
  rowData,
  datasource,
  getRowId,
  onRowClicked,
  pinnedBottomRowData,
  getRowClass,
  loading,
  height = 520,
  exportFileName,
  toolbar,
  actions,
  noRowsText = 'Nothing to show',
  ariaLabel,
  sortable = true,
  columnFilters = false,
  onExportCsv,
}: DataGridProps<T>) {
  const apiRef = useRef<GridApi<T> | null>(null);

  const defaultColDef = useMemo<ColDef<T>>(
    () => ({
      sortable,
      resizable: true,
      filter: columnFilters,
      minWidth: 90,
      // A name cut short by its column shows in full on hover (only when cut: see
      // tooltipShowMode below).
      tooltip: ({ valueFormatted, value }) =>
        valueFormatted ?? (typeof value === 'string' ? value : undefined),
    }),
    [sortable, columnFilters],
  );

  // Money is never clipped: once rows are drawn, each money column is as wide as its
  // widest figure (and its header), whatever width the layout or the user gave it.
  const fitMoneyColumns = useCallback((api: GridApi<T>) => {
    if (api.isDestroyed()) return;
    const money = (api.getColumns() ?? [])
      .filter((column) => {
        const cellClass = column.getColDef().cellClass;
        return Array.isArray(cellClass) && cellClass.includes('ledger-money');
      })
      .map((column) => column.getColId());
    if (money.length > 0) api.autoSizeColumns(money);
  }, []);

  const effectiveColumns = useMemo(
    () => (columnFilters ? columnDefs : columnDefs.map((column) => ({ ...column, filter: false }))),
    [columnDefs, columnFilters],
  );

  const onGridReady = useCallback(
    (event: GridReadyEvent<T>) => {
      apiRef.current = event.api;
      const saved = readColumnState(gridId);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
    },
    [gridId],
  );

  const saveColumnState = useCallback(() => {
    const api = apiRef.current;
    if (!api || api.isDestroyed()) return;
    storage.setGridState(gridId, JSON.stringify(api.getColumnState()));
  }, [gridId]);

  const [exporting, setExporting] = useState(false);
  const exportCsv = useCallback(async () => {
    if (!onExportCsv) {
      apiRef.current?.exportDataAsCsv({ fileName: `${exportFileName ?? gridId}.csv` });
      return;
    }
    setExporting(true);
    try {
      await onExportCsv();
    } finally {
      setExporting(false);
    }
  }, [exportFileName, gridId, onExportCsv]);

  const handleRowClicked = useCallback(
    (event: RowClickedEvent<T>) => {
      // The pinned totals row is not a record: clicking it goes nowhere.
      if (!onRowClicked || !event.data || event.rowPinned) return;
      onRowClicked(event.data);
    },
    [onRowClicked],
  );

  const overlayNoRowsTemplate = useMemo(
    () => `<span class="ledger-grid-empty">${noRowsText.replace(/[<>&]/g, '')}</span>`,
    [noRowsText],
  );

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-label={ariaLabel}>
      <Group
        justify="space-between"
        px="sm"
        py={8}
        gap="sm"
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="sm" wrap="wrap">
          {toolbar}
        </Group>
        <Group gap="xs">
          {actions}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <div style={{ height }} role="region" aria-label={`${ariaLabel} table`}>
        <AgGridReact<T>
          theme={gridTheme}
          columnDefs={effectiveColumns}
          defaultColDef={defaultColDef}
          rowData={datasource ? undefined : (rowData ?? null)}
          rowModelType={datasource ? 'infinite' : 'clientSide'}
          datasource={datasource}
          cacheBlockSize={datasource ? INFINITE_BLOCK_SIZE : undefined}
          maxBlocksInCache={datasource ? 50 : undefined}
          getRowId={getRowId}
          pinnedBottomRowData={pinnedBottomRowData}
          getRowClass={getRowClass}
          loading={loading}
          overlayNoRowsTemplate={overlayNoRowsTemplate}
          onGridReady={onGridReady}
          onFirstDataRendered={(event) => fitMoneyColumns(event.api)}
          onRowDataUpdated={(event) => fitMoneyColumns(event.api)}
          // The scrollbar's room is kept from the start: otherwise the columns are laid out
          // to the full width and the last one slides under the scrollbar once rows arrive.
          alwaysShowVerticalScroll
          // Every column is drawn (our grids have at most ~20), so every money column can be
          // measured and sized, including those scrolled out of view.
          suppressColumnVirtualisation
          tooltipShowMode="whenTruncated"
          tooltipShowDelay={400}
          onRowClicked={handleRowClicked}
          onSortChanged={saveColumnState}
          onColumnMoved={(event) => event.finished && saveColumnState()}
          onColumnResized={(event) => event.finished && saveColumnState()}
          onColumnVisible={saveColumnState}
          rowClass={onRowClicked ? 'ledger-grid-clickable' : undefined}
          suppressCellFocus={false}
          animateRows={false}
        />
      </div>
    </Paper>
  );
}
