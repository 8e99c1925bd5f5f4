#!/usr/bin/env node
/**
 * Browser suite: drives Debian's chromium with playwright-core (no browser download)
 * against a running Ledgerline UI — `vite preview` locally or `ledgerline serve` later.
 *
 *   E2E_BASE_URL   where the UI is served (default http://127.0.0.1:8080)
 *   CHROMIUM_PATH  the browser (default /usr/bin/chromium)
 *
 * Prints one line per test and ends with `N passed, M failed`. Exits 1 on any failed
 * check or any console error. Screenshots go to e2e/screenshots/<name>.png.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const baseUrl = (process.env.E2E_BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const screenshotDir = join(here, 'screenshots');
/** Upper bound for any single wait, so a broken page fails instead of hanging. */
const WAIT_MS = 15_000;
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
// Fixtures. The identity API is being built concurrently, so tests about routing
// answer /api with these fixtures; they assert on routing and layout, never on data.

const FIXTURE_USER = {
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada@example.com',
  date_joined: '2024-01-15T09:00:00Z',
  memberships: [{ id: 'm-1', role: 2, workspaces: ['ws-1', 'ws-2'] }],
};
const FIXTURE_WORKSPACES = [
  {
    id: 'ws-1',
    organization_id: 'org-1',
    role: 2,
    role_display: 'Admin',
    latest: true,
    is_invited: false,
    name: 'Acme Nigeria Ltd',
    image: null,
  },
  {
    id: 'ws-2',
    organization_id: 'org-1',
    role: 2,
    role_display: 'Admin',
    latest: false,
    is_invited: false,
    name: 'Brightside Foods',
    image: null,
  },
];

/**
 * `answer(request, pathname)` may answer a request first with `{ status, body }`, for tests
 * about one screen's calls; anything it leaves (undefined) gets the fixtures below.
 */
async function answerApiWithFixtures(
  context,
  { user = FIXTURE_USER, plan = 'professional', answer = () => undefined } = {},
) {
  await context.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const json = (body, status = 200) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    const own = answer(route.request(), pathname);
    if (own) return json(own.body, own.status);
    if (pathname === '/api/v1/accounts/me/') return json({ data: user });
    if (pathname === '/api/v1/accounts/me/workspaces/') return json({ data: FIXTURE_WORKSPACES });
    if (pathname.endsWith('/organization-subscription/latest/')) return json({ data: { plan } });
    if (pathname.endsWith('/accounts/default/setup/')) return json({ data: {} });
    if (pathname === '/api/v1/accounts/organizations/org-1/')
      return json({ data: { name: 'Acme Holdings', slug: 'acme' } });
    if (pathname === '/api/v1/notification/')
      return json({ data: { data: [], count: 0, page: 1, page_size: 20, total_pages: 0 } });
    return json({ data: {} });
  });
}

async function withToken(context, extra = {}) {
  await context.addInitScript(
    (items) => {
      for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    },
    { token: 'e2e-token', ...extra },
  );
}

// ---------------------------------------------------------------------------

const tests = [];
/** `allowConsole`: console errors a test provokes on purpose; any other fails it. */
const test = (name, fn, { allowConsole = [] } = {}) => tests.push({ name, fn, allowConsole });

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
  // Menus and modals fade in; let them settle so the picture shows the final state.
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

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

