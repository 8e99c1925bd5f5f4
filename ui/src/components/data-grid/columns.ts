/**
 * Column factories shared by every grid, so a money column looks and sorts the same in
 * the trial balance as in the journal: right-aligned, tabular figures, in the one money
 * format ("₦1,234.50", negatives in brackets), sorted exactly on integer cents, exported
 * as the exact decimal string (no symbol or separators for a spreadsheet to misread).
 */
import type { ColDef, ValueGetterParams } from 'ag-grid-community';

import { centsOf, formatMoney, isZero } from '@/lib/money';
import { formatDate, formatMonth } from '@/lib/format-date-time';

type MoneyOptions<T> = {
  /** The workspace currency (ISO code) whose symbol the cells show. */
  currency: string;
  /** Reads the decimal string; defaults to `row[field]`. */
  value?: (row: T) => string | null | undefined;
  /** Zero shows as an empty cell (debit/credit columns), not "0.00". */
  blankZero?: boolean;
  width?: number;
  colId?: string;
};

/** The narrowest a money column gets, however short its figures. */
const MONEY_COLUMN_MIN_PX = 80;
/** The narrowest a date column gets: a whole date ("26/11/2026") with its padding. */
const DATE_COLUMN_MIN_PX = 100;

export function moneyColumn<T>(
  field: string,
  headerName: string,
  { currency, value, blankZero = false, width = 150, colId }: MoneyOptions<T>,
): ColDef<T> {
  return {
    colId: colId ?? field,
    headerName,
    width,
    // A header's longest word ("Depreciation") still fits when the figures are short.
    minWidth: MONEY_COLUMN_MIN_PX,
    type: 'rightAligned',
    // Both classes: an explicit cellClass replaces the one the rightAligned type sets.
    cellClass: ['ag-right-aligned-cell', 'ledger-money'],
    valueGetter: (params: ValueGetterParams<T>) => {
      if (!params.data) return null;
      if (value) return value(params.data) ?? null;
      const raw = (params.data as Record<string, unknown>)[field];
      return typeof raw === 'string' ? raw : null;
    },
    valueFormatter: ({ value: raw }) => {
      // No value (a totals row's balance) is an empty cell, not "0.00".
      if (typeof raw !== 'string' || raw === '') return '';
      if (blankZero && isZero(raw)) return '';
      return formatMoney(raw, currency);
    },
    comparator: (a: unknown, b: unknown) => {
      const x = typeof a === 'string' ? centsOf(a) : 0n;
      const y = typeof b === 'string' ? centsOf(b) : 0n;
      return x === y ? 0 : x < y ? -1 : 1;
    },
    filter: 'agNumberColumnFilter',
    // Filtering compares numbers; display and totals never do.
    filterValueGetter: (params) => {
      const row = params.data;
      if (!row) return null;
      const raw = value ? value(row) : (row as Record<string, unknown>)[field];
      return typeof raw === 'string' ? Number(raw) : null;
    },
    useValueFormatterForExport: false,
  };
}

/**
 * A percentage the server computed as a one-decimal string ("12.5", "-25.0"): shown as
 * "12.5%", negatives in brackets like money ("(25.0%)"), blank where there is none (no
 * budget to be a percentage of), sorted on the number.
 */
export function percentColumn<T>(
  colId: string,
  headerName: string,
  { value, width = 110 }: { value: (row: T) => string | null | undefined; width?: number },
): ColDef<T> {
  return {
    colId,
    headerName,
    width,
    minWidth: MONEY_COLUMN_MIN_PX,
    type: 'rightAligned',
    cellClass: ['ag-right-aligned-cell', 'ledger-money'],
    valueGetter: ({ data }: ValueGetterParams<T>) => (data ? (value(data) ?? null) : null),
    valueFormatter: ({ value: raw }) => (typeof raw === 'string' ? formatPercent(raw) : ''),
    comparator: (a: unknown, b: unknown) =>
      (typeof a === 'string' ? Number(a) : -Infinity) -
        (typeof b === 'string' ? Number(b) : -Infinity) || 0,
    useValueFormatterForExport: false,
  };
}

/** "12.5" → "12.5%", "-25.0" → "(25.0%)". */
export function formatPercent(raw: string): string {
  return raw.startsWith('-') ? `(${raw.slice(1)}%)` : `${raw}%`;
}

export function dateColumn<T>(field: string, headerName = 'Date', width = 120): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    width,
    minWidth: Math.min(width, DATE_COLUMN_MIN_PX),
    // The organization's format on screen ("26/11/2026"); ISO in CSV exports.
    valueFormatter: ({ value }) => (typeof value === 'string' ? formatDate(value) : ''),
    useValueFormatterForExport: false,
    filter: 'agDateColumnFilter',
    filterParams: {
      // ISO dates (YYYY-MM-DD) compare as local calendar days.
      comparator: (filterDate: Date, cell: unknown) => {
        if (typeof cell !== 'string') return -1;
        const [y = 0, m = 1, d = 1] = cell.split('-').map(Number);
        const cellDate = new Date(y, m - 1, d).getTime();
        const wanted = filterDate.getTime();
        return cellDate === wanted ? 0 : cellDate < wanted ? -1 : 1;
      },
    },
  };
}

/**
 * A month (`YYYY-MM`: a pay period, a depreciation month) in words, "Mar 2026" ("March
 * 2026" with `long`); `YYYY-MM` sorts as text and stays so in CSV exports.
 */
export function monthColumn<T>(
  field: string,
  headerName = 'Month',
  { width = 110, style = 'short' }: { width?: number; style?: 'short' | 'long' } = {},
): ColDef<T> {
  return {
    field: field as ColDef<T>['field'],
    headerName,
    width,
    valueFormatter: ({ value }) => (typeof value === 'string' ? formatMonth(value, style) : ''),
    useValueFormatterForExport: false,
  };
}

/**
 * Whether a column's header may wrap onto a second line. Text wraps only at spaces, so a
 * one-word header ("Debit", "Date") never does: the grid need not measure it, which it
 * would otherwise do on every width change of the column (a forced layout each time).
 */
export function headerCanWrap(column: Pick<ColDef, 'headerName' | 'autoHeaderHeight'>): boolean {
  if (column.autoHeaderHeight !== undefined) return column.autoHeaderHeight;
  // Without a name the grid makes one from the field, which may have spaces.
  return column.headerName === undefined || /\s/.test(column.headerName.trim());
}
