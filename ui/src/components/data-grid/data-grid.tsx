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
  type Column,
  type ColumnState,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  type IRowNode,
  type RowClassParams,
  type RowClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';

import { FONT_STACK } from '@/styles/theme';
import '@/styles/grid.css';
import { storage } from '@/lib/storage';

import { headerCanWrap } from './columns';
import { columnWidthForFigures } from './figure-width';
import { registerGridModules } from './grid-modules';

registerGridModules();

/** The grid's font size; figures are measured in it. */
const GRID_FONT_SIZE_PX = 13;
/** The weights of a parent row and a totals row (`grid.css`), in which figures are measured. */
const PARENT_ROW_WEIGHT = 600;
const TOTAL_ROW_WEIGHT = 700;
/** What `grid.css` adds to the last column's right padding, for an overlaid scrollbar. */
const LAST_COLUMN_EXTRA_PX = 16;

/** The app's grid look: quiet borders, the accent for selection, the app's font. */
export const gridTheme = themeQuartz.withParams({
  fontFamily: FONT_STACK,
  fontSize: GRID_FONT_SIZE_PX,
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
  // Tighter than the theme's 18 px a side: a ledger's many money columns fit the page.
  cellHorizontalPadding: 12,
});

/** The narrowest a name, date or status column is squeezed to so money columns fit. */
const SQUEEZED_COLUMN_MIN_PX = 64;
/** Room kept for the vertical scrollbar (and the last column's extra padding for it). */
const SCROLLBAR_ALLOWANCE_PX = 20;

/**
 * Rows drawn above and below the view, ready for a scroll: ag-grid's ten drew a third
 * more rows than shown whenever a screen opened (moves between screens ran 10–20%
 * slower with them).
 */
const ROW_BUFFER = 4;

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

/** Whether `column` is a money column (one `moneyColumn` or `percentColumn` made). */
function isMoneyColumn(column: Column): boolean {
  const cellClass = column.getColDef().cellClass;
  return Array.isArray(cellClass) && cellClass.includes('ledger-money');
}

function isFlexing(column: Column): boolean {
  return (column.getFlex() ?? 0) > 0;
}

/**
 * The width the widest figure of `column` needs, over every row the grid holds and its
 * pinned totals. Figures are measured in the bold of parent rows (totals: bolder), so a
 * row's weight never cuts its figure.
 */
