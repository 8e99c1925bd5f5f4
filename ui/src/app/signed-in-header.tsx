import type { ReactNode } from 'react';

import { HeaderSlotProvider } from '@/components/layouts/header-slot';
import { AssistantButton } from '@/features/assistant';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationStreamProvider } from '@/features/notifications/components/notification-stream-provider';

/**
 * What a signed-in layout's screens show at their header's end — the assistant and the
 * notification bell — and the one live notification stream every screen's bell reads.
 */
export function SignedInHeader({ children }: { children: ReactNode }) {
  return (
    <NotificationStreamProvider>
      <HeaderSlotProvider
        bell={
          <>
            <AssistantButton />
            <NotificationBell />
          </>
        }
      >
        {children}
      </HeaderSlotProvider>
    </NotificationStreamProvider>
  );
}
