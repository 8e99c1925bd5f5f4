import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { routes } from './router';

/** Every path spec §2 names, as the app links to it. */
const SPEC_PATHS = [
  '/dashboard',
  '/accounting',
  '/accounting/journal-entry',
  '/accounting/trial-balance',
  '/accounting/general-ledger',
  '/accounting/payroll',
  '/accounting/financial-reports/income-summary',
  '/accounting/financial-reports/expense-summary',
  '/accounting/asset-schedule',
  '/accounting/financial-reports/financial-debt',
  '/reports-generation/downloads-and-attachments',
  '/notifications',
  '/activity-logs',
  '/license',
  '/wallet',
  '/settings',
  '/settings/workspaces',
  '/audit',
  '/audit/sessions/1',
  '/audit-shared/abc',
  '/workspace',
  '/auth/login',
  '/login',
  '/auth/register',
  '/auth/reset-password',
  '/auth/activate',
  '/auth/two-factor',
  '/invite-user',
  '/payment-completion',
  '/sandbox-checkout/LL-abc',
];

function leaf(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches[matches.length - 1]?.route;
}

describe('the route table (spec §2)', () => {
  it.each(SPEC_PATHS)('%s has its own route', (pathname) => {
    expect(leaf(pathname)?.path).not.toBe('*');
  });

  it('an unknown path falls through to the not-found route', () => {
    expect(leaf('/no-such-page')?.path).toBe('*');
  });

  it.each(['/dashboard', '/accounting/trial-balance', '/license', '/settings/account'])(
    '%s renders inside the main layout',
    (pathname) => {
      const matches = matchRoutes(routes, pathname) ?? [];
      // root → main layout (pathless) → page
      expect(matches[1]?.route.path).toBeUndefined();
      expect(matches[1]?.route.lazy).toBeDefined();
    },
  );

  it.each(['/audit', '/workspace', '/auth/login', '/audit-shared/abc', '/sandbox-checkout/LL-abc'])(
    '%s renders outside the main layout',
    (pathname) => {
      const matches = matchRoutes(routes, pathname) ?? [];
      expect(matches[1]?.route.path).toBeDefined();
    },
  );

  it('settings takes a tab value', () => {
    const matches = matchRoutes(routes, '/settings/security') ?? [];
    expect(matches[matches.length - 1]?.params).toMatchObject({ tabValue: 'security' });
  });
});
