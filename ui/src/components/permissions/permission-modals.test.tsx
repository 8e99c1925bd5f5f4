import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { LocationProbe, renderWithProviders } from '@/testing/test-utils';

import { closePermissionDialog, openPermissionDialog } from './permission-dialog-store';
import { PermissionModals } from './permission-modals';

function renderHost() {
  closePermissionDialog();
  return renderWithProviders(
    <>
      <PermissionModals />
      <LocationProbe />
    </>,
    { route: '/accounting/journal-entry' },
  );
}

describe('permission modals (spec §8)', () => {
  it('Plan Restriction shows the spec text', () => {
    renderHost();
    act(() => openPermissionDialog({ kind: 'plan_restriction' }));
    expect(screen.getByText('Plan Restriction')).toBeInTheDocument();
    expect(
      screen.getByText('Your current plan does not allow you to perform this action.'),
    ).toBeInTheDocument();
  });

  it('Plan Restriction Upgrade Plan goes to /license', async () => {
    renderHost();
    act(() => openPermissionDialog({ kind: 'plan_restriction' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/license');
  });

  it('Plan Restriction View Plans goes to /license', async () => {
    renderHost();
    act(() => openPermissionDialog({ kind: 'plan_restriction' }));
    await userEvent.click(screen.getByRole('button', { name: 'View Plans' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/license');
  });

  it('Role Restriction shows the spec text and a disabled Contact Admin button', () => {
    renderHost();
    act(() => openPermissionDialog({ kind: 'role_restriction' }));
    expect(screen.getByText('Role Restriction')).toBeInTheDocument();
    expect(
      screen.getByText('Your role does not allow you to perform this action.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact Admin' })).toBeDisabled();
  });

  it('Permission Denied shows the spec text', () => {
    renderHost();
    act(() => openPermissionDialog({ kind: 'permission_denied' }));
    expect(screen.getByText('Permission Denied')).toBeInTheDocument();
    expect(
      screen.getByText('You do not have the necessary permissions to perform this action.'),
    ).toBeInTheDocument();
  });

  it('Resource Limit Exceeded names the resource and offers Upgrade Plan to /license', async () => {
    renderHost();
    act(() => openPermissionDialog({ kind: 'limit_exceeded', resourceName: 'workspaces' }));
    expect(screen.getByText('Resource Limit Exceeded')).toBeInTheDocument();
    expect(screen.getByText('You have reached the limit for workspaces.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/license');
  });
});
