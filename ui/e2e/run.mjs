#!/usr/bin/env node
/**
 * Browser suite: drives Debian's chromium with playwright-core (no browser download)
 * against a running Ledgerline UI — `vite preview` locally or `ledgerline serve` later.
 *
 *   E2E_BASE_URL   where the UI is served (default http://127.0.0.1:8080)
 *   CHROMIUM_PATH  the browser (default /usr/bin/chromium)
 *
 * Runs against the real server: users, mail and workspaces are created through its API;
 * nothing under /api is answered by the suite. Prints one line per test (`SKIP` for tests
 * whose subject the server does not offer yet) and ends with `N passed, M failed, K skipped`.
 * Exits 1 on any failed check or any console error not allowed by the test.
 * Screenshots go to e2e/screenshots/<name>.png.
 *
 *   E2E_ONLY       run only the tests whose name matches this pattern
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { deliveredMails } from './mailbox.mjs';

import { registerAccountingTests } from './accounting.mjs';
import { registerAuditTests } from './audit.mjs';
import { registerAuditContinuousTests } from './audit-continuous.mjs';
import { registerAuditWorkpaperTests } from './audit-workpapers.mjs';
import { registerBillingTests } from './billing.mjs';
import { registerWalletTests } from './wallet.mjs';
import { registerPayrollTests } from './payroll.mjs';
import { registerFixedAssetTests } from './fixed-assets.mjs';
import { registerLayoutTests } from './layout.mjs';
import { registerAssistantTests } from './assistant.mjs';
import { registerDebtTests } from './debts.mjs';
import { registerPrefetchTests } from './prefetch.mjs';
import { registerDocumentTests } from './documents.mjs';
import { registerOrganizationTests } from './organization.mjs';
import { registerReportTests } from './reports.mjs';
import { registerSecurityTests } from './security.mjs';
import { waitForPlots } from './screens.mjs';
import { registerSmallScreenTests } from './small-screens.mjs';
import { registerStatementTests } from './statements.mjs';
import { registerFiscalYearTests } from './fiscal-years.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const baseUrl = (process.env.E2E_BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const screenshotDir = join(here, 'screenshots');
/** Upper bound for any single wait, so a broken page fails instead of hanging; generous
 * because on a loaded 2-core machine SQLite projector retries can hold a read model back. */
const WAIT_MS = 30_000;

/**
 * Clicks `button` until `done()` holds, for up to WAIT_MS: a control that asks the
 * signed-in user's role answers only once the page has it, which a loaded machine may take
 * seconds to fetch.
 */
async function clickUntil(page, button, done) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await done()) && Date.now() < deadline) {
    await button.click();
    await page.waitForTimeout(250);
  }
}
/** A response slower than this is listed with a failed test's diagnostics. */
const SLOW_RESPONSE_MS = Number(process.env.E2E_SLOW_MS ?? 3_000);
const DESKTOP = { width: 1440, height: 900 };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function ensureChromium() {
  if (existsSync(executablePath)) return;
  // Debian's chromium only; never a downloaded browser build.
  if (executablePath === '/usr/bin/chromium' && process.getuid?.() === 0) {
    console.log('# chromium missing: installing the Debian package');
    const run = (cmd) => spawnSync('sh', ['-c', cmd], { stdio: 'inherit' }).status === 0;
    if (
      run('apt-get update -qq') &&
      run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium') &&
      existsSync(executablePath)
    ) {
      return;
    }
  }
  console.log(
    `FAIL chromium not found at ${executablePath}; install it with: apt-get install -y chromium`,
  );
  console.log('0 passed, 1 failed');
  process.exit(1);
}

async function ensureServer() {
  try {
    const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(WAIT_MS) });
    if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`FAIL the UI is reachable at ${baseUrl}: ${reason}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------
// The real server. Every test that needs a user registers one through the API, reads the
// verification mail from the embedded outbox, verifies and signs in; workspaces are
// created through the API too. Nothing under /api is answered by the suite itself.

const API = `${baseUrl}/api/v1`;
const PASSWORD = 'Ledger2026';
let emailSeq = 0;

/** A fresh address per call, so every test starts from its own user. */
function uniqueEmail(tag = 'user') {
  emailSeq += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${emailSeq}@e2e.example.com`;
}

