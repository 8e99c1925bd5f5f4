import { describe, expect, it } from 'vitest';

import { activityLabel, detailFields } from './activity-labels';

describe('activity labels', () => {
  it('turns an activity type into words', () => {
    expect(activityLabel('user_sign_in_failed')).toBe('User sign in failed');
    expect(activityLabel('ip_address')).toBe('IP address');
    expect(activityLabel('user_id')).toBe('User ID');
  });

  it('lists a payload by field, summarizing lists and hiding the type tag', () => {
    const fields = detailFields({
      type: 'journal_entry_posted',
      entry_number: 'JE-000004',
      lines: [{ debit: '1.00' }, { credit: '1.00' }],
      workspaces: ['a', 'b'],
      reverses: null,
      dismissed: false,
    });
    expect(fields).toEqual([
      { label: 'Entry number', value: 'JE-000004' },
      { label: 'Lines', value: '2 items' },
      { label: 'Workspaces', value: 'a, b' },
      { label: 'Reverses', value: '—' },
      { label: 'Dismissed', value: 'no' },
    ]);
  });

  it('shows nothing for a payload that is not an object', () => {
    expect(detailFields(null)).toEqual([]);
    expect(detailFields([1, 2])).toEqual([]);
  });
});
