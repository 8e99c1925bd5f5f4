/**
 * Browser test of the fiscal-year close (Journal entry → "Fiscal years"): an Admin closes
 * last year, sees it closed with its closing entry, and reopens it. `run.mjs` calls
 * `registerFiscalYearTests`.
 */
export function registerFiscalYearTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, shot, WAIT_MS } = h;

  /** An Admin whose books hold a sale and rent last year. */
  async function adminWithLastYear() {
    const { user, workspaces } = await userWithWorkspaces(['Year End Ltd']);
    const books = `/accounting/workspaces/${workspaces[0].id}/`;
    await api('POST', `${books}accounts/default/setup/`, { token: user.access });
    const { data: tree } = await api('GET', `${books}accounts/`, { token: user.access });
    const byCode = {};
    const walk = (nodes) =>
      nodes.forEach((node) => {
        byCode[node.account_code] = node.id;
        walk(node.children);
      });
    walk(tree);
    const lastYear = Number(new Date().toISOString().slice(0, 4)) - 1;
    const post = (memo, debit, credit, amount) =>
      api('POST', `${books}journal-entries/`, {
        token: user.access,
        expect: 201,
        body: {
          date: `${lastYear}-06-30`,
          memo,
          post: true,
          lines: [
            { account_id: byCode[debit], debit: amount },
            { account_id: byCode[credit], credit: amount },
          ],
        },
      });
    await post('Sale last year', '1120', '4100', '400000.00');
    await post('Rent last year', '6210', '1120', '100000.00');
    return { user, lastYear };
  }

  test('fiscal years: an Admin closes last year, sees it closed, and reopens it', async ({
    page,
    context,
  }) => {
    const { user, lastYear } = await adminWithLastYear();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}/accounting/journal-entry`);
    await page.getByRole('button', { name: 'Fiscal years' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fiscal years' });
    const row = dialog.getByTestId(`fiscal-year-${lastYear}`);
    await row.getByText('Open', { exact: true }).waitFor({ timeout: WAIT_MS });

    await row.getByRole('button', { name: 'Close year' }).click();
    await row.getByText('Closed', { exact: true }).waitFor({ timeout: WAIT_MS });
    await page.getByText(`Fiscal year ${lastYear} closed`).waitFor({ timeout: WAIT_MS });
    const status = await row.locator('td').nth(2).innerText();
    check(/JE-\d+/.test(status), `no closing entry beside the closed year: ${status}`);
    await shot(page, 'fiscal-year-closed', { settleMs: 300 });

    await row.getByRole('button', { name: 'Reopen year' }).click();
    await row.getByText('Open', { exact: true }).waitFor({ timeout: WAIT_MS });
    await row.getByRole('button', { name: 'Close year' }).waitFor({ timeout: WAIT_MS });
    await page.getByText(`Fiscal year ${lastYear} reopened`).waitFor({ timeout: WAIT_MS });
  });
}
