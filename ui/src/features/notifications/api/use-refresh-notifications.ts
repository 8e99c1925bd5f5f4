import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import {
  UNREAD_QUERY,
  isNotificationsKey,
  notificationsKey,
  type NotificationQuery,
} from './get-notifications';

/**
 * Spec §4: after marking, refresh the unread list and the current page of the list.
 * Other cached pages are only marked stale (they refetch when next shown).
 */
export function useRefreshNotifications(current: NotificationQuery) {
  const { mutate } = useSWRConfig();
  const { filter, page } = current;
  return useCallback(async () => {
    const unreadKey = JSON.stringify(notificationsKey(UNREAD_QUERY));
    const currentKey = JSON.stringify(notificationsKey({ filter, page }));
    await mutate((key) => {
      if (!isNotificationsKey(key)) return false;
      const serialized = JSON.stringify(key);
      return serialized === unreadKey || serialized === currentKey;
    });
  }, [mutate, filter, page]);
}
