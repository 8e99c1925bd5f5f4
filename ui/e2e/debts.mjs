/**
 * Browser tests of the debt management screen (/accounting/financial-reports/financial-debt)
 * against the real server: an Admin adds a ₦1,000,000 loan at 12 % over 12 months
 * (annuity) with its drawdown, sees the schedule's level payment of 88,848.79, repays one
 * instalment and sees it split 10,000.00 interest / 78,848.79 principal, then opens the
 * aging; a Viewer reads the debt without the controls that post. `run.mjs` calls
 * `registerDebtTests`.
 */
export function registerDebtTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, inviteByLink, tokenOf } = h;
  const { uniqueEmail, shot, WAIT_MS, PASSWORD } = h;
  const SCREEN = '/accounting/financial-reports/financial-debt';
  const year = new Date().getFullYear();

  /** An Admin whose books have the default chart. */
  async function adminWithBooks() {
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
    return { user, ws, books, byCode };
  }

  async function pickAccount(page, input, code) {
    await input.click();
    await input.fill(code);
    const option = page.getByRole('option', { name: new RegExp(`^\\s*${code} · `) }).first();
    await option.waitFor({ timeout: WAIT_MS });
    await option.click();
  }

  test('debts: an Admin adds a loan with its drawdown, repays an instalment and sees the split', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithBooks();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${SCREEN}`);
    await page
      .getByRole('heading', { name: 'Debt Management', exact: true })
      .waitFor({ timeout: WAIT_MS });
    await page.getByText('Add your first debt').waitFor({ timeout: WAIT_MS });
    await shot(page, 'debts-empty', { settleMs: 200 });

    await page.getByRole('button', { name: 'Add debt' }).click();
    const form = page.getByRole('form', { name: 'Debt' });
    await form.getByLabel('Lender').fill('Zenith Bank');
    await form.getByLabel('Reference').fill('LN-4471');
    await form.getByLabel('Principal', { exact: true }).fill('1,000,000');
    await form.getByLabel('Annual interest rate (%)').fill('12');
    await form.getByLabel('Term (months)').fill('12');
    await pickAccount(page, form.getByLabel('Principal account'), '2210');
    await pickAccount(page, form.getByLabel('Interest expense account'), '6500');
    await pickAccount(page, form.getByLabel('Bank account'), '1120');
    // The dates last: a date field's calendar stays open over the fields below it.
    await form.getByLabel('Start date').fill(`${year}-01-15`);
    await form.getByLabel('First due date').fill(`${year}-02-15`);
    await form.getByLabel('Reference').click();
    check(
      await form.getByLabel('Post the drawdown').isChecked(),
      'the drawdown is posted by default',
    );
    await shot(page, 'debts-form', { settleMs: 200 });
    await form.getByRole('button', { name: 'Add debt' }).click();
    await form.waitFor({ state: 'detached', timeout: WAIT_MS });

    const grid = page.getByRole('region', { name: 'Debts table' });
    await grid.getByRole('gridcell', { name: 'Zenith Bank' }).waitFor({ timeout: WAIT_MS });
    const detail = page.getByTestId('debt-detail');
    await detail.getByTestId('balance-chart').waitFor({ timeout: WAIT_MS });
    const schedule = page.getByRole('region', { name: 'Repayment schedule table' });
    await schedule
      .getByRole('gridcell', { name: '₦88,848.79' })
      .first()
      .waitFor({ timeout: WAIT_MS });
    check(
      (await schedule.getByRole('gridcell', { name: '₦10,000.00' }).count()) > 0,
      'the first instalment charges 10,000.00 interest',
    );
    // The chart draws itself in; the picture shows it whole.
    await shot(page, 'debts-schedule', { settleMs: 1500 });

    await detail.getByRole('button', { name: 'Repay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Repay Zenith Bank' });
    await dialog.getByLabel('Date').fill(`${year}-02-15`);
    check(
      (await dialog.getByLabel('Amount').inputValue()) === '88848.79',
      'the amount offered is the next instalment',
    );
    await dialog.getByRole('button', { name: 'Post repayment' }).click();
    const interest = dialog.getByTestId('split-interest');
    await interest.waitFor({ timeout: WAIT_MS });
    check(
      (await interest.textContent()) === '₦10,000.00',
      `interest: ${await interest.textContent()}`,
    );
    const principal = dialog.getByTestId('split-principal');
    check(
      (await principal.textContent()) === '₦78,848.79',
      `principal: ${await principal.textContent()}`,
    );
    // What is outstanding today depends on how many instalments have fallen due since; the
    // principal left after the first does not.
    await dialog.getByText('Principal still owed: ₦921,151.21.').waitFor({ timeout: WAIT_MS });
    await shot(page, 'debts-repayment-split', { settleMs: 200 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });

    const repayments = page.getByRole('region', { name: 'Repayments table' });
    await repayments.getByRole('gridcell', { name: '₦78,848.79' }).waitFor({ timeout: WAIT_MS });

    await page.getByRole('tab', { name: 'Aging' }).click();
    const aging = page.getByRole('region', { name: 'Debt aging table' });
    await aging.getByRole('gridcell', { name: 'Zenith Bank' }).waitFor({ timeout: WAIT_MS });
    await page.getByTestId('aging-chart').waitFor({ timeout: WAIT_MS });
    await shot(page, 'debts-aging', { settleMs: 1500 });
  });

  test('debts: a Viewer reads a debt without Add debt, Edit or Repay', async ({
    page,
    context,
  }) => {
    const { user, ws, books, byCode } = await adminWithBooks();
    await api('POST', `${books}debts/`, {
      token: user.access,
      expect: 201,
      body: {
        direction: 'payable',
        counterparty: 'Zenith Bank',
        reference: 'LN-4471',
        principal: '1000000.00',
        start_date: `${year}-01-15`,
        annual_interest_rate: '12',
        term_months: 12,
        repayment_type: 'annuity',
        first_due_date: `${year}-02-15`,
        principal_account: byCode['2210'],
        interest_account: byCode['6500'],
        cash_account: byCode['1120'],
        post_drawdown: true,
      },
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
    await page.goto(`${baseUrl}${SCREEN}`);
    const grid = page.getByRole('region', { name: 'Debts table' });
    await grid.getByRole('gridcell', { name: 'Zenith Bank' }).waitFor({ timeout: WAIT_MS });
    check((await page.getByRole('button', { name: 'Add debt' }).count()) === 0, 'no Add debt');
    await grid.getByRole('gridcell', { name: 'Zenith Bank' }).click();
    await page.getByTestId('balance-chart').waitFor({ timeout: WAIT_MS });
    check((await page.getByRole('button', { name: 'Repay' }).count()) === 0, 'no Repay');
    check((await page.getByRole('button', { name: 'Edit' }).count()) === 0, 'no Edit');
  });
}
