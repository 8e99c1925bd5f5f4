import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi, pageOf, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { WorkspaceMembers } from './workspace-members';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const MEMBERSHIPS = '/accounts/organizations/org-1/memberships/';

function routes(role: number): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/accounts/me/',
      reply: () => ({
        body: {
          data: {
            first_name: 'Ada',
            last_name: 'Okafor',
            email: 'ada@example.com',
            memberships: [{ id: 'm-1', role, workspaces: ['ws-1'] }],
          },
        },
      }),
    },
    {
      method: 'GET',
      path: /organization-subscription\/latest\/$/,
      reply: () => ({ body: { data: { plan: 'professional' } } }),
    },
    {
      method: 'GET',
      path: '/accounts/me/workspaces/',
      reply: () => ({
        body: {
          data: [
            {
              id: 'ws-1',
              organization_id: 'org-1',
              name: 'Acme Nigeria Ltd',
              role,
              role_display: 'Admin',
              latest: true,
              is_invited: false,
              image: null,
            },
          ],
        },
      }),
    },
    {
      method: 'GET',
      path: MEMBERSHIPS,
      reply: () => ({
        body: pageOf([
          member('m-1', 'u-1', 'Ada', 'ada@example.com', role),
          member('m-2', 'u-2', 'Bola', 'bola@example.com', 0),
        ]),
      }),
    },
    { method: 'PATCH', path: `${MEMBERSHIPS}m-2/`, reply: () => ({ body: { data: {} } }) },
  ];
}

function member(id: string, userId: string, first: string, email: string, role: number) {
  return {
    id,
    user_id: userId,
    email,
    first_name: first,
    last_name: 'Test',
    role,
    is_active: true,
    workspaces: ['ws-1'],
  };
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the workspace members tab', () => {
  it('lets an Admin change a colleague’s role but not their own', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<WorkspaceMembers workspaceId="ws-1" />);
    const table = await screen.findByRole('table', { name: 'Workspace members' });
    await within(table).findByText('bola@example.com');
    const select = await screen.findByRole('textbox', { name: 'Role of Bola Test' });
    expect(screen.queryByRole('textbox', { name: 'Role of Ada Test' })).toBeNull();
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Editor' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PATCH' && r.path === `${MEMBERSHIPS}m-2/`)).toBe(
        true,
      ),
    );
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ role: 1 });
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
  });

  it('shows a Viewer the members read-only', async () => {
    stubApi(routes(0));
    renderWithProviders(<WorkspaceMembers workspaceId="ws-1" />);
    const table = await screen.findByRole('table', { name: 'Workspace members' });
    await within(table).findByText('bola@example.com');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByRole('textbox', { name: /Role of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});
