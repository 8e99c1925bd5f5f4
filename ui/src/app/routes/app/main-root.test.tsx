import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { closePermissionDialog } from '@/components/permissions/permission-dialog-store';
import { PermissionModals } from '@/components/permissions/permission-modals';
import { pageOf, stubApi, type RecordedRequest } from '@/testing/api-stub';
import { LocationProbe, renderWithProviders } from '@/testing/test-utils';

import MainRoot from './main-root';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const WORKSPACES = [
  {
    id: 'ws-1',
    organization_id: 'org-1',
    role: 2,
    role_display: 'Admin',
    latest: true,
    is_invited: false,
    name: 'Acme Nigeria Ltd',
    image: null,
  },
];

type SeatInvitation = { kind: 'email' | 'link'; status: number };

function stubSession(
  plan: string,
  memberCount = 1,
  invitations: SeatInvitation[] = [],
  invitationsGate: Promise<void> = Promise.resolve(),
) {
  return stubApi([
    {
      method: 'GET',
      path: '/accounts/me/',
      reply: () => ({
        body: {
          data: {
            first_name: 'Ada',
            last_name: 'Okafor',
            email: 'ada@example.com',
            date_joined: '2020-01-01T00:00:00Z',
            memberships: [
              {
                id: 'm-1',
                organization_id: 'org-1',
                role: 2,
                role_display: 'Admin',
                workspaces: ['ws-1'],
              },
            ],
          },
        },
      }),
    },
    {
      method: 'GET',
      path: '/accounts/me/workspaces/',
      reply: () => ({ body: { data: WORKSPACES } }),
    },
    {
      method: 'GET',
      path: /organization-subscription\/latest\/$/,
      reply: () => ({ body: { data: { plan } } }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/org-1/',
      reply: () => ({ body: { data: { name: 'Acme Group' } } }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/org-1/memberships/',
      reply: () => ({ body: pageOf([{}], { count: memberCount, pageSize: 1 }) }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/org-1/workspaces/ws-1/',
      reply: () => ({ body: { data: { name: 'Acme Nigeria Ltd', base_currency: 'NGN' } } }),
    },
    {
      method: 'GET',
      path: '/accounts/organizations/org-1/invitations/',
      reply: async () => {
        await invitationsGate;
        return { body: pageOf(invitations, { pageSize: 100 }) };
      },
    },
    {
      method: 'POST',
      path: '/accounts/organizations/org-1/invitations/',
      reply: () => {
        invitations.push({ kind: 'email', status: 1 });
        return { status: 201, body: { data: {} } };
      },
    },
    { method: 'POST', path: /default\/setup\/$/, reply: () => ({ body: { data: {} } }) },
    { method: 'GET', path: '/notification/', reply: () => ({ body: pageOf([]) }) },
  ]);
}

function renderRoot() {
  return renderWithProviders(
    <>
      <MainRoot />
      <PermissionModals />
      <LocationProbe />
    </>,
    { route: '/dashboard' },
  );
}

async function settled(requests: RecordedRequest[]) {
  await waitFor(() => {
    expect(requests.some((r) => r.path.endsWith('/latest/'))).toBe(true);
  });
  await screen.findByText('Acme Group');
  await new Promise((resolve) => setTimeout(resolve, 30));
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
  window.localStorage.setItem('activeOrgId', 'org-1');
  closePermissionDialog();
});
afterEach(() => vi.unstubAllGlobals());

describe('the main layout actions (spec §2, §6)', () => {
  it('the plus tile goes to /workspace when workspace:write is allowed within the limit', async () => {
    const { requests } = stubSession('professional');
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/workspace');
  });

  it('the plus tile on the Basic plan (1 workspace used of 1) shows the dialog and stays', async () => {
    const { requests } = stubSession('basic');
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Plan Restriction')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('Invite people to workspace opens Invite Collaborators when the check passes', async () => {
    const { requests } = stubSession('professional', 3);
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    expect(await screen.findByRole('dialog', { name: /Invite Collaborators/ })).toBeInTheDocument();
  });

  it('Invite people at the collaborators limit shows Resource Limit Exceeded instead', async () => {
    // 11 memberships = the owner and 10 collaborators: Professional's limit is 10.
    const { requests } = stubSession('professional', 11);
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    expect(await screen.findByText('Resource Limit Exceeded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Invite Collaborators/ })).toBeNull();
  });

  it('pending e-mail invitations count as collaborators: at the limit the dialog opens instead of the form', async () => {
    // The owner, 8 collaborators and 2 pending e-mail invitations: Professional's 10.
    const { requests } = stubSession('professional', 9, [
      { kind: 'email', status: 1 },
      { kind: 'email', status: 1 },
    ]);
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    expect(await screen.findByText('Resource Limit Exceeded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Invite Collaborators/ })).toBeNull();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/invitations/'))).toBe(
      false,
    );
  });

  it('pending links and expired or cancelled invitations hold no seat', async () => {
    // The owner and 9 collaborators: one seat left whatever links are open.
    const { requests } = stubSession('professional', 10, [
      { kind: 'link', status: 1 },
      { kind: 'link', status: 1 },
      { kind: 'email', status: 5 },
      { kind: 'email', status: 4 },
      { kind: 'email', status: 2 },
    ]);
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    expect(await screen.findByRole('dialog', { name: /Invite Collaborators/ })).toBeInTheDocument();
    expect(screen.queryByText('Resource Limit Exceeded')).toBeNull();
  });

  it('a click before the usage has arrived waits for it rather than opening the form', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = stubSession('professional', 11, [], gate);
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    expect(screen.queryByRole('dialog', { name: /Invite Collaborators/ })).toBeNull();
    release();
    expect(await screen.findByText('Resource Limit Exceeded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Invite Collaborators/ })).toBeNull();
  });

  it('the invitation sent takes the last seat: the next one shows the dialog before any POST', async () => {
    // The owner and 9 collaborators: one seat left.
    const { requests } = stubSession('professional', 10);
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Invite Collaborators/ });
    await userEvent.type(within(dialog).getByLabelText('Email address'), 'bola@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.method === 'POST' && r.path.endsWith('/invitations/')),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Email address')).toHaveValue(''));
    await userEvent.type(within(dialog).getByLabelText('Email address'), 'chidi@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Resource Limit Exceeded')).toBeInTheDocument();
    expect(
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/invitations/')),
    ).toHaveLength(1);
  });

  it('the usage is read when someone invites, not as the layout opens', async () => {
    const { requests } = stubSession('professional', 3);
    renderRoot();
    await settled(requests);
    expect(requests.some((r) => r.path.endsWith('/memberships/'))).toBe(false);
    expect(requests.some((r) => r.path.endsWith('/invitations/'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    expect(await screen.findByRole('dialog', { name: /Invite Collaborators/ })).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/memberships/'))).toBe(true);
    expect(requests.some((r) => r.path.endsWith('/invitations/'))).toBe(true);
  });

  it('someone who may not invite does not read the invitations for the usage', async () => {
    // Basic has no actions:invite_collaborators: the server would refuse the list.
    const { requests } = stubSession('basic', 1, [{ kind: 'email', status: 1 }]);
    renderRoot();
    await settled(requests);
    expect(requests.some((r) => r.path.endsWith('/invitations/'))).toBe(false);
  });

  it('asks the server to set up default accounts for the active workspace', async () => {
    const { requests } = stubSession('professional');
    renderRoot();
    await waitFor(() =>
      expect(
        requests.some(
          (r) =>
            r.method === 'POST' && r.path === '/accounting/workspaces/ws-1/accounts/default/setup/',
        ),
      ).toBe(true),
    );
  });

  it('My Profile in the side user menu opens the profile overlay, which Save Changes closes', async () => {
    const { requests } = stubSession('professional');
    renderRoot();
    await settled(requests);
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'My Profile' }));
    const drawer = await screen.findByRole('dialog', { name: 'My Profile' });
    expect(drawer).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('the side user menu shows the full name, the e-mail and Log Out', async () => {
    const { requests } = stubSession('professional');
    renderRoot();
    await settled(requests);
    const menu = screen.getByRole('button', { name: 'User menu' });
    await waitFor(() => expect(menu).toHaveTextContent('Ada Okafor'));
    expect(menu).toHaveTextContent('ada@example.com');
    await userEvent.click(menu);
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
  });
});
