import {
  ACCOUNT_MESSAGE,
  AMOUNT_FORMAT_MESSAGE,
  BOTH_SIDES_MESSAGE,
  TOO_FEW_LINES_MESSAGE,
  computeBalance,
  draftBlockers,
  type DraftLine,
} from './entry-balance';

const line = (account_id: string, debit = '', credit = '', description = ''): DraftLine => ({
  account_id,
  description,
  debit,
  credit,
});

describe('entry balancing', () => {
  it('a balanced entry can be posted', () => {
    const balance = computeBalance([line('a', '100.10'), line('b', '', '100.1')]);
    expect(balance).toMatchObject({
      totalDebit: '100.10',
      totalCredit: '100.10',
      difference: '0.00',
      balanced: true,
      postBlockers: [],
    });
  });

  it('an unbalanced entry cannot be posted and says by how much', () => {
    const balance = computeBalance([line('a', '100'), line('b', '', '90')]);
    expect(balance.balanced).toBe(false);
    expect(balance.difference).toBe('10.00');
    expect(balance.postBlockers).toEqual(['Debits exceed credits by 10.00.']);
    expect(computeBalance([line('a', '5'), line('b', '', '7.5')]).postBlockers).toEqual([
      'Credits exceed debits by 2.50.',
    ]);
  });

  it('sums in cents: 0.10 + 0.20 balances 0.30', () => {
    const balance = computeBalance([line('a', '0.10'), line('b', '0.20'), line('c', '', '0.30')]);
    expect(balance.balanced).toBe(true);
  });

  it('ignores the blank spare rows of the form', () => {
    const balance = computeBalance([line('a', '5'), line(''), line('b', '', '5'), line('')]);
    expect(balance.balanced).toBe(true);
    expect(balance.lineProblems).toEqual([]);
  });

  it('names each bad line and field', () => {
    const balance = computeBalance([line('', '5'), line('b', '1.234'), line('c', '3', '3')]);
    expect(balance.lineProblems).toEqual([
      { line: 0, field: 'account_id', message: ACCOUNT_MESSAGE, blocksDraft: true },
      { line: 1, field: 'debit', message: AMOUNT_FORMAT_MESSAGE, blocksDraft: true },
      { line: 2, field: null, message: BOTH_SIDES_MESSAGE, blocksDraft: true },
    ]);
  });

  it('one line is too few to post, but a draft may be unbalanced', () => {
    const balance = computeBalance([line('a', '5')]);
    expect(balance.postBlockers).toContain(TOO_FEW_LINES_MESSAGE);
    expect(draftBlockers(balance)).toEqual([]);
  });

  it('a line without an amount blocks posting, not a draft', () => {
    const balance = computeBalance([line('a', '5'), line('b', '', '5'), line('c', '', '', 'note')]);
    expect(balance.balanced).toBe(true);
    expect(balance.postBlockers).toEqual(['Fix the highlighted lines.']);
    expect(draftBlockers(balance)).toEqual([]);
  });
});
