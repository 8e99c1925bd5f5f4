/**
 * Browser tests of Settings → Security and two-factor sign-in against the real server: a
 * user sees their sessions and signs the others out, changes the password, turns 2FA on
 * (QR code, a code computed here as an authenticator app would, recovery codes shown
 * once), signs out, signs in with a TOTP code, then with a recovery code, finds those
 * sign-ins under recent sign-ins, and turns 2FA off with the password and a recovery code;
 * a device trusted at the two-factor step signs in next time without a code.
 * `run.mjs` calls `registerSecurityTests`.
 */
import { createHmac } from 'node:crypto';

/** RFC 6238 time step: 30 seconds. */
const TOTP_STEP_SECONDS = 30;
/** RFC 6238 as authenticator apps use it: 6 digits. */
const TOTP_DIGITS = 6;

/** RFC 4648 base32 (no padding) to bytes. */
function base32Bytes(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The TOTP code (RFC 6238: HMAC-SHA-1, RFC 4226 dynamic truncation) of time step `step`. */
export function totpCode(secretBase32, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

const stepNow = () => Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);

export function registerSecurityTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, shot, WAIT_MS } = h;
  const SCREEN = '/settings/security';
  const NEW_PASSWORD = 'Ledger-new-2027';

  async function signOut(page) {
    const menu = page.locator(
      '[data-testid="account-menu"]:visible, [data-testid="user-menu"]:visible',
    );
    await menu.first().click();
    await page.getByRole('menuitem', { name: /log ?out/i }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login', { timeout: WAIT_MS });
  }

  async function signInWithPassword(page, email, password) {
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/two-factor', { timeout: WAIT_MS });
    await page
      .getByRole('heading', { name: 'Two-factor authentication' })
      .waitFor({ timeout: WAIT_MS });
  }

  async function landsInTheApp(page) {
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: WAIT_MS });
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    check(Boolean(token), 'the second step stored no session');
  }

  test('security: sessions, a password change, 2FA on, then sign-in with a TOTP code and with a recovery code', async ({
    page,
    context,
  }) => {
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    // A second sign-in elsewhere: the sessions list shows both.
    await api('POST', '/accounts/login/', {
      body: { email: user.email, password: user.password },
    });
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${SCREEN}`);

    // Sessions: this one and the other; sign the other out.
    const sessions = page.getByTestId('sessions-card');
    await sessions.getByText('This session').waitFor({ timeout: WAIT_MS });
    await sessions.getByTestId('session-row').nth(1).waitFor({ timeout: WAIT_MS });
    check((await sessions.getByTestId('session-row').count()) === 2, 'two sessions expected');
    await sessions.getByTestId('sign-out-others').click();
    await page
      .waitForFunction(
        () => document.querySelectorAll('[data-testid="session-row"]').length === 1,
        null,
        { timeout: WAIT_MS },
      )
      .catch(() => {
        throw new Error('the other session is still listed after signing it out');
      });

    // Password change.
    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password').fill(user.password);
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.').waitFor({ timeout: WAIT_MS });
    await api('POST', '/accounts/login/', {
      body: { email: user.email, password: user.password },
      expect: 400,
    });

    // Two-factor on: QR code, a code from the key, recovery codes shown once.
    await page.getByTestId('two-factor-turn-on').click();
    const secretBox = page.getByTestId('two-factor-secret');
    await secretBox.waitFor({ timeout: WAIT_MS });
    await page.getByTestId('two-factor-qr').waitFor({ timeout: WAIT_MS });
    const secret = await secretBox.getAttribute('data-secret');
    check(secret && secret.length >= 16, 'no key shown for the authenticator app');
    const enableStep = stepNow();
    await page.getByTestId('two-factor-enable-code').fill(totpCode(secret, enableStep));
    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('recovery-codes').waitFor({ timeout: WAIT_MS });
    const recoveryCodes = await page.getByTestId('recovery-code').allTextContents();
    check(recoveryCodes.length === 10, `10 recovery codes expected, saw ${recoveryCodes.length}`);
    await shot(page, 'security-recovery-codes', { settleMs: 300 });
    await page.getByTestId('recovery-codes-saved').click();
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor({
      timeout: WAIT_MS,
    });
    await shot(page, 'security-settings', { settleMs: 300 });

    // Sign out, sign in with the password and a TOTP code. Each step counts once, so
    // the code is of a later step than the one that enabled 2FA (the server accepts
    // one step either side of now).
    await signOut(page);
    await signInWithPassword(page, user.email, NEW_PASSWORD);
    await shot(page, 'two-factor-step');
    const signInStep = Math.max(stepNow(), enableStep + 1);
    await page.getByTestId('two-factor-code').fill(totpCode(secret, signInStep));
    await page.getByTestId('two-factor-verify').click();
    await landsInTheApp(page);

    // Sign out, sign in with a recovery code.
    await signOut(page);
    await signInWithPassword(page, user.email, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByTestId('two-factor-recovery-code').fill(recoveryCodes[0]);
    await page.getByTestId('two-factor-verify').click();
    await landsInTheApp(page);

    // Recent sign-ins show the two-factor sign-ins; the sessions signed out are gone.
    await page.goto(`${baseUrl}${SCREEN}`);
    await sessions.getByText('This session').waitFor({ timeout: WAIT_MS });
    check(
      (await sessions.getByTestId('session-row').count()) === 1,
      'the sessions signed out from the menu should have ended on the server',
    );
    const recent = page.getByTestId('recent-sign-ins');
    await recent
      .getByText('Signed in with two-factor authentication')
      .first()
      .waitFor({ timeout: WAIT_MS });
    check(
      (await recent.getByText('Signed in with two-factor authentication').count()) >= 2,
      'both two-factor sign-ins should be listed',
    );

    // Turn 2FA off with the password and another recovery code; sign-in is one step again.
    await page.getByTestId('two-factor-card').getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
    await dialog.waitFor({ timeout: WAIT_MS });
    await dialog.getByTestId('two-factor-disable-password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Use a recovery code instead' }).press('Enter');
    await dialog.getByTestId('two-factor-disable-code').fill(recoveryCodes[1]);
    // Keys, not clicks, inside this dialog: on a loaded machine Playwright has seen its
    // buttons as never "stable" for a click (they are visible and work by keyboard).
    await dialog.getByTestId('two-factor-disable-code').press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
    await page.getByTestId('two-factor-state').filter({ hasText: 'Off' }).waitFor({
      timeout: WAIT_MS,
    });
    const { data: plain } = await api('POST', '/accounts/login/', {
      body: { email: user.email, password: NEW_PASSWORD },
    });
    check(Boolean(plain.access), 'with 2FA off the password alone signs in');
  });

  test('two-factor sign-in: "Trust this device" skips the code at the next sign-in', async ({
    page,
  }) => {
    const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const { data: setup } = await api('POST', '/accounts/2fa/setup/', { token: user.access });
    const enableStep = stepNow();
    await api('POST', '/accounts/2fa/enable/', {
      token: user.access,
      body: { code: totpCode(setup.secret, enableStep) },
    });
    await page.goto(`${baseUrl}/auth/login`);
    await signInWithPassword(page, user.email, user.password);
    await page.getByTestId('two-factor-trust').check();
    const signInStep = Math.max(stepNow(), enableStep + 1);
    await page.getByTestId('two-factor-code').fill(totpCode(setup.secret, signInStep));
    await page.getByTestId('two-factor-verify').click();
    await landsInTheApp(page);

    // Signed out, the same browser signs in with the password alone.
    await signOut(page);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await landsInTheApp(page);
    check(!page.url().includes('/auth/two-factor'), 'the trusted device was asked for a code');

    // Settings → Security lists the trusted device and each session's device.
    await page.goto(`${baseUrl}${SCREEN}`);
    const sessions = page.getByTestId('sessions-card');
    await sessions.getByTestId('trusted-device-row').waitFor({ timeout: WAIT_MS });
    check(
      /Chrome/.test(await sessions.getByTestId('trusted-device-row').innerText()),
      'the trusted device is not described by its browser',
    );
    check(
      /Chrome .*· 127\.0\.0\.1/.test(
        await sessions.getByTestId('session-device').first().innerText(),
      ),
      'the session does not show its device and address',
    );
    // Forgotten, the device is asked for a code again.
    await sessions
      .getByTestId('trusted-device-row')
      .getByRole('button', { name: 'Forget' })
      .click();
    await sessions.getByText(/No device skips the code/).waitFor({ timeout: WAIT_MS });
    const { data: again } = await api('POST', '/accounts/login/', {
      body: { email: user.email, password: user.password },
    });
    check(Boolean(again.challenge), 'a password sign-in without trust must ask for a code');
  });

  test(
    'two-factor sign-in: a wrong code is shown on the field and the step stays',
    async ({ page }) => {
      const { user } = await userWithWorkspaces(['Acme Nigeria Ltd']);
      const { data: setup } = await api('POST', '/accounts/2fa/setup/', { token: user.access });
      await api('POST', '/accounts/2fa/enable/', {
        token: user.access,
        body: { code: totpCode(setup.secret, stepNow()) },
      });
      await page.goto(`${baseUrl}/auth/login`);
      await signInWithPassword(page, user.email, user.password);
      // An hour ahead: certainly not valid now.
      await page.getByTestId('two-factor-code').fill(totpCode(setup.secret, stepNow() + 120));
      await page.getByTestId('two-factor-verify').click();
      await page
        .getByText(
          'The code is not valid. Enter the current 6-digit code from your authenticator app.',
        )
        .waitFor({ timeout: WAIT_MS });
      check(
        (await page.evaluate(() => window.localStorage.getItem('token'))) === null,
        'a wrong code must not sign in',
      );
    },
    { allowConsole: [/status of 400/] },
  );
}
