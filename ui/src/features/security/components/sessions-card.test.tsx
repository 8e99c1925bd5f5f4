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
  device: 'Firefox on Linux',
  ip_address: '203.0.113.7',
});

const trusted = (id: string) => ({
  id,
  device: 'Chrome on macOS',
  ip_address: '198.51.100.2',
  trusted_at: '2026-11-20T10:00:00Z',
  last_used_at: '2026-11-26T10:00:00Z',
  expires_at: '2026-12-20T10:00:00Z',
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

  it('shows the device and address each session signed in from', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/accounts/sessions/',
        reply: () => ({ body: { data: [row('a', true)] } }),
      },
    ]);
    renderWithProviders(<SessionsCard />);
    expect(await screen.findByTestId('session-device')).toHaveTextContent(
      'Firefox on Linux · 203.0.113.7',
    );
  });

  it('lists the trusted devices under the sessions, and forgets one', async () => {
    let devices = [trusted('t1')];
    const { requests } = stubApi([
      { method: 'GET', path: '/accounts/sessions/', reply: () => ({ body: { data: [] } }) },
      {
        method: 'GET',
        path: '/accounts/trusted-devices/',
        reply: () => ({ body: { data: devices } }),
      },
      {
        method: 'DELETE',
        path: '/accounts/trusted-devices/t1/',
        reply: () => {
          devices = [];
          return { body: { data: { detail: 'Forgotten.' } } };
        },
      },
    ]);
    renderWithProviders(<SessionsCard />);
    const device = await screen.findByTestId('trusted-device-row');
    expect(device).toHaveTextContent('Chrome on macOS · 198.51.100.2');
    await userEvent.click(within(device).getByRole('button', { name: 'Forget' }));
    expect(await screen.findByText(/No device skips the code/)).toBeVisible();
    expect(
      requests.some((r) => r.method === 'DELETE' && r.path === '/accounts/trusted-devices/t1/'),
    ).toBe(true);
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