/** One API call; throws unless the status is the expected one. Returns the parsed body. */
async function api(method, path, { token, body, expect = [200, 201] } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : null;
  const expected = Array.isArray(expect) ? expect : [expect];
  if (!expected.includes(response.status)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return parsed;
}

/**
 * Posts a two-line entry through the API as `user` in `ws`: `amount` debited to the account
 * `debit` and credited to `credit` (account ids). Returns `{id, entry_number}`.
 */
async function postEntry({ user, ws }, { date, debit, credit, amount, memo = 'E2E entry' }) {
  const { data } = await api('POST', `/accounting/workspaces/${ws.id}/journal-entries/`, {
    token: user.access,
    expect: 201,
    body: {
      date,
      memo,
      reference: '',
      post: true,
      lines: [
        { account_id: debit, description: memo, debit: amount, credit: '' },
        { account_id: credit, description: memo, debit: '', credit: amount },
      ],
    },
  });
  return data;
}

/** The newest link `<base>/auth/<page>?token=…` mailed to `email` (polls the mailbox). */
async function mailedLink(email, page) {
  const pattern = new RegExp(`https?://[^\\s]*/auth/${page}\\?token=[0-9a-f]+`);
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    for (const mail of deliveredMails()) {
      if (mail.recipient !== email) continue;
      const match = mail.body.match(pattern);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no /auth/${page} link mailed to ${email}`);
}

/** The link's path and query on the server under test (the mail may name another host). */
function onServer(link) {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** The newest invitation link `<base>/invite-user?token=…` mailed to `email`. */
async function mailedInvite(email) {
  const pattern = /https?:\/\/[^\s]*\/invite-user\?token=[0-9a-f]+/;
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    for (const mail of deliveredMails()) {
      if (mail.recipient !== email) continue;
      const match = mail.body.match(pattern);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no /invite-user link mailed to ${email}`);
}

const tokenOf = (link) => new URL(link).searchParams.get('token');

/** Invites `email` by e-mail through the API; returns the mailed link. */
async function inviteByEmail(admin, workspaces, email, role = 2) {
  await api('POST', `/accounts/organizations/${admin.organization_id}/invitations/`, {
    token: admin.access,
    body: { email, role, workspaces: workspaces.map((ws) => ws.id) },
    expect: 201,
  });
  return mailedInvite(email);
}

/** A viewer link invitation through the API; returns the link. */
async function inviteByLink(admin, workspaces) {
  const { data } = await api(
    'POST',
    `/accounts/organizations/${admin.organization_id}/invitations/link/`,
    {
      token: admin.access,
      body: { role: 0, workspaces: workspaces.map((ws) => ws.id) },
      expect: 201,
    },
  );
  return data.link;
}

/** The organization's memberships as the server lists them. */
async function memberships(admin) {
  const { data } = await api(
    'GET',
    `/accounts/organizations/${admin.organization_id}/memberships/?page=1&page_size=100`,
    { token: admin.access },
  );
  return data.data;
}

/**
 * Registers, verifies (through the mailed token) and signs in a user through the API.
 * Returns the registration data plus `email`, `password`, `access` and `refresh`.
 */
async function createUser({
  first_name = 'Ada',
  last_name = 'Okafor',
  organization_name = 'Acme Holdings',
  email = uniqueEmail(first_name.toLowerCase()),
  password = PASSWORD,
  verify = true,
} = {}) {
  const { data: user } = await api('POST', '/accounts/register/', {
    body: { first_name, last_name, email, password, organization_name },
    expect: 201,
  });
  const result = { ...user, email, password };
  if (!verify) return result;
  const token = new URL(await mailedLink(email, 'activate')).searchParams.get('token');
  await api('POST', '/accounts/email-verification/complete/', { body: { token } });
  const { data: tokens } = await api('POST', '/accounts/login/', { body: { email, password } });
  return { ...result, access: tokens.access, refresh: tokens.refresh };
}

/** Creates a workspace in the user's organization through the API (201). */
async function createWorkspace(user, name) {
  const { data } = await api(
    'POST',
    `/accounts/organizations/${user.organization_id}/workspaces/`,
    {
      token: user.access,
      body: { name },
      expect: 201,
    },
  );
  return data;
}

/** A verified user with the named workspaces in their organization. */
async function userWithWorkspaces(names = ['Acme Nigeria Ltd'], options = {}) {
  const user = await createUser(options);
  const workspaces = [];
  for (const name of names) workspaces.push(await createWorkspace(user, name));
  return { user, workspaces };
}

/**
 * Signs `user` in for tests that are not about signing in: the real access token goes to
 * localStorage before any page script runs. The welcome dialog is marked as seen unless
 * the test is about it, so it does not cover what the test clicks.
 */
async function withSession(context, user, extra = {}) {
  await context.addInitScript(
    (items) => {
      // Only on the first document of the test: later reloads keep what the app stored.
      if (window.sessionStorage.getItem('e2e-seeded') === 'yes') return;
      window.sessionStorage.setItem('e2e-seeded', 'yes');
      for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    },
    { token: user.access, welcomeShown: 'true', ...extra },
  );
}

async function storedContext(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      ['token', 'wsId', 'activeOrgId', 'activeRole', 'preferredService', 'welcomeShown'].map(
        (key) => [key, window.localStorage.getItem(key)],
      ),
    ),
  );
}

/** The server's `detail` for a route it does not offer: no screen may toast it. */
const MISSING_ROUTE_TEXT = 'No such API route.';

// ---------------------------------------------------------------------------

const tests = [];
/**
 * `allowConsole`: console errors a test provokes on purpose (RegExp on the text). Any
 * other console error fails the test.
 */
const test = (name, fn, { allowConsole = [] } = {}) => tests.push({ name, fn, allowConsole });
/** A test whose subject is a feature the server lacks: listed, not run, not counted as passed. */
const pending = (name, needs) => tests.push({ name, needs });

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function pathOf(page) {
  return new URL(page.url()).pathname;
}

async function waitForPath(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: WAIT_MS });
}

