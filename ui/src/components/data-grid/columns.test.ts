import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';

import { dateColumn, headerCanWrap, moneyColumn, monthColumn } from './columns';

/** What a column shows for a cell value, through its `valueFormatter`. */
function shown<T>(column: ColDef<T>, value: unknown): string {
  const format = column.valueFormatter;
  if (typeof format !== 'function') throw new Error('the column has no formatter');
  return format({ value } as ValueFormatterParams<T>);
}

describe('grid columns', () => {
  it('show a month in words and keep it as sent in exports', () => {
    const column = monthColumn('period');
    expect(shown(column, '2026-03')).toBe('Mar 2026');
    expect(column.useValueFormatterForExport).toBe(false);
  });

  it('show a pay period month in full when asked', () => {
    expect(shown(monthColumn('period', 'Period', { style: 'long' }), '2026-03')).toBe('March 2026');
  });

  it("show a date in the organization's numeric format", () => {
    expect(shown(dateColumn('date'), '2026-11-26')).toBe('26/11/2026');
  });

  it('show a negative amount in brackets with the currency symbol', () => {
    expect(shown(moneyColumn('amount', 'Amount', { currency: 'NGN' }), '-1234567.89')).toBe(
      '(₦1,234,567.89)',
    );
  });
});

describe('which headers the grid measures for wrapping', () => {
  it('a one-word header never wraps, so it is not measured', () => {
    expect(headerCanWrap({ headerName: 'Debit' })).toBe(false);
  });

  it('a header of several words may wrap, so it is measured', () => {
    expect(headerCanWrap({ headerName: 'Running balance' })).toBe(true);
  });

  it('a header named by its field is measured (the grid may make several words of it)', () => {
    expect(headerCanWrap({})).toBe(true);
  });

  it('a column that says whether to measure its header is obeyed', () => {
    expect(headerCanWrap({ headerName: 'Debit', autoHeaderHeight: true })).toBe(true);
    expect(headerCanWrap({ headerName: 'Closing balance', autoHeaderHeight: false })).toBe(false);
  });
});
