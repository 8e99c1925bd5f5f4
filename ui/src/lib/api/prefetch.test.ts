import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { apiClient, prefetch } from '@/lib/api-client';
import { STORAGE_KEYS } from '@/lib/storage';

import { PREFETCH_FRESH_MS, forgetPrefetched, pendingPrefetches } from './prefetch';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const ME = '/accounts/me/';
const body = z.object({ data: z.object({ n: z.number() }) });

/** Each request answers with the next number, so a shared answer shows as the same one. */
const fetchMock = vi.fn<typeof fetch>();
let answered = 0;

beforeEach(() => {
  answered = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => {
    answered += 1;
    return new Response(JSON.stringify({ data: { n: answered } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.token, 'token-a');
  forgetPrefetched();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const getMe = () => apiClient.get(ME, body).then((answer) => answer.data.n);

describe('answers asked for ahead of the screen', () => {
  it('a prefetched answer is what the screen gets, without asking again', async () => {
    prefetch(ME);
    expect(await getMe()).toBe(1);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer token-a',
    );
  });

  it('a prefetched answer is used once: the next request asks again', async () => {
    prefetch(ME);
    await getMe();
    expect(await getMe()).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an answer asked with another token is not used', async () => {
    prefetch(ME);
    localStorage.setItem(STORAGE_KEYS.token, 'token-b');
    expect(await getMe()).toBe(2);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer token-b',
    );
  });

  it('an answer older than the freshness window is not used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    prefetch(ME);
    vi.setSystemTime(Date.now() + PREFETCH_FRESH_MS);
    expect(await getMe()).toBe(2);
  });

  it('a write forgets every answer not yet used', async () => {
    prefetch(ME);
    await apiClient.post('/accounting/workspaces/w/journal-entries/', z.unknown(), {});
    expect(pendingPrefetches()).toEqual([]);
    expect(await getMe()).toBe(3);
  });

  it('a write that changes nothing read (the idempotent set-up) keeps them', async () => {
    prefetch(ME);
    await apiClient.post(
      '/accounting/workspaces/w/accounts/default/setup/',
      z.unknown(),
      undefined,
      { keepsPrefetched: true },
    );
    expect(await getMe()).toBe(1);
  });

  it('nothing is asked for ahead without a session', () => {
    localStorage.removeItem(STORAGE_KEYS.token);
    prefetch(ME);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('requests in flight', () => {
  it('two parts of a screen asking for the same URL at once share one request', async () => {
    const [first, second] = await Promise.all([getMe(), getMe()]);
    expect([first, second]).toEqual([1, 1]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('a request asked after the first answered asks again', async () => {
    await getMe();
    expect(await getMe()).toBe(2);
  });

  it('a GET after a write does not join one that left while the write ran', async () => {
    const held: (() => void)[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      await new Promise<void>((release) => held.push(release));
      if (init?.method === 'POST') return new Response(null, { status: 204 });
      answered += 1;
      return new Response(JSON.stringify({ data: { n: answered } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const write = apiClient.post(
      '/assistant/workspaces/w/conversations/c/messages/',
      z.unknown(),
      {},
    );
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // Read while the write runs: the server may answer it before the write commits.
    const during = getMe();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[0]?.();
    await write;

    const after = getMe();
    await vi.waitFor(() => expect(held).toHaveLength(3));
    held[1]?.();
    held[2]?.();
    expect(await during).toBe(1);
    expect(await after).toBe(2);
  });

  it('a GET after a write does not join a request that left before it', async () => {
    const before = getMe();
    await apiClient.post('/accounting/workspaces/w/journal-entries/', z.unknown(), {});
    const after = getMe();
    expect(await before).toBe(1);
    expect(await after).toBe(3);
  });
});
