/**
 * The accounting and audit screens as a list, each with what "it has shown its content"
 * means on it (the first data cell of its main grid, or its figures): shared by the speed
 * bench (`scripts/bench/ui`) and the screenshot script (`e2e/screenshot-screens.mjs`).
 *
 * Both sign in to an existing workspace of a running server (the demo books of
 * `ledgerline demo seed` are the intended subject) and never change it.
 */
import { chromium } from 'playwright-core';

export const BASE = (process.env.E2E_BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const API = `${BASE}/api/v1`;

export async function api(method, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${path} ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** Signs in (E2E_EMAIL, E2E_PASSWORD) and picks the workspace (E2E_WORKSPACE or the first). */
export async function signIn() {
  const email = process.env.E2E_EMAIL;
  const password = process.env.E2E_PASSWORD;
  if (!email || !password) {
    throw new Error(
      'Set E2E_EMAIL and E2E_PASSWORD (e.g. the demo Admin printed by `ledgerline demo seed`)',
    );
  }
  const token = (await api('POST', '/accounts/login/', { body: { email, password } })).data.access;
  const workspaces = (await api('GET', '/accounts/me/workspaces/', { token })).data;
  const workspace =
    workspaces.find((w) => w.id === process.env.E2E_WORKSPACE) ?? workspaces[0] ?? null;
  if (!workspace) throw new Error(`${email} has no workspace`);
  const sessions = (await api('GET', `/audit/workspaces/${workspace.id}/sessions/`, { token }))
    .data;
  const signed = sessions.find((s) => s.reviewer?.signed_at || s.performer?.signed_at);
  return { token, workspace, session: signed ?? sessions[0] ?? null };
}

const cell = (grid) => `[role="region"][aria-label="${grid} table"] [role="gridcell"]`;

/** Every screen to time and photograph; `ready` is a selector of its first content. */
export function screens({ session }) {
  const list = [
    {
      name: 'dashboard',
      service: 'accounting',
      path: '/dashboard',
      ready: '[data-testid="figure-income"]:has-text("₦")',
    },
    {
      name: 'chart-of-accounts',
      service: 'accounting',
      path: '/accounting',
      ready: cell('Chart of accounts'),
    },
    {
      name: 'journal-entries',
      service: 'accounting',
      path: '/accounting/journal-entry',
      ready: cell('Journal entries'),
    },
    {
      name: 'trial-balance',
      service: 'accounting',
      path: '/accounting/trial-balance',
      ready: cell('Trial balance'),
    },
    {
      name: 'general-ledger',
      service: 'accounting',
      path: '/accounting/general-ledger',
      ready: cell('General ledger'),
    },
    {
      name: 'income-summary',
      service: 'accounting',
      path: '/accounting/financial-reports/income-summary',
      ready: cell('Income summary'),
    },
    {
      name: 'expense-summary',
      service: 'accounting',
      path: '/accounting/financial-reports/expense-summary',
      ready: cell('Expenses summary'),
    },
    {
      name: 'activity-log',
      service: 'accounting',
      path: '/activity-logs',
      ready: cell('Activity log'),
    },
    {
      name: 'audit-sessions',
      service: 'audit',
      path: '/audit',
      ready: '[data-testid="audit-sessions"], [data-testid="empty-state"]',
    },
  ];
  if (session) {
    list.push({
      name: 'audit-session',
      service: 'audit',
      path: `/audit/sessions/${session.id}`,
      ready: cell('Flagged entries'),
    });
    const known = session.reviewer?.signed_at ?? session.performer?.signed_at;
    const query = new URLSearchParams({
      as_of: session.period_end,
      period_start: session.period_start,
      period_end: session.period_end,
      session: session.id,
      ...(known ? { known_at: known } : {}),
    });
    list.push({
      name: 'time-travel',
      service: 'audit',
      path: `/audit/time-travel?${query}`,
      ready: cell('Trial balance as known then'),
    });
  }
  return list;
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    headless: true,
  });
}

/** A fresh browser context (empty cache) signed in to the workspace, for one service. */
export async function signedInContext(browser, { token, workspace }, service, viewport) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1440, height: 900 } });
  await context.addInitScript(
    ({ token: t, ws, org, svc }) => {
      localStorage.setItem('token', t);
      localStorage.setItem('welcomeShown', 'true');
      localStorage.setItem('preferredService', svc);
      localStorage.setItem('wsId', ws);
      localStorage.setItem('activeOrgId', org);
    },
    { token, ws: workspace.id, org: workspace.organization_id, svc: service },
  );
  return context;
}
