/**
 * The one HTTP client of the UI (DESIGN.md §6, spec §7–§8).
 *
 * - Base `/api/v1`; every request sends `Accept: application/json` and, when a token is
 *   stored, `Authorization: Bearer <token>`. No default timeout (spec §7).
 * - Every response is parsed with the caller's zod schema: a shape the UI does not
 *   understand is an error, never silently trusted.
 * - Failures go through `handleApiError` (spec §8) unless the caller opts out, then are
 *   rethrown so forms and SWR see them.
 */
import { z } from 'zod';

import { paths } from '@/config/paths';
import {
  fillPath,
  type Accepts,
  type CallOf,
  type HttpMethod,
  type PathWith,
} from '@/lib/api/contract';
import {
  fetchAnswer,
  forgetPrefetched,
  prefetchUrl,
  readJson,
  sharedGet,
  type Answer,
} from '@/lib/api/prefetch';
import { flattenedErrorMessage } from '@/lib/error-message';
import { navigateTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { storage } from '@/lib/storage';

export const API_BASE_URL = '/api/v1';

/** Spec §8: the text of the toast for any 500 response. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

/** Spec §8: the error code that means the stored token is no longer accepted. */
export const TOKEN_NOT_VALID_CODE = 'token_not_valid';

/** A non-2xx answer from the API, with its parsed body (or null when not JSON). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer (server down, connection refused, aborted). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** The server answered 2xx with a body the UI's schema rejects. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Unexpected response shape from ${path}`);
  }
}

/** Raised by `requireParam` (spec §5: "Every call needs its path ids and body"). */
export class RequiredParamError extends Error {
  override readonly name = 'RequiredParamError';
  constructor(
    readonly param: string,
    readonly operation: string,
  ) {
    super(`Required parameter ${param} was null or undefined when calling ${operation}`);
  }
}

/** Returns `value`, or throws the spec's exact text when it is null or undefined. */
export function requireParam<T>(name: string, value: T | null | undefined, operation: string): T {
  if (value === null || value === undefined) {
    throw new RequiredParamError(name, operation);
  }
  return value;
}

/** Side effects of error handling, injectable so the mapping is testable. */
export type ErrorHandlingEnv = {
  toastError: (message: string) => void;
  clearStorage: () => void;
  navigate: (to: string) => void;
};

const defaultEnv: ErrorHandlingEnv = {
  toastError: (message) => notify.error(message),
  clearStorage: () => storage.clear(),
  navigate: (to) => navigateTo(to, { replace: true }),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec §8 error catalogue, in one place:
 * - any 500 (and any answer-less failure) → 'Something went wrong. Please try again later.'
 * - a body with `detail`: code `token_not_valid` clears storage and goes to /login;
 *   otherwise the detail is an error toast;
 * - each `non_field_errors` message is a toast; other list-valued fields give
 *   'field: message' toasts;
 * - a field holding nested errors (`lines: [{debit: [...]}]`) gives one toast, its first
 *   nested message as 'lines[0].debit: message'.
 */
export function handleApiError(error: unknown, env: ErrorHandlingEnv = defaultEnv): void {
  if (error instanceof RequiredParamError) {
    // A programming error at the call site: show it rather than hide it.
    env.toastError(error.message);
    return;
  }
  if (!(error instanceof ApiError)) {
    env.toastError(SERVER_ERROR_MESSAGE);
    return;
  }
  if (error.status >= 500) {
    env.toastError(SERVER_ERROR_MESSAGE);
    return;
  }
  const body = error.body;
  if (!isRecord(body)) return;

  const detail = body['detail'];
  if (detail !== undefined && detail !== null) {
    if (body['code'] === TOKEN_NOT_VALID_CODE) {
      env.clearStorage();
      env.navigate(paths.login);
      return;
    }
    env.toastError(typeof detail === 'string' ? detail : JSON.stringify(detail));
    return;
  }

  for (const [field, value] of Object.entries(body)) {
    const nested =
      isRecord(value) || (Array.isArray(value) && value.some((m) => typeof m !== 'string'));
    if (nested) {
      const message = flattenedErrorMessage({ [field]: value });
      if (message) env.toastError(message);
      continue;
    }
    if (!Array.isArray(value)) continue;
    for (const message of value) {
      if (typeof message !== 'string') continue;
      env.toastError(field === 'non_field_errors' ? message : `${field}: ${message}`);
    }
  }
}

/**
 * Spec §8 for the helper clients (payments, accounts) and every banner that shows a server
 * error as one line: the generic text for a 5xx or an answer-less failure, otherwise the
 * body's first nested message ('field: message' for a field).
 */
export function serverErrorMessage(error: unknown): string {
  if (error instanceof RequiredParamError) return error.message;
  if (!(error instanceof ApiError) || error.status >= 500) return SERVER_ERROR_MESSAGE;
  return flattenedErrorMessage(error.body) ?? SERVER_ERROR_MESSAGE;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type RequestOptions = {
  query?: Query;
  signal?: AbortSignal;
  /** Default true: run `handleApiError` before rethrowing. Listing calls opt out (spec §8). */
  handleErrors?: boolean;
  /** 'blob' reads a successful body as a file (downloads); errors are still JSON. */
  responseType?: 'json' | 'blob';
  /**
   * A write that changes nothing a screen has prefetched (the layout's idempotent
   * set-up): the answers asked for ahead stay usable. Any other write forgets them.
   */
  keepsPrefetched?: boolean;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Joins the base, the path and the query; `path` is written as in spec §7, e.g. '/accounts/me/'. */
export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  const normalized = path.startsWith('/') ? path : `/${path}`;
  return `${API_BASE_URL}${normalized}${search ? `?${search}` : ''}`;
}

/** Spec §7 POST /accounts/token/refresh/: a new access token (and a rotated refresh token). */
export const TOKEN_REFRESH_PATH = '/accounts/token/refresh/';

const refreshResponseSchema = z.object({
  data: z.object({ access: z.string().min(1), refresh: z.string().nullish() }),
});

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the stored refresh token for a new session, once at a time: calls that fail
 * together share one refresh (a rotated refresh token cannot be used twice). Resolves
 * true when a new access token is stored; never clears storage itself.
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refresh = storage.getRefreshToken();
  if (!refresh) return Promise.resolve(false);
  refreshing = (async () => {
    try {
      const response = await fetch(buildUrl(TOKEN_REFRESH_PATH), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) return false;
      const result = refreshResponseSchema.safeParse(await readJson(response));
      if (!result.success) return false;
      storage.setToken(result.data.data.access);
      storage.setRefreshToken(result.data.data.refresh ?? refresh);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function isTokenNotValid(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    isRecord(error.body) &&
    error.body['code'] === TOKEN_NOT_VALID_CODE
  );
}

async function send<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body: unknown,
  token: string | null,
  options: RequestOptions,
): Promise<z.infer<S>> {
  const { query, signal } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const url = buildUrl(path, query);
  // A write may change what any GET says. Neither an answer asked before it nor a GET that
  // left while it ran (which the server may have answered before the write committed) can
  // stand in for a GET asked once it has answered.
  const forgetsShared = method !== 'GET' && !options.keepsPrefetched;
  if (forgetsShared) forgetPrefetched();
  let answer: Answer;
  try {
    answer =
      method === 'GET' && !signal && options.responseType !== 'blob'
        ? await sharedGet(url, token)
        : await fetchAnswer(url, { method, headers, body: payload, signal }, options.responseType);
  } catch (cause) {
    throw new NetworkError(`${method} ${path} failed: ${String(cause)}`);
  } finally {
    if (forgetsShared) forgetPrefetched();
  }

  const { ok, status, body: parsed } = answer;
  if (!ok) {
    throw new ApiError(status, parsed, `${method} ${path} answered ${status}`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    throw new ResponseShapeError(path, result.error.issues);
  }
  return result.data;
}

async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body: unknown,
  options: RequestOptions,
): Promise<z.infer<S>> {
  const { signal, handleErrors = true } = options;
  try {
    const token = storage.getToken();
    try {
      return await send(method, path, schema, body, token, options);
    } catch (error) {
      // Spec §8: a token the server no longer accepts. Try one refresh (shared with any
      // other call failing now) and retry once; only then clear storage and sign out.
      if (!token || !isTokenNotValid(error)) throw error;
      const current = storage.getToken();
      const renewed = current !== null && current !== token ? true : await refreshSession();
      if (!renewed) throw error;
      return await send(method, path, schema, body, storage.getToken(), options);
    }
  } catch (error) {
    const aborted = signal?.aborted === true;
    if (handleErrors && !aborted) handleApiError(error);
    throw error;
  }
}

/**
 * A file body. Checked by shape, not `instanceof Blob`: a Blob made by another realm's
 * fetch (a test environment's) is a Blob all the same.
 */
const blobSchema = z.custom<Blob>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    'size' in value &&
    typeof (value as { arrayBuffer?: unknown }).arrayBuffer === 'function',
);

export const apiClient = {
  get: <S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}) =>
    request('GET', path, schema, undefined, options),
  post: <S extends z.ZodType>(
    path: string,
    schema: S,
    body?: unknown,
    options: RequestOptions = {},
  ) => request('POST', path, schema, body, options),
  put: <S extends z.ZodType>(
    path: string,
    schema: S,
    body?: unknown,
    options: RequestOptions = {},
  ) => request('PUT', path, schema, body, options),
  patch: <S extends z.ZodType>(
    path: string,
    schema: S,
    body?: unknown,
    options: RequestOptions = {},
  ) => request('PATCH', path, schema, body, options),
  delete: <S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}) =>
    request('DELETE', path, schema, undefined, options),
  /** GET a file (an export) with the session's token, as a Blob. */
  download: (path: string, options: RequestOptions = {}): Promise<Blob> =>
    request('GET', path, blobSchema, undefined, { ...options, responseType: 'blob' }),
};

