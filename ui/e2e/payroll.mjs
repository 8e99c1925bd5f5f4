/**
 * Browser tests of payroll (`/accounting/payroll`), against the real server: employees are
 * hired through the screen and the API, a month is run, approved and posted through the
 * screen, and the posting is checked in the trial balance; the payslip PDF is fetched as
 * the screen fetches it. `run.mjs` calls `registerPayrollTests` with its harness helpers.
 */

/** Last month as `YYYY-MM` and in words ("October 2026"): its pay date is already past. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const period = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
  const words = new Intl.DateTimeFormat('en-NG', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(first);
  return { period, words };
}

export function registerPayrollTests(h) {
  const {
    test,
    check,
    api,
    baseUrl,
    userWithWorkspaces,
    withSession,
    inviteByLink,
    tokenOf,
    uniqueEmail,
    shot,
    WAIT_MS,
    PASSWORD,
  } = h;

  const payroll = (ws) => `/accounting/workspaces/${ws.id}/payroll/`;

  /** An Admin with one workspace whose default chart is set up. */
  async function adminWithBooks() {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const ws = workspaces[0];
    await api('POST', `/accounting/workspaces/${ws.id}/accounts/default/setup/`, {
      token: user.access,
    });
    return { user, ws };
  }

  async function open(page, context, user, path) {
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${path}`);
  }

  test(
    'payroll: hire, run a month, approve and post it to the books, open a payslip PDF and reverse the run',
    async ({ page, context }) => {
      const { user, ws } = await adminWithBooks();
      // A second employee through the API; the first through the screen below.
      await api('POST', `${payroll(ws)}employees/`, {
        token: user.access,
        expect: 201,
        body: {
          first_name: 'Ngozi',
          last_name: 'Obi',
          staff_id: 'ST-002',
          department: 'Operations',
          start_date: '2025-06-01',
          basic: '6000000.00',
          housing: '3600000.00',
          transport: '2400000.00',
          annual_rent: '1200000.00',
        },
      });

      await open(page, context, user, '/accounting/payroll?tab=employees');
      const grid = page.getByRole('region', { name: 'Employees table' });
      await grid
        .getByRole('gridcell', { name: 'Ngozi Obi', exact: true })
        .waitFor({ timeout: WAIT_MS });
      await page.getByRole('button', { name: 'Add employee' }).click();
      const form = page.getByRole('form', { name: 'Add employee' });
      await form.getByRole('textbox', { name: 'First name' }).fill('Chidi');
      await form.getByRole('textbox', { name: 'Last name' }).fill('Eze');
      await form.getByRole('textbox', { name: 'Staff ID' }).fill('ST-001');
      await form.getByRole('textbox', { name: 'Department' }).fill('Finance');
      await form.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
      await form.getByLabel('Start date').fill('2025-01-01');
      await form.getByRole('textbox', { name: 'Basic' }).fill('1,500,000');
      await form.getByRole('textbox', { name: 'Housing' }).fill('900,000');
      await form.getByRole('textbox', { name: 'Transport' }).fill('600,000');
      await form.getByRole('textbox', { name: 'Annual rent' }).fill('1,200,000');
      await form.getByRole('button', { name: 'Add employee' }).click();
      // The server names the field it refuses; the form shows it there.
      await form.getByText(/e-mail address like name@example\.com/i).waitFor({ timeout: WAIT_MS });
      await shot(page, 'payroll-employee-form-error', { settleMs: 300 });
      await form.getByRole('textbox', { name: 'Email' }).fill('chidi@example.com');
      await form.getByRole('button', { name: 'Add employee' }).click();
      await grid
        .getByRole('gridcell', { name: 'Chidi Eze', exact: true })
        .waitFor({ timeout: WAIT_MS });
      await page
        .getByTestId('employee-count')
        .getByText('2 employees')
        .waitFor({ timeout: WAIT_MS });
      await page.getByRole('textbox', { name: 'Search' }).fill('chidi');
      await page
        .getByTestId('employee-count')
        .getByText('1 employee')
        .waitFor({ timeout: WAIT_MS });
      await page.getByRole('textbox', { name: 'Search' }).fill('');
      await page
        .getByTestId('employee-count')
        .getByText('2 employees')
        .waitFor({ timeout: WAIT_MS });
      await shot(page, 'payroll-employees', { settleMs: 300 });

      // The first run: the empty state leads to it.
      await page.getByRole('tab', { name: 'Pay runs' }).click();
      await page.getByText('Run your first payroll').waitFor({ timeout: WAIT_MS });
      await shot(page, 'payroll-no-runs', { settleMs: 200 });
      await page.getByRole('button', { name: 'Start pay run' }).click();
      const start = page.getByRole('dialog', { name: 'Start a pay run' });
      const { period, words } = lastMonth();
      await start.getByRole('textbox', { name: 'Period' }).click();
      await page.getByRole('option', { name: words, exact: true }).click();
      await start.getByRole('button', { name: 'Draft pay run' }).click();
      await page.getByRole('heading', { name: `${words} pay run` }).waitFor({ timeout: WAIT_MS });
      const payslips = page.getByRole('region', { name: 'Payslips table' });
      await payslips
        .getByRole('gridcell', { name: 'Chidi Eze', exact: true })
        .waitFor({ timeout: WAIT_MS });
      await payslips
        .getByRole('gridcell', { name: 'Ngozi Obi', exact: true })
        .waitFor({ timeout: WAIT_MS });
      await payslips.getByText('Total · 2 employees').waitFor({ timeout: WAIT_MS });
      await shot(page, 'payroll-draft-run', { settleMs: 400 });

      const { data: runs } = await api('GET', `${payroll(ws)}pay-runs/`, { token: user.access });
      check(runs.length === 1 && runs[0].period === period, `runs ${JSON.stringify(runs)}`);
      const run = runs[0];
      const money = (value) =>
        `₦${Number(value).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      const net = (await page.getByTestId('run-net').innerText()).trim();
      check(
        net === money(run.totals.net_pay),
        `net pay shows ${net}, server ${run.totals.net_pay}`,
      );

      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('button', { name: 'Post to books' }).click();
      await page
        .getByRole('link', { name: 'Journal entry', exact: true })
        .waitFor({ timeout: WAIT_MS });
      await page.getByText('Posted', { exact: true }).first().waitFor({ timeout: WAIT_MS });
      await shot(page, 'payroll-posted-run', { settleMs: 400 });

      // The payslip PDF, fetched with the session as the screen does, opens in a new tab.
      const pdf = page.waitForResponse(
        (response) => /\/payslips\/[^/]+\/pdf\/$/.test(response.url()),
        { timeout: WAIT_MS },
      );
      const tab = context.waitForEvent('page', { timeout: WAIT_MS });
      await page.getByRole('button', { name: 'Payslip PDF of Chidi Eze' }).click();
      const response = await pdf;
      check(response.status() === 200, `payslip PDF answered ${response.status()}`);
      const type = response.headers()['content-type'] ?? '';
      check(type.startsWith('application/pdf'), `payslip PDF is ${type}`);
      const opened = await tab;
      await opened.waitForURL((url) => url.protocol === 'blob:', { timeout: WAIT_MS });
      await opened.close();
      // The same document read directly: a real PDF (the browser's copy is a blob by now).
      const direct = await fetch(response.url(), {
        headers: { Authorization: `Bearer ${user.access}` },
      });
      const bytes = Buffer.from(await direct.arrayBuffer());
      check(
        bytes.subarray(0, 5).toString() === '%PDF-',
        `the payslip is no PDF (${bytes.length} bytes)`,
      );

      // The posting is in the books: with nothing else posted, the trial balance's debits
      // are the run's employer cost (gross pay and the employer's contributions).
      await page.goto(`${baseUrl}/accounting/trial-balance`);
      await page.getByText('Balanced: debits equal credits').waitFor({ timeout: WAIT_MS });
      const totals = page
        .getByRole('region', { name: 'Trial balance table' })
        .locator('.ledger-row-total');
      await totals.first().waitFor({ timeout: WAIT_MS });
      const debit = (await totals.locator('[col-id="debit"]').innerText()).trim();
      check(
        debit === money(run.totals.employer_cost),
        `trial balance debits ${debit}, employer cost ${run.totals.employer_cost}`,
      );

      // The cost chart counts the posted month.
      await page.goto(`${baseUrl}/accounting/payroll`);
      await page.getByTestId('payroll-cost-chart').waitFor({ timeout: WAIT_MS });
      await page
        .getByTestId('payroll-year-cost')
        .getByText(money(run.totals.employer_cost))
        .waitFor({ timeout: WAIT_MS });
      await shot(page, 'payroll-runs', { settleMs: 600 });

      // Reversed: the period is free again and the run says so.
      await page
        .getByRole('region', { name: 'Pay runs table' })
        .getByRole('gridcell', { name: words, exact: true })
        .click();
      await page.getByRole('button', { name: 'Reverse' }).click();
      const reverse = page.getByRole('dialog', { name: 'Reverse this pay run' });
      await reverse.getByRole('button', { name: 'Reverse run' }).click();
      await page
        .getByRole('link', { name: 'Reversing entry', exact: true })
        .waitFor({ timeout: WAIT_MS });
      const { data: after } = await api('GET', `${payroll(ws)}pay-runs/${run.id}/`, {
        token: user.access,
      });
      check(after.status === 'reversed', `the run is ${after.status}`);

      // Settings: the first run recorded the default accounts; ITF is switched off here.
      await page.getByRole('tab', { name: 'Settings' }).click();
      const settingsForm = page.getByRole('form', { name: 'Payroll settings' });
      await settingsForm
        .getByRole('textbox', { name: 'Salaries and wages' })
        .waitFor({ timeout: WAIT_MS });
      check(
        (await settingsForm.getByRole('textbox', { name: 'Salaries and wages' }).inputValue()) !==
          '',
        'no salaries account shown after the first run',
      );
      await shot(page, 'payroll-settings', { settleMs: 300 });
      await settingsForm
        .getByRole('switch', { name: /The employer pays ITF/ })
        .click({ force: true });
      await settingsForm.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Payroll settings saved').waitFor({ timeout: WAIT_MS });
      const { data: saved } = await api('GET', `${payroll(ws)}settings/`, { token: user.access });
      check(saved.itf_applies === false, `ITF applies: ${saved.itf_applies}`);

      // Phone width: the run and the employees stay readable.
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${baseUrl}/accounting/payroll?run=${run.id}`);
      // Phones first see the app's notice that it is made for larger screens.
      await page.getByRole('button', { name: 'Continue anyway' }).click();
      await page.getByRole('heading', { name: `${words} pay run` }).waitFor({ timeout: WAIT_MS });
      await shot(page, 'payroll-run-375', { settleMs: 400 });
      await page.goto(`${baseUrl}/accounting/payroll?tab=settings`);
      // The app's side navigation keeps its width on a phone, so the page is scrolled to.
      const settings = page.getByRole('form', { name: 'Payroll settings' });
      await settings.waitFor({ state: 'attached', timeout: WAIT_MS });
      await settings.scrollIntoViewIfNeeded();
      await shot(page, 'payroll-settings-375', { settleMs: 300 });
    },
    // The address refused on purpose answers 400.
    { allowConsole: [/status of 400/] },
  );

  test('payroll: a Viewer is refused the page with the Role Restriction modal', async ({
    page,
    context,
  }) => {
    const { user, ws } = await adminWithBooks();
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
    const viewer = { access: session.access };
    await api('GET', `${payroll(ws)}employees/`, { token: viewer.access, expect: 403 });
    await open(page, context, viewer, '/accounting/payroll');
    await page.getByTestId('payroll-refused').waitFor({ timeout: WAIT_MS });
    const modal = page.getByRole('dialog', { name: 'Role Restriction' });
    await modal.waitFor({ timeout: WAIT_MS });
    await shot(page, 'payroll-viewer-refused', { settleMs: 300 });
    check(
      (await page.getByRole('button', { name: 'Start pay run' }).count()) === 0,
      'Start pay run shown to a Viewer',
    );
  });
}
