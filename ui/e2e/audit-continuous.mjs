/**
 * Browser tests of continuous monitoring on the audit home (issue 8, item 2): an Admin
 * sees a risky entry flagged as it is posted, opens its breakdown and history, and
 * lowers the band that notifies; the notification links to the entry. `run.mjs` calls
 * `registerAuditContinuousTests` with its harness.
 */
import { makeBooksWithEntries } from './audit-books.mjs';

export function registerAuditContinuousTests(h) {
  const { test, check, api, baseUrl, withSession, shot, WAIT_MS } = h;
  const booksWithEntries = makeBooksWithEntries(h);

  /** The first day of last month, `YYYY-MM-DD`: an entry posted now with it is backdated. */
  function lastMonth() {
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    return first.toISOString().slice(0, 10);
  }

  test('a risky entry posted in a monitored workspace is flagged on the audit home and opens its breakdown', async ({
    page,
    context,
  }) => {
    const books = await booksWithEntries([]);
    const { user, ws } = books;
    // Monitoring on with a 1,000.00 approval threshold; the timing control points weigh
    // nothing so the result does not depend on when the suite runs.
    await api('PUT', `/audit/continuous/${ws.id}/`, {
      token: user.access,
      body: {
        enabled: true,
        notify_from: 'high',
        approval_thresholds: ['1000.00'],
        params: {
          risk: {
            weights: { weekend_posting: 0, after_hours_posting: 0, holiday_posting: 0 },
          },
        },
      },
    });
    const { data: tree } = await api('GET', `/accounting/workspaces/${ws.id}/accounts/`, {
      token: user.access,
    });
    const byCode = {};
    const walk = (nodes) =>
      nodes.forEach((node) => {
        byCode[node.account_code] = node.id;
        walk(node.children);
      });
    walk(tree);
    // Backdated into last month, just below the threshold, a weak memo: high.
    const { data: risky } = await api('POST', `/accounting/workspaces/${ws.id}/journal-entries/`, {
      token: user.access,
      expect: 201,
      body: {
        date: lastMonth(),
        memo: 'Adj',
        reference: '',
        post: true,
        lines: [
          { account_id: byCode['6210'], description: '', debit: '990.00', credit: '' },
          { account_id: byCode['1120'], description: '', debit: '', credit: '990.00' },
        ],
      },
    });

    await withSession(context, user, { preferredService: 'audit', wsId: ws.id });
    await page.goto(`${baseUrl}/audit`);
    const panel = page.getByTestId('continuous-monitoring');
    await panel.waitFor({ timeout: WAIT_MS });
    const row = panel.locator('.ag-row').first();
    // The reactor scores the entry a moment after it is posted; the panel refreshes.
    for (let attempt = 0; attempt < 20 && !(await row.isVisible()); attempt += 1) {
      await page.reload();
      await panel.waitFor({ timeout: WAIT_MS });
      await page.waitForTimeout(300);
    }
    await row.waitFor({ timeout: WAIT_MS });
    check(
      (await row.locator('.ag-cell[col-id="number"]').textContent())?.trim() === 'JE-000001',
      'the risky entry is listed',
    );
    check(
      (await row.locator('.ag-cell[col-id="band"]').textContent())?.trim() === 'high',
      'in the high band',
    );
    check(
      await panel.getByRole('switch', { name: 'Score new entries as they are posted' }).isChecked(),
      'the switch shows monitoring on',
    );
    await shot(page, 'audit-continuous-flagged', { settleMs: 300 });

    await row.locator('.ag-cell[col-id="number"]').click();
    const breakdown = page.getByTestId('continuous-breakdown');
    await breakdown.getByText('Backdated', { exact: true }).waitFor({ timeout: WAIT_MS });
    await breakdown
      .getByText('Just below approval threshold', { exact: true })
      .waitFor({ timeout: WAIT_MS });
    await page.getByTestId('audit-entry-history').waitFor({ timeout: WAIT_MS });
    await shot(page, 'audit-continuous-breakdown', { settleMs: 300 });
    await page.keyboard.press('Escape');

    // Lowering the band is one click; the status says what it means.
    await panel.getByText('Medium and high', { exact: true }).click();
    await panel
      .getByTestId('continuous-status')
      .getByText(/scoring medium or high are flagged/)
      .waitFor({ timeout: WAIT_MS });
    const { data: settings } = await api('GET', `/audit/continuous/${ws.id}/`, {
      token: user.access,
    });
    check(settings.notify_from === 'medium', 'the band was saved');
    check(
      settings.approval_thresholds.length === 1 && settings.params.risk,
      'what the panel does not show was kept',
    );

    // The notification's link opens the entry on the audit home.
    await page.goto(`${baseUrl}/audit?continuous_entry=${risky.id}`);
    await page
      .getByTestId('continuous-breakdown')
      .getByText('Backdated', { exact: true })
      .waitFor({ timeout: WAIT_MS });
  });
}
