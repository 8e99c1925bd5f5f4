/**
 * The live feed of the caller's inbox: `GET /api/v1/notification/stream/`, server-sent
 * events read with `fetch` (an `EventSource` cannot send the bearer token). The server
 * sends `unread` once, then `notification` for every change made on any node, and
 * `resync` when this connection fell behind. An event makes SWR ask again for the
 * notification lists (`refreshesLists`): the lists stay the one source of truth.
 */
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';

import { buildUrl, refreshSession } from '@/lib/api-client';
import type { PathWith } from '@/lib/api/contract';
import { storage } from '@/lib/storage';

import { cachedUnreadCount, isNotificationsKey } from './get-notifications';

export const NOTIFICATION_STREAM_PATH = '/notification/stream/' satisfies PathWith<'get'>;

/** Reconnect delays after a dropped stream: quick first, then at most a minute apart. */
export const RECONNECT_DELAYS_MS = [1_000, 5_000, 15_000, 60_000] as const;

export type StreamEvent = { event: string; data: string };

/**
 * Splits complete events off the front of `buffer` (the SSE wire format: fields per line,
 * events separated by a blank line; `:` lines are keep-alive comments). What is left is
 * an incomplete event, to be completed by the next chunk.
 */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** Why a stream ended: the server closed it, or it could not (any longer) be read. */
export type StreamEnd = 'closed' | 'unauthorized' | 'failed';

/** Reads the stream until it ends or `signal` aborts; `onEvent` gets every event. */
export async function readNotificationStream(
  token: string,
  signal: AbortSignal,
  onEvent: (event: StreamEvent) => void,
): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await fetch(buildUrl(NOTIFICATION_STREAM_PATH), {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      signal,
    });
  } catch {
    return 'failed';
  }
  if (response.status === 401) return 'unauthorized';
  if (!response.ok || !response.body) return 'failed';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'closed';
      const parsed = parseEvents(buffer + value);
      buffer = parsed.rest;
      parsed.events.forEach(onEvent);
    }
  } catch {
    return 'failed';
  }
}

/** What the page knew as an event arrived. */
export type EventContext = {
  /** The event is the first of the page's first connection. */
  opening: boolean;
  /** How many unread notifications the cached unread list counts, if there is one. */
  unreadListed: number | undefined;
};

const LIST_EVENTS = ['unread', 'notification', 'resync'];

/**
 * Whether an event makes the notification lists be asked for again. The first `unread`
 * of the page's first connection counts what is unread as the server starts listening;
 * the unread list the layout asked for moments before usually counts the same, and is
 * then current, since every later change arrives as an event of its own. After a
 * reconnect changes may have been missed while the stream was down: every event asks.
 */
export function refreshesLists(event: StreamEvent, { opening, unreadListed }: EventContext) {
  if (!LIST_EVENTS.includes(event.event)) return false;
  if (event.event !== 'unread' || !opening || unreadListed === undefined) return true;
  return unreadCountOf(event.data) !== unreadListed;
}

function unreadCountOf(data: string): number | null {
  try {
    const count: unknown = (JSON.parse(data) as { unread_count?: unknown }).unread_count;
    return typeof count === 'number' ? count : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the stream open while signed in and refreshes the notification lists on the
 * events that may change them (`refreshesLists`). `live` is false while it is down, so
 * the lists can fall back to polling.
 */
export function useNotificationStream(): { live: boolean } {
  const { mutate, cache } = useSWRConfig();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let attempt = 0;
    let opening = true;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        controller.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });

    const run = async () => {
      while (!controller.signal.aborted) {
        const token = storage.getToken();
        if (!token) return;
        const end = await readNotificationStream(token, controller.signal, (event) => {
          attempt = 0;
          setLive(true);
          if (refreshesLists(event, { opening, unreadListed: cachedUnreadCount(cache) })) {
            void mutate(isNotificationsKey);
          }
          opening = false;
        });
        setLive(false);
        if (controller.signal.aborted) return;
        if (end === 'unauthorized' && !(await refreshSession())) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
        attempt += 1;
        await wait(delay ?? 60_000);
      }
    };
    void run();
    return () => controller.abort();
  }, [mutate, cache]);

  return { live };
}
