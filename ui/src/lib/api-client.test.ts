import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import {
  ApiError,
  NetworkError,
  ResponseShapeError,
  SERVER_ERROR_MESSAGE,
  api,
  apiClient,
  buildUrl,
  handleApiError,
  requireParam,
  type ErrorHandlingEnv,
} from './api-client';
import { notify } from './notify';
import { STORAGE_KEYS } from './storage';

vi.mock('./notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

function fakeEnv() {
  const env = {
    toastError: vi.fn<(message: string) => void>(),
    clearStorage: vi.fn<() => void>(),
    navigate: vi.fn<(to: string) => void>(),
  } satisfies ErrorHandlingEnv;
  return env;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('the error catalogue (spec §8)', () => {
  it('a 500 response shows the generic server error toast', () => {
    const env = fakeEnv();
    handleApiError(new ApiError(500, { detail: 'boom' }, 'x'), env);
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith(
      'Something went wrong. Please try again later.',
    );
  });

  it('the generic server error text is verbatim from the spec', () => {
    expect(SERVER_ERROR_MESSAGE).toBe('Something went wrong. Please try again later.');
  });

  it('any other 5xx response also shows the generic server error toast', () => {
    const env = fakeEnv();
    handleApiError(new ApiError(503, null, 'x'), env);
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith(SERVER_ERROR_MESSAGE);
  });

  it('a request that never got an answer shows the generic server error toast', () => {
    const env = fakeEnv();
    handleApiError(new NetworkError('connection refused'), env);
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith(SERVER_ERROR_MESSAGE);
  });

  it('a detail with code token_not_valid clears storage and goes to /login', () => {
    const env = fakeEnv();
    handleApiError(
      new ApiError(401, { detail: 'Token is invalid', code: 'token_not_valid' }, 'x'),
      env,
    );
    expect(env.clearStorage).toHaveBeenCalledOnce();
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('a token_not_valid error shows no toast', () => {
    const env = fakeEnv();
    handleApiError(
      new ApiError(401, { detail: 'Token is invalid', code: 'token_not_valid' }, 'x'),
      env,
    );
    expect(env.toastError).not.toHaveBeenCalled();
  });

  it('any other detail is shown as an error toast', () => {
    const env = fakeEnv();
    handleApiError(
      new ApiError(
        403,
        {
          detail: 'Insufficient plan permissions to access this feature.',
          code: 'plan_restriction',
        },
        'x',
      ),
      env,
    );
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith(
      'Insufficient plan permissions to access this feature.',
    );
    expect(env.clearStorage).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('each non_field_errors message is its own toast, without a field prefix', () => {
    const env = fakeEnv();
    handleApiError(
      new ApiError(400, { non_field_errors: ['Entry does not balance', 'Period is locked'] }, 'x'),
      env,
    );
    expect(env.toastError.mock.calls).toEqual([['Entry does not balance'], ['Period is locked']]);
  });

  it("other list-valued fields give 'field: message' toasts", () => {
    const env = fakeEnv();
    handleApiError(
      new ApiError(
        400,
        {
          email: ['Enter a valid email address.'],
          name: ['This field is required.', 'Too short.'],
        },
        'x',
      ),
      env,
    );
    expect(env.toastError.mock.calls).toEqual([
      ['email: Enter a valid email address.'],
      ['name: This field is required.'],
      ['name: Too short.'],
    ]);
  });

  it('fields that are not lists give no toast', () => {
    const env = fakeEnv();
    handleApiError(new ApiError(400, { code: 'invalid', count: 3 }, 'x'), env);
    expect(env.toastError).not.toHaveBeenCalled();
  });

  it('a 4xx without a JSON body gives no toast', () => {
    const env = fakeEnv();
    handleApiError(new ApiError(404, null, 'x'), env);
    expect(env.toastError).not.toHaveBeenCalled();
  });
});

describe('requireParam', () => {
  it('throws the spec text when the value is null', () => {
    expect(() => requireParam('workspaceId', null, 'setupDefaultAccounts')).toThrow(
      /^Required parameter workspaceId was null or undefined when calling setupDefaultAccounts$/,
    );
  });

  it('throws the spec text, without a trailing period, when the value is undefined', () => {
    let message = '';
    try {
      requireParam('organizationId', undefined, 'createWorkspace');
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toBe(
      'Required parameter organizationId was null or undefined when calling createWorkspace',
    );
  });

  it('returns falsy values that are present, such as 0 and the empty string', () => {
    expect(requireParam('page', 0, 'list')).toBe(0);
    expect(requireParam('name', '', 'create')).toBe('');
  });
});

describe('the API client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts every path under /api/v1 and leaves out empty query values', () => {
    expect(
      buildUrl('/accounts/services/', { page: 1, page_size: 100, slug: null, email: undefined }),
    ).toBe('/api/v1/accounts/services/?page=1&page_size=100');
  });

  it('sends the stored token as a bearer token and asks for JSON', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'abc.def');
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { ok: true } }));
    await apiClient.get('/accounts/me/', z.unknown());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/v1/accounts/me/');
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiClient.get('/accounts/services/', z.unknown());
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sets no timeout on requests', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiClient.post('/accounts/login/', z.unknown(), { email: 'a@b.co' });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBeUndefined();
  });

  it('sends a body as JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiClient.post('/accounts/login/', z.unknown(), { email: 'a@b.co', password: 'pw' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.co","password":"pw"}');
  });

  it('parses a success body with the caller schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { name: 'Acme' } }));
    const body = await apiClient.get('/x/', z.object({ data: z.object({ name: z.string() }) }));
    expect(body.data.name).toBe('Acme');
  });

  it('rejects a success body the schema does not accept', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { name: 42 } }));
    await expect(
      apiClient.get('/x/', z.object({ data: z.object({ name: z.string() }) }), {
        handleErrors: false,
      }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('a failed request is handled by the error catalogue and rethrown', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { detail: 'Workspace name taken' }));
    await expect(apiClient.post('/x/', z.unknown(), {})).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenCalledWith('Workspace name taken');
  });

  it('a call that opts out of error handling shows no toast', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { detail: 'Nope' }));
    await expect(apiClient.get('/x/', z.unknown(), { handleErrors: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a token_not_valid answer clears the stored session', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'expired');
    window.localStorage.setItem(STORAGE_KEYS.wsId, 'ws-1');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: assign });
    fetchMock.mockResolvedValue(
      jsonResponse(401, { detail: 'Token expired', code: 'token_not_valid' }),
    );
    await expect(apiClient.get('/accounts/me/', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.wsId)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });
});

