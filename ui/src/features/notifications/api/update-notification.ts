/**
 * Spec §7 PATCH /api/v1/notification/{id}/ with body {read: true}, and spec §4's
 * "mark all as read": read:true on every item of the unread list, then refresh the
 * unread list and the current page. Failures go to the generic handler (spec §8).
 */
import { z } from 'zod';

import { api, requireParam } from '@/lib/api-client';

import { type Notification } from './get-notifications';

/** The answer is not needed (the lists are refetched), so any 2xx body is accepted. */
const anyBody = z.unknown();

export async function markNotificationRead(id: string | null | undefined): Promise<void> {
  const notificationId = requireParam('id', id, 'markNotificationRead');
  await api.patch('/notification/{id}/', anyBody, {
    params: { id: notificationId },
    body: { read: true },
  });
}

/**
 * Marks every unread item read, all requests at once; rejects (after the API client
 * has shown each failure) if any of them failed. `refresh` runs either way, so the
 * lists show what the server now holds.
 */
export async function markAllNotificationsRead(
  unread: readonly Pick<Notification, 'id' | 'read'>[],
  refresh: () => Promise<unknown>,
): Promise<void> {
  const targets = unread.filter((item) => !item.read);
  const results = await Promise.allSettled(targets.map((item) => markNotificationRead(item.id)));
  await refresh();
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
