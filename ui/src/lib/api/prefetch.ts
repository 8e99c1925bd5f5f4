/**
 * GET answers shared instead of asked for twice.
 *
 * - **Prefetched**: a route knows from its address which GETs its screen will make;
 *   asking for them as navigation starts lets the answers travel while the screen's code
 *   downloads and compiles, instead of after it. An answer is used once, only while
 *   fresh, and a write forgets every answer not yet used, since it may have changed
 *   what they say.
 * - **In flight**: two parts of a screen asking for the same URL at the same moment (a
 *   ledger's totals and its grid's first page) share the one request.
 *
 * Either way only the same URL asked with the same token shares an answer.
 */
import type { Params } from 'react-router-dom';

/** What a screen's prefetch knows as navigation starts: the stored active ids and the address. */
export type PrefetchContext = {
  workspaceId: string;
  organizationId: string | null;
  search: URLSearchParams;
  params: Params;
};

/** A screen's plan: the GETs its first render will make, asked for now. */
export type ScreenPrefetch = (context: PrefetchContext) => void;

/** A response read to the end: its status and its JSON body (null when not JSON). */
export type Answer = { ok: boolean; status: number; body: unknown };

export async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Sends one request and reads its answer: a successful body as a Blob for downloads. */
export async function fetchAnswer(
  url: string,
  init: RequestInit,
  responseType: 'json' | 'blob' = 'json',
): Promise<Answer> {
  const response = await fetch(url, init);
  const body =
    response.ok && responseType === 'blob' ? await response.blob() : await readJson(response);
  return { ok: response.ok, status: response.status, body };
}

/** A GET of `url` with the session's token, as every shared answer is asked. */
function getAnswer(url: string, token: string | null): Promise<Answer> {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchAnswer(url, { method: 'GET', headers });
}

/** How long an unused prefetched answer may stand in for a new request. */
export const PREFETCH_FRESH_MS = 10_000;

type Shared = { token: string | null; askedAt: number; answer: Promise<Answer> };

const prefetched = new Map<string, Shared>();
const inFlight = new Map<string, Shared>();

function isFresh(entry: Shared, now: number): boolean {
  return now - entry.askedAt < PREFETCH_FRESH_MS;
}

/** Asks for `url` now, unless a fresh request for it with this token is already out. */
export function prefetchUrl(url: string, token: string, now: number = Date.now()): void {
  const existing = prefetched.get(url);
  if (existing && existing.token === token && isFresh(existing, now)) return;
  const answer = getAnswer(url, token);
  // Nobody may ever read it: a failure is the reader's to see, never an unhandled one.
  answer.catch(() => undefined);
  prefetched.set(url, { token, askedAt: now, answer });
}

/**
 * The answer to a GET of `url`: the prefetched one (handed over once, when asked with
 * this token and still fresh), else the one already in flight for it, else a new request.
 */
export function sharedGet(
  url: string,
  token: string | null,
  now: number = Date.now(),
): Promise<Answer> {
  const ahead = prefetched.get(url);
  if (ahead) {
    prefetched.delete(url);
    if (ahead.token === token && isFresh(ahead, now)) return ahead.answer;
  }
  const flying = inFlight.get(url);
  if (flying && flying.token === token) return flying.answer;
  const answer: Promise<Answer> = getAnswer(url, token).finally(() => {
    if (inFlight.get(url)?.answer === answer) inFlight.delete(url);
  });
  inFlight.set(url, { token, askedAt: now, answer });
  return answer;
}

/**
 * As a write leaves and again once it has answered: drops every unused prefetched answer,
 * and lets no later GET join a request that left before the write answered (those already
 * waiting on it still get it).
 */
export function forgetPrefetched(): void {
  prefetched.clear();
  inFlight.clear();
}

/** The URLs prefetched and not yet used: for tests. */
export function pendingPrefetches(): string[] {
  return [...prefetched.keys()];
}
