/**
 * The request and response shapes the UI assumes for issue 5's calls (spec §7, DESIGN.md
 * §6), one call each, with fetch stubbed at the network boundary. The server matches these.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setupDefaultAccounts } from '@/features/accounting/api/setup-default-accounts';
import { createInvitation } from '@/features/invitations/api/create-invitation';
import { createInvitationLink } from '@/features/invitations/api/create-invitation-link';
import { getCollaboratorUsage } from '@/features/invitations/api/get-collaborator-usage';
import { deleteNotification } from '@/features/notifications/api/delete-notification';
import { getNotifications } from '@/features/notifications/api/get-notifications';
import { markNotificationRead } from '@/features/notifications/api/update-notification';
import { updateProfile } from '@/features/profile/api/update-profile';
import { uploadImage } from '@/lib/upload-image';
import { createWorkspace } from '@/features/workspaces/api/create-workspace';
import { getOrganization } from '@/features/workspaces/api/get-organization';
import { notify } from '@/lib/notify';
import { pageOf, stubApi } from '@/testing/api-stub';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

beforeEach(() => window.localStorage.setItem('token', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify.error).mockClear();
});

describe('the calls of issue 5 (spec §7)', () => {
  it('GET /notification/ with read=false, page and page_size reads data.data', async () => {
    const { requests, fetchMock } = stubApi([
      {
        method: 'GET',
        path: '/notification/',
        reply: () => ({
          body: pageOf([
            {
              id: 7,
              title: 'T',
              message: 'M',
              created_datetime: '2026-01-01T00:00:00Z',
              read: false,
              severity: 'warning',
              sent: true,
            },
          ]),
        }),
      },
    ]);
    const page = await getNotifications({ filter: 'unread', page: 1 });
    expect(requests[0]?.query.get('read')).toBe('false');
    expect(requests[0]?.query.get('page')).toBe('1');
    expect(page.data[0]).toMatchObject({ id: '7', severity: 'warning', read: false });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('the all list sends no read filter', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/notification/', reply: () => ({ body: pageOf([]) }) },
    ]);
    await getNotifications({ filter: 'all', page: 3 });
    expect(requests[0]?.query.has('read')).toBe(false);
    expect(requests[0]?.query.get('page')).toBe('3');
  });

  it('PATCH /notification/{id}/ sends {read: true}', async () => {
    const { requests } = stubApi([
      { method: 'PATCH', path: '/notification/n1/', reply: () => ({ body: { data: {} } }) },
    ]);
    await markNotificationRead('n1');
    expect(requests[0]?.body).toEqual({ read: true });
  });

  it('DELETE /notification/{id}/ accepts 204 without a body', async () => {
    stubApi([{ method: 'DELETE', path: '/notification/n1/', reply: () => ({ status: 204 }) }]);
    await expect(deleteNotification('n1')).resolves.toBeUndefined();
  });

  it('POST /accounts/organizations/{organization_id}/invitations/ sends email, role, workspaces', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounts/organizations/o1/invitations/',
        reply: () => ({ status: 201, body: { data: {} } }),
      },
    ]);
    await createInvitation('o1', { email: ' b@x.io ', role: 1, workspaces: ['w1'] });
    expect(requests[0]?.body).toEqual({ email: 'b@x.io', role: 1, workspaces: ['w1'] });
  });

  it('POST .../invitations/link/ sends role 0 and the workspaces, reads data.link', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounts/organizations/o1/invitations/link/',
        reply: () => ({ body: { data: { link: 'https://l' } } }),
      },
    ]);
    await expect(createInvitationLink('o1', ['w1'])).resolves.toBe('https://l');
    expect(requests[0]?.body).toEqual({ role: 0, workspaces: ['w1'] });
  });

  it('collaborators usage is the members less the owner plus pending e-mail invitations, read on every page', async () => {
    const email = (status: number) => ({ kind: 'email', status });
    const link = { kind: 'link', status: 1 };
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/accounts/organizations/o1/memberships/',
        reply: () => ({ body: pageOf([{}], { count: 4, pageSize: 1 }) }),
      },
      {
        method: 'GET',
        path: '/accounts/organizations/o1/invitations/',
        reply: (r) =>
          r.query.get('page') === '1'
            ? { body: pageOf([email(1), link, email(5)], { page: 1, pageSize: 3, count: 5 }) }
            : { body: pageOf([email(1), email(4)], { page: 2, pageSize: 3, count: 5 }) },
      },
    ]);
    // 3 collaborators + 2 pending e-mail invitations; the link and the expired or
    // cancelled ones hold no seat.
    await expect(getCollaboratorUsage('o1')).resolves.toBe(5);
    const members = requests.find((r) => r.path.endsWith('/memberships/'));
    expect(members?.query.get('page_size')).toBe('1');
    const pages = requests.filter((r) => r.path.endsWith('/invitations/'));
    expect(pages.map((r) => r.query.get('page'))).toEqual(['1', '2']);
  });

  it('POST /accounts/organizations/{organization_id}/workspaces/ sends {name}, reads the 201 workspace', async () => {
    // The server's answer as of the identity API: UUID ids, 201 Created.
    const created = {
      id: '01a2011f-357a-73e7-a6a1-e932d80ab121',
      organization_id: '01a2011f-357a-73e7-a6a1-e931b4e3872b',
      name: 'Books',
      base_currency: 'NGN',
      created_datetime: '2026-11-22T02:39:12Z',
    };
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounts/organizations/o1/workspaces/',
        reply: () => ({ status: 201, body: { data: created } }),
      },
    ]);
    await expect(createWorkspace('o1', { name: 'Books' })).resolves.toEqual({
      id: created.id,
      organization_id: created.organization_id,
      name: 'Books',
    });
    expect(requests[0]?.body).toEqual({ name: 'Books' });
  });

  it('GET /accounts/organizations/{organization_id}/ reads data.name', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/accounts/organizations/o1/',
        reply: () => ({ body: { data: { name: 'Acme', slug: 'acme' } } }),
      },
    ]);
    await expect(getOrganization('o1')).resolves.toMatchObject({ name: 'Acme' });
  });

  it('PATCH /accounts/me/ sends the profile and reads data', async () => {
    const body = {
      first_name: 'Ada',
      last_name: 'O',
      address: 'A',
      location: 'L',
      persona: 0,
      phone_number: '+2348012345678',
    };
    const { requests } = stubApi([
      { method: 'PATCH', path: '/accounts/me/', reply: () => ({ body: { data: body } }) },
    ]);
    await expect(updateProfile(body)).resolves.toMatchObject({ first_name: 'Ada' });
    expect(requests[0]?.body).toEqual(body);
  });

  it('POST /files/images/ is multipart with content and workspace_id, reads data.id and data.absolute_url', async () => {
    const { requests, fetchMock } = stubApi([
      {
        method: 'POST',
        path: '/files/images/',
        reply: () => ({ status: 201, body: { data: { id: 5, absolute_url: 'https://i' } } }),
      },
    ]);
    const image = await uploadImage(new File(['x'], 'a.png'), 'w1');
    expect(image).toEqual({ id: '5', absolute_url: 'https://i' });
    expect(requests[0]?.body).toBeInstanceOf(FormData);
    // The browser sets the multipart boundary: no JSON content type is forced.
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Content-Type')).toBeNull();
  });

  it("an upload failure is thrown as 'File upload failed'", async () => {
    stubApi([{ method: 'POST', path: '/files/images/', reply: () => ({ status: 500, body: {} }) }]);
    await expect(uploadImage(new File(['x'], 'a.png'), 'w1')).rejects.toThrow('File upload failed');
  });
});

describe('required parameters (spec §5)', () => {
  it.each([
    [() => markNotificationRead(null), 'id', 'markNotificationRead'],
    [() => deleteNotification(undefined), 'id', 'deleteNotification'],
    [
      () => createInvitation(null, { email: 'a@b.co', role: 2, workspaces: [] }),
      'organizationId',
      'createInvitation',
    ],
    [() => createInvitation('o1', null), 'body', 'createInvitation'],
    [() => createInvitationLink(null, ['w1']), 'organizationId', 'createInvitationLink'],
    [() => createInvitationLink('o1', null), 'workspaces', 'createInvitationLink'],
    [() => updateProfile(null), 'body', 'updateProfile'],
    [() => uploadImage(new File(['x'], 'a.png'), null), 'workspaceId', 'uploadImage'],
    [() => uploadImage(null, 'w1'), 'content', 'uploadImage'],
    [() => getOrganization(null), 'organizationId', 'getOrganization'],
  ] as const)('a missing %#: %s when calling %s', async (call, name, operation) => {
    stubApi([]);
    await expect(call()).rejects.toThrow(
      `Required parameter ${name} was null or undefined when calling ${operation}`,
    );
  });

  it('POST accounting/workspaces/{id}/accounts/default/setup/ sends no body', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounting/workspaces/w1/accounts/default/setup/',
        reply: () => ({ body: { data: {} } }),
      },
    ]);
    await setupDefaultAccounts('w1');
    expect(requests[0]?.body).toBeUndefined();
  });

  it('a 404 from the set-up route is not swallowed: shared handler, then rethrown', async () => {
    stubApi([
      {
        method: 'POST',
        path: /default\/setup\/$/,
        reply: () => ({ status: 404, body: { code: 'not_found', detail: 'No such workspace.' } }),
      },
    ]);
    await expect(setupDefaultAccounts('w1')).rejects.toThrow(/404/);
    expect(notify.error).toHaveBeenCalledWith('No such workspace.');
  });

  it('a refused set-up goes to the shared handler and is rethrown', async () => {
    stubApi([
      {
        method: 'POST',
        path: /default\/setup\/$/,
        reply: () => ({ status: 403, body: { detail: 'You do not have access.' } }),
      },
    ]);
    await expect(setupDefaultAccounts('w1')).rejects.toThrow(/403/);
    expect(notify.error).toHaveBeenCalledWith('You do not have access.');
  });
});
