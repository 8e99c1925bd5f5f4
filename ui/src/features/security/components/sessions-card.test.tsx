import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { SessionsCard } from './sessions-card';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const row = (id: string, current: boolean) => ({
  id,
  started_at: '2026-11-26T10:00:00Z',
  last_active_at: '2026-11-26T11:00:00Z',
  expires_at: '2026-12-10T11:00:00Z',
  current,
});

describe('the sessions card', () => {
  it('lists the sessions and marks this one', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/accounts/sessions/',
        reply: () => ({ body: { data: [row('a', true), row('b', false)] } }),
      },
    ]);
    renderWithProviders(<SessionsCard />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  it('signs out another session by its id', async () => {
    let sessions = [row('a', true), row('b', false)];
    const { requests } = stubApi([
      { method: 'GET', path: '/accounts/sessions/', reply: () => ({ body: { data: sessions } }) },
      {
        method: 'DELETE',
        path: '/accounts/sessions/b/',
        reply: () => {
          sessions = [row('a', true)];
          return { body: { data: { detail: 'The session is signed out.' } } };
        },
      },
    ]);
    renderWithProviders(<SessionsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/accounts/sessions/b/')).toBe(
      true,
    );
  });

  it('"Sign out everywhere else" is off when this is the only session', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/accounts/sessions/',
        reply: () => ({ body: { data: [row('a', true)] } }),
      },
    ]);
    renderWithProviders(<SessionsCard />);
    await screen.findAllByTestId('session-row');
    expect(screen.getByTestId('sign-out-others')).toBeDisabled();
  });
});
