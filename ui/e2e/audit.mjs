/**
 * Browser tests of the audit screens (issue 8), against the real server: entries are
 * posted through its API, the session is opened, signed and shared in the browser, and the
 * shared link is opened signed out. `run.mjs` calls `registerAuditTests` with its harness.
 */

import { makeBooksWithEntries } from './audit-books.mjs';

export function registerAuditTests(h) {
  const { test, check, api, baseUrl, withSession, shot, WAIT_MS } = h;
  // The 400 is provoked on purpose, to see the server's field error on its field.
  const options = { allowConsole: [/status of 400/] };

  const books = (ws) => `/accounting/workspaces/${ws.id}/`;

  test(
    'an invited reviewer lands in accounting once, then switches to audit and signs the session off as reviewer',
    async ({ page, context }) => {
      const { user, ws, year } = await booksWithEntries([['03-02', '1200.00']]);
      const sessions = `/audit/workspaces/${ws.id}/sessions/`;
      const { data: opened } = await api('POST', sessions, {
        token: user.access,
        expect: 201,
        body: {
          name: 'Q1 review',
          period_start: `${year}-01-01`,
          period_end: `${year}-03-31`,
          materiality: '5000.00',
          performance_materiality: '3750.00',
        },
      });
      await api('POST', `${sessions}${opened.id}/sign-off/`, {
        token: user.access,
        body: { role: 'performer', conclusion: 'Tested; no exceptions.' },
      });
      const link = await h.inviteByLink(user, [ws]);
      const { data: reviewer } = await api(
        'POST',
        '/accounts/organizations/invitations/create-account-and-accept-invite/',
        {
          body: {
            token: h.tokenOf(link),
            first_name: 'Kemi',
            last_name: 'Adeyemi',
            email: h.uniqueEmail('reviewer'),
            password: h.PASSWORD,
          },
          expect: 201,
        },
      );

      await withSession(context, { access: reviewer.access }, { preferredService: 'audit' });
      await page.goto(`${baseUrl}/audit/sessions/${opened.id}`);
      // Spec §2: an invited user's workspace loading sends them to accounting — once.
      await h.waitForPath(page, '/dashboard');
      // The reviewer chooses audit; the reload into it must not send them back.
      await page.getByRole('button', { name: 'Switch Service' }).click();
      await h.waitForPath(page, '/audit');
      await page.getByRole('button', { name: 'New audit session' }).waitFor({ timeout: WAIT_MS });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      check(new URL(page.url()).pathname === '/audit', `after switching: ${page.url()}`);
      await page.goto(`${baseUrl}/audit/sessions/${opened.id}`);
      await page.getByLabel('Reviewer conclusion').waitFor({ timeout: WAIT_MS });
      await page.getByLabel('Reviewer conclusion').fill('Reviewed the work; I concur.');
      await page.getByRole('button', { name: 'Sign off as reviewer' }).click();
      await page
        .getByTestId('audit-signoff-reviewer')
        .getByText('Reviewed the work; I concur.')
        .waitFor({ timeout: WAIT_MS });
      // Still in audit a moment later: nothing sends the reviewer back.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      check(
        new URL(page.url()).pathname === `/audit/sessions/${opened.id}`,
        `the reviewer was sent to ${page.url()}`,
      );
      await shot(page, 'audit-signed-reviewer', { settleMs: 300 });
    },
    options,
  );
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
      check(summaryText.includes(`1 Jan ${year}`), `period missing: ${summaryText}`);
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
    'the digit-test charts draw observed against expected with their MAD verdicts once enough amounts qualify, in tabs',
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

      // The other digit tests, one tab each: 90 first-two-digit buckets (an empty bucket
      // draws no bar, and 520 amounts leave a few empty), 10 second digits.
      for (const [tab, kind, expected, fewest] of [
        ['First two', 'first_two_digits', 90, 80],
        ['Second digit', 'second_digit', 10, 10],
      ]) {
        await chart.getByRole('tab', { name: tab }).click();
        const panel = chart.getByTestId(`digit-test-${kind}`);
        await panel.locator('.recharts-bar-rectangle').first().waitFor({ timeout: WAIT_MS });
        const count = await panel.locator('.recharts-bar-rectangle').count();
        check(
          count >= fewest && count <= expected,
          `${count} ${kind} bars, expected ${fewest}–${expected}`,
        );
        const mad = await page.getByTestId('benford-verdict').innerText();
        check(/MAD \d\.\d{4}/.test(mad), `${kind} verdict: ${mad}`);
        await shot(page, `audit-digits-${kind}`, { settleMs: 300 });
      }
      // Last two digits count amounts of 1,000 and more only: about half of these 520.
      await chart.getByRole('tab', { name: 'Last two' }).click();
      await chart
        .getByTestId('digit-test-last_two_digits')
        .getByText('Insufficient data')
        .waitFor({ timeout: WAIT_MS });
      const thin = await page.getByTestId('benford-verdict').innerText();
      check(/insufficient/i.test(thin), `last two digits verdict: ${thin}`);
      await shot(page, 'audit-digits-last_two_digits', { settleMs: 300 });
    },
    options,
  );

  test(
    'books as known at sign-off show the trial balance of that moment, what changed since and what was recorded after the close, down to an entry history',
    async ({ page, context }) => {
      const { user, ws, year, ids } = await booksWithEntries([
        ['03-02', '1200.00'],
        ['05-04', '300.00'],
        ['06-10', '45.00'],
      ]);
      const sessions = `/audit/workspaces/${ws.id}/sessions/`;
      const { data: opened } = await api('POST', sessions, {
        token: user.access,
        expect: 201,
        body: {
          name: 'H1 close',
          period_start: `${year}-01-01`,
          period_end: `${year}-06-30`,
          materiality: '5000.00',
          performance_materiality: '3750.00',
        },
      });
      await api('POST', `${sessions}${opened.id}/sign-off/`, {
        token: user.access,
        body: { role: 'performer', conclusion: 'Books closed.' },
      });
      // After the sign-off: a back-dated entry and a reversal of the first one.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const later = await booksAfter(user, ws, [[`${year}-06-20`, '80.00']]);
      await api('POST', `${books(ws)}journal-entries/${ids[0]}/reverse/`, {
        token: user.access,
        expect: 201,
        body: { date: `${year}-06-30` },
      });

      await withSession(context, user, { preferredService: 'audit', wsId: ws.id });
      await page.goto(`${baseUrl}/audit/sessions/${opened.id}`);
      await page.getByRole('button', { name: 'Books as known at sign-off' }).click();
      await page.waitForURL((url) => url.pathname === '/audit/time-travel', { timeout: WAIT_MS });
      const tb = page.getByTestId('tt-trial-balance');
      await tb.locator('.ag-row').first().waitFor({ timeout: WAIT_MS });
      const caption = await tb.innerText();
      check(caption.includes('3 entries known at'), `trial balance caption: ${caption}`);
      const totals = await tb.locator('.ag-row-pinned').first().innerText();
      check(totals.includes('1,545.00'), `totals at sign-off: ${totals}`);
      check(!totals.includes('1,625.00'), `later entries leaked in: ${totals}`);
      await shot(page, 'audit-time-travel-trial-balance', { settleMs: 300 });

      // A trial-balance row opens that account's ledger as known then. The grid may
      // redraw its rows once more as the page settles (a click on a row being replaced is
      // lost): click again only while the page is still on the trial balance — once the
      // ledger tab is open the trial balance is unmounted, and the ledger, read from the
      // log as known then, gets the full wait however loaded the machine is.
      const ledger = page.getByTestId('tt-ledger');
      const onLedgerTab = (url) => url.searchParams.get('tab') === 'ledger';
      for (let attempt = 1; !onLedgerTab(new URL(page.url())); attempt += 1) {
        await tb.locator('.ag-row .ag-cell[col-id="account_code"]', { hasText: '1120' }).click();
        try {
          await page.waitForURL(onLedgerTab, { timeout: WAIT_MS / 3 });
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      await ledger.locator('.ag-row').first().waitFor({ timeout: WAIT_MS });
      const rows = await ledger
        .locator('.ag-row[row-index]')
        .evaluateAll((els) => new Set(els.map((el) => el.getAttribute('row-index'))).size);
      check(rows === 3, `${rows} cash postings known at sign-off`);
      await shot(page, 'audit-time-travel-ledger', { settleMs: 300 });
      await ledger.locator('.ag-row .ag-cell[col-id="entry_number"]').first().click();
      await page
        .getByTestId('audit-entry-history')
        .getByText('JournalEntryPosted')
        .first()
        .waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Escape');

      // What changed since: the cash account moved by the reversal and the new entry.
      await page.getByRole('tab', { name: 'Changed since' }).click();
      const compare = page.getByTestId('tt-compare');
      await compare.locator('.ag-row').first().waitFor({ timeout: WAIT_MS });
      await compare.locator('.ag-row .ag-cell[col-id="account_code"]', { hasText: '1120' }).click();
      const causes = page.getByTestId('tt-causes');
      await causes.getByText(later[0].number, { exact: false }).waitFor({ timeout: WAIT_MS });
      const causesText = await causes.innerText();
      check(causesText.includes('reversal'), `causes: ${causesText}`);
      await shot(page, 'audit-time-travel-compare', { settleMs: 300 });
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Changes after close' }).click();
      const afterClose = page.getByTestId('tt-after-close');
      await afterClose.getByText('Back-dated into the period').waitFor({ timeout: WAIT_MS });
      await afterClose.getByText('Reversal dated in the period').waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-time-travel-after-close', { settleMs: 300 });
    },
    options,
  );

  /** Posts `[date, amount]` entries after the fact; answers their ids and numbers. */
  async function booksAfter(user, ws, postings) {
    const { data: tree } = await api('GET', `${books(ws)}accounts/`, { token: user.access });
    const byCode = {};
    const walk = (nodes) =>
      nodes.forEach((node) => {
        byCode[node.account_code] = node.id;
        walk(node.children);
      });
    walk(tree);
    const posted = [];
    for (const [date, amount] of postings) {
      const { data } = await api('POST', `${books(ws)}journal-entries/`, {
        token: user.access,
        expect: 201,
        body: {
          date,
          memo: `Late ${amount}`,
          reference: '',
          post: true,
          lines: [
            { account_id: byCode['1120'], description: 'Late', debit: amount, credit: '' },
            { account_id: byCode['6210'], description: 'Late', debit: '', credit: amount },
          ],
        },
      });
      const { data: entry } = await api('GET', `${books(ws)}journal-entries/${data.id}/`, {
        token: user.access,
      });
      posted.push({ id: data.id, number: entry.entry_number });
    }
    return posted;
  }

  test(
    'the session form takes holidays and business hours, shows the server error on a bad holiday, and the session shows its calendar',
    async ({ page, context }) => {
      const { user, ws, year } = await booksWithEntries([['01-05', '100.00']]);
      await withSession(context, user, { preferredService: 'audit', wsId: ws.id });
      await page.goto(`${baseUrl}/audit`);
      await page.getByRole('button', { name: 'New audit session' }).click();
      const dialog = page.getByRole('dialog', { name: 'New audit session' });
      await dialog.getByLabel('Materiality', { exact: false }).first().fill('5000.00');
      await dialog.getByLabel('Performance materiality').fill('3750.00');
      const holidays = dialog.getByLabel('Public holidays');
      // Shaped like a date, so only the server knows there is no 30 February.
      await holidays.fill(`${year}-02-30`);
      await holidays.press('Enter');
      await dialog.getByLabel('Business hours from').fill('09:00');
      await dialog.getByLabel('Business hours to').fill('17:00');
      await dialog.getByRole('button', { name: 'Open session' }).click();
      await dialog
        .getByText(`“${year}-02-30” is not a date; enter YYYY-MM-DD.`)
        .waitFor({ timeout: WAIT_MS });
      await shot(page, 'audit-create-session-calendar-error', { settleMs: 300 });

      await holidays.press('Backspace');
      await holidays.fill(`${year}-10-01`);
      await holidays.press('Enter');
      await holidays.fill(`${year}-12-25`);
      await holidays.press('Enter');
      await shot(page, 'audit-create-session-calendar', { settleMs: 300 });
      await dialog.getByRole('button', { name: 'Open session' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/audit/sessions/'), {
        timeout: WAIT_MS,
      });
      const hours = page.getByTestId('audit-business-hours');
      await hours.waitFor({ timeout: WAIT_MS });
      const hoursText = await hours.innerText();
      // The workspace's zone by name (a new organization's default, Africa/Lagos).
      check(hoursText === '09:00–17:00 (Africa/Lagos)', `hours: ${hoursText}`);
      const days = await page.getByTestId('audit-holidays').innerText();
      check(days === `${year}-10-01, ${year}-12-25`, `holidays: ${days}`);
      await shot(page, 'audit-session-calendar', { settleMs: 300 });
    },
    options,
  );
}
