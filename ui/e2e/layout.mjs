/**
 * Browser test of the screens' layout at 1440×900 against the real server: books with
 * figures in the hundreds of millions (a bank overdrawn: a balance in brackets), a loan,
 * a vehicle and a signed-off audit session, then every accounting and audit screen of
 * `screens.mjs` opened in turn, asserting that no money cell's figure is cut short, no
 * column is drawn past what its grid shows and no row action is out of view. `run.mjs`
 * calls `registerLayoutTests`.
 */
import { accountByCode, findClipped, openScreen, screens } from './screens.mjs';

/**
 * Figures a little larger than the demo books' (tens and hundreds of millions of naira),
 * and a bank overdrawn, so a balance shows in brackets at its widest.
 */
const CAPITAL = '98765432.10';
const SALES = '123456789.12';
const RENT = '9876543.21';
const VAN = '45678901.23';
/** More than the bank holds: the bank's balance is negative. */
const OVERDRAFT = '234567890.10';
/** A loan never repaid: every aging bucket holds instalments. */
const LOAN = '36000000.00';

export function registerLayoutTests(h) {
  const { test, check, api, postEntry, userWithWorkspaces, withSession, shot, WAIT_MS } = h;
  const year = new Date().getFullYear();
  const month = String(new Date().getMonth() + 1).padStart(2, '0');

  async function wideBooks() {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const ws = workspaces[0];
    const books = `/accounting/workspaces/${ws.id}/`;
    const token = user.access;
    await api('POST', `${books}accounts/default/setup/`, { token });
    const { data: tree } = await api('GET', `${books}accounts/`, { token });
    const id = (code) => accountByCode(tree, code).id;
    const post = (date, memo, debit, credit, amount) =>
      postEntry({ user, ws }, { date, memo, debit: id(debit), credit: id(credit), amount });
    await post(`${year}-01-02`, 'Share capital paid in', '1120', '3100', CAPITAL);
    await post(`${year}-01-10`, 'Delivery van', '1520', '1120', VAN);
    await post(`${year}-01-20`, 'Sales for the month', '1120', '4100', SALES);
    await post(`${year}-01-31`, 'Warehouse rent', '6210', '1120', RENT);
    await post(`${year}-${month}-01`, 'Dividend paid beyond the bank', '3200', '1120', OVERDRAFT);
    const { data: debt } = await api('POST', `${books}debts/`, {
      token,
      expect: 201,
      body: {
        direction: 'payable',
        counterparty: 'First Bank of Nigeria Limited',
        reference: 'TERM-LOAN-2026-0001',
        principal: LOAN,
        start_date: `${year}-01-05`,
        annual_interest_rate: '18.5',
        term_months: 24,
        repayment_type: 'annuity',
        first_due_date: `${year}-02-05`,
        principal_account: id('2210'),
        interest_account: id('6500'),
        cash_account: id('1120'),
        post_drawdown: true,
      },
    });
    await api('POST', `${books}fixed-assets/`, {
      token,
      expect: 201,
      body: {
        name: 'Delivery van',
        tag: 'VAN-01',
        category: 'Motor vehicles',
        asset_account: id('1520'),
        accumulated_depreciation_account: id('1590'),
        depreciation_expense_account: id('6400'),
        available_for_use: `${year}-01-10`,
        cost: VAN,
        useful_life_months: 60,
        method: 'straight_line',
      },
    });
    const sessions = `/audit/workspaces/${ws.id}/sessions/`;
    const { data: opened } = await api('POST', sessions, {
      token,
      expect: 201,
      body: {
        name: 'Year to date',
        period_start: `${year}-01-01`,
        period_end: `${year}-${month}-01`,
        materiality: '50000000.00',
        performance_materiality: '37500000.00',
      },
    });
    await api('POST', `${sessions}${opened.id}/sign-off/`, {
      token,
      body: { role: 'performer', conclusion: 'Tested; no exceptions.' },
    });
    const { data: session } = await api('GET', `${sessions}${opened.id}/`, { token });
    return { user, ws, session, debt, bank: accountByCode(tree, '1120') };
  }

  /** The wide books, with the browser signed in to them on the accounting service. */
  async function signedInOnWideBooks(context) {
    const books = await wideBooks();
    await withSession(context, books.user, {
      wsId: books.ws.id,
      activeOrgId: books.ws.organization_id,
      preferredService: 'accounting',
    });
    return books;
  }

  test('no money column, column or row action is cut short at 1440×900 on any accounting or audit screen', async ({
    page,
    context,
  }) => {
    const books = await signedInOnWideBooks(context);
    const list = screens(books);
    const names = list.map((screen) => screen.name);
    for (const wanted of [
      'chart-of-accounts',
      'trial-balance',
      'general-ledger-account',
      'debts-aging',
      'debt-schedule',
      'fixed-asset-schedule',
      'time-travel',
    ]) {
      check(names.includes(wanted), `${wanted} is not among the screens checked`);
    }
    const problems = [];
    for (const screen of list) {
      await openScreen(page, screen, { timeout: WAIT_MS });
      const { cut } = await findClipped(page);
      if (cut.length > 0) problems.push(`${screen.name}: ${cut.slice(0, 4).join('; ')}`);
      await shot(page, `layout-${screen.name}`);
    }
    check(problems.length === 0, `cut short:\n  ${problems.join('\n  ')}`);
  });

  test('a money column fits the widest figure of every row, not only of the rows first drawn', async ({
    page,
    context,
  }) => {
    const { user, workspaces } = await userWithWorkspaces(['Long Ledger Ltd']);
    const ws = workspaces[0];
    const books = `/accounting/workspaces/${ws.id}/`;
    const token = user.access;
    await api('POST', `${books}accounts/default/setup/`, { token });
    const { data: tree } = await api('GET', `${books}accounts/`, { token });
    const bank = accountByCode(tree, '1120');
    const sales = accountByCode(tree, '4100');
    const sale = (date, amount) =>
      postEntry(
        { user, ws },
        { date, memo: 'Cash sale', debit: bank.id, credit: sales.id, amount },
      );
    // Forty small sales, then one far larger: its row is past those the grid first draws.
    for (let day = 1; day <= 40; day += 1) {
      await sale(`${year}-01-${String(1 + (day % 28)).padStart(2, '0')}`, '1000.00');
    }
    await sale(`${year}-${month}-01`, '987654321.98');
    await withSession(context, user, {
      wsId: ws.id,
      activeOrgId: ws.organization_id,
      preferredService: 'accounting',
    });
    const ledger = screens({ bank }).find((screen) => screen.name === 'general-ledger-account');
    await openScreen(page, ledger, { timeout: WAIT_MS });
    const grid = page.locator('[role="region"][aria-label="General ledger table"]');
    check(
      (await grid.getByText('₦987,654,321.98', { exact: true }).count()) === 0,
      'the large sale was drawn before scrolling: the test needs it out of view',
    );
    await grid.getByRole('gridcell').first().hover();
    await page.mouse.wheel(0, 5_000);
    await grid.getByText('₦987,654,321.98', { exact: true }).first().waitFor({ timeout: WAIT_MS });
    const { cut } = await findClipped(page);
    check(cut.length === 0, `cut short after scrolling down:\n  ${cut.slice(0, 4).join('\n  ')}`);
  });

  test('a grid keeps the column widths the user drags, not those it works out to fit money', async ({
    page,
    context,
  }) => {
    const books = await signedInOnWideBooks(context);
    const chart = screens(books).find((screen) => screen.name === 'chart-of-accounts');
    const saved = () =>
      page.evaluate(() => window.localStorage.getItem('gridState:chart-of-accounts'));
    await openScreen(page, chart, { timeout: WAIT_MS });
    // Drawn, its flex and money columns sized: nothing of that is the user's layout.
    check((await saved()) === null, `a layout was saved on opening: ${await saved()}`);

    const header = page.locator('.ag-header-cell[col-id="account_code"]');
    const before = (await header.boundingBox()).width;
    const handle = await header.locator('.ag-header-cell-resize').boundingBox();
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 20, y, { steps: 4 });
    await page.mouse.move(x + 60, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    const state = JSON.parse((await saved()) ?? '[]');
    const code = state.find((column) => column.colId === 'account_code');
    check(
      code && Math.abs(code.width - (before + 60)) <= 4,
      `saved Code width ${code?.width}, dragged from ${before} by 60`,
    );

    // The next visit starts from the user's layout (the money columns may still take back
    // what they need), and fitting money there does not overwrite it.
    await openScreen(page, chart, { timeout: WAIT_MS });
    const after = (await header.boundingBox()).width;
    check(after > before + 10, `Code drawn ${after} px wide, ${before} before the drag`);
    const kept = JSON.parse((await saved()) ?? '[]').find((c) => c.colId === 'account_code');
    check(kept?.width === code.width, `saved Code width became ${kept?.width}, was ${code.width}`);
  });
}
