import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { closePermissionDialog } from '@/components/permissions/permission-dialog-store';
import { PermissionModals } from '@/components/permissions/permission-modals';
import { notify } from '@/lib/notify';
import { stubApi, type ApiRoute } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { InviteCollaboratorsModal } from './invite-collaborators-modal';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const INVITATIONS = '/accounts/organizations/org-1/invitations/';
const LINK = '/accounts/organizations/org-1/invitations/link/';

function sessionRoutes(plan = 'professional', role = 2): ApiRoute[] {
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
            memberships: [{ id: 'm-1', role, workspaces: ['ws-1', 'ws-2'] }],
          },
        },
      }),
    },
    {
      method: 'GET',
      path: /organization-subscription\/latest\/$/,
      reply: () => ({ body: { data: { plan } } }),
    },
  ];
}

function renderModal(usage?: number) {
  return renderWithProviders(
    <>
      <InviteCollaboratorsModal
        opened
        onClose={vi.fn()}
        organizationId="org-1"
        workspaceId="ws-1"
        workspaces={[
          { id: 'ws-1', name: 'Acme Nigeria Ltd' },
          { id: 'ws-2', name: 'Brightside Foods' },
        ]}
        collaboratorUsage={usage}
      />
      <PermissionModals />
    </>,
  );
}

/** Waits until the session (user and plan) is loaded so permission checks are meaningful. */
async function sessionLoaded(requests: { path: string }[]) {
  await waitFor(() => {
    expect(requests.some((r) => r.path === '/accounts/me/')).toBe(true);
    expect(requests.some((r) => r.path.endsWith('/latest/'))).toBe(true);
  });
  // Let SWR deliver the answers to the hook.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
  window.localStorage.setItem('activeOrgId', 'org-1');
  closePermissionDialog();
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the Invite Collaborators modal (spec §2, §5, §6)', () => {
  it('is titled Invite Collaborators with the tabs Invite by email and Invite by link', () => {
    stubApi(sessionRoutes());
    renderModal();
    expect(screen.getByRole('dialog', { name: /Invite Collaborators/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Invite by email' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Invite by link' })).toBeInTheDocument();
  });

  it('the email input has the placeholder Enter email address', () => {
    stubApi(sessionRoutes());
    renderModal();
    expect(screen.getByLabelText('Email address')).toHaveAttribute(
      'placeholder',
      'Enter email address',
    );
  });

  it('the role dropdown offers Viewer, Editor and Admin and defaults to Admin', async () => {
    stubApi(sessionRoutes());
    renderModal();
    const role = screen.getByRole('textbox', { name: 'Role' });
    expect(role).toHaveValue('Admin');
    await userEvent.click(role);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Viewer', 'Editor', 'Admin']);
  });

  it("an address that does not match the basic pattern shows 'Email is not valid' and sends nothing", async () => {
    const { requests } = stubApi([
      ...sessionRoutes(),
      { method: 'POST', path: INVITATIONS, reply: () => ({ body: { data: {} } }) },
    ]);
    renderModal();
    for (const bad of ['ada', 'ada@example', 'ada@example.c', 'a da@example.com']) {
      await userEvent.clear(screen.getByLabelText('Email address'));
      await userEvent.type(screen.getByLabelText('Email address'), bad);
      await userEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    }
    expect(vi.mocked(notify.error).mock.calls).toEqual([
      ['Email is not valid'],
      ['Email is not valid'],
      ['Email is not valid'],
      ['Email is not valid'],
    ]);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends email, role 2 (Admin by default) and the active workspace to the invitations endpoint', async () => {
    const { requests } = stubApi([
      ...sessionRoutes(),
      { method: 'POST', path: INVITATIONS, reply: () => ({ status: 201, body: { data: {} } }) },
    ]);
    renderModal(0);
    await sessionLoaded(requests);
    await userEvent.type(screen.getByLabelText('Email address'), 'bola@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Invitation sent to bola@example.com'),
    );
    const post = requests.find((r) => r.method === 'POST' && r.path === INVITATIONS);
    expect(post?.body).toEqual({ email: 'bola@example.com', role: 2, workspaces: ['ws-1'] });
  });

  it('sends the chosen role number (Viewer is 0)', async () => {
    const { requests } = stubApi([
      ...sessionRoutes(),
      { method: 'POST', path: INVITATIONS, reply: () => ({ status: 201, body: { data: {} } }) },
    ]);
    renderModal(0);
    await sessionLoaded(requests);
    await userEvent.type(screen.getByLabelText('Email address'), 'bola@example.com');
    await userEvent.click(screen.getByRole('textbox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Viewer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ role: 0 }),
    );
  });

  it('Send Invite is disabled with a spinner while the request is pending', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { requests } = stubApi([
      ...sessionRoutes(),
      {
        method: 'POST',
        path: INVITATIONS,
        reply: () => new Promise((resolve) => (answer = resolve)),
      },
    ]);
    renderModal(0);
    await sessionLoaded(requests);
    await userEvent.type(screen.getByLabelText('Email address'), 'bola@example.com');
    const send = screen.getByRole('button', { name: 'Send Invite' });
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAttribute('data-loading', 'true');
    answer({ status: 201, body: { data: {} } });
    await waitFor(() => expect(send).toBeEnabled());
  });

  it('on a plan without invite_collaborators, the Plan Restriction modal opens and nothing is sent', async () => {
    const { requests } = stubApi(sessionRoutes('basic'));
    renderModal(0);
    await sessionLoaded(requests);
    await userEvent.type(screen.getByLabelText('Email address'), 'bola@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Plan Restriction')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('with collaborators usage at the limit, adding 1 opens Resource Limit Exceeded', async () => {
    const { requests } = stubApi(sessionRoutes('professional'));
    renderModal(10);
    await sessionLoaded(requests);
    await userEvent.type(screen.getByLabelText('Email address'), 'bola@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Resource Limit Exceeded')).toBeInTheDocument();
    expect(screen.getByText('You have reached the limit for collaborators.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('the link tab generates a role 0 link when it opens and shows Generating link... meanwhile', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { requests } = stubApi([
      ...sessionRoutes(),
      { method: 'POST', path: LINK, reply: () => new Promise((resolve) => (answer = resolve)) },
    ]);
    renderModal();
    await userEvent.click(screen.getByRole('tab', { name: 'Invite by link' }));
    expect(screen.getByText('Share invite link')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Generating link...')).toBeInTheDocument();
    answer({ body: { data: { link: 'https://app.example/invite-user?token=abc' } } });
    expect(
      await screen.findByDisplayValue('https://app.example/invite-user?token=abc'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.path === LINK)?.body).toEqual({ role: 0, workspaces: ['ws-1'] });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('Generate new link asks for a new link and shows it', async () => {
    let n = 0;
    const { requests } = stubApi([
      ...sessionRoutes(),
      {
        method: 'POST',
        path: LINK,
        reply: () => ({ body: { data: { link: `https://l/${++n}` } } }),
      },
    ]);
    renderModal();
    await userEvent.click(screen.getByRole('tab', { name: 'Invite by link' }));
    await screen.findByDisplayValue('https://l/1');
    await userEvent.click(screen.getByRole('button', { name: 'Generate new link' }));
    expect(await screen.findByDisplayValue('https://l/2')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === LINK)).toHaveLength(2);
  });
});
