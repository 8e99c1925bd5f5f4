import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { TwoFactorDisableForm } from './two-factor-disable';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

describe('turning two-factor authentication off', () => {
  it('sends the password and the code', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounts/2fa/disable/',
        reply: () => ({
          body: { data: { is_google_authenticator_set: false, is_two_fa_enabled: false } },
        }),
      },
    ]);
    const onClose = vi.fn();
    renderWithProviders(<TwoFactorDisableForm onClose={onClose} />);
    await userEvent.type(screen.getByTestId('two-factor-disable-password'), 'my-password');
    await userEvent.type(screen.getByTestId('two-factor-disable-code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(requests[0]?.body).toEqual({ password: 'my-password', code: '123456' });
  });

  it('needs both the password and a code before sending', async () => {
    const { fetchMock } = stubApi([]);
    renderWithProviders(<TwoFactorDisableForm onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the throttle's wait when attempts are locked", async () => {
    const wait = 'Too many failed sign-in attempts. Wait 2 minutes and try again.';
    stubApi([
      {
        method: 'POST',
        path: '/accounts/2fa/disable/',
        reply: () => ({ status: 429, body: { detail: wait, code: 'throttled' } }),
      },
    ]);
    renderWithProviders(<TwoFactorDisableForm onClose={vi.fn()} />);
    await userEvent.type(screen.getByTestId('two-factor-disable-password'), 'my-password');
    await userEvent.type(screen.getByTestId('two-factor-disable-code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByTestId('two-factor-disable-error')).toHaveTextContent(wait);
  });
});
