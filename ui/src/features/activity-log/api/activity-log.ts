/**
 * Spec §7 GET /api/v1/activity-log/ (filters user_id, activity_type, user_name, page,
 * page_size; the server adds from/to and the workspace), GET /activity-log/{id}/ (the
 * event behind a row) and POST /activity-log/ (what only the browser sees).
 */
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, dataEnvelope, paginatedEnvelope } from '@/lib/api-client';

export const ACTIVITY_LOG_PATH = '/activity-log/';

export const activitySchema = z.object({
  id: z.string(),
  user_id: z.string().nullish(),
  user_name: z.string().nullish(),
  activity_type: z.string(),
  description: z.string(),
  created_datetime: z.string(),
  workspace_id: z.string().nullish(),
  event_type: z.string(),
  aggregate_type: z.string(),
  aggregate_id: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityDetailSchema = activitySchema.extend({
  details: z.unknown(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export type ActivityQuery = {
  user_id?: string;
  activity_type?: string;
  user_name?: string;
  from?: string;
  to?: string;
};

/** Rows per request: the API's largest page (DESIGN.md §6). */
export const ACTIVITY_PAGE_SIZE = PAGE_SIZE_MAX;

export function getActivityPage(
  workspaceId: string,
  query: ActivityQuery,
  page: number,
  signal?: AbortSignal,
) {
  return api.get('/activity-log/', paginatedEnvelope(activitySchema), {
    query: {
      workspace_id: workspaceId,
      user_id: query.user_id || undefined,
      activity_type: query.activity_type || undefined,
      user_name: query.user_name?.trim() || undefined,
      from: query.from || undefined,
      to: query.to || undefined,
      page,
      page_size: ACTIVITY_PAGE_SIZE,
    },
    signal,
    handleErrors: false,
  });
}

export async function getActivity(workspaceId: string, id: string): Promise<ActivityDetail> {
  const { data } = await api.get('/activity-log/{id}/', dataEnvelope(activityDetailSchema), {
    params: { id },
    query: { workspace_id: workspaceId },
  });
  return data;
}

/** Records an activity the server cannot see, as the signed-in user. Never fails loudly. */
export async function recordActivity(
  workspaceId: string,
  activityType: string,
  description: string,
): Promise<void> {
  await api
    .post('/activity-log/', z.unknown(), {
      body: { activity_type: activityType, description, workspace_id: workspaceId },
      handleErrors: false,
    })
    .catch(() => undefined);
}
