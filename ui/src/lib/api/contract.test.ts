import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import { fillPath } from './contract';

describe('fillPath', () => {
  it('puts each path parameter in its place, encoded', () => {
    expect(
      fillPath('/accounting/workspaces/{workspace_id}/journal-entries/{id}/', {
        workspace_id: 'ws 1',
        id: 'a/b',
      }),
    ).toBe('/accounting/workspaces/ws%201/journal-entries/a%2Fb/');
  });

  it('leaves a path without parameters as it is', () => {
    expect(fillPath('/accounts/me/', undefined)).toBe('/accounts/me/');
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => fillPath('/notification/{id}/', {})).toThrow(/Missing path parameter id/);
  });
});

/**
 * The type checker is the test here (`npm run typecheck` fails when an expected error
 * goes away): calls that break the contract do not compile. The functions never run.
 */
describe('calls that break the contract', () => {
  it('do not compile', () => {
    const calls = [
      // @ts-expect-error a path the server does not have
      () => api.get('/no-such-route/', z.unknown()),
      // @ts-expect-error the path's parameters are missing
      () => api.get('/notification/{id}/', z.unknown()),
      // @ts-expect-error a parameter the path does not have
      () => api.get('/notification/{id}/', z.unknown(), { params: { id: 'n1', other: 'x' } }),
      // @ts-expect-error the body lacks a field the server requires
      () => api.post('/accounts/login/', z.unknown(), { body: { email: 'a@b.co' } }),
      // @ts-expect-error a query parameter the route does not read
      () => api.get('/notification/', z.unknown(), { query: { colour: 'red' } }),
      () =>
        api.get(
          '/accounts/me/',
          // @ts-expect-error the schema requires a field the answer does not have
          z.object({ data: z.object({ nickname: z.string() }) }),
        ),
      () =>
        api.get(
          '/accounts/me/',
          // @ts-expect-error the schema wants a number where the answer has a string
          z.object({ data: z.object({ email: z.number() }) }),
        ),
    ];
    expect(calls).toHaveLength(7);
  });
});
