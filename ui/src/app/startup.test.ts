import { describe, expect, it } from 'vitest';

import { isPublicPath, shouldShowMobileNotice, startRedirect } from './startup';

describe('start-up redirects (spec §2)', () => {
  it('a stored token at / goes to /audit when no service is preferred', () => {
    expect(startRedirect({ pathname: '/', token: 't', preferredService: null })).toBe('/audit');
  });

  it('a stored token at / goes to /audit when audit is preferred', () => {
    expect(startRedirect({ pathname: '/', token: 't', preferredService: 'audit' })).toBe('/audit');
  });

  it('a stored token at / goes to /dashboard when accounting is preferred', () => {
    expect(startRedirect({ pathname: '/', token: 't', preferredService: 'accounting' })).toBe(
      '/dashboard',
    );
  });

  it('a stored token on any other path stays there', () => {
    expect(
      startRedirect({ pathname: '/accounting/trial-balance', token: 't', preferredService: null }),
    ).toBeNull();
  });

  it('no token on a deep link goes to /auth/login', () => {
    expect(
      startRedirect({ pathname: '/accounting/trial-balance', token: null, preferredService: null }),
    ).toBe('/auth/login');
  });

  it('no token at / goes to /auth/login', () => {
    expect(startRedirect({ pathname: '/', token: null, preferredService: 'accounting' })).toBe(
      '/auth/login',
    );
  });

  it('no token on workspace creation goes to /auth/login', () => {
    expect(startRedirect({ pathname: '/workspace', token: null, preferredService: null })).toBe(
      '/auth/login',
    );
  });

  it.each([
    '/auth/login',
    '/auth/register',
    '/auth/reset-password',
    '/auth/activate',
    '/auth/two-factor',
    '/login',
    '/invite-user',
    '/audit-shared/abc',
    '/payment-completion',
    '/sandbox-checkout/LL-abc',
  ])('no token on the public path %s stays there', (pathname) => {
    expect(startRedirect({ pathname, token: null, preferredService: null })).toBeNull();
  });

  it('a path that only starts like a public one is not public', () => {
    expect(isPublicPath('/authority')).toBe(false);
    expect(isPublicPath('/audit')).toBe(false);
  });
});

describe('the small-screen notice (spec §1)', () => {
  it('shows at 768 px', () => {
    expect(shouldShowMobileNotice('/auth/login', 768)).toBe(true);
  });

  it('does not show at 769 px', () => {
    expect(shouldShowMobileNotice('/auth/login', 769)).toBe(false);
  });

  it('does not show on shared audit pages', () => {
    expect(shouldShowMobileNotice('/audit-shared/abc', 375)).toBe(false);
  });

  it("does not show on the sandbox provider's checkout", () => {
    expect(shouldShowMobileNotice('/sandbox-checkout/LL-abc', 375)).toBe(false);
  });
});
