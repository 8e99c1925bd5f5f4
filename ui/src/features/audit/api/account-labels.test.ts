import { describe, expect, it } from 'vitest';

import { accountLabels } from './account-labels';

describe('accountLabels', () => {
  it('labels every account of the tree, nested ones too, by code and name', () => {
    const labels = accountLabels([
      {
        id: 'A1',
        name: 'Assets',
        account_code: '1000',
        children: [{ id: 'a2', name: 'Cash on hand', account_code: '1110', children: [] }],
      },
    ]);
    expect(labels.get('a1')).toBe('1000 Assets');
    expect(labels.get('a2')).toBe('1110 Cash on hand');
  });
});
