import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';

import { logout } from './auth';

vi.mock('@/lib/navigation', () => ({ navigateTo: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

describe('sign-out', () => {
  it('ends the session on the server, then clears what the browser stored', async () => {
    window.localStorage.setItem('token', 'access.jwt');
    const { requests } = stubApi([
      { method: 'POST', path: '/accounts/logout/', reply: () => ({ body: { data: {} } }) },
    ]);
    await logout();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /accounts/logout/']);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('still signs out here when the server refuses', async () => {
    window.localStorage.setItem('token', 'access.jwt');
    stubApi([
      { method: 'POST', path: '/accounts/logout/', reply: () => ({ status: 500, body: {} }) },
    ]);
    await logout();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
