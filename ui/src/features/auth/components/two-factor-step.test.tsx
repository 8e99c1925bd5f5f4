import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { TwoFactorStep } from './two-factor-step';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const session = {
  data: {
    access: 'access.jwt',
    refresh: 'refresh.token',
    is_google_authenticator_set: true,
    is_two_fa_enabled: true,
  },
};

function renderStep(email?: string) {
  const onSuccess = vi.fn();
  const onRestart = vi.fn();
  renderWithProviders(
    <TwoFactorStep
      challenge="the-challenge"
      email={email}
      onSuccess={onSuccess}
      onRestart={onRestart}
    />,
  );
  return { onSuccess, onRestart };
}

async function submit(code: string) {
  await userEvent.type(screen.getByLabelText(/code/i), code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('the two-factor sign-in step', () => {
  it('sends the challenge and the 6-digit code, and stores the session it answers', async () => {
    const { requests } = stubApi([
      { method: 'POST', path: '/accounts/2fa/verify/', reply: () => ({ body: session }) },
    ]);
    const { onSuccess } = renderStep();
    await submit('123 456');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(requests[0]?.body).toEqual({ challenge: 'the-challenge', code: '123456' });
    expect(window.localStorage.getItem('token')).toBe('access.jwt');
    expect(window.localStorage.getItem('refresh')).toBe('refresh.token');
  });

  it('a code that is not 6 digits is refused before anything is sent', async () => {
    const { fetchMock } = stubApi([]);
    renderStep();
    await submit('12345');
    expect(
      await screen.findByText('The code is the 6 digits your authenticator app shows'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a wrong code on the field", async () => {
    stubApi([
      {
        method: 'POST',
        path: '/accounts/2fa/verify/',
        reply: () => ({ status: 400, body: { code: ['The code is not valid.'] } }),
      },
    ]);
    const { onSuccess } = renderStep();
    await submit('000000');
    expect(await screen.findByText('The code is not valid.')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("shows the throttle's wait when attempts are locked", async () => {
    const wait = 'Too many failed sign-in attempts. Wait 3 minutes and try again.';
    stubApi([
      {
        method: 'POST',
        path: '/accounts/2fa/verify/',
        reply: () => ({ status: 429, body: { detail: wait, code: 'throttled' } }),
      },
    ]);
    renderStep();
    await submit('000000');
    expect(await screen.findByTestId('two-factor-blocked')).toHaveTextContent(wait);
  });

  it('a recovery code is sent as recovery_code', async () => {
    const { requests } = stubApi([
      { method: 'POST', path: '/accounts/2fa/verify/', reply: () => ({ body: session }) },
    ]);
    const { onSuccess } = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(requests[0]?.body).toEqual({ challenge: 'the-challenge', recovery_code: 'abcde-12345' });
  });

  it('"Trust this device" asks for trust and keeps the device token for the account', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounts/2fa/verify/',
        reply: () => ({ body: { data: { ...session.data, device_token: 'device-secret' } } }),
      },
    ]);
    const { onSuccess } = renderStep('Ada@Books.ng');
    const trust = screen.getByRole('checkbox', { name: /Trust this device/ });
    expect(trust).not.toBeChecked();
    await userEvent.click(trust);
    await submit('123456');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(requests[0]?.body).toEqual({
      challenge: 'the-challenge',
      code: '123456',
      trust_device: true,
    });
    expect(JSON.parse(window.localStorage.getItem('trustedDevices') ?? '{}')).toEqual({
      'ada@books.ng': 'device-secret',
    });
  });

  it('left unticked, nothing is trusted', async () => {
    const { requests } = stubApi([
      { method: 'POST', path: '/accounts/2fa/verify/', reply: () => ({ body: session }) },
    ]);
    const { onSuccess } = renderStep('ada@books.ng');
    await submit('123456');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(requests[0]?.body).toEqual({ challenge: 'the-challenge', code: '123456' });
    expect(window.localStorage.getItem('trustedDevices')).toBeNull();
  });

  it('an expired attempt offers to sign in again', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/accounts/2fa/verify/',
        reply: () => ({
          status: 400,
          body: { challenge: ['This sign-in attempt has expired. Sign in again.'] },
        }),
      },
    ]);
    const { onRestart } = renderStep();
    await submit('123456');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect(onRestart).toHaveBeenCalledOnce();
  });
});
