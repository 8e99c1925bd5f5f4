/**
 * Stubs `fetch` at the network boundary for unit tests: each request is answered by the
 * first route whose method and path match, and every request is recorded.
 */
import { vi } from 'vitest';

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
};

export type RouteAnswer =
  { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

export type ApiRoute = {
  method: string;
  /** Path under /api/v1, e.g. '/notification/'; a RegExp matches by pattern. */
  path: string | RegExp;
  /** Answer for the request; may inspect it. */
  reply: (request: RecordedRequest) => RouteAnswer;
};

export function jsonResponse(status: number, body: unknown): Response {
  if (body === undefined || status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function stubApi(routes: ApiRoute[]) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    let body: unknown = undefined;
    if (init?.body instanceof FormData) body = init.body;
    else if (typeof init?.body === 'string') body = JSON.parse(init.body) as unknown;
    const request: RecordedRequest = { method, path, query: url.searchParams, body };
    requests.push(request);
    const route = routes.find(
      (r) =>
        r.method === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)),
    );
    if (!route) return jsonResponse(404, { detail: `no stub for ${method} ${path}` });
    const answer = await route.reply(request);
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** The paginated envelope of DESIGN.md §6. */
export function pageOf<T>(items: T[], { page = 1, pageSize = 20, count = items.length } = {}) {
  return {
    data: {
      data: items,
      count,
      page,
      page_size: pageSize,
      total_pages: Math.ceil(count / pageSize),
    },
  };
}