test('a stored token at / goes to /audit by default', async ({ page, context }) => {
  await answerApiWithFixtures(context);
  await withToken(context);
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
  await answerApiWithFixtures(context);
  await withToken(context, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/`);
  await waitForPath(page, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ timeout: WAIT_MS });
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  await page
    .getByTestId('active-workspace-name')
    .getByText('Acme Nigeria Ltd')
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'dashboard');
});

test('the sidebar is 315 px wide with the workspace rail', async ({ page, context }) => {
  await answerApiWithFixtures(context);
  await withToken(context, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  const rail = await page.getByTestId('workspace-rail').boundingBox();
  check(sidebar?.width === 315, `sidebar is ${sidebar?.width} px wide`);
  check(rail?.width === 55, `rail is ${rail?.width} px wide`);
});

test('Accounting expands with its 8 sub-items on /accounting/trial-balance', async ({
  page,
  context,
}) => {
  await answerApiWithFixtures(context);
  await withToken(context);
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
  await answerApiWithFixtures(context);
  await withToken(context);
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
  await answerApiWithFixtures(context);
  await withToken(context);
  await page.goto(`${baseUrl}/license`);
  for (const plan of ['Basic', 'Professional', 'Enterprise']) {
    await page.getByRole('columnheader', { name: new RegExp(plan) }).waitFor({ timeout: WAIT_MS });
  }
  await shot(page, 'license');
});

test(
  'a screen whose code fails to load at start sends the user to /auth/login',
  async ({ page, context }) => {
    await answerApiWithFixtures(context);
    await withToken(context);
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
  await answerApiWithFixtures(context, {
    user: { ...FIXTURE_USER, date_joined: new Date().toISOString() },
  });
  await withToken(context);
  await page.goto(`${baseUrl}/audit`);
  const dialog = page.getByRole('dialog', { name: 'Welcome, Ada' });
  await dialog.waitFor({ timeout: WAIT_MS });
  await shot(page, 'welcome', { settleMs: 400 });
  await dialog.getByRole('button', { name: /Accounting/ }).click();
  await waitForPath(page, '/dashboard');
  const stored = await page.evaluate(() => [
    localStorage.getItem('welcomeShown'),
    localStorage.getItem('preferredService'),
  ]);
  check(stored[0] === 'true' && stored[1] === 'accounting', `stored ${JSON.stringify(stored)}`);
});

test('creating a workspace on the Basic plan shows the Plan Restriction modal', async ({
  page,
  context,
}) => {
  await answerApiWithFixtures(context, { plan: 'basic' });
  await withToken(context, { activeOrgId: 'org-1', wsId: 'ws-1' });
  await page.goto(`${baseUrl}/workspace`);
  await page.getByLabel('Workspace name').fill('Third workspace');
  // The button waits for the user and the organization's plan before it checks anything.
  await page.getByRole('button', { name: 'Create workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan Restriction' });
  await dialog
    .getByText('Your current plan does not allow you to perform this action.')
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'plan-restriction', { settleMs: 400 });
  await dialog.getByRole('button', { name: 'View Plans' }).click();
  await waitForPath(page, '/license');
});

const pageOf = (items) => ({
  data: { data: items, count: items.length, page: 1, page_size: 20, total_pages: 1 },
});

/** Notifications kept in memory so marking them read changes what the next GET answers. */
function notificationStore() {
  const items = [
    ['n-1', 'Invoice approved', 'Invoice INV-2041 was approved by Bola.', 'success', false],
    ['n-2', 'Trial balance ready', 'The March trial balance finished generating.', 'info', false],
    [
      'n-3',
      'Period closing soon',
      'March closes in 3 days; post pending entries.',
      'warning',
      true,
    ],
    ['n-4', 'Payment failed', 'The card ending 4242 was declined.', 'error', true],
  ].map(([id, title, message, severity, read], index) => ({
    id,
    title,
    message,
    severity,
    read,
    sent: true,
    created_datetime: new Date(Date.UTC(2026, 2, 14 - index, 9 + index, 30)).toISOString(),
  }));
  return (request, pathname) => {
    if (pathname === '/api/v1/notification/') {
      const read = new URL(request.url()).searchParams.get('read');
      const list = read === null ? items : items.filter((n) => String(n.read) === read);
      return { body: pageOf(list) };
    }
    const match = pathname.match(/^\/api\/v1\/notification\/([^/]+)\/$/);
    if (match && request.method() === 'PATCH') {
      const item = items.find((n) => n.id === match[1]);
      if (item) item.read = true;
      return { body: { data: item } };
    }
    return undefined;
  };
}

test('the notification bell: unread count, popover, mark all as read', async ({
  page,
  context,
}) => {
  await answerApiWithFixtures(context, { answer: notificationStore() });
  await withToken(context, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  const bell = page.getByTestId('notification-bell');
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: WAIT_MS });
  await bell.click();
  const popover = page.getByTestId('notification-popover');
  await popover.getByText('Invoice approved').waitFor({ timeout: WAIT_MS });
  const box = await popover.boundingBox();
  check(box && Math.round(box.width) === 300, `popover width ${box?.width}`);
  await shot(page, 'notification-bell', { settleMs: 400 });
  await popover.getByRole('button', { name: 'Mark all as read' }).click();
  await page
    .getByRole('button', { name: 'Notifications', exact: true })
    .waitFor({ timeout: WAIT_MS });
  await popover.getByRole('link', { name: 'View all notifications' }).click();
  await waitForPath(page, '/notifications');
  await page
    .getByRole('heading', { name: 'Notifications', exact: true })
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'notifications', { settleMs: 300 });
});

test('Invite Collaborators: a bad address is refused, the link tab shows a link', async ({
  page,
  context,
}) => {
  const posted = [];
  await answerApiWithFixtures(context, {
    answer: (request, pathname) => {
      if (pathname === '/api/v1/accounts/organizations/org-1/memberships/')
        return { body: { data: { data: [], count: 2, page: 1, page_size: 1, total_pages: 2 } } };
      if (pathname.endsWith('/invitations/link/'))
        return { body: { data: { link: `${baseUrl}/invite-user?token=e2e-link-token` } } };
      if (pathname.endsWith('/invitations/') && request.method() === 'POST') {
        posted.push(request.postDataJSON());
        return { status: 201, body: { data: {} } };
      }
      return undefined;
    },
  });
  await withToken(context, { preferredService: 'accounting', wsId: 'ws-1', activeOrgId: 'org-1' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('button', { name: /Workspace panel/ }).click();
  await shot(page, 'workspace-panel', { settleMs: 400 });
  await page.getByRole('button', { name: 'Invite people to workspace' }).click();
  const dialog = page.getByRole('dialog', { name: /Invite Collaborators/ });
  await dialog.getByPlaceholder('Enter email address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await page.getByText('Email is not valid').waitFor({ timeout: WAIT_MS });
  check(posted.length === 0, 'an invalid address was sent');
  await dialog.getByPlaceholder('Enter email address').fill('bola@example.com');
  await shot(page, 'invite-by-email', { settleMs: 300 });
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await page.getByText('Invitation sent to bola@example.com').waitFor({ timeout: WAIT_MS });
  check(
    JSON.stringify(posted[0]) === '{"email":"bola@example.com","role":2,"workspaces":["ws-1"]}',
    `posted ${JSON.stringify(posted)}`,
  );
  await dialog.getByRole('tab', { name: 'Invite by link' }).click();
  await dialog.getByText('Share invite link').waitFor({ timeout: WAIT_MS });
  await page
    .getByRole('textbox', { name: 'Invite link' })
    .and(page.locator(`[value="${baseUrl}/invite-user?token=e2e-link-token"]`))
    .waitFor({ timeout: WAIT_MS });
  await shot(page, 'invite-by-link', { settleMs: 300 });
});

test('the profile overlay shows errors only for touched fields', async ({ page, context }) => {
  await answerApiWithFixtures(context);
  await withToken(context, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  const drawer = page.getByRole('dialog', { name: 'My Profile' });
  await drawer.getByRole('button', { name: 'Save Changes' }).waitFor({ timeout: WAIT_MS });
  check((await drawer.getByText('Address is required').count()) === 0, 'untouched error shown');
  await drawer.getByLabel('First name').fill('');
  await drawer.getByLabel('Last name').focus();
  await drawer.getByText('First Name is required').waitFor({ timeout: WAIT_MS });
  check((await drawer.getByText('Address is required').count()) === 0, 'untouched error shown');
  await shot(page, 'profile', { settleMs: 300 });
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(`${baseUrl}/settings`);
  await page.getByRole('button', { name: 'Save Changes' }).waitFor({ timeout: WAIT_MS });
  await shot(page, 'my-account', { settleMs: 300 });
});

test('switching workspace from the rail sets the context and goes to /dashboard', async ({
  page,
  context,
}) => {
  await answerApiWithFixtures(context);
  await withToken(context, { preferredService: 'accounting' });
  await page.goto(`${baseUrl}/accounting/trial-balance`);
  await page.getByRole('button', { name: 'Workspace Brightside Foods' }).click();
  await waitForPath(page, '/dashboard');
  await page
    .getByTestId('active-workspace-name')
    .getByText('Brightside Foods')
    .waitFor({ timeout: WAIT_MS });
  const stored = await page.evaluate(() =>
    ['wsId', 'activeOrgId', 'activeRole'].map((key) => window.localStorage.getItem(key)),
  );
  check(JSON.stringify(stored) === '["ws-2","org-1","2"]', `stored ${JSON.stringify(stored)}`);
});

test('the Create Workspace tile on the Basic plan shows the Plan Restriction modal', async ({
  page,
  context,
}) => {
  await answerApiWithFixtures(context, { plan: 'basic' });
  await withToken(context, { preferredService: 'accounting', wsId: 'ws-1', activeOrgId: 'org-1' });
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('workspace-rail').waitFor({ timeout: WAIT_MS });
  // The tile checks once the user and the plan are known; until then a click does nothing.
  const dialog = page.getByRole('dialog', { name: 'Plan Restriction' });
  for (let attempt = 0; attempt < 20 && (await dialog.count()) === 0; attempt += 1) {
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await page.waitForTimeout(250);
  }
  await page.getByRole('dialog', { name: 'Plan Restriction' }).waitFor({ timeout: WAIT_MS });
  check((await pathOf(page)) === '/dashboard', `went to ${await pathOf(page)}`);
});

test('the mobile notice shows at 768 px width', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByTestId('mobile-notice').waitFor({ timeout: WAIT_MS });
  await shot(page, 'mobile-notice');
});

test('the mobile notice does not show on /audit-shared/abc', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`${baseUrl}/audit-shared/abc`);
  await page
    .getByRole('heading', { name: 'Shared audit', exact: true })
    .waitFor({ timeout: WAIT_MS });
  const notices = await page.getByTestId('mobile-notice').count();
  check(notices === 0, 'mobile notice shown on a shared audit page');
  check((await pathOf(page)) === '/audit-shared/abc', `moved to ${await pathOf(page)}`);
  await shot(page, 'audit-shared');
});

test('the register page is a form with names, email and password', async ({ page }) => {
  await page.goto(`${baseUrl}/auth/register`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('First Name is required').waitFor({ timeout: WAIT_MS });
  await page.getByText('Last Name is required').waitFor({ timeout: WAIT_MS });
  await shot(page, 'register');
});

test('an unknown path with a token shows Page not found', async ({ page, context }) => {
  await answerApiWithFixtures(context);
  await withToken(context);
  await page.goto(`${baseUrl}/no-such-page`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: WAIT_MS });
});

// ---------------------------------------------------------------------------

async function main() {
  ensureChromium();
  await ensureServer();
  mkdirSync(screenshotDir, { recursive: true });

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  let passed = 0;
  let failed = 0;
  try {
    for (const { name, fn, allowConsole } of tests) {
      const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const consoleErrors = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsole.some((pattern) => pattern.test(text))) consoleErrors.push(text);
      });
      page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
      const started = Date.now();
      try {
        await fn({ page, context });
        if (consoleErrors.length > 0)
          throw new Error(`console errors:\n    ${consoleErrors.join('\n    ')}`);
        passed += 1;
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        console.log(
          `FAIL ${name}: ${error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n    ') : String(error)}`,
        );
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
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

await main();