/**
 * Asks now for a GET a screen is about to make (`lib/api/prefetch`): the same typed path
 * and call as `api.get`, so the URL is the one the screen's own request will build. Does
 * nothing without a stored token.
 */
export function prefetch<P extends PathWith<'get'>>(
  path: P,
  ...[call]: CallOf<P, 'get'> extends { params?: undefined }
    ? [call?: CallOf<P, 'get'>]
    : [call: CallOf<P, 'get'>]
): void {
  const token = storage.getToken();
  if (!token) return;
  const { params, query } = (call ?? {}) as { params?: Record<string, string>; query?: Query };
  prefetchUrl(buildUrl(fillPath(path, params), query), token);
}

/** What a typed call takes: its path parameters, query and body, then the request options. */
export type TypedCall<P extends PathWith<M>, M extends HttpMethod> = CallOf<P, M> &
  Omit<RequestOptions, 'query'>;

function typed<M extends HttpMethod>(method: M) {
  return <P extends PathWith<M>, S extends z.ZodType>(
    path: P,
    schema: S & Accepts<P, M, S>,
    ...[call]: CallOf<P, M> extends { params?: undefined; body?: undefined }
      ? [call?: TypedCall<P, M>]
      : [call: TypedCall<P, M>]
  ): Promise<z.infer<S>> => {
    const { params, body, query, ...options } = (call ?? {}) as TypedCall<P, M> & {
      params?: Record<string, string>;
      body?: unknown;
      query?: Query;
    };
    return request(method.toUpperCase() as Method, fillPath(path, params), schema, body, {
      ...options,
      query,
    });
  };
}

