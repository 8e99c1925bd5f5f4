import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { pageOf, stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { WorkspaceTransfers } from './workspace-transfers';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const TRANSFERS = '/accounts/organizations/org-1/workspaces/transfers/';

const incoming = {
  transfer_id: 't-in',
  source_organization: 'org-9',
  target_organization: 'org-1',
  workspace: 'ws-9',
  workspace_name: 'Lagos Office',
  status: 1,
  created_datetime: '2026-11-20T10:00:00Z',
};
const outgoing = {
  transfer_id: 't-out',
  source_organization: 'org-1',
  target_organization: 'org-2',
  workspace: 'ws-1',
  workspace_name: 'Abuja Office',
  status: 1,
  created_datetime: '2026-11-21T10:00:00Z',
};

function routes(transfers: unknown[]): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: TRANSFERS,
      reply: () => ({ body: pageOf(transfers, { pageSize: 100 }) }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/',
      reply: () => ({
        body: pageOf([
          { id: 'org-1', name: 'Acme', slug: 'acme' },
          { id: 'org-2', name: 'Bola Holdings', slug: 'bola' },
        ]),
      }),
    },
    { method: 'PATCH', path: /\/workspaces\/transfers\/t-/, reply: () => ({ body: { data: {} } }) },
    { method: 'GET', path: '/accounts/me/workspaces/', reply: () => ({ body: { data: [] } }) },
    { method: 'GET', path: '/accounts/me/', reply: () => ({ body: { data: {} } }) },
  ];
}

afterEach(() => vi.unstubAllGlobals());

describe('WorkspaceTransfers', () => {
  it('asks for the list with the page size the spec gives', async () => {
    const { requests } = stubApi(routes([incoming]));
    renderWithProviders(<WorkspaceTransfers organizationId="org-1" canAnswer />);
    await screen.findByText('Lagos Office');
    const list = requests.find((r) => r.method === 'GET' && r.path === TRANSFERS);
    expect(list?.query.get('page_size')).toBe('100');
  });

  it('lets an Admin approve an incoming transfer with status 2', async () => {
    const { requests } = stubApi(routes([incoming]));
    renderWithProviders(<WorkspaceTransfers organizationId="org-1" canAnswer />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve the transfer of Lagos Office' }),
    );
    await waitFor(() => {
      const patch = requests.find((r) => r.method === 'PATCH');
      expect(patch?.path).toBe(`${TRANSFERS}t-in/`);
      expect(patch?.body).toEqual({ status: 2 });
    });
  });

  it('declines an incoming transfer with status 3', async () => {
    const { requests } = stubApi(routes([incoming]));
    renderWithProviders(<WorkspaceTransfers organizationId="org-1" canAnswer />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline the transfer of Lagos Office' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 3 }),
    );
  });

  it('lets the source cancel its own pending transfer with status 4, and names the target', async () => {
    const { requests } = stubApi(routes([outgoing]));
    renderWithProviders(<WorkspaceTransfers organizationId="org-1" canAnswer />);
    const row = await screen.findByTestId('transfer-t-out');
    await within(row).findByText('To Bola Holdings');
    expect(within(row).queryByRole('button', { name: /Approve/ })).toBeNull();
    await userEvent.click(
      within(row).getByRole('button', { name: 'Cancel the transfer of Abuja Office' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 4 }),
    );
  });

  it('shows answered transfers by status without actions, and nothing to do for non-Admins', async () => {
    stubApi(
      routes([
        { ...incoming, status: 2 },
        { ...outgoing, status: 3 },
      ]),
    );
    renderWithProviders(<WorkspaceTransfers organizationId="org-1" canAnswer={false} />);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
