import { createContext, useContext, type ReactNode } from 'react';

/**
 * The header's right-hand widgets that belong to features (the notification bell).
 * Shared layouts never import features; the app's route layouts provide them here.
 */
const HeaderSlotContext = createContext<ReactNode | null>(null);

export function HeaderSlotProvider({ bell, children }: { bell: ReactNode; children: ReactNode }) {
  return <HeaderSlotContext.Provider value={bell}>{children}</HeaderSlotContext.Provider>;
}

/** The bell the app provided, or null outside a provider. */
export function useHeaderBell(): ReactNode | null {
  return useContext(HeaderSlotContext);
}
