import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { endOfDay } from './time-travel-link';
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

const SIGNED_AT = '2026-07-15T16:30:00Z';
const sessionRoute = {
  method: 'GET',
  path: '/audit/workspaces/ws1/sessions/s1/',
  reply: () => ({
    body: {
      data: {
        id: 's1',
        name: 'FY2026 H1',
        period_start: '2026-01-01',
        period_end: '2026-06-30',
        materiality: '10000.00',
        performance_materiality: '7500.00',
        status: 'signed_off',
        cutoff: { chain_seq: 7, head_hash: 'ab'.repeat(32), position: 40 },
        opened_at: '2026-07-01T09:00:00Z',
        performer: { signed_at: '2026-07-10T12:00:00Z' },
        reviewer: { signed_at: SIGNED_AT },
      },
    },
  }),
};
/** Every view but the session: never answered, the tests look at what was asked. */
const pendingViews = {
  method: 'GET',
  path: /time-travel\//,
  reply: () => new Promise<never>(() => undefined),
};
/** The known_at values the trial balance was asked for. */
const knownAtAsked = (requests: { path: string; query: URLSearchParams }[]) =>
  requests.filter((r) => r.path.endsWith('/trial-balance/')).map((r) => r.query.get('known_at'));

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

  it('fills Known at with the session’s sign-off moment from the At sign-off shortcut', async () => {
    const { requests } = stubApi([sessionRoute, pendingViews]);
    renderWithProviders(<TimeTravelScreen />, {
      route: '/audit/time-travel?as_of=2026-06-30&period_end=2026-06-30&session=s1',
    });
    const shortcut = screen.getByRole('button', { name: 'At sign-off' });
    await waitFor(() => expect(shortcut).toBeEnabled());
    await userEvent.click(shortcut);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(knownAtAsked(requests).map((k) => k && new Date(k).getTime())).toContain(
        new Date(SIGNED_AT).getTime(),
      ),
    );
  });

  it('fills Known at with the last second of the period end from the At period end shortcut', async () => {
    const { requests } = stubApi([pendingViews]);
    renderWithProviders(<TimeTravelScreen />, {
      route: '/audit/time-travel?as_of=2026-06-30&period_end=2026-06-30',
    });
    await userEvent.click(screen.getByRole('button', { name: 'At period end' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(knownAtAsked(requests)).toContain(endOfDay('2026-06-30')));
  });

  it('offers At sign-off only when opened from a signed-off session', () => {
    stubApi([pendingViews]);
    renderWithProviders(<TimeTravelScreen />, { route: '/audit/time-travel?as_of=2026-06-30' });
    expect(screen.getByRole('button', { name: 'At sign-off' })).toBeDisabled();
  });

  it('takes Known at from a date-time picker, not a text box for RFC 3339', () => {
    stubApi([pendingViews]);
    renderWithProviders(<TimeTravelScreen />, {
      route: '/audit/time-travel?known_at=2026-07-01T09:00:00Z',
    });
    const knownAt = screen.getByLabelText(/^Known at/);
    expect(knownAt.tagName).not.toBe('INPUT');
    expect(knownAt).not.toHaveTextContent('T09:00:00Z');
    expect(knownAt.textContent).toMatch(/2026/);
  });

  it('names the input a refused moment came from in plain words, not the parameter', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/audit/workspaces/ws1/time-travel/trial-balance/',
        reply: () => ({
          status: 400,
          body: { known_at: ['must not be later than now'] },
        }),
      },
      pendingViews,
    ]);
    renderWithProviders(<TimeTravelScreen />, {
      route: '/audit/time-travel?known_at=2099-01-01T00:00:00Z',
    });
    const alert = await screen.findByText(/must not be later than now/);
    expect(alert).toHaveTextContent('Known at: must not be later than now');
    expect(alert).not.toHaveTextContent('known_at');
  });
});
