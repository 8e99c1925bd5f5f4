/**
 * Spec §7 GET /api/v1/notification/ (filters severity, read, sent, page, page_size).
 * The bell asks with read=false for the unread list and page N (default 1) for the
 * all list; lists arrive wrapped in data.data (spec §3).
 */
import useSWR, { unstable_serialize, type Cache } from 'swr';
import { z } from 'zod';

import {
  PAGE_SIZE_MAX,
  api,
  idSchema,
  paginatedEnvelope,
  prefetch,
  type Page,
} from '@/lib/api-client';
import { storage } from '@/lib/storage';

export const NOTIFICATIONS_PATH = '/notification/';

/** Spec §9 leaves the page size open: 20 fills the popover and the page without scrolling far. */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The unread list is read in one request so "mark all as read" sees every unread item;
 * DESIGN.md §6 bounds a page at 100.
 */
export const UNREAD_PAGE_SIZE = PAGE_SIZE_MAX;

/** The severities the product draws (brief: info, success, warning, error). */
export const SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
export type Severity = (typeof SEVERITIES)[number];

function isSeverity(value: string): value is Severity {
  return (SEVERITIES as readonly string[]).includes(value);
}

/** An unknown or missing severity is drawn as info rather than rejected. */
export const severitySchema = z
  .string()
  .nullish()
  .transform((value): Severity => {
    const normalized = (value ?? '').trim().toLowerCase();
    return isSeverity(normalized) ? normalized : 'info';
  });

const workspaceOf = { workspace_id: z.string().nullish() };

/** Where a notification leads, one shape per kind of thing (the server's NotificationTarget). */
export const notificationTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('report_download'), workspace_id: z.string(), report_id: z.string() }),
  z.object({ type: z.literal('downloads'), ...workspaceOf }),
  z.object({ type: z.literal('finding'), workspace_id: z.string(), entry_id: z.string() }),
  z.object({ type: z.literal('audit'), ...workspaceOf }),
  z.object({ type: z.literal('journal'), ...workspaceOf }),
  z.object({ type: z.literal('debt'), workspace_id: z.string(), debt_id: z.string() }),
  z.object({ type: z.literal('workspace'), workspace_id: z.string() }),
  z.object({ type: z.literal('organization') }),
  z.object({ type: z.literal('license') }),
  z.object({ type: z.literal('invitations') }),
  z.object({ type: z.literal('page'), path: z.string() }),
]);
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;

export const notificationSchema = z.object({
  id: idSchema,
  title: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  message: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  created_datetime: z.string(),
  read: z.boolean(),
  severity: severitySchema,
  sent: z.boolean().nullish(),
  /** What it is about ("report_ready", "entries_posted", …). */
  kind: z.string().nullish(),
  /** The path it was raised with; opening goes by `target`. */
  link: z.string().nullish(),
  /** What opening it leads to, typed by the server from its cause; null for nothing. */
  target: notificationTargetSchema.nullish().catch(null),
  /** The workspace it concerns, if any. */
  workspace_id: z.string().nullish(),
});
export type Notification = z.infer<typeof notificationSchema>;

const notificationPageSchema = paginatedEnvelope(notificationSchema);

/** Which list of the bell or the page: all (by page), unread, or read. */
export type NotificationFilter = 'all' | 'unread' | 'read';

export type NotificationQuery = { filter: NotificationFilter; page: number };

export function notificationQueryParams({ filter, page }: NotificationQuery) {
  return {
    read: filter === 'all' ? undefined : filter === 'read',
    page,
    page_size: filter === 'unread' ? UNREAD_PAGE_SIZE : NOTIFICATION_PAGE_SIZE,
  };
}

export function getNotifications(query: NotificationQuery): Promise<Page<Notification>> {
  // A list that fails to load shows its own error state; it never toasts on every page.
  return api.get('/notification/', notificationPageSchema, {
    query: notificationQueryParams(query),
    handleErrors: false,
  });
}

/** SWR key of one list; every notification list key starts with NOTIFICATIONS_PATH. */
export function notificationsKey(query: NotificationQuery): readonly [string, string, number] {
  return [NOTIFICATIONS_PATH, query.filter, query.page] as const;
}

/** The unread list: page 1 with read=false (spec §7). */
export const UNREAD_QUERY: NotificationQuery = { filter: 'unread', page: 1 };

/** Asks for the bell's unread list ahead of the bell's code (`app/prefetch`). */
export function prefetchUnread(): void {
  prefetch('/notification/', { query: notificationQueryParams(UNREAD_QUERY) });
}

/** How many are unread by the unread list in `cache`, or undefined before it was read. */
export function cachedUnreadCount(cache: Cache): number | undefined {
  const list: unknown = cache.get(unstable_serialize(notificationsKey(UNREAD_QUERY)))?.data;
  const count = (list as Partial<Page<Notification>> | undefined)?.count;
  return typeof count === 'number' ? count : undefined;
}

export function isNotificationsKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === NOTIFICATIONS_PATH;
}

/** How often the unread list is asked for while the live stream is down. */
export const UNREAD_POLL_MS = 30_000;

/**
 * A notification list. `pollMs` > 0 polls it. `live` says the stream is open: it makes
 * every list be asked for again on each change, so a list mounted again (each screen
 * draws its own bell) is current as it is, and the app's refetch on mount (spec §9) is
 * left out for it.
 */
export function useNotifications(query: NotificationQuery, { pollMs = 0, live = false } = {}) {
  const token = storage.getToken();
  return useSWR(token ? notificationsKey(query) : null, () => getNotifications(query), {
    keepPreviousData: true,
    refreshInterval: pollMs,
    revalidateOnMount: !live,
  });
}

/** The unread list; `pollMs` > 0 polls it (the fallback while the live stream is down). */
export function useUnreadNotifications({ pollMs = 0, live = false } = {}) {
  return useNotifications(UNREAD_QUERY, { pollMs, live });
}