async function shot(page, name, { settleMs = 0 } = {}) {
  await waitForPlots(page, WAIT_MS);
  // Menus and modals fade in; let them settle so the picture shows the final state.
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

/** Waits until an input shows `value` (inputs fill in once the server's answer arrives). */
async function waitForValue(locator, value) {
  const deadline = Date.now() + WAIT_MS;
  let seen = null;
  while (Date.now() < deadline) {
    seen = await locator.inputValue().catch(() => null);
    if (seen === value) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the input shows ${JSON.stringify(seen)}, not ${JSON.stringify(value)}`);
}

async function signInWithForm(page, email, password) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

// --- Public pages ---------------------------------------------------------------

test('a deep link without a token lands on /auth/login', async ({ page }) => {
  await page.goto(`${baseUrl}/accounting/trial-balance`);
  await waitForPath(page, '/auth/login');
  await page.getByRole('heading', { name: 'Sign in to Ledgerline' }).waitFor({ timeout: WAIT_MS });
  await shot(page, 'login');
});

test('the login form shows validation on an empty submit', async ({ page }) => {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Email is required').waitFor({ timeout: WAIT_MS });
  await page.getByText('Password is required').waitFor({ timeout: WAIT_MS });
  await shot(page, 'login-validation');
});

test('/login shows the sign-in page', async ({ page }) => {
  await page.goto(`${baseUrl}/login`);
  await waitForPath(page, '/auth/login');
});

test('the register page is a form with names, email and password', async ({ page }) => {
  await page.goto(`${baseUrl}/auth/register`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('First Name is required').waitFor({ timeout: WAIT_MS });
  await page.getByText('Last Name is required').waitFor({ timeout: WAIT_MS });
  await shot(page, 'register');
});

test('the mobile notice shows at 768 px width', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByTestId('mobile-notice').waitFor({ timeout: WAIT_MS });
  // Sign-in stays usable on a phone: the notice is a banner above the form.
  await page.getByLabel('Email').first().waitFor({ timeout: WAIT_MS });
  await shot(page, 'mobile-notice');
  await page.getByRole('button', { name: 'Continue anyway' }).click();
  check(
    (await page.getByTestId('mobile-notice').count()) === 0,
    'the notice stays after Continue anyway',
  );
});

test(
  'the mobile notice does not show on /audit-shared/abc',
  async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`${baseUrl}/audit-shared/abc`);
    // `abc` is no share token: the page says so instead of the result.
    await page
      .getByRole('heading', { name: 'This shared audit is not available', exact: true })
      .waitFor({ timeout: WAIT_MS });
    const notices = await page.getByTestId('mobile-notice').count();
    check(notices === 0, 'mobile notice shown on a shared audit page');
    check((await pathOf(page)) === '/audit-shared/abc', `moved to ${await pathOf(page)}`);
    await shot(page, 'audit-shared');
  },
  // The unknown token's 404 is the answer the page is built for.
  { allowConsole: [/status of 404/] },
);

// --- Sign-up, activation, sign-in, password reset (real server, real mail) -------

test(
  'sign up in the browser, activate from the mailed link, sign in and land on /audit',
  async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto(`${baseUrl}/auth/register`);
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('First name').fill('Chioma');
    await form.getByLabel('Last name').fill('Eze');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your inbox').waitFor({ timeout: WAIT_MS });
    await shot(page, 'register-done');
    // Resend: a second verification mail; its link (the newest) is the one used below.
    const first = await mailedLink(email, 'activate');
    await page.getByRole('button', { name: 'Resend e-mail' }).click();
    await page.getByText('Verification e-mail sent').waitFor({ timeout: WAIT_MS });
    const mailsTo = () => deliveredMails().filter((mail) => mail.recipient === email).length;
    for (const deadline = Date.now() + WAIT_MS; mailsTo() < 2 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mails = mailsTo();
    check(mails === 2, `${mails} mails to the new address`);
    check((await mailedLink(email, 'activate')) !== first, 'the resent mail has the same link');

    // Signing in before the e-mail is verified is refused with the server's reason.
    await page.goto(`${baseUrl}/auth/login`);
    await signInWithForm(page, email, PASSWORD);
    await page.getByText(/Verify your e-mail address before signing in/).waitFor({
      timeout: WAIT_MS,
    });
    check((await pathOf(page)) === '/auth/login', `moved to ${await pathOf(page)}`);

    await page.goto(onServer(await mailedLink(email, 'activate')));
    await page.getByText('Your e-mail is verified').waitFor({ timeout: WAIT_MS });
    await shot(page, 'activated');
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await waitForPath(page, '/auth/login');
    await signInWithForm(page, email, PASSWORD);
    // No preferred service yet: start-up sends the user to audit (spec §2).
    await waitForPath(page, '/audit');
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor({ timeout: WAIT_MS });
    await page
      .getByTestId('account-menu')
      .getByText('C', { exact: true })
      .waitFor({ timeout: WAIT_MS });
    const stored = await storedContext(page);
    check(Boolean(stored.token), 'no token stored after sign-in');
    // The activation link works once.
    await api('POST', '/accounts/email-verification/complete/', {
      body: { token: new URL(await mailedLink(email, 'activate')).searchParams.get('token') },
      expect: 400,
    });
  },
  { allowConsole: [/status of 400/] },
);

test(
  'a wrong password is refused with the server message and keeps the user on sign-in',
  async ({ page }) => {
    const user = await createUser();
    await page.goto(`${baseUrl}/auth/login`);
    await signInWithForm(page, user.email, 'Wrong-password-1');
    await page
      .getByText('No active account found with the given credentials')
      .waitFor({ timeout: WAIT_MS });
    await shot(page, 'login-refused', { settleMs: 300 });
    check((await pathOf(page)) === '/auth/login', `moved to ${await pathOf(page)}`);
    check((await storedContext(page)).token === null, 'a token was stored');
  },
  { allowConsole: [/status of 400/] },
);

test('a signed-in user with preferredService=accounting lands on /dashboard after sign-in', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await context.addInitScript(() => window.localStorage.setItem('preferredService', 'accounting'));
  await page.goto(`${baseUrl}/auth/login`);
  await signInWithForm(page, user.email, user.password);
  await waitForPath(page, '/dashboard');
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
});

test('password reset through the mailed link, then sign in with the new password', async ({
  page,
}) => {
  const user = await createUser();
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await waitForPath(page, '/auth/reset-password');
  const request = page.getByRole('form', { name: 'Request password reset' });
  await request.getByLabel('Email').fill(user.email);
  await request.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('Check your inbox').waitFor({ timeout: WAIT_MS });

  const link = await mailedLink(user.email, 'reset-password');
  await page.goto(onServer(link));
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor({ timeout: WAIT_MS });
  const newPassword = 'Fresh-start-77';
  const form = page.getByRole('form', { name: 'Set new password' });
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await shot(page, 'reset-password');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await waitForPath(page, '/auth/login');
  await page
    .getByText('Your password has been changed. Sign in with the new one.')
    .waitFor({ timeout: WAIT_MS });
  // The old password no longer works, the new one does.
  await api('POST', '/accounts/login/', {
    body: { email: user.email, password: user.password },
    expect: 400,
  });
  await signInWithForm(page, user.email, newPassword);
  await waitForPath(page, '/audit');
});

// --- Start-up and layout (real user, real workspaces) ----------------------------

test('a stored token at / goes to /audit by default', async ({ page, context }) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user);
  await page.goto(`${baseUrl}/`);
  await waitForPath(page, '/audit');
  await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor({ timeout: WAIT_MS });
  await page
    .getByTestId('account-menu')
    .getByText('A', { exact: true })
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'audit');
});

test('a stored token at / with preferredService=accounting goes to /dashboard', async ({
  page,
  context,
}) => {
  const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd', 'Brightside Foods']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/`);
  await waitForPath(page, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ timeout: WAIT_MS });
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  // No workspace flagged latest yet: the first in the list becomes active (spec §2).
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
  const stored = await storedContext(page);
  check(
    stored.wsId === workspaces[0].id &&
      stored.activeOrgId === user.organization_id &&
      stored.activeRole === '2',
    `stored ${JSON.stringify(stored)}`,
  );
  await shot(page, 'dashboard');
});

test('the sidebar is 315 px wide with the workspace rail', async ({ page, context }) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  const rail = await page.getByTestId('workspace-rail').boundingBox();
  check(sidebar?.width === 315, `sidebar is ${sidebar?.width} px wide`);
  check(rail?.width === 55, `rail is ${rail?.width} px wide`);
});

test('Accounting expands with all 8 sub-items of the spec on /accounting/trial-balance', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user);
  await page.goto(`${baseUrl}/accounting/trial-balance`);
  await page
    .getByRole('heading', { name: 'Trial Balance', exact: true })
    .waitFor({ timeout: WAIT_MS });
  const links = await page.getByTestId('accounting-subnav').getByRole('link').count();
  check(links === 8, `${links} accounting sub-items`);
  await page.getByTestId('nav-/accounting/trial-balance').hover();
  await page
    .getByRole('tooltip')
    .getByText('Debit and credit totals of every account as of any date.')
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'trial-balance');
});

test('the account menu offers My account, Manage plan and Logout', async ({ page, context }) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user);
  await page.goto(`${baseUrl}/accounting`);
  await page.getByTestId('account-menu').click();
  for (const item of ['My account', 'Manage plan', 'Logout']) {
    await page.getByRole('menuitem', { name: item }).waitFor({ timeout: WAIT_MS });
  }
  await shot(page, 'account-menu', { settleMs: 400 });
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await waitForPath(page, '/auth/login');
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  check(token === null, 'token still stored after Logout');
});

test('the license page lists the three plans and their limits', async ({ page, context }) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user);
  await page.goto(`${baseUrl}/license`);
  for (const plan of ['Basic', 'Professional', 'Enterprise']) {
    await page.getByRole('columnheader', { name: new RegExp(plan) }).waitFor({ timeout: WAIT_MS });
  }
  await shot(page, 'license');
});

