import { z } from 'zod';

import { api, requireParam } from '@/lib/api-client';

/** Spec §7 DELETE /api/v1/notification/{id}/; a 204 without a body is the expected answer. */
export async function deleteNotification(id: string | null | undefined): Promise<void> {
  const notificationId = requireParam('id', id, 'deleteNotification');
  await api.delete('/notification/{id}/', z.unknown(), { params: { id: notificationId } });
}
