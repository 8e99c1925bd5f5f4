import { stubApi } from '@/testing/api-stub';

import { exportEntries } from './journal-entries';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('journal export', () => {
  it('asks the server for the chosen format and hands back the file', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/w1/journal-entries/export/',
        reply: () => ({ body: 'date,entry\n' }),
      },
    ]);

    const file = await exportEntries('w1', 'hledger');

    expect(requests[0]?.query.get('format')).toBe('hledger');
    expect(await file.text()).toBe('"date,entry\\n"');
  });
});
