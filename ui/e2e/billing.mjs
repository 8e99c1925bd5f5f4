/**
 * Browser tests of billing (spec §2 /license and /payment-completion), against the real
 * server and its sandbox payment provider: the plan is bought in the browser, the
 * checkout opens in a new tab, a test card pays (or is declined) and the provider sends
 * the customer back to /payment-completion. `run.mjs` calls `registerBillingTests`.
 */

const ACCEPTED_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

export function registerBillingTests(h) {
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

  /** The toasts a page has shown so far (the harness records them). */
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

  /** An Admin on /license with the plans shown; returns the user and the page's plan card. */
  async function adminOnLicense(page, context) {
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}/license`);
    const current = page.getByTestId('current-plan');
    await current.getByText('Professional (default)').waitFor({ timeout: WAIT_MS });
    await page.getByTestId('price-enterprise').waitFor({ timeout: WAIT_MS });
    return { user, current };
  }

  /**
   * Clicks Upgrade on Enterprise and returns the checkout tab it opens. The button is
   * enabled once the user's role is known, so it is retried until a tab opens.
   */
  async function openEnterpriseCheckout(page, context) {
    const upgrade = page.getByRole('button', { name: 'Upgrade: Enterprise' });
    await upgrade.waitFor({ timeout: WAIT_MS });
    const deadline = Date.now() + WAIT_MS;
    while (await upgrade.isDisabled()) {
      if (Date.now() > deadline) throw new Error('Upgrade on Enterprise stays disabled');
      await page.waitForTimeout(100);
    }
    const [checkout] = await Promise.all([
      context.waitForEvent('page', { timeout: WAIT_MS }),
      upgrade.click(),
    ]);
    await checkout.waitForLoadState('domcontentloaded');
    const url = checkout.url();
    check(/\/sandbox-checkout\/LL-/.test(new URL(url).pathname), `the new tab is ${url}`);
    // The provider's page is named by the server's public URL; open it on the server under test.
    if (!url.startsWith(baseUrl)) await checkout.goto(onServer(url));
    await checkout.getByText('Sandbox payment — no real money moves').waitFor({ timeout: WAIT_MS });
    await checkout.getByText('Pay Ledgerline').waitFor({ timeout: WAIT_MS });
    return checkout;
  }

  async function payWith(checkout, card) {
    await checkout.getByRole('button', { name: new RegExp(`${card} — `) }).click();
    await checkout.getByLabel('Expiry').fill('12/39');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay / }).click();
  }

  test('the plan in force (Professional, without a subscription) is marked Current plan, not Upgrade', async ({
    page,
    context,
  }) => {
    await adminOnLicense(page, context);
    const plans = page.getByRole('region', { name: 'Plans' });
    const current = plans.getByRole('button', { name: 'Current plan: Professional' });
    await current.waitFor({ timeout: WAIT_MS });
    check(await current.isDisabled(), 'the plan in force can be bought again');
    check(
      (await plans.getByRole('button', { name: 'Upgrade: Professional' }).count()) === 0,
      'the plan in force is offered as an upgrade',
    );
    await plans.getByRole('button', { name: 'Upgrade: Enterprise' }).waitFor({ timeout: WAIT_MS });
  });

  test('paying for Enterprise with the sandbox card makes Enterprise the active plan', async ({
    page,
    context,
  }) => {
    const { user, current } = await adminOnLicense(page, context);
    await shot(page, 'license', { settleMs: 300 });
    const checkout = await openEnterpriseCheckout(page, context);
    const amount = await checkout.getByTestId('checkout-amount').textContent();
    check(amount === '₦75,000.00', `the checkout asks for ${amount}`);
    await shot(checkout, 'sandbox-checkout', { settleMs: 200 });
    await payWith(checkout, ACCEPTED_CARD);

    // The provider sends the tab back to /payment-completion, which settles and opens /license.
    await checkout.waitForURL((url) => url.pathname === '/payment-completion', {
      timeout: WAIT_MS,
    });
    await shot(checkout, 'payment-completion');
    await waitForPath(checkout, '/license');
    const toasts = await waitForToast(checkout, /^NoticePayment successful$/);
    check(!toasts.some((t) => t.startsWith('Error')), `error toasts: ${JSON.stringify(toasts)}`);
    const plan = checkout.getByTestId('current-plan');
    await plan.getByText('Enterprise').waitFor({ timeout: WAIT_MS });
    await checkout.getByTestId('current-plan-status').getByText('active').waitFor({
      timeout: WAIT_MS,
    });
    await checkout.getByRole('table', { name: 'Payments' }).getByText('successful').waitFor({
      timeout: WAIT_MS,
    });
    await shot(checkout, 'license-enterprise', { settleMs: 300 });

    // The tab the upgrade started from learns of it too.
    await current.getByText('Enterprise').waitFor({ timeout: WAIT_MS });
    const { data } = await api(
      'GET',
      `/payments/payments/subcription/organization-subscription/latest/?organization_id=${user.organization_id}`,
      { token: user.access },
    );
    check(
      data?.plan?.id === 'enterprise' && data.status === 'active',
      `the server says ${JSON.stringify(data)}`,
    );
  });

  test('a declined card returns to /license with an error and the plan unchanged', async ({
    page,
    context,
  }) => {
    const { user } = await adminOnLicense(page, context);
    const checkout = await openEnterpriseCheckout(page, context);
    await payWith(checkout, DECLINED_CARD);
    await checkout.waitForURL((url) => url.pathname === '/license', { timeout: WAIT_MS });
    const toasts = await waitForToast(checkout, /^ErrorThe payment did not go through\./);
    check(
      !toasts.some((t) => t.includes('Payment successful')),
      `a success toast: ${JSON.stringify(toasts)}`,
    );
    await checkout
      .getByTestId('current-plan')
      .getByText('Professional (default)')
      .waitFor({ timeout: WAIT_MS });
    await checkout.getByRole('table', { name: 'Payments' }).getByText('failed').waitFor({
      timeout: WAIT_MS,
    });
    await shot(checkout, 'license-payment-declined', { settleMs: 300 });
    const { data } = await api(
      'GET',
      `/payments/payments/subcription/organization-subscription/latest/?organization_id=${user.organization_id}`,
      { token: user.access },
    );
    check(data === null, `the organization has a subscription: ${JSON.stringify(data)}`);
  });

  test('an Admin cancels the subscription on /license and the default plan applies again', async ({
    page,
    context,
  }) => {
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    await api('POST', '/payments/payments/organization-subscription/', {
      token: user.access,
      body: { plan: 'basic', organization_id: user.organization_id },
      expect: 201,
    });
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}/license`);
    await page.getByTestId('current-plan').getByText('Basic').waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel the Basic plan?' });
    await confirm.getByText(/ends now, without a refund/).waitFor({ timeout: WAIT_MS });
    await shot(page, 'license-cancel', { settleMs: 300 });
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByTestId('current-plan')
      .getByText('Professional (default)')
      .waitFor({ timeout: WAIT_MS });
    const { data } = await api(
      'GET',
      `/payments/payments/subcription/organization-subscription/latest/?organization_id=${user.organization_id}`,
      { token: user.access },
    );
    check(data === null, `a subscription is still in force: ${JSON.stringify(data)}`);
  });
}
