import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { pageOf, stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { lastWorkspaceReason } from '../api/update-workspace';
import { WorkspaceProfile } from './workspace-profile';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const WORKSPACES = '/accounts/organizations/org-1/workspaces/';

function workspace(id: string, name: string, role: number, organization_id = 'org-1') {
  return {
    id,
    organization_id,
    name,
    role,
    role_display: ['Viewer', 'Editor', 'Admin'][role],
    latest: id === 'ws-1',
    is_invited: false,
    image: null,
    time_zone: 'Africa/Lagos',
  };
}

function routes(
  role: number,
  mine = [workspace('ws-1', 'Acme Nigeria Ltd', role), workspace('ws-2', 'Lagos Office', role)],
): ApiRoute[] {
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
            memberships: [
              { id: 'm-1', organization_id: 'org-1', role, workspaces: mine.map((w) => w.id) },
            ],
          },
        },
      }),
    },
    {
      method: 'GET',
      path: /organization-subscription\/latest\/$/,
      reply: () => ({ body: { data: { plan: 'professional' } } }),
    },
    { method: 'GET', path: '/accounts/me/workspaces/', reply: () => ({ body: { data: mine } }) },
    {
      method: 'GET',
      path: '/accounts/organizations/org-1/memberships/',
      reply: () => ({ body: pageOf([]) }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/org-1/invitations/',
      reply: () => ({ body: pageOf([]) }),
    },
    {
      method: 'PATCH',
      path: `${WORKSPACES}ws-2/`,
      reply: (request) => ({
        body: { data: { id: 'ws-2', organization_id: 'org-1', ...(request.body as object) } },
      }),
    },
    { method: 'DELETE', path: `${WORKSPACES}ws-2/`, reply: () => ({ status: 204 }) },
    {
      method: 'POST',
      path: '/files/images/',
      reply: () => ({
        status: 201,
        body: { data: { id: 'img-9', absolute_url: 'https://books.example/img-9/' } },
      }),
    },
  ];
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the workspace profile', () => {
  it('renames the workspace of wsId with PATCH', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<WorkspaceProfile workspaceId="ws-2" />);
    const name = await screen.findByLabelText('Workspace name');
    await waitFor(() => expect(name).toHaveValue('Lagos Office'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Lagos Branch');
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => {
      const patch = requests.find((r) => r.method === 'PATCH');
      expect(patch?.path).toBe(`${WORKSPACES}ws-2/`);
      expect(patch?.body).toEqual({ name: 'Lagos Branch' });
    });
  });

  it('deletes only after the name is typed to confirm', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<WorkspaceProfile workspaceId="ws-2" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete workspace' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete workspace' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Workspace name'), 'Lagos Office');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === `${WORKSPACES}ws-2/`)).toBe(
        true,
      ),
    );
  });

  it('uploads a new image into the workspace and shows it as the workspace image', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<WorkspaceProfile workspaceId="ws-2" />);
    await screen.findByRole('button', { name: 'Change image' });
    const input = document.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => {
      const patch = requests.find((r) => r.method === 'PATCH');
      expect(patch?.path).toBe(`${WORKSPACES}ws-2/`);
      expect(patch?.body).toEqual({ image_id: 'img-9' });
    });
    const upload = requests.find((r) => r.method === 'POST' && r.path === '/files/images/');
    expect((upload?.body as FormData).get('workspace_id')).toBe('ws-2');
  });

  it('keeps the last workspace: its delete button is disabled and says why', async () => {
    stubApi(routes(2, [workspace('ws-1', 'Acme Nigeria Ltd', 2)]));
    renderWithProviders(<WorkspaceProfile workspaceId="ws-1" />);
    expect(await screen.findByRole('button', { name: 'Delete workspace' })).toBeDisabled();
    expect(
      screen.getByText('This is your only workspace: create another one first.'),
    ).toBeInTheDocument();
  });

  it('lets an Admin search the IANA zones and save one with PATCH', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<WorkspaceProfile workspaceId="ws-2" />);
    const zone = await screen.findByRole('textbox', { name: /^Time zone/ });
    await waitFor(() => expect(zone).toHaveValue('Africa/Lagos (UTC+01:00)'));
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Lon');
    await userEvent.click(await screen.findByRole('option', { name: /^Europe\/London/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => {
      const patch = requests.find((r) => r.method === 'PATCH');
      expect(patch?.body).toEqual({ time_zone: 'Europe/London' });
    });
  });

  it('shows an Editor the zone by name without a way to change it', async () => {
    stubApi(routes(1));
    renderWithProviders(<WorkspaceProfile workspaceId="ws-2" />);
    const zone = await screen.findByRole('textbox', { name: /^Time zone/ });
    await waitFor(() => expect(zone).toHaveValue('Africa/Lagos (UTC+01:00)'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(zone).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save time zone' })).toBeNull();
  });

  it('gives an Editor neither rename, transfer nor delete', async () => {
    stubApi(routes(1));
    renderWithProviders(<WorkspaceProfile workspaceId="ws-2" />);
    const name = await screen.findByLabelText('Workspace name');
    await waitFor(() => expect(name).toHaveValue('Lagos Office'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(name).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer workspace' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change image' })).toBeNull();
  });
});

describe('lastWorkspaceReason', () => {
  it("keeps an organization's only workspace even when the user has others elsewhere", () => {
    const lagos = workspace('ws-1', 'Lagos', 2, 'org-1');
    const other = workspace('ws-9', 'Other', 2, 'org-2');
    expect(lastWorkspaceReason(lagos, [lagos, other])).toMatch(/organization's only workspace/);
    expect(lastWorkspaceReason(lagos, [lagos, workspace('ws-2', 'B', 2)])).toBeNull();
  });
});
