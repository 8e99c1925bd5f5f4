import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Workspace } from '@/lib/workspaces';
import { LocationProbe, renderWithProviders } from '@/testing/test-utils';

import { MainLayout } from './main-layout';
import { accessLevelLabel } from './workspace-panel';

function ws(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: 'ws-1',
    organization_id: 'org-1',
    role: 2,
    role_display: 'Admin',
    latest: true,
    is_invited: false,
    name: 'acme books',
    image: null,
    ...overrides,
  };
}

function renderLayout(
  workspaces: Workspace[],
  handlers: Partial<{
    onSelectWorkspace: (w: Workspace) => void;
    onCreateWorkspace: () => void;
    onInvitePeople: () => void;
    onSwitchService: () => void;
  }> = {},
) {
  return renderWithProviders(
    <>
      <MainLayout
        workspaces={workspaces}
        active={workspaces[0] ?? null}
        organizationName="Acme Group"
        onSelectWorkspace={handlers.onSelectWorkspace ?? vi.fn()}
        onSwitchService={handlers.onSwitchService ?? vi.fn()}
        onCreateWorkspace={handlers.onCreateWorkspace ?? vi.fn()}
        onInvitePeople={handlers.onInvitePeople ?? vi.fn()}
      >
        <p>page</p>
      </MainLayout>
      <LocationProbe />
    </>,
    { route: '/dashboard' },
  );
}

async function openPanel() {
  await userEvent.click(screen.getByRole('button', { name: /Workspace panel/ }));
  // The panel body is reachable once its expand transition has run.
  await screen.findByRole('button', { name: 'Invite people to workspace' });
}

describe('the workspace rail (spec §2)', () => {
  it('clicking another workspace tile switches to it', async () => {
    const onSelect = vi.fn();
    const second = ws({ id: 'ws-2', name: 'brightside', latest: false });
    renderLayout([ws(), second], { onSelectWorkspace: onSelect });
    await userEvent.click(screen.getByRole('button', { name: 'Workspace brightside' }));
    expect(onSelect).toHaveBeenCalledWith(second);
  });

  it('a tile shows the uppercase first letter and only the active one is highlighted', () => {
    renderLayout([ws(), ws({ id: 'ws-2', name: 'brightside', latest: false })]);
    const rail = within(screen.getByTestId('workspace-rail'));
    expect(rail.getByRole('button', { name: 'Workspace brightside' })).toHaveTextContent('B');
    expect(rail.getByRole('button', { name: 'Workspace brightside' })).not.toHaveAttribute(
      'data-active',
    );
    expect(rail.getByRole('button', { name: 'Workspace acme books' })).toHaveAttribute(
      'data-active',
    );
  });

  it('the plus tile (Create Workspace) starts workspace creation through the permission check', async () => {
    const onCreate = vi.fn();
    renderLayout([ws()], { onCreateWorkspace: onCreate });
    await userEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(onCreate).toHaveBeenCalledOnce();
  });
});

describe('the workspace panel (spec §2)', () => {
  it('shows the organization name and the workspace name', () => {
    renderLayout([ws()]);
    expect(screen.getByTestId('organization-name')).toHaveTextContent('Acme Group');
    expect(screen.getByTestId('active-workspace-name')).toHaveTextContent('acme books');
  });

  it('falls back to Workspace when the workspace has no name', () => {
    renderLayout([ws({ name: '' })]);
    expect(screen.getByTestId('active-workspace-name')).toHaveTextContent('Workspace');
  });

  it('shows the workspace image, or a placeholder without one', () => {
    const { unmount } = renderLayout([
      ws({ image: { absolute_url: 'https://cdn.example/ws.png' } }),
    ]);
    expect(screen.getByRole('img', { name: 'acme books' })).toHaveAttribute(
      'src',
      'https://cdn.example/ws.png',
    );
    unmount();
    renderLayout([ws()]);
    expect(screen.getByTestId('workspace-image').querySelector('svg')).not.toBeNull();
  });

  it('is collapsed until opened', async () => {
    renderLayout([ws()]);
    const toggle = screen.getByRole('button', { name: /Workspace panel/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await openPanel();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists Accounting Services and Auditing Services with the current one marked', async () => {
    renderLayout([ws()]);
    await openPanel();
    expect(screen.getByRole('button', { name: /Accounting Services/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('button', { name: /Auditing Services/ })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('choosing the other service switches service', async () => {
    const onSwitch = vi.fn();
    renderLayout([ws()], { onSwitchService: onSwitch });
    await openPanel();
    await userEvent.click(await screen.findByRole('button', { name: /Auditing Services/ }));
    expect(onSwitch).toHaveBeenCalledOnce();
  });

  it('Workspace profile goes to /settings/workspaces?wsId={workspaceId}', async () => {
    renderLayout([ws()]);
    await openPanel();
    await userEvent.click(screen.getByRole('link', { name: 'Workspace profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/workspaces?wsId=ws-1');
  });

  it('Invite people to workspace asks to invite', async () => {
    const onInvite = vi.fn();
    renderLayout([ws()], { onInvitePeople: onInvite });
    await openPanel();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite people to workspace' }),
    );
    expect(onInvite).toHaveBeenCalledOnce();
  });

  it.each([
    [0, 'Viewer'],
    [1, 'Editor'],
    [2, 'Super Admin'],
  ])('for accounting, role %i shows the Access Level badge %s', async (role, label) => {
    renderLayout([ws({ role })]);
    await openPanel();
    expect(screen.getByText('Access Level')).toBeInTheDocument();
    expect(screen.getByTestId('access-level')).toHaveTextContent(label);
  });

  it('any role other than 0 and 1 is Super Admin', () => {
    expect(accessLevelLabel(7)).toBe('Super Admin');
  });
});
