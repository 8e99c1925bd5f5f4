/**
 * Browser tests of the wallet (spec §2 /wallet), against the real server and its sandbox
 * provider: a wallet is opened and topped up through the sandbox checkout in a new tab
 * (back through /payment-completion), a plan is paid from it on /license, and both
 * movements show in the wallet's transactions grid. `run.mjs` calls `registerWalletTests`.
 */

const ACCEPTED_CARD = '4242 4242 4242 4242';

export function registerWalletTests(h) {
  const {
    test,
    check,
    api,
    baseUrl,
    userWithWorkspaces,
    withSession,
    onServer,
    shot,
    waitForPath,
    WAIT_MS,
  } = h;

  const toastsOf = (page) => page.evaluate(() => window.__e2eToasts ?? []);

  async function waitForToast(page, pattern) {
    const deadline = Date.now() + WAIT_MS;
    let seen = [];
    while (Date.now() < deadline) {
      seen = await toastsOf(page).catch(() => []);
      if (seen.some((text) => pattern.test(text))) return seen;
      await page.waitForTimeout(100);
    }
    throw new Error(`no toast matching ${pattern}; toasts: ${JSON.stringify(seen)}`);
  }

  test('a wallet topped up through the sandbox pays the Enterprise plan; both show in its grid', async ({
    page,
    context,
  }) => {
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}/wallet`);
    // Reached from the side navigation's bottom group, next to License Plan.
    await page.getByRole('link', { name: 'Wallet' }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Open NGN wallet' }).click();
    const balance = page.getByTestId('wallet-balance-NGN');
    await balance.getByText('₦0.00').waitFor({ timeout: WAIT_MS });

    await page.getByLabel('Amount (NGN)').fill('80000');
    const [checkout] = await Promise.all([
      context.waitForEvent('page', { timeout: WAIT_MS }),
      page.getByRole('button', { name: 'Add funds' }).click(),
    ]);
    await checkout.waitForLoadState('domcontentloaded');
    const url = checkout.url();
    check(/\/sandbox-checkout\/LLW-/.test(new URL(url).pathname), `the new tab is ${url}`);
    if (!url.startsWith(baseUrl)) await checkout.goto(onServer(url));
    await checkout.getByText('Sandbox payment — no real money moves').waitFor({ timeout: WAIT_MS });
    await checkout.getByRole('button', { name: new RegExp(`${ACCEPTED_CARD} — `) }).click();
    await checkout.getByLabel('Expiry').fill('12/39');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await waitForPath(checkout, '/wallet');
    await waitForToast(checkout, /^NoticePayment successful$/);
    await checkout
      .getByTestId('wallet-balance-NGN')
      .getByText('₦80,000.00')
      .waitFor({ timeout: WAIT_MS });
    await checkout
      .getByRole('region', { name: 'Saved cards' })
      .getByText(/4242/)
      .waitFor({ timeout: WAIT_MS });

    await checkout.goto(`${baseUrl}/license`);
    await checkout
      .getByRole('region', { name: 'Plans' })
      .getByText('Wallet', { exact: true })
      .click();
    const pay = checkout.getByRole('button', { name: 'Pay from wallet: Enterprise' });
    await pay.waitFor({ timeout: WAIT_MS });
    const deadline = Date.now() + WAIT_MS;
    while (await pay.isDisabled()) {
      if (Date.now() > deadline) throw new Error('Pay from wallet stays disabled');
      await checkout.waitForTimeout(100);
    }
    await pay.click();
    await waitForToast(checkout, /Paid the Enterprise plan from your wallet/);
    await checkout
      .getByTestId('current-plan')
      .getByText('Enterprise')
      .waitFor({ timeout: WAIT_MS });

    await checkout.goto(`${baseUrl}/wallet`);
    await checkout
      .getByTestId('wallet-balance-NGN')
      .getByText('₦5,000.00')
      .waitFor({ timeout: WAIT_MS });
    const grid = checkout.getByRole('region', { name: 'Transactions' });
    await grid.getByText('Enterprise plan, one month').waitFor({ timeout: WAIT_MS });
    await grid.getByText('Top-up', { exact: true }).waitFor({ timeout: WAIT_MS });
    await shot(checkout, 'wallet', { settleMs: 300 });

    const { data } = await api(
      'GET',
      `/payments/payments/subcription/organization-subscription/latest/?organization_id=${user.organization_id}`,
      { token: user.access },
    );
    check(data?.plan?.id === 'enterprise', `the server says ${JSON.stringify(data)}`);
  });
}
