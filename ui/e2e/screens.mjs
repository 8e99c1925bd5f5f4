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
  // The list leaves out when each sign-off was recorded; one session's page has it.
  const listed =
    sessions.find((s) => s.status === 'signed_off' || s.status === 'in_review') ??
    sessions[0] ??
    null;
  const session = listed
    ? (await api('GET', `/audit/workspaces/${workspace.id}/sessions/${listed.id}/`, { token })).data
    : null;
  const books = `/accounting/workspaces/${workspace.id}/`;
  const debts = (await api('GET', `${books}debts/?page=1&page_size=20`, { token })).data;
  const tree = (await api('GET', `${books}accounts/`, { token })).data;
  return {
    token,
    workspace,
    session,
    debt: (Array.isArray(debts) ? debts : debts.data)[0] ?? null,
    bank: accountByCode(tree, BANK_ACCOUNT_CODE),
  };
}

/** The account the single-account ledger is photographed on: the bank, the busiest. */
export const BANK_ACCOUNT_CODE = '1120';

/** The account with this code in an account tree (as `GET accounts/` answers), or null. */
export function accountByCode(tree, code) {
  for (const node of tree) {
    if (node.account_code === code) return node;
    const found = accountByCode(node.children ?? [], code);
    if (found) return found;
  }
  return null;
}

const cell = (grid) => `[role="region"][aria-label="${grid} table"] [role="gridcell"]`;

const statementRow = '[data-testid="statement-row"]';
const FINANCIAL_DEBT = '/accounting/financial-reports/financial-debt';
const ASSET_SCHEDULE = '/accounting/asset-schedule';

/**
 * Every screen to time and photograph; `ready` is a selector of its first content, and
 * `open` (when present) what a user clicks after it to reach the screen's view (a tab
 * without its own address, an asset's schedule) before `shown`, that view's content;
 * `below`: the view is under the fold, scrolled to before the picture.
 */
export function screens({ session, debt, bank }) {
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
    ...(bank
      ? [
          {
            name: 'general-ledger-account',
            service: 'accounting',
            path: `/accounting/general-ledger?account_id=${bank.id}`,
            ready: cell('General ledger'),
          },
        ]
      : []),
    {
      name: 'balance-sheet',
      service: 'accounting',
      path: '/accounting/financial-reports/balance-sheet',
      ready: statementRow,
    },
    {
      name: 'income-statement',
      service: 'accounting',
      path: '/accounting/financial-reports/income-statement',
      ready: statementRow,
    },
    {
      name: 'cash-flow',
      service: 'accounting',
      path: '/accounting/financial-reports/cash-flow',
      ready: statementRow,
    },
    ...(debt
      ? [
          {
            name: 'debts',
            service: 'accounting',
            path: FINANCIAL_DEBT,
            ready: cell('Debts'),
          },
          {
            name: 'debt-schedule',
            service: 'accounting',
            path: `${FINANCIAL_DEBT}?debt=${debt.id}`,
            ready: cell('Repayment schedule'),
            below: true,
          },
          {
            name: 'debts-aging',
            service: 'accounting',
            path: `${FINANCIAL_DEBT}?tab=aging`,
            ready: cell('Debt aging'),
          },
        ]
      : []),
    {
      name: 'fixed-asset-schedule',
      service: 'accounting',
      path: ASSET_SCHEDULE,
      ready: cell('Fixed assets'),
      open: async (page) => page.locator(cell('Fixed assets')).first().click(),
      shown: cell('Asset schedule'),
      below: true,
    },
    {
      name: 'fixed-asset-period-schedule',
      service: 'accounting',
      path: ASSET_SCHEDULE,
      ready: cell('Fixed assets'),
      open: async (page) => page.getByRole('tab', { name: 'Period schedule' }).click(),
      shown: cell('Period asset schedule'),
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
    list.push({
      name: 'time-travel-ledger',
      service: 'audit',
      path: `/audit/time-travel?${query}&tab=ledger`,
      ready: cell('General ledger as known then'),
    });
  }
  return list;
}

/** Opens a screen on a signed-in page and waits until its view is drawn and settled. */
export async function openScreen(page, screen, { timeout = 30_000 } = {}) {
  await page.goto(`${BASE}${screen.path}`);
  await page.locator(screen.ready).first().waitFor({ timeout });
  if (screen.open) {
    await screen.open(page);
    await page.locator(screen.shown).first().waitFor({ timeout });
  }
  // The view may be below the fold (a debt's or an asset's schedule under its list). A
  // grid may redraw meanwhile: the scroll is tried again on the redrawn element.
  if (screen.below) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const scrolled = await page
        .locator(screen.shown ?? screen.ready)
        .first()
        .scrollIntoViewIfNeeded({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (scrolled) break;
    }
  }
  await waitForPlots(page, timeout);
  // Grids size their columns after the first rows.
  await page.waitForTimeout(800);
}

