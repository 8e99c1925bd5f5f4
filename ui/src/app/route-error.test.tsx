import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { theme } from '@/styles/theme';
import { LocationProbe } from '@/testing/test-utils';

import { RouteError } from './route-error';
import { markStartNavigationDone } from './startup';

function Broken(): never {
  throw new Error('chunk failed to load');
}

function tree(): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: <RouteError />,
      children: [
        { path: 'auth/login', element: <LocationProbe /> },
        { path: 'broken', element: <Broken /> },
      ],
    },
  ];
}

function renderAt(pathname: string) {
  const router = createMemoryRouter(tree(), { initialEntries: [pathname] });
  return render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('a failed navigation', () => {
  it('at start goes to /auth/login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
  });

  it('after start shows an error page with a reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    markStartNavigationDone();
    renderAt('/broken');
    expect(
      screen.getByRole('heading', { name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