test(
  'a screen whose code fails to load at start sends the user to /auth/login',
  async ({ page, context }) => {
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    await withSession(context, user);
    // The browser cannot fetch the screen's chunk: a real network failure, not an API answer.
    await context.route('**/assets/trial-balance-*.js', (route) => route.abort('failed'));
    await page.goto(`${baseUrl}/accounting/trial-balance`);
    await waitForPath(page, '/auth/login');
  },
  { allowConsole: [/Failed to load resource: net::ERR_FAILED/, /dynamically imported module/i] },
);

test('a user who joined today is welcomed with a choice of service, once', async ({
  page,
  context,
}) => {
  // A user registered a moment ago joined today (date_joined comes from the server).
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { welcomeShown: '' });
  await context.addInitScript(() => {
    if (window.localStorage.getItem('welcomeShown') === '') {
      window.localStorage.removeItem('welcomeShown');
    }
  });
  await page.goto(`${baseUrl}/audit`);
  const dialog = page.getByRole('dialog', { name: 'Welcome, Ada' });
  await dialog.waitFor({ timeout: WAIT_MS });
  await shot(page, 'welcome', { settleMs: 400 });
  await dialog.getByRole('button', { name: /Accounting/ }).click();
  await waitForPath(page, '/dashboard');
  const stored = await storedContext(page);
  check(
    stored.welcomeShown === 'true' && stored.preferredService === 'accounting',
    `stored ${JSON.stringify(stored)}`,
  );
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ timeout: WAIT_MS });
  await page.waitForTimeout(1500);
  check((await dialog.count()) === 0, 'the welcome dialog opened a second time');
});

test('an unknown path with a token shows Page not found', async ({ page, context }) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user);
  await page.goto(`${baseUrl}/no-such-page`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: WAIT_MS });
});

test(
  'a stored token the server no longer accepts sends the user to sign in',
  async ({ page, context }) => {
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    await withSession(
      context,
      { ...user, access: `${user.access}x` },
      {
        preferredService: 'accounting',
      },
    );
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL((url) => ['/login', '/auth/login'].includes(url.pathname), {
      timeout: WAIT_MS,
    });
    check((await storedContext(page)).token === null, 'the rejected token is still stored');
  },
  { allowConsole: [/status of 401/] },
);

// --- Workspaces --------------------------------------------------------------------

test('switching workspace sets the context, goes to /dashboard and is remembered by the server', async ({
  page,
  context,
}) => {
  const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd', 'Brightside Foods']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/accounting/trial-balance`);
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
  await page.getByRole('button', { name: 'Workspace Brightside Foods' }).click();
  await waitForPath(page, '/dashboard');
  await page
    .getByTestId('active-workspace-name')
    .getByText('Brightside Foods')
    .waitFor({ timeout: WAIT_MS });
  const stored = await storedContext(page);
  check(
    stored.wsId === workspaces[1].id &&
      stored.activeOrgId === user.organization_id &&
      stored.activeRole === '2',
    `stored ${JSON.stringify(stored)}`,
  );
  // The server flags the switched-to workspace as latest ...
  const deadline = Date.now() + WAIT_MS;
  let latest = null;
  while (Date.now() < deadline) {
    const { data } = await api('GET', '/accounts/me/workspaces/', { token: user.access });
    latest = data.find((ws) => ws.latest)?.id ?? null;
    if (latest === workspaces[1].id) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  check(latest === workspaces[1].id, `latest is ${latest}`);
  // ... so a reload without the browser's memory of it (another device) opens it.
  await page.evaluate(() => {
    for (const key of ['wsId', 'activeOrgId', 'activeRole']) window.localStorage.removeItem(key);
  });
  await page.reload();
  await page
    .getByTestId('active-workspace-name')
    .getByText('Brightside Foods')
    .waitFor({ timeout: WAIT_MS });
  check((await storedContext(page)).wsId === workspaces[1].id, 'wsId not restored from latest');
});

test('a user without a workspace creates the first one: side panel, /workspace, dashboard', async ({
  page,
  context,
}) => {
  // A new user: an organization, no workspace yet, so no rail and no plus tile.
  const user = await createUser();
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  const card = page.getByTestId('no-workspace');
  await card.getByText('No workspace yet').waitFor({ timeout: WAIT_MS });
  check((await page.getByTestId('workspace-rail').count()) === 0, 'a rail without workspaces');
  await shot(page, 'no-workspace');
  // The button checks once the user and the plan lookup have settled.
  await clickUntil(
    page,
    card.getByRole('button', { name: 'Create workspace' }),
    async () => (await pathOf(page)) === '/workspace',
  );
  await waitForPath(page, '/workspace');
  await page.getByLabel('Workspace name').fill('Lagos Branch');
  await shot(page, 'create-workspace');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await waitForPath(page, '/dashboard');
  await page.getByText('Workspace Lagos Branch created').waitFor({ timeout: WAIT_MS });
  await page
    .getByTestId('active-workspace-name')
    .getByText('Lagos Branch')
    .waitFor({ timeout: WAIT_MS });
  const { data } = await api('GET', '/accounts/me/workspaces/', { token: user.access });
  check(
    data.length === 1 && data[0].name === 'Lagos Branch',
    `server has ${JSON.stringify(data.map((ws) => ws.name))}`,
  );
  check((await storedContext(page)).wsId === data[0].id, 'the new workspace is not active');
  check(data[0].latest === true, 'the server does not flag the new workspace latest');
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  check((await card.count()) === 0, 'the no-workspace card is still shown');
});

test('the Create Workspace tile opens /workspace for an Admin on the default plan', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  // The tile checks once the user and the plan lookup have settled.
  await clickUntil(
    page,
    page.getByRole('button', { name: 'Create Workspace' }),
    async () => (await pathOf(page)) === '/workspace',
  );
  await waitForPath(page, '/workspace');
});

test('the Switch Service tile reloads into audit after 2 seconds and remembers the choice', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Switch Service' }).click();
  await waitForPath(page, '/audit');
  const waited = Date.now() - clicked;
  check(waited >= 1900, `reloaded after ${waited} ms`);
  check((await storedContext(page)).preferredService === 'audit', 'preferredService not audit');
  await page.goto(`${baseUrl}/`);
  await waitForPath(page, '/audit');
});

// --- Profile --------------------------------------------------------------------------

test('the profile overlay shows errors only for touched fields', async ({ page, context }) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  const drawer = page.getByRole('dialog', { name: 'My Profile' });
  await drawer.getByRole('button', { name: 'Save Changes' }).waitFor({ timeout: WAIT_MS });
  await waitForValue(drawer.getByLabel('First name'), 'Ada');
  check((await drawer.getByText('Address is required').count()) === 0, 'untouched error shown');
  await drawer.getByLabel('First name').fill('');
  await drawer.getByLabel('Last name').focus();
  await drawer.getByText('First Name is required').waitFor({ timeout: WAIT_MS });
  check((await drawer.getByText('Address is required').count()) === 0, 'untouched error shown');
  await drawer.getByRole('textbox', { name: 'Phone number' }).fill('12');
  await drawer.getByLabel('Address').focus();
  await drawer
    .getByText('Phone number must start with a country code and be 8 to 18 digits long')
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'profile', { settleMs: 300 });
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(`${baseUrl}/settings`);
  await page.getByRole('button', { name: 'Save Changes' }).waitFor({ timeout: WAIT_MS });
  await shot(page, 'my-account', { settleMs: 300 });
});

