import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { describeRowKey, rowErrorsOf, sortedRowKeys } from './journal-import';

describe('import errors', () => {
  it('names a cell by its file row', () => {
    expect(describeRowKey('rows[5].account_code')).toBe('Row 5 · account code');
    expect(describeRowKey('rows[12]')).toBe('Row 12');
    expect(describeRowKey('file')).toBe('File');
  });

  it('orders problems by row number, not as text', () => {
    expect(sortedRowKeys({ 'rows[10].debit': [], 'rows[9]': [], 'rows[2].date': [] })).toEqual([
      'rows[2].date',
      'rows[9]',
      'rows[10].debit',
    ]);
  });

  it('reads a refused import’s row errors and nothing else', () => {
    const refused = new ApiError(400, { 'rows[3].debit': ['Enter an amount'] }, 'refused');
    expect(rowErrorsOf(refused)).toEqual({ 'rows[3].debit': ['Enter an amount'] });
    expect(rowErrorsOf(new ApiError(500, {}, 'boom'))).toBeNull();
    expect(rowErrorsOf(new Error('x'))).toBeNull();
  });
});
