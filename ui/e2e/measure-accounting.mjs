#!/usr/bin/env node
/**
 * Measures how fast the accounting screens open on a workspace with many postings, in
 * the real browser against a real server (no fixtures): posts N two-line entries through
 * the API (every one touches Cash on hand, so its ledger has N postings), then times the
 * general ledger (first rows, and a jump to the last page), the trial balance and the
 * journal list from navigation to first rendered row.
 *
 *   E2E_BASE_URL=http://127.0.0.1:8080 N=4000 node e2e/measure-accounting.mjs
 *
 * Times include loading the page and the app (a full navigation), on this machine.
 */
import { chromium } from 'playwright-core';
import { deliveredMails } from './mailbox.mjs';

const BASE = (process.env.E2E_BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const API = `${BASE}/api/v1`;
async function api(method, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(`${API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const t = await r.text();
  if (r.status >= 300) throw new Error(`${path} ${r.status} ${t.slice(0, 200)}`);
  return t ? JSON.parse(t) : null;
}
/**
 * The books to measure: an existing workspace (E2E_EMAIL, E2E_PASSWORD, E2E_WORKSPACE,
 * and E2E_ACCOUNT for the ledger, E2E_FROM/E2E_TO for its range — how
 * `scripts/bench/ledger` measures its million postings), or a new one with N entries
 * posted here.
 */
async function login(email, password) {
  return (await api('POST', '/accounts/login/', { body: { email, password } })).data.access;
}
async function codes(b, access) {
  const ids = {};
  const walk = (n) =>
    n.forEach((x) => {
      ids[x.account_code] = x.id;
      walk(x.children);
    });
  walk((await api('GET', `${b}accounts/`, { token: access })).data);
  return ids;
}
async function freshBooks() {
  const email = `perf${Date.now()}@e.com`;
  const reg = await api('POST', '/accounts/register/', {
    body: {
      first_name: 'P',
      last_name: 'F',
      email,
      password: 'Ledger2026',
      organization_name: 'X',
    },
  });
  let mail;
  while (!(mail = deliveredMails().find((m) => m.recipient === email))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const token = mail.body.match(/token=([0-9a-f]+)/)[1];
  await api('POST', '/accounts/email-verification/complete/', { body: { token } });
  const access = await login(email, 'Ledger2026');
  const ws = (
    await api('POST', `/accounts/organizations/${reg.data.organization_id}/workspaces/`, {
      token: access,
      body: { name: 'Perf' },
    })
  ).data.id;
  const b = `/accounting/workspaces/${ws}/`;
  await api('POST', `${b}accounts/default/setup/`, { token: access });
  const ids = await codes(b, access);
  /** Entries to post; the ledger of Cash on hand gets one posting per entry. */
  const N = Number(process.env.N || 4000);
  const t0 = Date.now();
  for (let i = 0; i < N; i += 1) {
    const d = `2026-${String((i % 10) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
    const income = i % 3 !== 0;
    await api('POST', `${b}journal-entries/`, {
      token: access,
      body: {
        date: d,
        memo: `e${i}`,
        reference: '',
        post: true,
        lines: income
          ? [
              { account_id: ids['1110'], description: '', debit: `${(i % 97) + 1}.25`, credit: '' },
              { account_id: ids['4100'], description: '', debit: '', credit: `${(i % 97) + 1}.25` },
            ]
          : [
              { account_id: ids['6210'], description: '', debit: `${(i % 53) + 1}.10`, credit: '' },
              { account_id: ids['1110'], description: '', debit: '', credit: `${(i % 53) + 1}.10` },
            ],
      },
    });
  }
  console.log(`posted ${N} entries in ${Date.now() - t0} ms`);
  return { access, ws, account: ids['1110'], from: '2026-01-01', to: '' };
}
const books = process.env.E2E_EMAIL
  ? {
      access: await login(process.env.E2E_EMAIL, process.env.E2E_PASSWORD),
      ws: process.env.E2E_WORKSPACE,
      account: process.env.E2E_ACCOUNT || '',
      from: process.env.E2E_FROM || '',
      to: process.env.E2E_TO || '',
    }
  : await freshBooks();
const { access } = books;
const b = `/accounting/workspaces/${books.ws}/`;
const range = new URLSearchParams(
  Object.entries({ account_id: books.account, from: books.from, to: books.to }).filter(
    ([, v]) => v,
  ),
).toString();
/** Postings in the ledger measured: the jump to its end waits for the last rows. */
const ledgerRows = (await api('GET', `${b}general-ledger/?${range}&page_size=1`, { token: access }))
  .data.count;
console.log(`general ledger measured: ${ledgerRows} postings (${range})`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
  headless: true,
});
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await context.addInitScript((t) => {
  localStorage.setItem('token', t);
  localStorage.setItem('welcomeShown', 'true');
  localStorage.setItem('preferredService', 'accounting');
}, access);
await context.addInitScript((ws) => localStorage.setItem('wsId', ws), books.ws);
const page = await context.newPage();
await page.goto(`${BASE}/dashboard`);
await page.getByTestId('figure-income').waitFor();
for (const [name, path, sel] of [
  [
    `general ledger (${ledgerRows} postings)`,
    `/accounting/general-ledger?${range}`,
    '[role="region"][aria-label="General ledger table"] [col-id="running_balance"][role="gridcell"]',
  ],
  [
    'trial balance',
    '/accounting/trial-balance',
    '[role="region"][aria-label="Trial balance table"] [role="gridcell"]',
  ],
  [
    'journal list',
    '/accounting/journal-entry',
    '[role="region"][aria-label="Journal entries table"] [role="gridcell"]',
  ],
]) {
  const s = Date.now();
  await page.goto(`${BASE}${path}`);
  await page.locator(sel).first().waitFor({ timeout: 30000 });
  const first = Date.now() - s;
  let scroll = '';
  if (name.startsWith('general')) {
    const s2 = Date.now();
    await page.evaluate(() => {
      const v = [...document.querySelectorAll('[aria-label="General ledger table"] *')].find(
        (e) =>
          e.scrollHeight > e.clientHeight + 1000 && getComputedStyle(e).overflowY !== 'visible',
      );
      v.scrollTop = v.scrollHeight;
    });
    await page.waitForFunction(
      (MAXROW) =>
        [
          ...document.querySelectorAll(
            '[aria-label="General ledger table"] [role="row"][row-index]',
          ),
        ].some(
          (r) =>
            Number(r.getAttribute('row-index')) > MAXROW &&
            r.querySelector('[col-id="running_balance"]')?.textContent,
        ),
      ledgerRows - 50,
    );
    scroll = `, jump to the end ${Date.now() - s2} ms`;
  }
  console.log(`${name}: first rows ${first} ms${scroll}`);
}
await browser.close();