test('saving the profile round-trips to the server and closes the overlay', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  const drawer = page.getByRole('dialog', { name: 'My Profile' });
  await waitForValue(drawer.getByLabel('First name'), 'Ada');
  // Submitting the empty required fields shows every spec §5 message.
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  for (const message of [
    'Address is required',
    'Location is required',
    'Persona is required',
    'Phone number is required',
  ]) {
    await drawer.getByText(message).waitFor({ timeout: WAIT_MS });
  }
  await drawer.getByLabel('First name').fill('Adaeze');
  await drawer.getByRole('textbox', { name: 'Phone number' }).fill('8012345678');
  await drawer.getByLabel('Address').fill('12 Marina Road');
  await drawer.getByLabel('Location').fill('Lagos, Nigeria');
  await drawer.getByRole('textbox', { name: 'Persona' }).click();
  await drawer.getByRole('option', { name: 'Accountant' }).click();
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Profile updated').waitFor({ timeout: WAIT_MS });
  await drawer.waitFor({ state: 'hidden', timeout: WAIT_MS });
  const { data } = await api('GET', '/accounts/me/', { token: user.access });
  const saved = [data.first_name, data.phone_number, data.address, data.location, data.persona];
  check(
    JSON.stringify(saved) === '["Adaeze","+2348012345678","12 Marina Road","Lagos, Nigeria",1]',
    `server has ${JSON.stringify(saved)}`,
  );
  // The account menu's avatar letter and a fresh load show what the server has.
  await page.reload();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await waitForValue(drawer.getByLabel('Address'), '12 Marina Road');
});

// --- Notifications ----------------------------------------------------------------------

test('a new user has no unread dot; the bell and /notifications show the empty list', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({
    timeout: WAIT_MS,
  });
  await page.getByTestId('notification-bell').click();
  const popover = page.getByTestId('notification-popover');
  await popover.getByText('You have no recent notifications').waitFor({ timeout: WAIT_MS });
  check(
    (await popover.getByRole('link', { name: 'View all notifications' }).count()) === 0,
    'View all notifications shown for an empty list',
  );
  check(
    (await page.getByRole('img', { name: 'Unread notifications' }).count()) === 0,
    'a new user sees the unread dot',
  );
  await shot(page, 'notification-bell-empty', { settleMs: 300 });
  await page.goto(`${baseUrl}/notifications`);
  await page.getByText('You have no recent notifications').first().waitFor({ timeout: WAIT_MS });
});

test('the bell shows new notifications live and Mark all as read clears the dot', async ({
  page,
  context,
}) => {
  const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  // The live stream is open: what arrives now is pushed, not polled (the poll is 30 s).
  await page
    .locator('[data-testid="notification-bell"][data-live="true"]')
    .waitFor({ timeout: WAIT_MS });
  for (const title of ['Quarter close', 'Receipts due']) {
    await api('POST', '/notification/', {
      token: user.access,
      body: {
        title,
        message: `${title}: please review before Friday.`,
        severity: 'warning',
        workspace_id: workspaces[0].id,
      },
      expect: 201,
    });
  }
  // Spec §2: a dot, not a count.
  const dot = page.getByRole('img', { name: 'Unread notifications' });
  await dot.waitFor({ timeout: WAIT_MS });
  check(!/\d/.test(await dot.innerText()), 'the bell shows a count instead of a dot');
  await page.getByTestId('notification-bell').click();
  const popover = page.getByTestId('notification-popover');
  await popover.getByText('Quarter close', { exact: true }).waitFor({ timeout: WAIT_MS });
  check(
    (await popover.getByRole('link', { name: 'View all notifications' }).count()) === 1,
    'View all notifications missing for a non-empty list',
  );
  await shot(page, 'notification-bell-unread', { settleMs: 300 });
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await dot.waitFor({ state: 'detached', timeout: WAIT_MS });
  const { data } = await api('GET', '/notification/?read=false', { token: user.access });
  check(data.count === 0, `${data.count} notifications still unread`);
});
/** Opens the Invite Collaborators modal from the workspace panel (the check settles first). */
async function openInviteModal(page) {
  await page.getByRole('button', { name: /Workspace panel/ }).click();
  const dialog = page.getByRole('dialog', { name: /Invite Collaborators/ });
  await clickUntil(page, page.getByRole('button', { name: 'Invite people to workspace' }), () =>
    dialog.isVisible(),
  );
  await dialog.waitFor({ timeout: WAIT_MS });
  return dialog;
}

