import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';

import { LoginForm } from './login-form';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const loginBody = {
  data: {
    access: 'access.jwt',
    refresh: 'refresh.jwt',
    is_google_authenticator_set: true,
    is_two_fa_enabled: false,
  },
};

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the login form', () => {
  it('an empty submit shows that email and password are required', async () => {
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an invalid email is reported before anything is sent', async () => {
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends this device's trust token for the account, which signing out keeps", async () => {
    storage.setDeviceToken('ada@example.com', 'device-secret');
    storage.setDeviceToken('bola@example.com', 'bola-secret');
    storage.clear();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(loginBody), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await fillAndSubmit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      device_token: 'device-secret',
    });
  });

  it('a trust token the server no longer honours is dropped', async () => {
    storage.setDeviceToken('ada@example.com', 'forgotten-secret');
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          data: { challenge: 'c', is_google_authenticator_set: true, is_two_fa_enabled: true },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await fillAndSubmit();
    expect(await screen.findByRole('checkbox', { name: /Trust this device/ })).toBeVisible();
    expect(storage.getDeviceToken('ada@example.com')).toBeNull();
  });

  it('posts the credentials to /api/v1/accounts/login/', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(loginBody), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await fillAndSubmit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/accounts/login/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('a successful sign-in stores the token and the 2FA flags', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(loginBody), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(window.localStorage.getItem('token')).toBe('access.jwt');
    expect(JSON.parse(window.localStorage.getItem('2FAData') ?? 'null')).toEqual({
      is_two_fa_enabled: false,
      is_google_authenticator_set: true,
    });
  });

  it('the Sign in button is disabled while the request is pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('sign-in')).toBeDisabled());
    answer(
      new Response(JSON.stringify(loginBody), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('sign-in')).toBeEnabled());
  });

  it('a refused sign-in stores no token', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ detail: 'Invalid credentials', code: 'authentication_failed' }),
        {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('an account with two-factor authentication goes on to the code step', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          data: {
            challenge: 'the-challenge',
            is_google_authenticator_set: true,
            is_two_fa_enabled: true,
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit();
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('hands the challenge to onSecondFactor when the page routes to the step', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          data: {
            challenge: 'the-challenge',
            is_google_authenticator_set: true,
            is_two_fa_enabled: true,
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const onSecondFactor = vi.fn();
    renderWithProviders(<LoginForm onSuccess={vi.fn()} onSecondFactor={onSecondFactor} />);
    await fillAndSubmit();
    await waitFor(() =>
      expect(onSecondFactor).toHaveBeenCalledWith('the-challenge', 'ada@example.com'),
    );
  });
});
