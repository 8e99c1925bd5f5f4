import { describe, expect, it } from 'vitest';

import { readableServerText } from './server-text';

const labels = new Map([
  ['69057620-d807-8467-b650-541a2e2508d4', '6210 Rent'],
  ['33dfb95e-e788-86d5-9445-683e5deca28a', '1110 Cash on hand'],
]);
const accountLabel = (id: string) => labels.get(id);

describe('readableServerText', () => {
  it('names accounts by code and name and formats the money of an audit reason', () => {
    expect(
      readableServerText(
        '8596013.00 on account 69057620-d807-8467-b650-541a2e2508d4 is outside the fences 474800.68 to 6169007.28 (k = 3, n = 71)',
        { currency: 'NGN', accountLabel },
      ),
    ).toBe(
      '₦8,596,013.00 on account 6210 Rent is outside the fences ₦474,800.68 to ₦6,169,007.28 (k = 3, n = 71)',
    );
  });

  it('keeps an id it cannot name rather than dropping it', () => {
    expect(
      readableServerText(
        'debit 33dfb95e-e788-86d5-9445-683e5deca28a / credit 5d1eea2f-190e-860e-bf38-f1af32305856 occurs in 1 of 290 entries',
        { currency: 'NGN', accountLabel },
      ),
    ).toBe(
      'debit 1110 Cash on hand / credit 5d1eea2f-190e-860e-bf38-f1af32305856 occurs in 1 of 290 entries',
    );
  });

  it('formats the amounts and dates of an activity description', () => {
    expect(
      readableServerText('Posted JE-000290 dated 2026-11-22 for 1633186.21', { currency: 'NGN' }),
    ).toBe('Posted JE-000290 dated 22 Nov 2026 for ₦1,633,186.21');
  });
});