test(
  'Invite Collaborators: sending an invitation by e-mail and the invite link tab',
  async ({ page, context }) => {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}/dashboard`);
    const dialog = await openInviteModal(page);
    const invitee = uniqueEmail('invitee');
    await dialog.getByPlaceholder('Enter email address').fill(invitee);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText(`Invitation sent to ${invitee}`).waitFor({ timeout: WAIT_MS });
    const mailed = await mailedInvite(invitee);
    const { data: sent } = await api(
      'GET',
      `/accounts/organizations/${user.organization_id}/invitations/`,
      { token: user.access },
    );
    const row = sent.data.find((invitation) => invitation.email === invitee);
    check(
      row && row.status === 1 && row.role === 2 && row.workspaces.includes(workspaces[0].id),
      `server has ${JSON.stringify(sent.data)}`,
    );
    const { data: offered } = await api('POST', '/accounts/organizations/invitations/verify/', {
      body: { token: tokenOf(mailed) },
    });
    check(
      offered.email === invitee && offered.role === 2,
      `verify says ${JSON.stringify(offered)}`,
    );

    // Sending the same address for the same workspace again: the server's 409 is a toast.
    await dialog.getByPlaceholder('Enter email address').fill(invitee);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await page.locator('.mantine-Notification-root').nth(1).waitFor({ timeout: WAIT_MS });

    await dialog.getByRole('tab', { name: 'Invite by link' }).click();
    await dialog.getByText('Share invite link').waitFor({ timeout: WAIT_MS });
    const field = dialog.getByLabel('Invite link');
    const linkPattern = /\/invite-user\?token=[0-9a-f]+$/;
    let first = '';
    for (let attempt = 0; attempt < 60 && !linkPattern.test(first); attempt += 1) {
      first = await field.inputValue();
      if (!linkPattern.test(first)) await page.waitForTimeout(250);
    }
    check(linkPattern.test(first), `the link field shows ${JSON.stringify(first)}`);
    await shot(page, 'invite-by-link', { settleMs: 300 });
    await dialog.getByRole('button', { name: 'Generate new link' }).click();
    let second = first;
    for (let attempt = 0; attempt < 60 && second === first; attempt += 1) {
      await page.waitForTimeout(250);
      second = await field.inputValue();
    }
    check(linkPattern.test(second) && second !== first, `regenerated ${JSON.stringify(second)}`);
    const { data: viaLink } = await api('POST', '/accounts/organizations/invitations/verify/', {
      body: { token: tokenOf(second) },
    });
    check(
      viaLink.role === 0 && viaLink.workspaces.some((ws) => ws.id === workspaces[0].id),
      `the link offers ${JSON.stringify(viaLink)}`,
    );
  },
  { allowConsole: [/status of 409/] },
);

test('an invitee without an account creates one on the invite page and lands on /dashboard in accounting', async ({
  page,
}) => {
  const { user: admin, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  const invitee = uniqueEmail('newcomer');
  const link = await inviteByEmail(admin, workspaces, invitee, 1);
  await page.goto(onServer(link));
  const summary = page.getByTestId('invitation-summary');
  await summary.getByText('Acme Holdings').waitFor({ timeout: WAIT_MS });
  await summary.getByText('Editor').waitFor({ timeout: WAIT_MS });
  await page.getByText('Acme Nigeria Ltd').waitFor({ timeout: WAIT_MS });
  const form = page.getByRole('form', { name: 'Create account' });
  check(
    (await form.getByLabel('Email').inputValue()) === invitee,
    'the invited address is not shown',
  );
  await shot(page, 'invite-user-new-account', { settleMs: 300 });
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await form.getByText('First Name is required').waitFor({ timeout: WAIT_MS });
  await form.getByLabel('First name').fill('Bola');
  await form.getByLabel('Last name').fill('Adeyemi');
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account and join' }).click();
  await waitForPath(page, '/dashboard');
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
  const stored = await storedContext(page);
  check(stored.preferredService === 'accounting', `preferredService ${stored.preferredService}`);
  check(stored.wsId === workspaces[0].id, `wsId ${stored.wsId}`);
  check(
    await page.evaluate(() => Boolean(window.localStorage.getItem('refresh'))),
    'no refresh token stored',
  );
  const member = (await memberships(admin)).find((row) => row.email === invitee);
  check(member && member.role === 1, `memberships: ${JSON.stringify(await memberships(admin))}`);
  // The address is verified by the invitation: signing in works.
  await api('POST', '/accounts/login/', { body: { email: invitee, password: PASSWORD } });
});

test('a signed-in user accepts an invitation on the invite page and lands in the workspace', async ({
  page,
  context,
}) => {
  const { user: admin, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  const guest = await createUser({ first_name: 'Tunde', organization_name: 'Tunde Ventures' });
  const link = await inviteByEmail(admin, workspaces, guest.email);
  await withSession(context, guest);
  await page.goto(onServer(link));
  await page.getByTestId('invitation-summary').getByText('Admin').waitFor({ timeout: WAIT_MS });
  await shot(page, 'invite-user-signed-in', { settleMs: 300 });
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await waitForPath(page, '/dashboard');
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
  check((await storedContext(page)).preferredService === 'accounting', 'not in accounting');
  const member = (await memberships(admin)).find((row) => row.email === guest.email);
  check(member && member.role === 2, 'the guest is not a member');
});

test('two different people join through one invite link, which stays open', async ({ browser }) => {
  const { user: admin, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  const link = await inviteByLink(admin, workspaces);
  for (const name of ['Chidi', 'Funke']) {
    const guest = await createUser({ first_name: name, organization_name: `${name} Ventures` });
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await withSession(context, guest);
      await page.goto(onServer(link));
      await page
        .getByTestId('invitation-summary')
        .getByText('Viewer')
        .waitFor({ timeout: WAIT_MS });
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await waitForPath(page, '/dashboard');
      await page
        .getByTestId('active-workspace-name')
        .getByText('Acme Nigeria Ltd')
        .waitFor({ timeout: WAIT_MS });
    } finally {
      await context.close();
    }
    const member = (await memberships(admin)).find((row) => row.email === guest.email);
    check(member && member.role === 0, `${name} did not join as Viewer`);
  }
  const { data } = await api(
    'GET',
    `/accounts/organizations/${admin.organization_id}/invitations/?page=1&page_size=100`,
    { token: admin.access },
  );
  const row = data.data.find((invitation) => invitation.kind === 'link');
  check(row && row.uses === 2 && row.status === 1, `the link: ${JSON.stringify(row)}`);
});

test('an invitee with an account signs in on the invite page, which then accepts', async ({
  page,
}) => {
  const { user: admin, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  const guest = await createUser({ first_name: 'Kemi', organization_name: 'Kemi Stores' });
  const link = await inviteByEmail(admin, workspaces, guest.email, 0);
  await page.goto(onServer(link));
  await page.getByText(`Sign in as ${guest.email} to accept the invitation.`).waitFor({
    timeout: WAIT_MS,
  });
  await signInWithForm(page, guest.email, PASSWORD);
  await waitForPath(page, '/dashboard');
  const member = (await memberships(admin)).find((row) => row.email === guest.email);
  check(member && member.role === 0, 'the guest is not a viewer member');
});

test(
  'declining an invitation link on the invite page',
  async ({ page }) => {
    const { user: admin, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const link = await inviteByLink(admin, workspaces);
    await page.goto(onServer(link));
    await page.getByTestId('invitation-summary').getByText('Viewer').waitFor({ timeout: WAIT_MS });
    const form = page.getByRole('form', { name: 'Create account' });
    check(
      (await form.getByLabel('Email').inputValue()) === '',
      'a link invitation names an address',
    );
    await form.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('You declined the invitation.').waitFor({ timeout: WAIT_MS });
    const { data } = await api(
      'GET',
      `/accounts/organizations/${admin.organization_id}/invitations/`,
      {
        token: admin.access,
      },
    );
    check(data.data[0].status === 3, `status ${data.data[0].status}`);
    await page.goto(`${baseUrl}/invite-user?token=00ff`);
    await page.getByText(/This invitation link is not valid/).waitFor({ timeout: WAIT_MS });
  },
  { allowConsole: [/status of 400/] },
);

test('a Viewer is shown Role Restriction for Create Workspace and Invite people', async ({
  page,
  context,
}) => {
  const { user: admin, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  const link = await inviteByLink(admin, workspaces);
  const viewerEmail = uniqueEmail('viewer');
  const { data: session } = await api(
    'POST',
    '/accounts/organizations/invitations/create-account-and-accept-invite/',
    {
      body: {
        token: tokenOf(link),
        first_name: 'Femi',
        last_name: 'Bello',
        email: viewerEmail,
        password: PASSWORD,
      },
      expect: 201,
    },
  );
  await withSession(context, { access: session.access }, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
  const restriction = page.getByRole('dialog', { name: 'Role Restriction' });
  await clickUntil(page, page.getByRole('button', { name: 'Create Workspace' }), () =>
    restriction.isVisible(),
  );
  await restriction
    .getByText('Your role does not allow you to perform this action.')
    .waitFor({ timeout: WAIT_MS });
  check((await pathOf(page)) === '/dashboard', `moved to ${await pathOf(page)}`);
  await shot(page, 'role-restriction', { settleMs: 300 });
  await page.keyboard.press('Escape');
  await restriction.waitFor({ state: 'hidden', timeout: WAIT_MS });
  await page.getByRole('button', { name: /Workspace panel/ }).click();
  await page.getByRole('button', { name: 'Invite people to workspace' }).click();
  await restriction.waitFor({ timeout: WAIT_MS });
  check(
    (await page.getByRole('dialog', { name: /Invite Collaborators/ }).count()) === 0,
    'the invite modal opened for a Viewer',
  );
});

/** Puts the user's organization on the Basic plan through the API (spec §7). */
async function onBasicPlan(user) {
  await api('POST', '/accounts/organizations/subscription/', {
    token: user.access,
    body: { plan: 'basic', organization_id: user.organization_id },
    expect: 201,
  });
}

/** Spec §8: the Plan Restriction modal's text and its two buttons, both to /license. */
async function checkPlanRestriction(page) {
  const modal = page.getByRole('dialog', { name: 'Plan Restriction' });
  await modal
    .getByText('Your current plan does not allow you to perform this action.')
    .waitFor({ timeout: WAIT_MS });
  await modal.getByRole('button', { name: 'Upgrade Plan' }).waitFor({ timeout: WAIT_MS });
  await modal.getByRole('button', { name: 'View Plans' }).waitFor({ timeout: WAIT_MS });
  return modal;
}

test('creating a workspace on the Basic plan shows the Plan Restriction modal', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await onBasicPlan(user);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
  await page.goto(`${baseUrl}/workspace`);
  await page.getByLabel('Workspace name').fill('Second Branch');
  const restriction = page.getByRole('dialog', { name: 'Plan Restriction' });
  // The form checks once the user and the plan lookup have settled.
  await clickUntil(page, page.getByRole('button', { name: 'Create workspace' }), () =>
    restriction.isVisible(),
  );
  const modal = await checkPlanRestriction(page);
  await shot(page, 'plan-restriction-create-workspace', { settleMs: 300 });
  const { data } = await api('GET', '/accounts/me/workspaces/', { token: user.access });
  check(data.length === 1, `the server has ${data.length} workspaces`);
  await modal.getByRole('button', { name: 'View Plans' }).click();
  await waitForPath(page, '/license');
  await page.getByTestId('current-plan').getByText('Basic').waitFor({ timeout: WAIT_MS });
});

test('the Create Workspace tile on the Basic plan shows the Plan Restriction modal', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await onBasicPlan(user);
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  const restriction = page.getByRole('dialog', { name: 'Plan Restriction' });
  await clickUntil(page, page.getByRole('button', { name: 'Create Workspace' }), () =>
    restriction.isVisible(),
  );
  const modal = await checkPlanRestriction(page);
  check((await pathOf(page)) === '/dashboard', `moved to ${await pathOf(page)}`);
  await shot(page, 'plan-restriction', { settleMs: 300 });
  await modal.getByRole('button', { name: 'Upgrade Plan' }).click();
  await waitForPath(page, '/license');
});

test('Invite Collaborators refuses a bad address without sending anything', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await withSession(context, user, { preferredService: 'accounting' });
  const sent = [];
  page.on('request', (request) => {
    // Reading the invitations (the collaborators usage) sends nothing.
    if (request.url().includes('/invitations/') && request.method() !== 'GET') {
      sent.push(request.url());
    }
  });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('button', { name: /Workspace panel/ }).click();
  await shot(page, 'workspace-panel', { settleMs: 400 });
  // The button checks once the user, the plan lookup and the member count have settled.
  const dialog = page.getByRole('dialog', { name: /Invite Collaborators/ });
  await clickUntil(page, page.getByRole('button', { name: 'Invite people to workspace' }), () =>
    dialog.isVisible(),
  );
  await dialog.getByPlaceholder('Enter email address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await page.getByText('Email is not valid').waitFor({ timeout: WAIT_MS });
  check(sent.length === 0, `sent ${JSON.stringify(sent)}`);
  await shot(page, 'invite-by-email', { settleMs: 300 });
});

registerAccountingTests({
  test,
  check,
  api,
  postEntry,
  baseUrl,
  userWithWorkspaces,
  withSession,
  inviteByLink,
  tokenOf,
  uniqueEmail,
  shot,
  waitForPath,
  WAIT_MS,
  PASSWORD,
});

registerPayrollTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  inviteByLink,
  tokenOf,
  uniqueEmail,
  shot,
  WAIT_MS,
  PASSWORD,
});

registerBillingTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  onServer,
  shot,
  waitForPath,
  WAIT_MS,
});

registerWalletTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  onServer,
  shot,
  waitForPath,
  WAIT_MS,
});

registerAuditTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  inviteByLink,
  tokenOf,
  uniqueEmail,
  waitForPath,
  shot,
  WAIT_MS,
  PASSWORD,
});

registerFixedAssetTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  inviteByLink,
  tokenOf,
  uniqueEmail,
  shot,
  WAIT_MS,
  PASSWORD,
});

registerAssistantTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  shot,
  waitForPath,
  WAIT_MS,
});

registerPrefetchTests({ test, check, api, baseUrl, userWithWorkspaces, withSession, WAIT_MS });

registerDebtTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  inviteByLink,
  tokenOf,
  uniqueEmail,
  shot,
  WAIT_MS,
  PASSWORD,
});

registerSmallScreenTests({
  test,
  check,
  api,
  baseUrl,
  createUser,
  userWithWorkspaces,
  inviteByEmail,
  mailedLink,
  onServer,
  signInWithForm,
  uniqueEmail,
  waitForPath,
  shot,
  WAIT_MS,
  PASSWORD,
});

registerLayoutTests({
  test,
  check,
  api,
  postEntry,
  userWithWorkspaces,
  withSession,
  shot,
  WAIT_MS,
});

registerOrganizationTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  createUser,
  inviteByEmail,
  uniqueEmail,
  shot,
  waitForValue,
  WAIT_MS,
});

registerSecurityTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  shot,
  WAIT_MS,
});

registerReportTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  inviteByLink,
  tokenOf,
  uniqueEmail,
  shot,
  WAIT_MS,
  PASSWORD,
});

registerDocumentTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  shot,
  WAIT_MS,
});

registerStatementTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  shot,
  waitForPath,
  WAIT_MS,
});

registerFiscalYearTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  shot,
  WAIT_MS,
});

registerAuditWorkpaperTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  shot,
  WAIT_MS,
});

registerAuditContinuousTests({
  test,
  check,
  api,
  baseUrl,
  userWithWorkspaces,
  withSession,
  shot,
  WAIT_MS,
});

test('the activity log lists the workspace activity, filters by activity and opens the event', async ({
  page,
  context,
}) => {
  const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  await api('POST', '/accounts/login/', {
    body: { email: user.email, password: 'not-the-password' },
    expect: 400,
  });
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/activity-logs`);
  const grid = page.getByLabel('Activity log');
  // The layout sets up the default chart of accounts: its accounts are the newest rows.
  await grid
    .getByText(/Created the account/)
    .first()
    .waitFor({ timeout: WAIT_MS });
  await page
    .getByTestId('activity-count')
    .getByText(/activities/)
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'activity-log', { settleMs: 300 });

  const activityFilter = page.getByRole('textbox', { name: 'Activity' });
  await activityFilter.click();
  await activityFilter.fill('sign in failed');
  await page.getByRole('option', { name: 'User sign in failed' }).click();
  await page.getByTestId('activity-count').getByText('1 activity').waitFor({ timeout: WAIT_MS });
  check(
    (await grid.getByText(/Created the account/).count()) === 0,
    'the filter left other activities in the grid',
  );
  await grid.getByText('Failed sign-in: wrong password').click();
  const drawer = page.getByTestId('activity-detail');
  await drawer.getByText('UserSignInFailed').waitFor({ timeout: WAIT_MS });
  await drawer.getByTestId('activity-fields').getByText('Failure').waitFor({ timeout: WAIT_MS });
  const text = await drawer.innerText();
  check(!text.includes(PASSWORD), 'the drawer shows the password');
  await shot(page, 'activity-log-detail', { settleMs: 400 });
});

