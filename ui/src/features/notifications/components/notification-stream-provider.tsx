import { createContext, useContext, type ReactNode } from 'react';

import { useNotificationStream } from '../api/notification-stream';

/** Whether the layout's live stream is open; `null` outside a provider. */
const LiveContext = createContext<boolean | null>(null);

/**
 * Keeps one live notification stream open for as long as a signed-in layout is shown.
 * The bell is drawn by each screen's header, so a stream of its own would close and open
 * again on every move between screens, and each new stream's first event would make the
 * lists be asked for again while the next screen draws.
 */
export function NotificationStreamProvider({ children }: { children: ReactNode }) {
  const { live } = useNotificationStream();
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

/**
 * Whether notifications arrive live. Outside a provider they do not: the bell falls back
 * to polling its unread list.
 */
export function useNotificationsLive(): boolean {
  return useContext(LiveContext) ?? false;
}
