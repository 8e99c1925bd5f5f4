import { describe, expect, it } from 'vitest';

import { NO_FILTERS, liveProviders, signedAmount, toQuery } from './wallet';

describe('the transactions filters', () => {
  it('send nothing when empty', () => {
    expect(toQuery(NO_FILTERS)).toEqual({});
  });

  it('include both ends of the date range', () => {
    expect(
      toQuery({
        transactionType: 'debit',
        status: 'successful',
        from: '2026-11-01',
        to: '2026-11-27',
      }),
    ).toEqual({
      transaction_type: 'debit',
      status: 'successful',
      created_datetime__gte: '2026-11-01',
      created_datetime__lte: '2026-11-27T23:59:59Z',
    });
  });
});

describe('the provider choice', () => {
  it('offers only the providers live on the server', () => {
    const choices = liveProviders([
      { name: 'sandbox', label: 'Sandbox', live: true },
      { name: 'paystack', label: 'Paystack', live: false },
    ]);
    expect(choices.map((p) => p.name)).toEqual(['sandbox']);
  });
});

describe('the transactions amounts', () => {
  it('make a debit negative so it shows in brackets', () => {
    expect(signedAmount({ amount: '1500.00', transaction_type: 'debit' })).toBe('-1500.00');
  });

  it('keep a credit as sent', () => {
    expect(signedAmount({ amount: '1500.00', transaction_type: 'credit' })).toBe('1500.00');
  });
});
