import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { pageOf, stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { PendingTransferNotice } from './pending-transfer-notice';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const TRANSFERS = '/accounts/organizations/org-1/workspaces/transfers/';

function stub(status: number) {
  return stubApi([
    {
      method: 'GET',
      path: TRANSFERS,
      reply: () => ({
        body: pageOf([
          {
            transfer_id: 't-1',
            source_organization: 'org-1',
            target_organization: 'org-2',
            workspace: 'ws-1',
            workspace_name: 'Lagos Office',
            status,
            created_datetime: '2026-11-20T10:00:00Z',
          },
        ]),
      }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/',
      reply: () => ({ body: pageOf([{ id: 'org-2', name: 'Bola Holdings', slug: 'bola' }]) }),
    },
    { method: 'PATCH', path: `${TRANSFERS}t-1/`, reply: () => ({ body: { data: {} } }) },
  ]);
}

afterEach(() => vi.unstubAllGlobals());

describe('PendingTransferNotice', () => {
  it('tells where a pending transfer goes and lets the source cancel it with status 4', async () => {
    const { requests } = stub(1);
    renderWithProviders(
      <PendingTransferNotice organizationId="org-1" workspaceId="ws-1" canCancel />,
    );
    expect(await screen.findByText(/moves to Bola Holdings once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 4 }),
    );
  });

  it('says nothing once the transfer was answered', async () => {
    const { requests } = stub(3);
    renderWithProviders(
      <PendingTransferNotice organizationId="org-1" workspaceId="ws-1" canCancel />,
    );
    await waitFor(() => expect(requests.some((r) => r.path === TRANSFERS)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByTestId('pending-transfer')).toBeNull();
  });
});
