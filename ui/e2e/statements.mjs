/**
 * Browser tests of the financial statements (Accounting → financial reports tabs):
 * each statement opens with its check, the comparison toggles on, and a figure drills
 * to the general ledger of its account, and "Download" saves the statement as shown in
 * the chosen format through the report generator. `run.mjs` calls
 * `registerStatementTests`.
 */
import { readFileSync } from 'node:fs';

import { pdfText } from './pdf-text.mjs';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerStatementTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, shot, waitForPath, WAIT_MS } =
    h;
  const REPORTS = '/accounting/financial-reports';

  /** An Admin whose books hold capital, a sale and rent this year, and a sale last year. */
  async function adminWithBooks() {
    const { user, workspaces } = await userWithWorkspaces(['Statements Ltd']);
    const ws = workspaces[0];
    const books = `/accounting/workspaces/${ws.id}/`;
    await api('POST', `${books}accounts/default/setup/`, { token: user.access });
    const { data: tree } = await api('GET', `${books}accounts/`, { token: user.access });
    const byCode = {};
    const walk = (nodes) =>
      nodes.forEach((node) => {
        byCode[node.account_code] = node.id;
        walk(node.children);
      });
    walk(tree);
    const today = new Date().toISOString().slice(0, 10);
    const lastYear = `${Number(today.slice(0, 4)) - 1}-06-30`;
    const post = (date, memo, debit, credit, amount) =>
      api('POST', `${books}journal-entries/`, {
        token: user.access,
        expect: 201,
        body: {
          date,
          memo,
          post: true,
          lines: [
            { account_id: byCode[debit], debit: amount },
            { account_id: byCode[credit], credit: amount },
          ],
        },
      });
    await post(lastYear, 'Share capital paid in', '1120', '3100', '5000000.00');
    await post(lastYear, 'Sale last year', '1120', '4100', '400000.00');
    await post(today, 'Cash sale', '1120', '4100', '1250000.00');
    await post(today, 'Rent', '6210', '1120', '300000.00');
    return { user };
  }

  /** Clicks the first amount of `rowName` and lands on its general ledger. */
  async function drillToLedger(page, rowName) {
    const row = page.getByTestId('statement-row').filter({ hasText: rowName }).first();
    await row.getByTestId('statement-amount').first().click();
    await waitForPath(page, '/accounting/general-ledger');
    const account = new URL(page.url()).searchParams.get('account_id');
    check(Boolean(account), `no account in ${page.url()}`);
  }

  test('statements: the balance sheet balances, compares with last year-end and drills to the ledger', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithBooks();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${REPORTS}/income-summary`);
    await page.getByRole('tab', { name: 'Balance sheet' }).click();
    await waitForPath(page, `${REPORTS}/balance-sheet`);
    await page
      .getByTestId('statement-check')
      .filter({ hasText: 'Balanced: assets equal liabilities plus equity' })
      .waitFor({ timeout: WAIT_MS });
    await page.getByTestId('total-assets').filter({ hasText: '6,350,000.00' }).waitFor();

    await page.locator('.mantine-Switch-track').first().click();
    await page.getByRole('columnheader', { name: 'Change' }).waitFor({ timeout: WAIT_MS });
    await page.getByTestId('total-assets').filter({ hasText: '5,400,000.00' }).waitFor();
    await page
      .getByTestId('statement-chart')
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor({ timeout: WAIT_MS });
    await shot(page, 'balance-sheet', { settleMs: 300 });

    await drillToLedger(page, 'Bank - current account');
  });

  test('statements: the income statement shows net profit, compares with last year and drills to the ledger', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithBooks();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${REPORTS}/income-statement`);
    await page
      .getByTestId('net-profit')
      .filter({ hasText: '950,000.00' })
      .waitFor({ timeout: WAIT_MS });

    await page.locator('.mantine-Switch-track').first().click();
    await page.getByRole('columnheader', { name: 'Change' }).waitFor({ timeout: WAIT_MS });
    const collapse = page.getByRole('button', { name: /^Collapse / }).first();
    await collapse.click();
    await page
      .getByRole('button', { name: /^Expand / })
      .first()
      .click();
    await shot(page, 'income-statement', { settleMs: 300 });

    await drillToLedger(page, 'Sales of goods');
  });

  test('statements: the cash flow reconciles with the cash accounts and drills to the ledger', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithBooks();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${REPORTS}/cash-flow`);
    await page
      .getByTestId('statement-check')
      .filter({ hasText: 'Reconciled' })
      .waitFor({ timeout: WAIT_MS });
    await page.getByTestId('net-change-in-cash').filter({ hasText: '950,000.00' }).waitFor();
    await shot(page, 'cash-flow', { settleMs: 300 });

    await drillToLedger(page, 'Bank - current account');
  });

  /**
   * Chooses `format` in the screen's Download menu; answers the saved file's bytes and
   * the content type the server sent it with.
   */
  async function downloadAs(page, format) {
    await page.getByTestId('statement-download').click();
    const [download, response] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      page.waitForResponse((r) => /\/reports\/[^/]+\/download\/$/.test(new URL(r.url()).pathname), {
        timeout: WAIT_MS,
      }),
      page.getByTestId(`statement-download-${format}`).click(),
    ]);
    const bytes = readFileSync(await download.path());
    return { bytes, type: response.headers()['content-type'], name: download.suggestedFilename() };
  }

  test('statements: Download saves the balance sheet as XLSX and the income statement as PDF', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithBooks();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${REPORTS}/balance-sheet`);
    await page.getByTestId('total-assets').filter({ hasText: '6,350,000.00' }).waitFor({
      timeout: WAIT_MS,
    });

    const xlsx = await downloadAs(page, 'xlsx');
    check(xlsx.type === XLSX_TYPE, `the workbook came as ${xlsx.type}`);
    check(xlsx.bytes.length > 0, 'the workbook is empty');
    // An XLSX file is a zip archive.
    check(xlsx.bytes.subarray(0, 2).toString() === 'PK', 'the workbook is not a zip archive');
    check(/^balance-sheet-\d{4}-\d{2}-\d{2}\.xlsx$/.test(xlsx.name), xlsx.name);

    await page.goto(`${baseUrl}${REPORTS}/income-statement`);
    await page.getByTestId('net-profit').filter({ hasText: '950,000.00' }).waitFor({
      timeout: WAIT_MS,
    });
    const pdf = await downloadAs(page, 'pdf');
    check(pdf.type === 'application/pdf', `the PDF came as ${pdf.type}`);
    check(pdf.bytes.length > 0, 'the PDF is empty');
    check(pdf.bytes.subarray(0, 5).toString() === '%PDF-', 'the download is not a PDF');
    check(pdfText(pdf.bytes).includes('Net profit 950,000.00'), 'the PDF lacks the net profit');
    check(/^income-statement-.*\.pdf$/.test(pdf.name), pdf.name);
  });
}
