import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Workspace } from '@/lib/workspaces';
import { renderWithProviders } from '@/testing/test-utils';

import { MainLayout } from './main-layout';

const workspace: Workspace = {
  id: 'ws-1',
  organization_id: 'org-1',
  role: 2,
  role_display: 'Admin',
  latest: true,
  is_invited: false,
  name: 'acme books',
  image: null,
};

function renderLayout(route: string, workspaces: Workspace[] = []) {
  return renderWithProviders(
    <MainLayout
      workspaces={workspaces}
      active={workspaces[0] ?? null}
      onSelectWorkspace={vi.fn()}
      onSwitchService={vi.fn()}
    >
      <p>page</p>
    </MainLayout>,
    { route },
  );
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));

describe('the main layout (spec §2)', () => {
  it('lists the side navigation items in the spec order with their paths', () => {
    renderLayout('/dashboard');
    const links = nav()
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-label') !== 'Ledgerline home')
      .map((link) => [link.textContent?.replace(/\d+$/, '').trim(), link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Notifications', '/notifications'],
      ['Accounting', '/accounting'],
      ['Downloads', '/reports-generation/downloads-and-attachments'],
      ['User Activity Logs', '/activity-logs'],
      ['License Plan', '/license'],
      ['Wallet', '/wallet'],
      ['Settings', '/settings'],
    ]);
  });

  it('shows the count of Accounting sub-items', () => {
    renderLayout('/dashboard');
    expect(screen.getByLabelText('8 sub-items')).toHaveTextContent('8');
  });

  it('keeps Accounting collapsed when another area is active', () => {
    renderLayout('/dashboard');
    expect(screen.queryByTestId('accounting-subnav')).toBeNull();
  });

  it('expands Accounting with its 8 sub-items in order when it is active', () => {
    renderLayout('/accounting/trial-balance');
    const sub = within(screen.getByTestId('accounting-subnav'));
    expect(
      sub.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Journal Entry', '/accounting/journal-entry'],
      ['Trial Balance', '/accounting/trial-balance'],
      ['General Ledger', '/accounting/general-ledger'],
      ['Payroll', '/accounting/payroll'],
      ['Income summary', '/accounting/financial-reports/income-summary'],
      ['Expense summary', '/accounting/financial-reports/expense-summary'],
      ['Asset schedule', '/accounting/asset-schedule'],
      ['Debt Management', '/accounting/financial-reports/financial-debt'],
    ]);
  });

  it('is 260 px wide without workspaces and shows no rail', () => {
    renderLayout('/dashboard');
    expect(screen.getByTestId('sidebar')).toHaveStyle({ width: '260px' });
    expect(screen.queryByTestId('workspace-rail')).toBeNull();
  });

  it('is 315 px wide with the workspace rail when the user has workspaces', () => {
    renderLayout('/dashboard', [workspace]);
    expect(screen.getByTestId('sidebar')).toHaveStyle({ width: '315px' });
    expect(screen.getByTestId('workspace-rail')).toBeInTheDocument();
  });

  it('shows a workspace tile with the uppercase first letter of its name, marked active', () => {
    renderLayout('/dashboard', [workspace]);
    const tile = screen.getByRole('button', { name: 'Workspace acme books' });
    expect(tile).toHaveTextContent('A');
    expect(tile).toHaveAttribute('aria-current', 'true');
  });

  it('offers creating the first workspace once the list has loaded empty', async () => {
    const create = vi.fn();
    renderWithProviders(
      <MainLayout
        workspaces={[]}
        active={null}
        workspacesLoaded
        onCreateWorkspace={create}
        onSelectWorkspace={vi.fn()}
        onSwitchService={vi.fn()}
      >
        <p>page</p>
      </MainLayout>,
      { route: '/dashboard' },
    );
    const card = within(screen.getByTestId('no-workspace'));
    expect(card.getByText('No workspace yet')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Create workspace' }));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('does not offer it while the list is loading or when there are workspaces', () => {
    renderLayout('/dashboard');
    expect(screen.queryByTestId('no-workspace')).not.toBeInTheDocument();
  });
});
