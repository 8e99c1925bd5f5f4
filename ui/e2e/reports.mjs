/**
 * Browser tests of report generation and downloads (/reports-generation/downloads-and-
 * attachments), against the real server and its report generator: an Admin generates a
 * report, sees it become ready (and the bell say so), downloads the file; a Viewer
 * downloads it but cannot generate. `run.mjs` calls `registerReportTests`.
 */
import { readFileSync } from 'node:fs';

import { pdfText } from './pdf-text.mjs';

export function registerReportTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, inviteByLink, tokenOf } = h;
  const { uniqueEmail, shot, WAIT_MS, PASSWORD } = h;
  const DOWNLOADS = '/reports-generation/downloads-and-attachments';

  /** An Admin whose workspace has the default chart and one posted sale. */
  async function adminWithASale() {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
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
    await api('POST', `${books}journal-entries/`, {
      token: user.access,
      expect: 201,
      body: {
        date: today,
        memo: 'Cash sale',
        post: true,
        lines: [
          { account_id: byCode['1120'], debit: '1250000.00' },
          { account_id: byCode['4100'], credit: '1250000.00' },
        ],
      },
    });
    return { user, ws };
  }

  async function readyRow(page) {
    const grid = page.getByRole('region', { name: 'Generated reports table' });
    await grid
      .getByTestId('report-status')
      .filter({ hasText: 'ready' })
      .first()
      .waitFor({ timeout: WAIT_MS });
    return grid;
  }

  test('downloads: an Admin generates a trial balance PDF, is told it is ready, and downloads it', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithASale();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${DOWNLOADS}`);
    const form = page.getByRole('form', { name: 'Generate a report' });
    await form.waitFor({ timeout: WAIT_MS });
    await form.getByRole('button', { name: 'Generate' }).click();

    const grid = await readyRow(page);
    await grid.getByRole('gridcell', { name: 'Trial balance' }).first().waitFor();
    await page.getByRole('img', { name: 'Unread notifications' }).waitFor({ timeout: WAIT_MS });
    await page.getByTestId('notification-bell').click();
    await page
      .getByTestId('notification-popover')
      .getByText('Report ready', { exact: true })
      .waitFor({ timeout: WAIT_MS });
    // Opening the notification downloads the report it is about.
    const [told] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      page
        .getByTestId('notification-popover')
        .getByRole('button', { name: /^Report ready: / })
        .click(),
    ]);
    check(
      readFileSync(await told.path())
        .subarray(0, 5)
        .toString() === '%PDF-',
      'the notification did not download the PDF',
    );
    check(
      /^trial-balance-\d{4}-\d{2}-\d{2}\.pdf$/.test(told.suggestedFilename()),
      told.suggestedFilename(),
    );
    await page.keyboard.press('Escape');
    await shot(page, 'downloads', { settleMs: 300 });

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      grid.getByRole('button', { name: 'Download Trial balance' }).first().click(),
    ]);
    const pdf = readFileSync(await download.path());
    check(pdf.subarray(0, 5).toString() === '%PDF-', 'the download is not a PDF');
    check(pdfText(pdf).includes('1,250,000.00'), 'the PDF lacks the grouped total');
    check(
      /^trial-balance-\d{4}-\d{2}-\d{2}\.pdf$/.test(download.suggestedFilename()),
      download.suggestedFilename(),
    );
  });

  test('downloads: a summary too wide for a PDF is listed as failed, with no download', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithASale();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${DOWNLOADS}`);
    const form = page.getByRole('form', { name: 'Generate a report' });
    await form.getByTestId('report-kind').click();
    await page.getByRole('option', { name: 'Expense summary' }).click();
    await form.getByLabel('From').fill('2025-01-01');
    await form.getByLabel('To').fill('2025-12-31');
    await form.getByRole('textbox', { name: 'Columns' }).click();
    await page.getByRole('option', { name: 'Monthly' }).click();
    await form.getByRole('button', { name: 'Generate' }).click();

    const grid = page.getByRole('region', { name: 'Generated reports table' });
    await grid
      .getByTestId('report-status')
      .filter({ hasText: 'failed' })
      .waitFor({ timeout: WAIT_MS });
    const download = grid.getByRole('button', { name: 'Download Expense summary' });
    check(await download.isDisabled(), 'a failed report offers a download');
  });

  test('downloads: a Viewer downloads what Admins generated but cannot generate', async ({
    page,
    context,
  }) => {
    const { user, ws } = await adminWithASale();
    await api('POST', `/accounting/workspaces/${ws.id}/reports/`, {
      token: user.access,
      body: { kind: 'trial_balance', format: 'csv' },
      expect: 202,
    });
    const link = await inviteByLink(user, [ws]);
    const { data: session } = await api(
      'POST',
      '/accounts/organizations/invitations/create-account-and-accept-invite/',
      {
        body: {
          token: tokenOf(link),
          first_name: 'Femi',
          last_name: 'Bello',
          email: uniqueEmail('viewer'),
          password: PASSWORD,
        },
        expect: 201,
      },
    );
    await withSession(context, { access: session.access }, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${DOWNLOADS}`);
    const grid = await readyRow(page);
    await page.waitForTimeout(500);
    check(
      (await page.getByRole('form', { name: 'Generate a report' }).count()) === 0,
      'a Viewer sees the generate form',
    );
    check(
      (await grid.getByRole('button', { name: /^Delete / }).count()) === 0,
      'a Viewer sees Delete',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      grid.getByRole('button', { name: 'Download Trial balance' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    check(csv.startsWith('Code,Account,Type,Debit,Credit,Balance'), csv.slice(0, 80));
  });
}
