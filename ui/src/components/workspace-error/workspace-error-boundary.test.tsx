import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { notify } from '@/lib/notify';
import type { Workspace } from '@/lib/workspaces';
import { stubApi, type RouteAnswer } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { WorkspaceScope, isWorkspaceScoped } from './workspace-error-boundary';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const workspace = (id: string, name: string, latest = false): Workspace => ({
  id,
  organization_id: 'org-1',
  role: 2,
  role_display: 'Admin',
  latest,
  is_invited: false,
  name,
  image: null,
});
const WORKSPACES = [workspace('ws-1', 'Acme Nigeria Ltd', true), workspace('ws-2', 'Beta Ltd')];
const DETAIL = '/accounts/organizations/org-1/workspaces/ws-1/';

function stubWorkspace(answer: () => RouteAnswer) {
  return stubApi([
    {
      method: 'GET',
      path: '/accounts/me/workspaces/',
      reply: () => ({ body: { data: WORKSPACES } }),
    },
    { method: 'GET', path: DETAIL, reply: answer },
  ]);
}

/** Stands in for the route's error element. */
class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>route error element</p> : this.props.children;
  }
}

function renderScope(
  pathname: string,
  children: ReactNode = <p>the dashboard</p>,
  onSwitch = vi.fn(),
) {
  renderWithProviders(
    <Outer>
      <WorkspaceScope
        pathname={pathname}
        workspaces={WORKSPACES}
        activeId="ws-1"
        onSwitch={onSwitch}
      >
        {children}
      </WorkspaceScope>
    </Outer>,
    { route: pathname },
  );
  return onSwitch;
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
  window.localStorage.setItem('activeOrgId', 'org-1');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('workspace read errors reach the boundary (spec §8)', () => {
  it('shows the screen when the workspace reads', async () => {
    const { requests } = stubWorkspace(() => ({ body: { data: { name: 'Acme Nigeria Ltd' } } }));
    renderScope('/dashboard');
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path === DETAIL)).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a deleted workspace (404) says so and offers the other workspaces', async () => {
    stubWorkspace(() => ({ status: 404, body: { detail: 'Not found.' } }));
    const onSwitch = renderScope('/accounting/journal-entry');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This workspace no longer exists');
    expect(screen.queryByText('the dashboard')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch to Acme Nigeria Ltd' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Beta Ltd' }));
    expect(onSwitch).toHaveBeenCalledWith(WORKSPACES[1]);
    // The boundary explains it: no toast on top.
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a revoked membership (403) says the user has no access', async () => {
    stubWorkspace(() => ({ status: 403, body: { detail: 'Forbidden.' } }));
    renderScope('/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have access to this workspace",
    );
  });

  it('a server failure (5xx) offers Try again, which reads again and shows the screen', async () => {
    let fail = true;
    const { requests } = stubWorkspace(() =>
      fail ? { status: 503, body: {} } : { body: { data: { name: 'Acme Nigeria Ltd' } } },
    );
    renderScope('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This workspace could not be loaded',
    );
    // Still failing: the explanation stays, with no endless loading in its place.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This workspace could not be loaded',
    );
    expect(screen.queryByText('the dashboard')).toBeNull();
    const before = requests.filter((r) => r.path === DETAIL).length;
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === DETAIL).length).toBeGreaterThan(before);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('screens outside a workspace (settings, plans) neither read it nor stop on it', async () => {
    const { requests } = stubWorkspace(() => ({ status: 404, body: {} }));
    renderScope('/settings/organization', <p>the settings</p>);
    expect(await screen.findByText('the settings')).toBeInTheDocument();
    expect(requests.some((r) => r.path === DETAIL)).toBe(false);
    expect(isWorkspaceScoped('/accounting/trial-balance')).toBe(true);
    expect(isWorkspaceScoped('/license')).toBe(false);
    expect(isWorkspaceScoped('/dashboardx')).toBe(false);
  });

  it('any other error passes on to the route error element', async () => {
    stubWorkspace(() => ({ body: { data: { name: 'Acme Nigeria Ltd' } } }));
    function Broken(): ReactNode {
      throw new Error('a bug');
    }
    renderScope('/dashboard', <Broken />);
    expect(await screen.findByText('route error element')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
