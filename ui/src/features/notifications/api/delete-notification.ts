import { z } from 'zod';

import { apiClient, requireParam } from '@/lib/api-client';

import { notificationPath } from './update-notification';

/** Spec §7 DELETE /api/v1/notification/{id}/; a 204 without a body is the expected answer. */
export async function deleteNotification(id: string | null | undefined): Promise<void> {
  const notificationId = requireParam('id', id, 'deleteNotification');
  await apiClient.delete(notificationPath(notificationId), z.unknown());
}
