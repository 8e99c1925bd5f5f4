import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { pageOf, stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { RequestTransferModal } from './request-transfer-modal';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const workspace = { id: 'ws-1', name: 'Lagos Office', organization_id: 'org-1' };
const TARGET = '0194f2a0-1b2c-7d3e-8f40-123456789abc';

function stub() {
  return stubApi([
    {
      method: 'GET',
      path: '/accounts/organizations/',
      reply: () => ({
        body: pageOf([
          { id: 'org-1', name: 'Acme', slug: 'acme' },
          { id: TARGET, name: 'Bola Holdings', slug: 'bola-holdings' },
        ]),
      }),
    },
    {
      method: 'POST',
      path: '/accounts/organizations/org-1/workspaces/transfers/',
      reply: (request) => ({
        status: 201,
        body: { data: { ...(request.body as object), transfer_id: 't-1', status: 1 } },
      }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/org-1/workspaces/transfers/',
      reply: () => ({ body: pageOf([]) }),
    },
  ]);
}

afterEach(() => vi.unstubAllGlobals());

describe('RequestTransferModal', () => {
  it('sends the target, the workspace and the source as the spec names them', async () => {
    const { requests } = stub();
    const onClose = vi.fn();
    renderWithProviders(<RequestTransferModal opened onClose={onClose} workspace={workspace} />);
    await userEvent.type(
      await screen.findByPlaceholderText('Slug, Admin e-mail or ID'),
      'bola-holdings',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Request transfer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      target_organization: TARGET,
      workspace: 'ws-1',
      source_organization: 'org-1',
    });
  });

  it("sends another organization's Admin e-mail as typed and shows the server's refusal on the field", async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounts/organizations/',
        reply: () => ({ body: pageOf([{ id: 'org-1', name: 'Acme', slug: 'acme' }]) }),
      },
      {
        method: 'POST',
        path: '/accounts/organizations/org-1/workspaces/transfers/',
        reply: () => ({ status: 400, body: { target_organization: ['No such organization.'] } }),
      },
    ]);
    const onClose = vi.fn();
    renderWithProviders(<RequestTransferModal opened onClose={onClose} workspace={workspace} />);
    await userEvent.type(
      await screen.findByPlaceholderText('Slug, Admin e-mail or ID'),
      'chidi@stores.ng',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Request transfer' }));
    expect(await screen.findByText('No such organization.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect((post?.body as { target_organization: string }).target_organization).toBe(
      'chidi@stores.ng',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses the organization that already owns the workspace', async () => {
    const { requests } = stub();
    renderWithProviders(<RequestTransferModal opened onClose={vi.fn()} workspace={workspace} />);
    await userEvent.type(await screen.findByPlaceholderText('Slug, Admin e-mail or ID'), 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Request transfer' }));
    expect(
      await screen.findByText('The workspace is already in this organization.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
