import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { storage } from '@/lib/storage';
import { pageOf, stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { OrganizationSettings } from './organization-settings';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const ORG = '/accounts/organizations/org-1/';

const profile = {
  id: 'org-1',
  name: 'Acme Holdings',
  slug: 'acme-holdings',
  email: 'ada@example.com',
  location: null,
  created_datetime: '2026-11-01T10:00:00Z',
};

function member(id: string, email: string, first: string, role: number, workspaces: string[]) {
  return {
    id,
    user_id: `u-${id}`,
    email,
    first_name: first,
    last_name: 'Okafor',
    role,
    role_display: ['Viewer', 'Editor', 'Admin'][role],
    is_active: true,
    workspaces,
    created_datetime: '2026-11-01T10:00:00Z',
  };
}

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
            memberships: [{ id: 'm-1', organization_id: 'org-1', role, workspaces: ['ws-1'] }],
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
              latest: true,
              is_invited: false,
              image: null,
            },
          ],
        },
      }),
    },
    { method: 'GET', path: ORG, reply: () => ({ body: { data: profile } }) },
    {
      method: 'PATCH',
      path: ORG,
      reply: (request) => ({ body: { data: { ...profile, ...(request.body as object) } } }),
    },
    {
      method: 'GET',
      path: `${ORG}setup-progress/`,
      reply: () => ({
        body: {
          data: {
            steps: [
              {
                key: 'create_workspace',
                title: 'Create a workspace',
                description: 'A workspace holds one set of books.',
                completed: true,
                skipped: false,
              },
              {
                key: 'choose_plan',
                title: 'Choose a plan',
                description: 'Pick the plan that fits.',
                completed: false,
                skipped: false,
              },
            ],
            completed: 1,
            total: 2,
            percent: 50,
            dismissed: false,
          },
        },
      }),
    },
    { method: 'PATCH', path: `${ORG}setup-progress/`, reply: () => ({ body: { data: {} } }) },
    {
      method: 'GET',
      path: `${ORG}memberships/`,
      reply: () => ({
        body: pageOf([
          member('m-1', 'ada@example.com', 'Ada', 2, ['ws-1']),
          member('m-2', 'bola@example.com', 'Bola', 0, ['ws-1', 'ws-2']),
        ]),
      }),
    },
    { method: 'PATCH', path: `${ORG}memberships/m-2/`, reply: () => ({ body: { data: {} } }) },
    { method: 'POST', path: `${ORG}memberships/remove`, reply: () => ({ body: { data: {} } }) },
    {
      method: 'GET',
      path: `${ORG}workspaces/`,
      reply: () => ({
        body: pageOf([
          { id: 'ws-1', name: 'Acme Nigeria Ltd' },
          { id: 'ws-2', name: 'Lagos Office' },
        ]),
      }),
    },
    {
      method: 'GET',
      path: `${ORG}invitations/`,
      reply: () => ({
        body: pageOf([
          {
            id: 'inv-1',
            kind: 'email',
            email: 'chidi@example.com',
            role: 1,
            role_display: 'Editor',
            workspaces: ['ws-1'],
            status: 1,
            expires_at: '2026-12-01T10:00:00Z',
            created_datetime: '2026-11-20T10:00:00Z',
          },
          {
            id: 'inv-2',
            kind: 'email',
            email: 'old@example.com',
            role: 0,
            role_display: 'Viewer',
            workspaces: ['ws-1'],
            status: 4,
            expires_at: '2026-12-01T10:00:00Z',
            created_datetime: '2026-11-19T10:00:00Z',
          },
          {
            id: 'inv-3',
            kind: 'link',
            email: null,
            role: 0,
            role_display: 'Viewer',
            workspaces: ['ws-1'],
            status: 1,
            expires_at: '2026-12-01T10:00:00Z',
            created_datetime: '2026-11-18T10:00:00Z',
            uses: 2,
          },
        ]),
      }),
    },
    {
      method: 'POST',
      path: /\/invitations\/inv-1\/(resend|cancel)\/$/,
      reply: () => ({ body: { data: {} } }),
    },
    { method: 'GET', path: `${ORG}workspaces/transfers/`, reply: () => ({ body: pageOf([]) }) },
    { method: 'GET', path: '/accounts/organizations/', reply: () => ({ body: pageOf([]) }) },
  ];
}

beforeEach(() => {
  storage.setToken('token');
  storage.setWorkspaceId('ws-1');
  storage.setActiveOrgId('org-1');
});

afterEach(() => {
  storage.clear();
  vi.unstubAllGlobals();
});