function figureWidth<T>(api: GridApi<T>, column: Column): number {
  const textOf = (rowNode: IRowNode<T>) => {
    const text = api.getCellValue({ rowNode, colKey: column, useFormatter: true });
    return typeof text === 'string' ? text : '';
  };
  const body: string[] = [];
  api.forEachNode((node) => body.push(textOf(node)));
  const totals: string[] = [];
  for (let index = 0; index < api.getPinnedBottomRowCount(); index += 1) {
    const node = api.getPinnedBottomRow(index);
    if (node) totals.push(textOf(node));
  }
  return Math.max(
    columnWidthForFigures(body, `${PARENT_ROW_WEIGHT} ${GRID_FONT_SIZE_PX}px ${FONT_STACK}`),
    columnWidthForFigures(totals, `${TOTAL_ROW_WEIGHT} ${GRID_FONT_SIZE_PX}px ${FONT_STACK}`),
  );
}

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
      // Low, so that names, dates and statuses can give way to money (see fitColumns);
      // money and date columns set their own floor.
      minWidth: SQUEEZED_COLUMN_MIN_PX,
      // A long header wraps onto a second line instead of widening its column past the
      // figures under it (or being cut short).
      wrapHeaderText: true,
      autoHeaderHeight: true,
      // A name cut short by its column shows in full on hover (only when cut: see
      // tooltipShowMode below).
      tooltip: ({ valueFormatted, value }) =>
        valueFormatted ?? (typeof value === 'string' ? value : undefined),
    }),
    [sortable, columnFilters],
  );

  const regionRef = useRef<HTMLDivElement | null>(null);

  // Money is never clipped: once rows are drawn, each money column is as wide as its
  // widest figure (of every row the grid holds, worked out from the text: nothing is laid
  // out to find it), whatever width the layout or the user gave it; its header wraps.
  // When the columns then add up to more than the grid's width, the grid shares the
  // width out again with each money column kept at least that wide: the other columns
  // give way (their text ends in an ellipsis and shows in full on hover), so no column
  // is pushed out of view. Grids with names pinned left (a summary's many months) scroll
  // sideways by design. All of it is one resize, so the grid lays out once.
  const fitColumns = useCallback((api: GridApi<T>) => {
    if (api.isDestroyed()) return;
    const columns = api.getAllDisplayedColumns();
    const money = columns.filter(isMoneyColumn);
    if (money.length === 0) return;
    const widths = new Map<Column, number>(
      money.map((column) => [
        column,
        Math.max(
          column.getMinWidth(),
          figureWidth(api, column) + (column === columns.at(-1) ? LAST_COLUMN_EXTRA_PX : 0),
        ),
      ]),
    );
    const widthOf = (column: Column) => widths.get(column) ?? column.getActualWidth();
    const available = (regionRef.current?.clientWidth ?? 0) - SCROLLBAR_ALLOWANCE_PX;
    const used = columns.reduce((sum, column) => sum + widthOf(column), 0);
    if (available > 0 && used > available && !columns.some((column) => column.isPinnedLeft())) {
      // Each other column gives up a share of what it has above its own floor, in
      // proportion to that room, until the columns fit (or every floor is reached). A
      // column that flexes is given its width too, even at its floor: resized with the
      // others, it is held there instead of flexing back over the room kept for the
      // scrollbar.
      const room = columns
        .filter((column) => !isMoneyColumn(column))
        .map((column) => ({ column, spare: column.getActualWidth() - column.getMinWidth() }))
        .filter(({ column, spare }) => spare > 0 || isFlexing(column));
      const spareTotal = room.reduce((sum, { spare }) => sum + spare, 0);
      const share = spareTotal === 0 ? 0 : Math.min(1, (used - available) / spareTotal);
      for (const { column, spare } of room) {
        widths.set(column, Math.floor(column.getActualWidth() - spare * share));
      }
    }
    const changed = [...widths].filter(
      ([column, width]) => column.getActualWidth() !== width || isFlexing(column),
    );
    if (changed.length === 0) return;
    // Widths alone, in one call (applying column state to drop a column's flex cost a
    // fifth of a move). A flexing column given a width keeps it: ag-grid flexes again
    // only the columns right of the last one resized, and when the grid's width changes
    // and it flexes them all, a flexing column takes what the fixed ones leave.
    api.setColumnWidths(changed.map(([column, newWidth]) => ({ key: column, newWidth })));
  }, []);

  // The rows are drawn first; their columns fit in the next frame, once however many
  // events asked for it (a first draw signals both its data and its rendering).
  const fitFrame = useRef<number | null>(null);
  const fitNextFrame = useCallback(
    (api: GridApi<T>) => {
      if (fitFrame.current !== null) return;
      fitFrame.current = requestAnimationFrame(() => {
        fitFrame.current = null;
        fitColumns(api);
      });
    },
    [fitColumns],
  );

  const effectiveColumns = useMemo(
    () =>
      columnDefs.map((column) => ({
        ...column,
        ...(columnFilters ? {} : { filter: false }),
        ...(headerCanWrap(column) ? {} : { autoHeaderHeight: false }),
      })),
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
      // A control inside a row (a paper-clip opening a file) does its own thing.
      const target = event.event?.target;
      if (target instanceof Element && target.closest('[data-no-row-click]')) return;
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
      <div ref={regionRef} style={{ height }} role="region" aria-label={`${ariaLabel} table`}>
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
          onFirstDataRendered={(event) => fitNextFrame(event.api)}
          onRowDataUpdated={(event) => fitNextFrame(event.api)}
          // The scrollbar's room is kept from the start: otherwise the columns are laid out
          // to the full width and the last one slides under the scrollbar once rows arrive.
          alwaysShowVerticalScroll
          tooltipShowMode="whenTruncated"
          tooltipShowDelay={400}
          onRowClicked={handleRowClicked}
          onSortChanged={saveColumnState}
          onColumnMoved={(event) => event.finished && saveColumnState()}
          onColumnResized={(event) => {
            // Only the user's own resizing is their layout: the widths the grid shares out
            // to fit money are worked out again on every draw, for the rows of the day.
            if (event.finished && event.source === 'uiColumnResized') saveColumnState();
          }}
          onColumnVisible={saveColumnState}
          rowClass={onRowClicked ? 'ledger-grid-clickable' : undefined}
          suppressCellFocus={false}
          animateRows={false}
          rowBuffer={ROW_BUFFER}
        />
      </div>
    </Paper>
  );
}
