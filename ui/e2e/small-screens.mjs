/**
 * Browser tests of the small-screen notice (spec §1) on a 375 px phone against the real
 * server: the pages someone finishes on a phone (sign-in, password reset, accepting an
 * invitation) work end to end with the notice shown above them and never dismissed; an
 * app page shows the notice with "Continue anyway", which is remembered for the visit.
 * `run.mjs` calls `registerSmallScreenTests`.
 */
const PHONE = { width: 375, height: 812 };

export function registerSmallScreenTests(h) {
  const { test, check, api, baseUrl, createUser, userWithWorkspaces, inviteByEmail } = h;
  const { mailedLink, onServer, signInWithForm, uniqueEmail, waitForPath, shot } = h;
  const { WAIT_MS, PASSWORD } = h;

  /** The notice is on the page, as a banner: the page's own form is usable beside it. */
  async function noticeAbove(page, form) {
    const notice = page.getByTestId('mobile-notice');
    await notice.waitFor({ timeout: WAIT_MS });
    await form.waitFor({ timeout: WAIT_MS });
    const box = await form.boundingBox();
    check(box !== null && box.width <= PHONE.width, `the form is ${JSON.stringify(box)} wide`);
  }

  test('on a 375 px phone, sign-in works with the notice shown, and an app page offers Continue anyway, remembered for the visit', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    await page.goto(`${baseUrl}/auth/login`);
    await noticeAbove(page, page.getByRole('form', { name: 'Sign in' }));
    await signInWithForm(page, user.email, user.password);
    await waitForPath(page, '/audit');
    // On an app page the notice stands in front of it until the user chooses to go on.
    const notice = page.getByTestId('mobile-notice');
    await notice
      .getByRole('heading', { name: 'Not optimised for mobile' })
      .waitFor({ timeout: WAIT_MS });
    await shot(page, 'mobile-notice-app-375', { settleMs: 200 });
    await notice.getByRole('button', { name: 'Continue anyway' }).click();
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor({ timeout: WAIT_MS });
    await page.reload();
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor({ timeout: WAIT_MS });
    check(
      (await page.getByTestId('mobile-notice').count()) === 0,
      'the notice came back within the same visit',
    );
  });

  test('on a 375 px phone, a password is reset through the mailed link without dismissing the notice', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const user = await createUser();
    await page.goto(`${baseUrl}/auth/reset-password`);
    const request = page.getByRole('form', { name: 'Request password reset' });
    await noticeAbove(page, request);
    await request.getByLabel('Email').fill(user.email);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your inbox').waitFor({ timeout: WAIT_MS });

    await page.goto(onServer(await mailedLink(user.email, 'reset-password')));
    const form = page.getByRole('form', { name: 'Set new password' });
    await noticeAbove(page, form);
    const newPassword = 'Phone-reset-42';
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await shot(page, 'mobile-reset-password-375', { settleMs: 200 });
    await form.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(page, '/auth/login');
    await page
      .getByText('Your password has been changed. Sign in with the new one.')
      .waitFor({ timeout: WAIT_MS });
    await api('POST', '/accounts/login/', { body: { email: user.email, password: newPassword } });
  });

  test('on a 375 px phone, an invitee creates an account on the invite page and joins without dismissing the notice', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const { user: admin, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const invitee = uniqueEmail('phone');
    const link = await inviteByEmail(admin, workspaces, invitee, 1);
    await page.goto(onServer(link));
    const form = page.getByRole('form', { name: 'Create account' });
    await noticeAbove(page, form);
    await page.getByTestId('invitation-summary').getByText('Editor').waitFor({ timeout: WAIT_MS });
    await form.getByLabel('First name').fill('Bola');
    await form.getByLabel('Last name').fill('Adeyemi');
    await form.getByLabel('Password').fill(PASSWORD);
    await shot(page, 'mobile-invite-user-375', { settleMs: 200 });
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await waitForPath(page, '/dashboard');
    // Joined: the invitee signs in with the password chosen on the phone.
    await api('POST', '/accounts/login/', { body: { email: invitee, password: PASSWORD } });
  });
}