test("an Admin sees the workspace members, changes a colleague's role and cancels a pending invitation in Settings", async ({
  page,
  context,
}) => {
  const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
  const colleague = await createUser({ first_name: 'Bola', organization_name: 'Bola Ltd' });
  await api('POST', `/accounts/organizations/${user.organization_id}/memberships/`, {
    token: user.access,
    body: { email: colleague.email, role: 0, workspaces: [workspaces[0].id] },
    expect: 201,
  });
  await withSession(context, user, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/settings/workspaces?wsId=${workspaces[0].id}`);
  const table = page.getByRole('table', { name: 'Workspace members' });
  await table.getByText(colleague.email).waitFor({ timeout: WAIT_MS });
  await shot(page, 'settings-workspace-members', { settleMs: 300 });
  await page.getByRole('textbox', { name: 'Role of Bola Okafor' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.getByText('Bola is now Editor.').waitFor({ timeout: WAIT_MS });
  const listed = await memberships(user);
  const changed = listed.find((m) => m.email === colleague.email);
  check(changed?.role === 1, `role is ${changed?.role}`);
  // A pending invitation to this workspace is listed and can be cancelled.
  const invitee = uniqueEmail('invitee');
  await inviteByEmail(user, workspaces, invitee, 1);
  await page.reload();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await pending.getByText(invitee).waitFor({ timeout: WAIT_MS });
  await shot(page, 'settings-pending-invitations', { settleMs: 300 });
  await pending.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('No invitation is waiting for an answer.').waitFor({ timeout: WAIT_MS });
});

// ---------------------------------------------------------------------------

async function main() {
  ensureChromium();
  await ensureServer();
  mkdirSync(screenshotDir, { recursive: true });

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY, 'i') : null;
  try {
    for (const entry of tests) {
      if (only && !only.test(entry.name)) continue;
      if (entry.needs) {
        skipped += 1;
        console.log(`SKIP ${entry.name}: needs ${entry.needs}`);
        continue;
      }
      const { name, fn, allowConsole } = entry;
      const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
      // Every toast the page shows, so a test can fail on one it did not expect.
      await context.addInitScript(() => {
        window.__e2eToasts = [];
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (!(node instanceof Element)) continue;
              const toasts = node.matches('.mantine-Notification-root')
                ? [node]
                : [...node.querySelectorAll('.mantine-Notification-root')];
              for (const toast of toasts) window.__e2eToasts.push(toast.textContent ?? '');
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const consoleErrors = [];
      // Every page of the test, the tabs it opens (a payment checkout) included.
      const watch = (tab) => {
        tab.on('console', (message) => {
          if (message.type() !== 'error') return;
          const text = message.text();
          const url = message.location()?.url ?? '';
          if (!allowConsole.some((pattern) => pattern.test(text))) {
            consoleErrors.push(url ? `${text} (${url})` : text);
          }
        });
        tab.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
      };
      context.on('page', watch);
      // What the server answered badly or slowly, printed when the test fails: a failure
      // on a loaded CI machine is then explained by its log, not guessed at.
      const troubles = [];
      const sent = new Map();
      context.on('request', (request) => sent.set(request, Date.now()));
      context.on('requestfinished', async (request) => {
        const response = await request.response().catch(() => null);
        const ms = Date.now() - (sent.get(request) ?? Date.now());
        const status = response?.status() ?? 0;
        if (status >= 400 || ms > SLOW_RESPONSE_MS)
          troubles.push(`${status} ${ms} ms ${request.method()} ${request.url()}`);
      });
      context.on('requestfailed', (request) =>
        troubles.push(
          `failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`,
        ),
      );
      const page = await context.newPage();
      const started = Date.now();
      try {
        await fn({ page, context, browser });
        // A call the server lacks would degrade quietly: never a toast about a missing route.
        const toasts = await page.evaluate(() => window.__e2eToasts ?? []).catch(() => []);
        const aboutMissing = toasts.filter((text) => text.includes(MISSING_ROUTE_TEXT));
        if (aboutMissing.length > 0)
          throw new Error(`toasts about a missing API route: ${JSON.stringify(aboutMissing)}`);
        if (consoleErrors.length > 0)
          throw new Error(`console errors:\n    ${consoleErrors.join('\n    ')}`);
        passed += 1;
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        console.log(
          `FAIL ${name}: ${error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n    ') : String(error)}`,
        );
        if (troubles.length > 0)
          console.log(`    responses:\n      ${troubles.slice(-40).join('\n      ')}`);
        const visible = await page
          .locator('main')
          .first()
          .innerText({ timeout: 2_000 })
          .catch(() => '');
        if (visible)
          console.log(`    the page showed: ${visible.replace(/\s+/g, ' ').slice(0, 600)}`);
        await shot(page, `failed-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`).catch(
          () => undefined,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed > 0 ? 1 : 0);
}

await main();
