import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { theme } from '@/styles/theme';
import { LocationProbe } from '@/testing/test-utils';

import { StartGuard } from './start-guard';

function renderAt(pathname: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <StartGuard />, children: [{ path: '*', element: <LocationProbe /> }] }],
    { initialEntries: [pathname] },
  );
  return render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

function viewportMatches(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('the start guard', () => {
  it('sends a deep link without a token to /auth/login', async () => {
    renderAt('/accounting/trial-balance');
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
  });

  it('sends a stored token at / to /audit', async () => {
    window.localStorage.setItem('token', 't');
    renderAt('/');
    expect(await screen.findByTestId('location')).toHaveTextContent('/audit');
  });

  it('sends a stored token at / with accounting preferred to /dashboard', async () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('preferredService', 'accounting');
    renderAt('/');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows the small-screen notice instead of an app page at 768 px or less', () => {
    window.localStorage.setItem('token', 't');
    viewportMatches(true);
    renderAt('/dashboard');
    expect(screen.getByTestId('mobile-notice')).toHaveTextContent('not optimised for mobile');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows the page after Continue anyway, and not the notice again this visit', async () => {
    window.localStorage.setItem('token', 't');
    viewportMatches(true);
    const first = renderAt('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Continue anyway' }));
    expect(screen.queryByTestId('mobile-notice')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    first.unmount();
    renderAt('/dashboard');
    expect(screen.queryByTestId('mobile-notice')).toBeNull();
  });

  it.each(['/auth/login', '/auth/reset-password', '/invite-user'])(
    'keeps %s usable on a small screen, the notice a banner above it',
    (path) => {
      viewportMatches(true);
      renderAt(path);
      expect(screen.getByTestId('mobile-notice')).toHaveTextContent('not optimised for mobile');
      expect(screen.getByTestId('location')).toHaveTextContent(path);
    },
  );

  it('shows shared audit pages on small screens', () => {
    viewportMatches(true);
    renderAt('/audit-shared/abc');
    expect(screen.queryByTestId('mobile-notice')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/audit-shared/abc');
  });
});
