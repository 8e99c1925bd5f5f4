import { describe, expect, it } from 'vitest';

import { newEntryWith, prefillFromState } from './entry-prefill';

const RENT = {
  date: '2026-12-01',
  memo: 'Paid rent',
  lines: [
    { account_id: 'acc-6100', debit: '200000.00', credit: '0.00' },
    { account_id: 'acc-1120', debit: '0', credit: '200000.00' },
  ],
};

describe('entry prefill', () => {
  it('opens the new-entry form with the suggestion in the router state', () => {
    expect(newEntryWith(RENT)).toEqual({
      to: '/accounting/journal-entry?entry=new',
      state: { entryPrefill: RENT },
    });
  });

  it('turns the state into form values, zero amounts as empty cells', () => {
    expect(prefillFromState(newEntryWith(RENT).state)).toEqual({
      date: '2026-12-01',
      memo: 'Paid rent',
      reference: '',
      lines: [
        { account_id: 'acc-6100', description: '', debit: '200000.00', credit: '' },
        { account_id: 'acc-1120', description: '', debit: '', credit: '200000.00' },
      ],
    });
  });

  it('ignores a state that carries no suggestion, or a malformed one', () => {
    expect(prefillFromState(null)).toBeNull();
    expect(prefillFromState({ from: '/dashboard' })).toBeNull();
    expect(
      prefillFromState({ entryPrefill: { date: '2026-12-01', memo: '', lines: [] } }),
    ).toBeNull();
  });
});
