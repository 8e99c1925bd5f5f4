import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify } from '@/lib/notify';
import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { ChangePasswordForm } from './change-password-form';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

async function fill(current: string, next: string, confirm = next) {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the password change form', () => {
  it('sends the current and the new password, and says it is done', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounts/password/change/',
        reply: () => ({ body: { data: { detail: 'Your password is changed.' } } }),
      },
      { method: 'GET', path: '/accounts/sessions/', reply: () => ({ body: { data: [] } }) },
    ]);
    renderWithProviders(<ChangePasswordForm />);
    await fill('old-password-1', 'new-password-2');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Your password is changed.'));
    expect(requests[0]?.body).toEqual({
      current_password: 'old-password-1',
      new_password: 'new-password-2',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('a confirmation that differs is refused before anything is sent', async () => {
    const { fetchMock } = stubApi([]);
    renderWithProviders(<ChangePasswordForm />);
    await fill('old-password-1', 'new-password-2', 'new-password-3');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the current password on its field", async () => {
    stubApi([
      {
        method: 'POST',
        path: '/accounts/password/change/',
        reply: () => ({
          status: 400,
          body: { current_password: ['The current password is not correct.'] },
        }),
      },
    ]);
    renderWithProviders(<ChangePasswordForm />);
    await fill('wrong-password', 'new-password-2');
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  });
});
