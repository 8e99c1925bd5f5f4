import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi, type RecordedRequest } from '@/testing/api-stub';

import { registerNavigator } from './navigation';
import { storage } from './storage';
import {
  landInvitedUser,
  pickActiveWorkspace,
  switchWorkspace,
  type Workspace,
} from './workspaces';

function ws(overrides: Partial<Workspace>): Workspace {
  return {
    id: 'ws-1',
    organization_id: 'org-1',
    role: 2,
    role_display: 'Admin',
    latest: false,
    is_invited: false,
    name: 'Acme',
    image: null,
    ...overrides,
  };
}

const fetches: string[] = [];

function Cached() {
  const { data } = useSWR('/accounting/accounts/', () => {
    const books = `books of ${storage.getWorkspaceId() ?? 'none'}`;
    fetches.push(books);
    return books;
  });
  return <output data-testid="cached">{data ?? 'empty'}</output>;
}

let requests: RecordedRequest[] = [];
beforeEach(() => {
  ({ requests } = stubApi([
    {
      method: 'POST',
      path: /^\/accounts\/me\/workspaces\/[^/]+\/switch\/$/,
      reply: () => ({ body: { data: { latest: 'ws' } } }),
    },
  ]));
});
afterEach(() => {
  registerNavigator(null);
  vi.unstubAllGlobals();
});

describe('switching workspace (spec §2, §4)', () => {
  it('sets the active workspace, organization and role in storage', async () => {
    registerNavigator(vi.fn());
    await switchWorkspace(ws({ id: 'ws-9', organization_id: 'org-3', role: 1 }));
    expect(storage.getWorkspaceId()).toBe('ws-9');
    expect(storage.getActiveOrgId()).toBe('org-3');
    expect(storage.getActiveRole()).toBe(1);
  });

  it('tells the server, which flags the workspace latest from then on', async () => {
    registerNavigator(vi.fn());
    await switchWorkspace(ws({ id: 'ws-7' }));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /accounts/me/workspaces/ws-7/switch/',
    ]);
  });

  it('still switches when the server does not answer', async () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    stubApi([]);
    await switchWorkspace(ws({ id: 'ws-8' }));
    expect(storage.getWorkspaceId()).toBe('ws-8');
    expect(navigate).toHaveBeenCalledWith('/dashboard', {});
  });

  it('goes to /dashboard', async () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    await switchWorkspace(ws({ id: 'ws-2' }));
    expect(navigate).toHaveBeenCalledWith('/dashboard', {});
  });

  it('switching workspace resets all cached data', async () => {
    registerNavigator(vi.fn());
    storage.setWorkspaceId('ws-1');
    // The app's cache: SWRConfig without its own provider, as in AppProvider.
    render(
      <SWRConfig value={{ dedupingInterval: 0 }}>
        <Cached />
      </SWRConfig>,
    );
    expect(await screen.findByText('books of ws-1')).toBeInTheDocument();
    await act(() => switchWorkspace(ws({ id: 'ws-2' })));
    // The old workspace's data is gone and what is on screen asked again.
    expect(await screen.findByText('books of ws-2')).toBeInTheDocument();
    expect(fetches).toEqual(['books of ws-1', 'books of ws-2']);
  });
});

describe('the active workspace on first load (spec §2)', () => {
  it('is the one flagged latest', () => {
    const list = [ws({ id: 'a' }), ws({ id: 'b', latest: true })];
    expect(pickActiveWorkspace(list, null)?.id).toBe('b');
  });

  it('otherwise the first in the list', () => {
    expect(pickActiveWorkspace([ws({ id: 'a' }), ws({ id: 'b' })], null)?.id).toBe('a');
  });
});

describe('an invited user landing in their workspace (spec §2)', () => {
  beforeEach(() => window.localStorage.clear());

  it('goes to accounting and /dashboard the first time the workspace loads', () => {
    const visited: string[] = [];
    registerNavigator((to) => visited.push(to));
    storage.setPreferredService('audit');

    landInvitedUser(ws({ id: 'joined', is_invited: true }));

    expect(storage.getPreferredService()).toBe('accounting');
    expect(visited).toEqual(['/dashboard']);
  });

  it('keeps the service they switch to afterwards', () => {
    const visited: string[] = [];
    registerNavigator((to) => visited.push(to));
    landInvitedUser(ws({ id: 'joined', is_invited: true }));
    storage.setPreferredService('audit');

    landInvitedUser(ws({ id: 'joined', is_invited: true }));

    expect(storage.getPreferredService()).toBe('audit');
    expect(visited).toEqual(['/dashboard']);
  });

  it('leaves a member who was not invited where they are', () => {
    const visited: string[] = [];
    registerNavigator((to) => visited.push(to));
    storage.setPreferredService('audit');

    landInvitedUser(ws({ id: 'own', is_invited: false }));

    expect(storage.getPreferredService()).toBe('audit');
    expect(visited).toEqual([]);
  });
});
