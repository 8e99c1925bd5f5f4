/**
 * Browser tests of a session's working papers (issue 8): notes and conclusions on a
 * flagged entry, the list of shared links with their views, the shared-view access log,
 * and the workpaper PDF. `run.mjs` calls `registerAuditWorkpaperTests` with its harness.
 */
import { readFileSync } from 'node:fs';

import { makeBooksWithEntries } from './audit-books.mjs';

import { pdfText } from './pdf-text.mjs';

export function registerAuditWorkpaperTests(h) {
  const { test, check, api, baseUrl, withSession, shot, WAIT_MS } = h;
  const options = {};
  const booksWithEntries = makeBooksWithEntries(h);

  /** Round amounts above performance materiality: entries the session flags. */
  async function sessionWithFlags() {
    const books = await booksWithEntries([
      ['01-05', '7000.00'],
      ['01-06', '999.00'],
      ['01-07', '5000.00'],
    ]);
    const { data } = await api('POST', `/audit/workspaces/${books.ws.id}/sessions/`, {
      token: books.user.access,
      expect: 201,
      body: {
        name: 'Working papers',
        period_start: `${books.year}-01-01`,
        period_end: `${books.year}-12-31`,
        materiality: '5000.00',
        performance_materiality: '3750.00',
        approval_thresholds: ['1000.00'],
      },
    });
    return { ...books, sessionId: data.id };
  }

  async function conclude(page, label, rationale) {
    const panel = page.getByTestId('audit-finding-notes');
    await panel.getByRole('textbox', { name: 'Conclusion' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await panel.getByRole('textbox', { name: 'Rationale' }).fill(rationale);
    await panel.getByRole('button', { name: 'Record conclusion' }).click();
    await panel.locator('p', { hasText: rationale }).waitFor({ timeout: WAIT_MS });
  }

  test(
    'an auditor concludes on a flagged entry, downloads the workpaper, and sees who opened the shared link',
    async ({ page, context }) => {
      const { user, ws, sessionId } = await sessionWithFlags();
      await withSession(context, user, { preferredService: 'audit', wsId: ws.id });
      await page.goto(`${baseUrl}/audit/sessions/${sessionId}`);
      const grid = page.getByTestId('audit-flagged');
      await grid.locator('.ag-row').first().waitFor({ timeout: WAIT_MS });

      // Conclude on the top entry, then change the conclusion: the first stays, superseded.
      await grid.locator('.ag-row .ag-cell[col-id="number"]').first().click();
      await conclude(page, 'Needs follow-up', 'Asked the client for the supplier invoice.');
      await conclude(page, 'No exception', 'Invoice INV-2291 agreed; goods received.');
      const panel = page.getByTestId('audit-finding-notes');
      await panel.getByText('superseded').waitFor({ timeout: WAIT_MS });
      await panel.getByText('Add a note', { exact: true }).click();
      await panel
        .getByRole('textbox', { name: 'Note' })
        .fill('Copy of the invoice filed under B-14.');
      await panel.getByRole('button', { name: 'Add note' }).click();
      await panel
        .locator('p', { hasText: 'Copy of the invoice filed under B-14.' })
        .waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-finding-notes', { settleMs: 300 });
      await page.keyboard.press('Escape');
      await grid
        .locator('.ag-row .ag-cell[col-id="conclusion"]')
        .getByText('No exception')
        .first()
        .waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-flagged-conclusions', { settleMs: 300 });

      // The workpaper downloads as a PDF.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: WAIT_MS }),
        page.getByTestId('audit-workpaper').click(),
      ]);
      const pdf = readFileSync(await download.path());
      check(pdf.subarray(0, 5).toString() === '%PDF-', 'the workpaper is not a PDF');
      check(
        pdfText(pdf).includes('Invoice INV-2291 agreed; goods received.'),
        'conclusion not in PDF',
      );
      check(download.suggestedFilename().endsWith('.pdf'), download.suggestedFilename());

      // Sign as performer, share, and open the link signed out: the view is logged.
      await page.getByLabel('Performer conclusion').fill('Exceptions cleared.');
      await page.getByRole('button', { name: 'Sign off as performer' }).click();
      await page.getByLabel('Reviewer conclusion').waitFor({ timeout: WAIT_MS });
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByRole('button', { name: 'Create link' }).click();
      const link = await page.getByTestId('audit-share-url').inputValue();
      await page.getByRole('button', { name: 'Done' }).click();
      const outsider = await context.browser().newContext();
      try {
        const publicPage = await outsider.newPage();
        await publicPage.goto(link);
        await publicPage.getByTestId('shared-audit-title').waitFor({ timeout: WAIT_MS });
        await publicPage
          .getByTestId('audit-flagged')
          .getByText('No exception')
          .first()
          .waitFor({ timeout: WAIT_MS });
      } finally {
        await outsider.close();
      }
      await page.reload();
      const log = page.getByTestId('audit-access-log');
      await log.getByText('127.0.0.1').waitFor({ timeout: WAIT_MS });
      const logged = await log.innerText();
      check(logged.includes('Link 1'), `access log: ${logged}`);
      check(!logged.includes(link.split('/').pop()), 'the token is in the access log');
      await log.scrollIntoViewIfNeeded();
      await shot(page, 'audit-access-log', { settleMs: 300 });

      // The share dialog lists the link with its view, and revokes it.
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const links = page.getByTestId('audit-share-links');
      await links.getByText('Live').waitFor({ timeout: WAIT_MS });
      const row = await links.innerText();
      check(/\b1\b/.test(row), `views: ${row}`);
      await shot(page, 'audit-share-links', { settleMs: 300 });
      await links.getByRole('button', { name: 'Revoke' }).click();
      await links.getByText('Revoked').waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-share-links-revoked', { settleMs: 300 });
    },
    options,
  );

  test(
    'an auditor concludes on a control point as a whole, and the test results show it',
    async ({ page, context }) => {
      const { user, ws, sessionId } = await sessionWithFlags();
      await withSession(context, user, { preferredService: 'audit', wsId: ws.id });
      await page.goto(`${baseUrl}/audit/sessions/${sessionId}`);
      const tests = page.getByTestId('audit-tests');
      const open = tests.getByRole('button', { name: /^Notes and conclusion: / }).first();
      await open.waitFor({ timeout: WAIT_MS });
      const label = (await open.getAttribute('aria-label')).replace('Notes and conclusion: ', '');
      await open.click();
      await page
        .getByRole('dialog', { name: `Conclusion: ${label}` })
        .waitFor({ timeout: WAIT_MS });
      await conclude(page, 'No exception', 'Population reviewed; every item explained.');
      await page.keyboard.press('Escape');
      const row = tests.getByRole('row').filter({ hasText: label });
      await row.getByText('No exception').waitFor({ timeout: WAIT_MS });
      check(
        (await row
          .getByRole('button', { name: `Notes and conclusion: ${label}` })
          .textContent()) === 'Review',
        'the concluded control point still offers Conclude',
      );
      await shot(page, 'audit-test-conclusion', { settleMs: 300 });
    },
    options,
  );
}