describe('OrganizationSettings', () => {
  it('shows the profile and saves a change with PATCH', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<OrganizationSettings />);
    const name = await screen.findByLabelText(/Organization name/);
    await waitFor(() => expect(name).toHaveValue('Acme Holdings'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Group');
    await userEvent.type(screen.getByLabelText('Location'), 'Lagos');
    await userEvent.type(screen.getByLabelText('Address'), '14 Broad Street, Lagos Island');
    await userEvent.type(screen.getByRole('textbox', { name: 'Industry' }), 'Retail');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => {
      const patch = requests.find((r) => r.method === 'PATCH' && r.path === ORG);
      expect(patch?.body).toEqual({
        name: 'Acme Group',
        email: 'ada@example.com',
        location: 'Lagos',
        address: '14 Broad Street, Lagos Island',
        industry: 'Retail',
      });
    });
    expect(screen.getByTestId('organization-id')).toHaveTextContent('org-1');
  });

  it('uploads a logo into the active workspace and shows it as the organization logo', async () => {
    const { requests } = stubApi([
      ...routes(2),
      {
        method: 'POST',
        path: '/files/images/',
        reply: () => ({
          status: 201,
          body: { data: { id: 'img-3', absolute_url: 'https://books.example/img-3/' } },
        }),
      },
    ]);
    renderWithProviders(<OrganizationSettings />);
    await screen.findByRole('button', { name: 'Change logo' });
    const input = document.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => {
      const patch = requests.find((r) => r.method === 'PATCH' && r.path === ORG);
      expect(patch?.body).toEqual({ logo_id: 'img-3' });
    });
  });

  it('rejects an empty name before sending anything', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<OrganizationSettings />);
    const name = await screen.findByLabelText(/Organization name/);
    await waitFor(() => expect(name).toHaveValue('Acme Holdings'));
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization name is required')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH' && r.path === ORG)).toBe(false);
  });

  it('lists members across workspaces and removes one from a chosen workspace', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<OrganizationSettings />);
    const table = await screen.findByRole('table', { name: 'Organization members' });
    await within(table).findByText('bola@example.com');
    expect(await within(table).findByText('Lagos Office')).toBeInTheDocument();
    // No controls on the signed-in Admin's own row.
    expect(within(table).queryByRole('button', { name: 'Remove Ada Okafor' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Bola Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      const post = requests.find((r) => r.path === `${ORG}memberships/remove`);
      expect(post?.body).toEqual({ membership_id: 'm-2', workspace_id: 'ws-1' });
    });
  });

  it('lists invitations sent with their status; a pending one is resent or cancelled', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<OrganizationSettings />);
    const table = await screen.findByRole('table', { name: 'Invitations sent' });
    await within(table).findByText('chidi@example.com');
    expect(within(table).getByText('Cancelled')).toBeInTheDocument();
    // Both pending ones (the e-mail and the open link) can be cancelled; only the e-mail
    // is resent.
    expect(within(table).getAllByRole('button', { name: /Cancel/ })).toHaveLength(2);
    await userEvent.click(within(table).getByRole('button', { name: /Resend/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === `${ORG}invitations/inv-1/resend/`)).toBe(true),
    );
  });

  it('shows how many people joined through an invite link that stays open', async () => {
    stubApi(routes(2));
    renderWithProviders(<OrganizationSettings />);
    const table = await screen.findByRole('table', { name: 'Invitations sent' });
    expect(await within(table).findByText('Joined by 2 people')).toBeInTheDocument();
  });

  it('shows the set-up progress and lets an Admin skip a step', async () => {
    const { requests } = stubApi(routes(2));
    renderWithProviders(<OrganizationSettings />);
    const card = await screen.findByTestId('organization-setup-progress');
    expect(within(card).getByText('1 of 2 steps done (50%)')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Skip Choose a plan' }));
    await waitFor(() => {
      const patch = requests.find(
        (r) => r.method === 'PATCH' && r.path === `${ORG}setup-progress/`,
      );
      expect(patch?.body).toEqual({ skipped_steps: ['choose_plan'] });
    });
  });

  it('gives a Viewer the same data without anything to change', async () => {
    stubApi(routes(0));
    renderWithProviders(<OrganizationSettings />);
    const table = await screen.findByRole('table', { name: 'Organization members' });
    await within(table).findByText('bola@example.com');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Invitations sent' })).toBeNull();
    expect(screen.getByLabelText(/Organization name/)).toHaveAttribute('readonly');
  });
});
