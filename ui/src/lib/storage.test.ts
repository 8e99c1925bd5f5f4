import { describe, expect, it } from 'vitest';

import { STORAGE_KEYS, storage } from './storage';

describe('browser storage keys (spec §3)', () => {
  it('uses exactly the spec key names, welcomeShown and the trusted-device tokens', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      [
        '2FAData',
        'activeOrgId',
        'activeRole',
        'preferredService',
        'refresh',
        'token',
        'trustedDevices',
        'welcomeShown',
        'wsId',
      ].sort(),
    );
  });

  it('stores the refresh token under refresh, and clears it with the rest', () => {
    storage.setRefreshToken('r1');
    expect(window.localStorage.getItem('refresh')).toBe('r1');
    expect(storage.getRefreshToken()).toBe('r1');
    storage.setDeviceToken('ada@books.ng', 'device-secret');
    storage.clear();
    expect(storage.getRefreshToken()).toBeNull();
    expect(storage.getDeviceToken('ADA@books.ng')).toBe('device-secret');
  });

  it('stores the token under token', () => {
    storage.setToken('jwt');
    expect(window.localStorage.getItem('token')).toBe('jwt');
  });

  it('stores the preferred service under preferredService', () => {
    storage.setPreferredService('accounting');
    expect(window.localStorage.getItem('preferredService')).toBe('accounting');
  });

  it('reads an unknown preferred service as none', () => {
    window.localStorage.setItem('preferredService', 'payroll');
    expect(storage.getPreferredService()).toBeNull();
  });

  it('stores the workspace, organization and role under wsId, activeOrgId and activeRole', () => {
    storage.setWorkspaceId('ws-1');
    storage.setActiveOrgId('org-1');
    storage.setActiveRole(2);
    expect(window.localStorage.getItem('wsId')).toBe('ws-1');
    expect(window.localStorage.getItem('activeOrgId')).toBe('org-1');
    expect(window.localStorage.getItem('activeRole')).toBe('2');
  });

  it('reads the active role as 0 when none is stored', () => {
    expect(storage.getActiveRole()).toBe(0);
  });

  it('stores the two-factor flags as JSON under 2FAData', () => {
    storage.setTwoFactor({ is_two_fa_enabled: true, is_google_authenticator_set: false });
    expect(JSON.parse(window.localStorage.getItem('2FAData') ?? 'null')).toEqual({
      is_two_fa_enabled: true,
      is_google_authenticator_set: false,
    });
  });

  it('stores the welcome flag under welcomeShown', () => {
    storage.setWelcomeShown(true);
    expect(window.localStorage.getItem('welcomeShown')).toBe('true');
    expect(storage.getWelcomeShown()).toBe(true);
  });

  it('clearing removes the stored session', () => {
    storage.setToken('jwt');
    storage.setWorkspaceId('ws-1');
    storage.clear();
    expect(storage.getToken()).toBeNull();
    expect(storage.getWorkspaceId()).toBeNull();
  });
});
