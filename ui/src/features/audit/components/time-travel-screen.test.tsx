import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { TimeTravelScreen } from './time-travel-screen';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/active-workspace', () => ({
  useWorkspaceId: () => 'ws1',
  useOrganizationId: () => 'org1',
}));
vi.mock('@/lib/workspace-currency', () => ({ useWorkspaceCurrency: () => 'NGN' }));
vi.mock('@/components/layouts/content-layout', () => ({
  ContentLayout: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
}));

const proof = { chain_seq: 7, head_hash: 'ab'.repeat(32) };
const ledger = {
  ...proof,
  known_at: '2026-07-01T09:00:00Z',
  account_id: null,
  normal_balance: 'debit',
  opening_balance: '0.00',
  closing_balance: '1200.00',
  total_debit: '1200.00',
  total_credit: '0.00',
  data: [
    {
      entry_id: 'e1',
      entry_number: 'JE-000001',
      date: '2026-03-02',
      line_index: 0,
      account_id: 'a1',
      account_code: '1120',
      account_name: 'Cash at bank',
      description: '',
      memo: 'Sale',
      debit: '1200.00',
      credit: '0.00',
      running_balance: '1200.00',
      reverses: null,
      recorded_at: '2026-03-02T10:00:00Z',
    },
  ],
  count: 1,
  page: 1,
  page_size: 100,
  total_pages: 1,
};

describe('books as known at', () => {
  it('shows a view whose answer arrived while another tab was open', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/audit/workspaces/ws1/time-travel/general-ledger/',
        reply: () => ({ body: { data: ledger } }),
      },
      {
        method: 'GET',
        path: /time-travel\/(trial-balance|compare|after-close)\/$/,
        reply: () => new Promise(() => undefined),
      },
    ]);
    renderWithProviders(<TimeTravelScreen />, {
      route: '/audit/time-travel?as_of=2026-06-30&known_at=2026-07-01T09:00:00Z',
    });
    await waitFor(() =>
      expect(requests.some((r) => r.path.endsWith('/general-ledger/'))).toBe(true),
    );
    // Let the ledger's answer land while the trial balance tab is still open.
    await new Promise((resolve) => setTimeout(resolve, 50));

    await userEvent.click(screen.getByRole('tab', { name: 'General ledger' }));
    expect(await screen.findByText(/1 postings known at/)).toBeInTheDocument();
  });
});
