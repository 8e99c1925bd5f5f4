import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { theme } from '@/styles/theme';
import { LocationProbe, renderWithProviders } from '@/testing/test-utils';

import { PageHeader } from './page-header';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify({
        data: { first_name: 'ngozi', last_name: 'Eze', email: 'n@example.com', memberships: [] },
      }),
      {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      },
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the page header (spec §2)', () => {
  it('shows the title and caption', () => {
    renderWithProviders(<PageHeader title="Trial Balance" caption="As of today" />);
    expect(screen.getByRole('heading', { name: 'Trial Balance' })).toBeInTheDocument();
    expect(screen.getByText('As of today')).toBeInTheDocument();
  });

  it('shows no back button unless asked', () => {
    renderWithProviders(<PageHeader title="Dashboard" />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('the back button goes back one page', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <SWRConfig value={{ provider: () => new Map() }}>
          <MemoryRouter
            initialEntries={['/accounting', '/accounting/general-ledger']}
            initialIndex={1}
          >
            <PageHeader title="General Ledger" back />
            <LocationProbe />
          </MemoryRouter>
        </SWRConfig>
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/accounting$/);
  });

  it('the avatar shows the first letter of first_name', async () => {
    window.localStorage.setItem('token', 't');
    renderWithProviders(<PageHeader title="Dashboard" />);
    expect(await screen.findByText('N')).toBeInTheDocument();
  });

  it('the account menu has My account, Manage plan and Logout', async () => {
    window.localStorage.setItem('token', 't');
    renderWithProviders(<PageHeader title="Dashboard" />);
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.getByRole('menuitem', { name: 'Manage plan' })).toHaveAttribute(
      'href',
      '/license',
    );
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the notification bell', () => {
    renderWithProviders(<PageHeader title="Dashboard" />);
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});