/** Waits until no plot is still held for the chart library, which arrives after the rest. */
export async function waitForPlots(page, timeout = 30_000) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="plot-loading"]'), null, {
    timeout,
  });
}

/**
 * What the page's grids cut short, as `cut`: each money (or other right-aligned figure)
 * cell or header whose text does not fit its cell (wider than the cell's box, or
 * overflowing it: scrollWidth > clientWidth) or runs past what its grid shows (the
 * vertical scrollbar drawn over it included); each column drawn past the grid's edge; and
 * each action button in a cell that is not wholly in view. Other text (long names) may be
 * cut: it ends in an ellipsis and shows in full on hover. A grid with pinned columns that
 * scrolls sideways (a summary's many months) is counted in `sideways`: that is its design.
 */
export async function findClipped(page) {
  return page.evaluate(() => {
    const cut = [];
    let sideways = 0;
    const name = (cell, why) =>
      `${cell.getAttribute('col-id')} "${cell.textContent.trim().slice(0, 24)}" (${why})`;
    for (const grid of document.querySelectorAll('.ag-root-wrapper')) {
      const body = grid.getBoundingClientRect();
      const scrollbar = grid.querySelector('.ag-body-vertical-scroll')?.getBoundingClientRect();
      const visibleRight = Math.min(
        scrollbar && scrollbar.width > 0 ? scrollbar.left : body.right,
        window.innerWidth,
      );
      // Scrolling sideways is a design only beside pinned names (a summary's many period
      // columns); anywhere else a column past the edge is a column cut off.
      const pinned = grid.querySelector('.ag-has-left-pinned-cols') !== null;
      const track = grid.querySelector('.ag-body-horizontal-scroll-viewport');
      const scrolls = pinned && track !== null && track.scrollWidth > track.clientWidth + 1;
      if (scrolls) sideways += 1;
      for (const cell of grid.querySelectorAll('.ag-cell, .ag-header-cell')) {
        const box = cell.getBoundingClientRect();
        if (box.width === 0) continue;
        // Headers run on above the vertical scrollbar: their edge is the grid's own.
        const headerRight = Math.min(body.right, window.innerWidth);
        if (!scrolls && cell.classList.contains('ag-header-cell') && box.right > headerRight + 1) {
          cut.push(
            name(cell, `column past the grid's edge by ${Math.round(box.right - headerRight)} px`),
          );
          continue;
        }
        if (box.left >= visibleRight) continue;
        for (const button of cell.querySelectorAll('button')) {
          const b = button.getBoundingClientRect();
          if (b.width === 0) continue;
          if (b.left < body.left - 1 || b.right > visibleRight + 1 || b.right > box.right + 1) {
            cut.push(
              `${cell.getAttribute('col-id')} button "${button.getAttribute('aria-label')}"`,
            );
          }
        }
        // A header's own text, not its resize handle (which reaches past the cell).
        const label = cell.querySelector('.ag-header-cell-text');
        const range = document.createRange();
        range.selectNodeContents(label ?? cell);
        const text = range.getBoundingClientRect();
        if (text.width === 0) continue;
        const money =
          cell.classList.contains('ledger-money') ||
          cell.classList.contains('ag-right-aligned-header') ||
          cell.querySelector('.ledger-money, .ag-right-aligned-cell') !== null;
        const beyondCell = text.right > box.right + 1 || text.left < box.left - 1;
        const beyondGrid = !scrolls && text.right > visibleRight + 1;
        if (!money) {
          // A long name runs past its cell under an ellipsis (in full on hover); one that
          // fits its cell but not the grid is in a column cut off, a status as much as a figure.
          if (!beyondCell && beyondGrid) cut.push(name(cell, "past the grid's edge"));
          continue;
        }
        const overflows = label
          ? label.scrollWidth > label.clientWidth + 1
          : cell.scrollWidth > cell.clientWidth + 1;
        if (overflows) cut.push(name(cell, 'wider than its cell'));
        else if (beyondCell)
          cut.push(name(cell, `past its cell by ${Math.round(text.right - box.right)} px`));
        else if (beyondGrid) cut.push(name(cell, "past the grid's edge"));
      }
    }
    return { cut, sideways };
  });
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
