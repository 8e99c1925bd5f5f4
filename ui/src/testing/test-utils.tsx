import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';

import { theme } from '@/styles/theme';

type Options = RenderOptions & { route?: string };

/** Renders inside the app's providers, with a fresh SWR cache per test. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: Options = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </SWRConfig>
      </MantineProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

/** Prints the router location so tests can assert where a click navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