/**
 * The API's routes, typed from the server's OpenAPI document (`lib/api/contract.ts`):
 * `api.get('/accounting/workspaces/{workspace_id}/accounts/', schema, { params })`. The
 * path must be one the server has; params, query names and the JSON body are the
 * server's; and the zod schema must accept every success body the server may send.
 */
export const api = {
  get: typed('get'),
  post: typed('post'),
  put: typed('put'),
  patch: typed('patch'),
  delete: typed('delete'),
  /** GET a file (an export) of a typed path, as a Blob. */
  download: <P extends PathWith<'get'>>(
    path: P,
    call: Omit<TypedCall<P, 'get'>, 'body'>,
  ): Promise<Blob> => {
    const { params, query, ...options } = call as TypedCall<P, 'get'> & {
      params?: Record<string, string>;
      query?: Query;
    };
    return request('GET', fillPath(path, params), blobSchema, undefined, {
      ...options,
      query,
      responseType: 'blob',
    });
  },
};

/** `{"data": T}` — the success envelope of DESIGN.md §6. */
export function dataEnvelope<S extends z.ZodType>(inner: S) {
  return z.object({ data: inner });
}

/** Ids arrive as strings (UUID) or numbers; the UI keeps them as strings. */
export const idSchema = z.union([z.string(), z.number()]).transform((value) => String(value));

/** DESIGN.md §6: the largest page_size the API accepts unless the spec says otherwise. */
export const PAGE_SIZE_MAX = 100;

/**
 * `{"data": {"data": [...], "count", "page", "page_size", "total_pages"}}` — the
 * paginated envelope of DESIGN.md §6, unwrapped to its inner page.
 */
export function paginatedEnvelope<S extends z.ZodType>(item: S) {
  return z
    .object({
      data: z.object({
        data: z.array(item),
        count: z.number().int().nonnegative(),
        page: z.number().int().positive(),
        page_size: z.number().int().positive(),
        total_pages: z.number().int().nonnegative(),
      }),
    })
    .transform((envelope) => envelope.data);
}

/** One page of a paginated list, as `paginatedEnvelope` yields it. */
export type Page<T> = {
  data: T[];
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
};