describe('refreshing the session on token_not_valid (spec §8)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const expired = () => jsonResponse(401, { detail: 'Token expired', code: 'token_not_valid' });
  const authOf = (call: Parameters<typeof fetch>) =>
    new Headers(call[1]?.headers).get('Authorization');

  beforeEach(() => {
    window.localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    vi.mocked(notify.error).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes once, stores the rotated tokens and retries the call', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'old-access');
    window.localStorage.setItem(STORAGE_KEYS.refresh, 'refresh-1');
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(
        jsonResponse(200, { data: { access: 'new-access', refresh: 'refresh-2' } }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { data: { ok: true } }));
    await expect(apiClient.get('/accounts/me/', z.unknown())).resolves.toEqual({
      data: { ok: true },
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1] ?? [];
    expect(refreshUrl).toBe('/api/v1/accounts/token/refresh/');
    expect(refreshInit?.method).toBe('POST');
    expect(refreshInit?.body).toBe(JSON.stringify({ refresh: 'refresh-1' }));
    expect(authOf(fetchMock.mock.calls[2] as Parameters<typeof fetch>)).toBe('Bearer new-access');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('new-access');
    expect(window.localStorage.getItem(STORAGE_KEYS.refresh)).toBe('refresh-2');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('calls failing together share one refresh (single flight)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'old-access');
    window.localStorage.setItem(STORAGE_KEYS.refresh, 'refresh-1');
    let refreshes = 0;
    fetchMock.mockImplementation(async (input, init) => {
      await Promise.resolve();
      if (String(input).endsWith('/token/refresh/')) {
        refreshes += 1;
        return jsonResponse(200, { data: { access: 'new-access', refresh: 'refresh-2' } });
      }
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new-access' ? jsonResponse(200, { data: 1 }) : expired();
    });
    const results = await Promise.all([
      apiClient.get('/a/', z.unknown()),
      apiClient.get('/b/', z.unknown()),
      apiClient.get('/c/', z.unknown()),
    ]);
    expect(results).toEqual([{ data: 1 }, { data: 1 }, { data: 1 }]);
    expect(refreshes).toBe(1);
  });

  it('a refused refresh clears storage and goes to /login', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'old-access');
    window.localStorage.setItem(STORAGE_KEYS.refresh, 'reused');
    window.localStorage.setItem(STORAGE_KEYS.wsId, 'ws-1');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: assign });
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(
        jsonResponse(401, { detail: 'Token is invalid', code: 'token_not_valid' }),
      );
    await expect(apiClient.get('/accounts/me/', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refresh)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.wsId)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('without a refresh token it signs out at once; a retried call that fails again is not retried', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'old-access');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: assign });
    fetchMock.mockResolvedValue(expired());
    await expect(apiClient.get('/accounts/me/', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/login');

    fetchMock.mockReset();
    window.localStorage.setItem(STORAGE_KEYS.token, 'old-access');
    window.localStorage.setItem(STORAGE_KEYS.refresh, 'refresh-1');
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(
        jsonResponse(200, { data: { access: 'new-access', refresh: 'refresh-2' } }),
      )
      .mockResolvedValueOnce(expired());
    await expect(apiClient.get('/accounts/me/', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('the typed routes of the contract (api.*)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('fills the path parameters, sends the query and the JSON body with the method', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { id: 'e1' } }));
    await api.patch(
      '/accounting/workspaces/{workspace_id}/journal-entries/{id}/',
      z.object({ data: z.object({ id: z.string() }).loose() }),
      {
        params: { workspace_id: 'ws 1', id: 'e1' },
        body: { date: '2026-01-31', memo: 'm', reference: '', lines: [] },
      },
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/accounting/workspaces/ws%201/journal-entries/e1/');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      date: '2026-01-31',
      memo: 'm',
      reference: '',
      lines: [],
    });
  });

  it('parses the answer with the given schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { exists: true } }));
    const answer = await api.post(
      '/accounts/email-exists/check/',
      z.object({ data: z.object({ exists: z.boolean() }) }),
      { body: { email: 'a@b.co' } },
    );
    expect(answer.data.exists).toBe(true);
  });
});
