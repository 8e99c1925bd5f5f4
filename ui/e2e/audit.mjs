/**
 * Browser tests of the audit screens (issue 8), against the real server: entries are
 * posted through its API, the session is opened, signed and shared in the browser, and the
 * shared link is opened signed out. `run.mjs` calls `registerAuditTests` with its harness.
 */

import { makeBooksWithEntries } from './audit-books.mjs';

export function registerAuditTests(h) {
  const { test, check, api, baseUrl, withSession, shot, WAIT_MS } = h;
  // The 400 is provoked on purpose, to see the server's field error on its field.
  const options = { missing: h.AUDIT_MISSING, allowConsole: [/status of 400/] };

  const booksWithEntries = makeBooksWithEntries(h);

  test(
    'an auditor opens a session, reads its result, signs off, shares it, and the link opens signed out',
    async ({ page, context }) => {
      // Round, above performance materiality, and just below the 1,000.00 threshold.
      const { user, ws, year } = await booksWithEntries([
        ['01-05', '7000.00'],
        ['01-06', '999.00'],
        ['01-07', '5000.00'],
        ['01-08', '123.45'],
      ]);
      await withSession(context, user, { preferredService: 'audit', wsId: ws.id });
      await page.goto(`${baseUrl}/audit`);
      await page
        .getByRole('heading', { name: 'No audit sessions yet' })
        .waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-home-empty');

      await page.getByRole('button', { name: 'New audit session' }).click();
      const dialog = page.getByRole('dialog', { name: 'New audit session' });
      await dialog.getByLabel('Materiality', { exact: false }).first().fill('5000.00');
      await dialog.getByLabel('Approval threshold').fill('1000.00');
      // Only the server knows this rule; its message lands on the field it names.
      await dialog.getByLabel('Performance materiality').fill('6000.00');
      await dialog.getByRole('button', { name: 'Open session' }).click();
      await dialog
        .getByText('Performance materiality cannot exceed materiality.')
        .waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-create-session-server-error', { settleMs: 300 });
      await dialog.getByLabel('Performance materiality').fill('3750.00');
      await shot(page, 'audit-create-session', { settleMs: 300 });
      await dialog.getByRole('button', { name: 'Open session' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/audit/sessions/'), {
        timeout: WAIT_MS,
      });

      // The result: population, distribution, Benford verdict, flagged entries.
      const summary = page.getByTestId('audit-summary');
      await summary.getByText('Total debits').waitFor({ timeout: WAIT_MS });
      await page.getByTestId('audit-flagged').locator('.ag-row').first().waitFor({
        timeout: WAIT_MS,
      });
      const summaryText = await summary.innerText();
      check(summaryText.includes(`${year}-01-01`), `period missing: ${summaryText}`);
      check(summaryText.includes('13,122.45'), `total debits missing: ${summaryText}`);
      const verdict = await page.getByTestId('benford-verdict').innerText();
      check(/Insufficient data|conformity|Marginally/i.test(verdict), `verdict: ${verdict}`);
      await shot(page, 'audit-session', { settleMs: 300 });
      const sessionUrl = page.url();

      // A flagged row opens its breakdown and the entry's event history.
      await page
        .getByTestId('audit-flagged')
        .locator('.ag-row .ag-cell[col-id="number"]')
        .first()
        .click();
      const history = page.getByTestId('audit-entry-history');
      await history.getByText('JournalEntryPosted').first().waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-breakdown-drawer', { settleMs: 300 });
      await page.keyboard.press('Escape');

      // Sign off as performer; sharing opens up after it.
      const share = page.getByRole('button', { name: 'Share', exact: true });
      check(await share.isDisabled(), 'Share enabled before the performer signed');
      await page.getByLabel('Performer conclusion').fill('No material exceptions noted.');
      await page.getByRole('button', { name: 'Sign off as performer' }).click();
      await page
        .getByTestId('audit-signoff-performer')
        .getByText('No material exceptions noted.')
        .waitFor({ timeout: WAIT_MS });
      await page.getByLabel('Reviewer conclusion').waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-signed-performer', { settleMs: 300 });

      await share.click();
      await page.getByRole('button', { name: 'Create link' }).click();
      const urlInput = page.getByTestId('audit-share-url');
      await urlInput.waitFor({ timeout: WAIT_MS });
      const link = await urlInput.inputValue();
      check(link.startsWith(`${baseUrl}/audit-shared/`), `share link ${link}`);
      await shot(page, 'audit-share-dialog', { settleMs: 300 });

      // Signed out: a new browser context with no stored token.
      const outsider = await context
        .browser()
        .newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const publicPage = await outsider.newPage();
        await publicPage.goto(link);
        await publicPage.getByTestId('shared-audit-title').waitFor({ timeout: WAIT_MS });
        const title = await publicPage.getByTestId('shared-audit-title').innerText();
        check(title.includes(`FY${year} audit`), `shared title ${title}`);
        await publicPage.getByText('Acme Audit Ltd').first().waitFor({ timeout: WAIT_MS });
        await publicPage
          .getByTestId('audit-signoff-performer')
          .getByText('No material exceptions noted.')
          .waitFor({ timeout: WAIT_MS });
        await publicPage.getByTestId('audit-flagged').locator('.ag-row').first().waitFor({
          timeout: WAIT_MS,
        });
        const stored = await publicPage.evaluate(() => window.localStorage.getItem('token'));
        check(stored === null, 'the public page has a token');
        await shot(publicPage, 'audit-shared-public', { settleMs: 300 });

        // Revoking the link turns the public page into "not available".
        await page.getByRole('button', { name: 'Revoke link' }).click();
        await page.getByText('The link is revoked').waitFor({ timeout: WAIT_MS });
        await publicPage.reload();
        await publicPage
          .getByRole('heading', { name: 'This shared audit is not available' })
          .waitFor({ timeout: WAIT_MS });
        await shot(publicPage, 'audit-shared-revoked');

        // The home lists the session, now in review.
        await page.keyboard.press('Escape');
        await page.goto(`${baseUrl}/audit`);
        const row = page.getByTestId('audit-sessions').getByRole('row', { name: /FY\d+ audit/ });
        await row.getByText('In review').waitFor({ timeout: WAIT_MS });
        await shot(page, 'audit-home-list');
        await row.click();
        await page.waitForURL(sessionUrl, { timeout: WAIT_MS });
      } finally {
        await outsider.close();
      }
    },
    options,
  );

  /**
   * Amounts spread log-uniformly over 10.00–99,999.99 follow Benford's law; a fixed
   * generator keeps the run repeatable.
   */
  function benfordAmounts(count) {
    let seed = 20260101;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    return Array.from({ length: count }, () => (10 * 10 ** (next() * 4)).toFixed(2));
  }

  test(
    'the Benford chart draws observed against expected with its MAD verdict once enough amounts qualify',
    async ({ page, context }) => {
      // The test reads one amount per entry (its debits): 520 entries pass its minimum of 500.
      const days = Array.from({ length: 28 }, (_, i) => `01-${String(i + 1).padStart(2, '0')}`);
      const postings = benfordAmounts(520).map((amount, i) => [days[i % days.length], amount]);
      const { user, ws, year } = await booksWithEntries(postings);
      const { data } = await api('POST', `/audit/workspaces/${ws.id}/sessions/`, {
        token: user.access,
        expect: 201,
        body: {
          name: 'Benford check',
          period_start: `${year}-01-01`,
          period_end: `${year}-12-31`,
          materiality: '50000.00',
          performance_materiality: '37500.00',
        },
      });
      await withSession(context, user, { preferredService: 'audit', wsId: ws.id });
      await page.goto(`${baseUrl}/audit/sessions/${data.id}`);
      const chart = page.getByTestId('audit-benford');
      await chart.locator('.recharts-bar-rectangle').first().waitFor({ timeout: WAIT_MS });
      const bars = await chart.locator('.recharts-bar-rectangle').count();
      check(bars === 9, `${bars} first-digit bars`);
      const verdict = await page.getByTestId('benford-verdict').innerText();
      check(/MAD \d\.\d{4}/.test(verdict), `verdict: ${verdict}`);
      check(!/insufficient/i.test(verdict), `verdict: ${verdict}`);
      await shot(page, 'audit-benford-analysed', { settleMs: 300 });
    },
    options,
  );
}
