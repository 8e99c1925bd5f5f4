import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { TOAST_AUTO_CLOSE_DEFAULT_MS, TOAST_POSITION, TOAST_WIDTH_MAX_PX } from '@/lib/notify';
import { SWR_DEFAULTS } from '@/lib/swr';
import { theme } from '@/styles/theme';

/** Everything the whole app shares: theme, toasts, modals, data-fetching defaults. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_DEFAULT_MS}
        containerWidth={TOAST_WIDTH_MAX_PX}
        limit={5}
      />
      <ModalsProvider>
        <SWRConfig value={SWR_DEFAULTS}>{children}</SWRConfig>
      </ModalsProvider>
    </MantineProvider>
  );
}
