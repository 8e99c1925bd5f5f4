/**
 * Every route of the product, named once (spec §2). Components link with these values;
 * the router builds its patterns from them with `routePattern`.
 */

export const paths = {
  root: '/',
  dashboard: '/dashboard',
  notifications: '/notifications',
  accounting: {
    root: '/accounting',
    journalEntry: '/accounting/journal-entry',
    trialBalance: '/accounting/trial-balance',
    generalLedger: '/accounting/general-ledger',
    payroll: '/accounting/payroll',
    incomeSummary: '/accounting/financial-reports/income-summary',
    expenseSummary: '/accounting/financial-reports/expense-summary',
    balanceSheet: '/accounting/financial-reports/balance-sheet',
    incomeStatement: '/accounting/financial-reports/income-statement',
    cashFlow: '/accounting/financial-reports/cash-flow',
    assetSchedule: '/accounting/asset-schedule',
    debtManagement: '/accounting/financial-reports/financial-debt',
  },
  reports: {
    root: '/reports-generation',
    downloads: '/reports-generation/downloads-and-attachments',
  },
  activityLogs: '/activity-logs',
  license: '/license',
  wallet: '/wallet',
  settings: {
    root: '/settings',
    tab: (tabValue: string): string => `/settings/${encodeURIComponent(tabValue)}`,
    workspaceProfile: (workspaceId: string): string =>
      `/settings/workspaces?wsId=${encodeURIComponent(workspaceId)}`,
  },
  audit: '/audit',
  auditSession: (sessionId: string): string => `/audit/sessions/${encodeURIComponent(sessionId)}`,
  /** The books as known at a recorded time; `query` prefills its as-of, known-at and period. */
  auditTimeTravel: (query: Record<string, string> = {}): string => {
    const search = new URLSearchParams(query).toString();
    return search ? `/audit/time-travel?${search}` : '/audit/time-travel';
  },
  auditShared: {
    root: '/audit-shared',
    session: (sessionId: string): string => `/audit-shared/${encodeURIComponent(sessionId)}`,
  },
  workspace: {
    root: '/workspace',
  },
  auth: {
    root: '/auth',
    login: '/auth/login',
    register: '/auth/register',
    resetPassword: '/auth/reset-password',
    activate: '/auth/activate',
    twoFactor: '/auth/two-factor',
  },
  /** Short sign-in path the error handler sends an invalid token to (spec §8). */
  login: '/login',
  inviteUser: '/invite-user',
  paymentCompletion: '/payment-completion',
  /** The sandbox payment provider's checkout page (public; the tx_ref is its key). */
  sandboxCheckout: {
    root: '/sandbox-checkout',
    checkout: (txRef: string): string => `/sandbox-checkout/${encodeURIComponent(txRef)}`,
  },
} as const;

/** Service homes (spec §1): accounting lands on /dashboard, audit on /audit. */
export const serviceHome = {
  accounting: paths.dashboard,
  audit: paths.audit,
} as const;

/**
 * A route pattern relative to `parent`, e.g. routePattern('/accounting/payroll', '/accounting')
 * → 'payroll'. With `splat`, '/*' is appended so the area can own deeper paths.
 */
export function routePattern(path: string, parent = '/', splat = false): string {
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  if (!path.startsWith(base)) {
    throw new Error(`Route ${path} is not under ${parent}`);
  }
  const relative = path.slice(base.length);
  return splat ? `${relative}/*` : relative;
}
