/**
 * Browser tests of the asset schedule screen (/accounting/asset-schedule) against the real
 * server: an Admin registers an asset through the form, sees its schedule and net book
 * value chart, runs a month's depreciation, finds the period schedule agreeing with the
 * general ledger, and disposes of the asset through the dialog; a Viewer reads without
 * the controls that post. `run.mjs` calls `registerFixedAssetTests`.
 */
import { PDF } from './documents.mjs';

export function registerFixedAssetTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, inviteByLink, tokenOf } = h;
  const { uniqueEmail, shot, WAIT_MS, PASSWORD } = h;
  const SCREEN = '/accounting/asset-schedule';
  const year = new Date().getFullYear();

  /** An Admin whose books have the default chart and a van bought on 15 January. */
  async function adminWithAVan() {
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
    await api('POST', `${books}journal-entries/`, {
      token: user.access,
      expect: 201,
      body: {
        date: `${year}-01-15`,
        memo: 'Delivery van',
        post: true,
        lines: [
          { account_id: byCode['1520'], debit: '1200000.00' },
          { account_id: byCode['1120'], credit: '1200000.00' },
        ],
      },
    });
    return { user, ws, books, byCode };
  }

  async function pickAccount(page, input, code) {
    await input.click();
    await input.fill(code);
    const option = page.getByRole('option', { name: new RegExp(`^\\s*${code} · `) }).first();
    await option.waitFor({ timeout: WAIT_MS });
    await option.click();
  }

  test('asset schedule: an Admin registers an asset, runs a month, and the schedule agrees with the ledger', async ({
    page,
    context,
  }) => {
    const { user } = await adminWithAVan();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${SCREEN}`);
    await page
      .getByRole('heading', { name: 'Asset schedule', exact: true })
      .waitFor({ timeout: WAIT_MS });
    await page.getByText('No fixed assets yet').waitFor({ timeout: WAIT_MS });

    await page.getByRole('button', { name: 'Register asset' }).click();
    const form = page.getByRole('form', { name: 'Fixed asset' });
    await form.getByLabel('Name').fill('Delivery van');
    await form.getByLabel('Tag').fill('VAN-01');
    await form.getByLabel('Category').fill('Motor vehicles');
    await pickAccount(page, form.getByLabel('Asset account'), '1520');
    await pickAccount(page, form.getByLabel('Accumulated depreciation'), '1590');
    await pickAccount(page, form.getByLabel('Depreciation expense'), '6400');
    await form.getByLabel('Available for use').fill(`${year}-01-15`);
    await form.getByLabel('Cost').fill('1,200,000');
    await form.getByLabel('Useful life (months)').fill('60');
    await form.getByRole('button', { name: 'Register asset' }).click();
    await form.waitFor({ state: 'detached', timeout: WAIT_MS });

    const grid = page.getByRole('region', { name: 'Fixed assets table' });
    await grid.getByRole('gridcell', { name: 'Delivery van' }).click();
    const detail = page.getByTestId('asset-detail');
    await detail.getByTestId('nbv-chart').waitFor({ timeout: WAIT_MS });
    const schedule = page.getByRole('region', { name: 'Asset schedule table' });
    await schedule.getByRole('gridcell', { name: `Feb ${year}` }).waitFor({ timeout: WAIT_MS });
    check(
      (await schedule.getByRole('gridcell', { name: '₦20,000.00' }).count()) > 0,
      'the schedule charges 20,000.00 a month',
    );
    await shot(page, 'asset-schedule-asset', { settleMs: 300 });

    await page.getByRole('tab', { name: 'Depreciation runs' }).click();
    await page.getByLabel('Month').fill(`${year}-02`);
    await page.getByRole('button', { name: 'Run depreciation' }).click();
    const runs = page.getByRole('region', { name: 'Depreciation runs table' });
    await runs.getByRole('gridcell', { name: `Feb ${year}` }).waitFor({ timeout: WAIT_MS });
    await runs.getByRole('gridcell', { name: '₦20,000.00' }).waitFor({ timeout: WAIT_MS });

    await page.getByRole('tab', { name: 'Period schedule' }).click();
    const agreement = page.getByTestId('ledger-check');
    await agreement.waitFor({ timeout: WAIT_MS });
    check(
      (await agreement.textContent())?.includes('Agrees with the general ledger'),
      `ledger check: ${await agreement.textContent()}`,
    );
    await shot(page, 'asset-schedule-period', { settleMs: 300 });

    await page.getByRole('tab', { name: 'Assets' }).click();
    await grid.getByRole('gridcell', { name: 'Delivery van' }).click();
    await page.getByRole('button', { name: 'Dispose of' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispose of Delivery van' });
    await dialog.getByLabel('Disposal date').fill(`${year}-03-10`);
    await dialog.getByLabel('Proceeds', { exact: true }).fill('1000000');
    await pickAccount(page, dialog.getByLabel('Proceeds account'), '1120');
    await dialog.getByRole('button', { name: 'Post disposal' }).click();
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
    await page
      .getByTestId('asset-detail')
      .getByText(/a loss of ₦160,000\.00/)
      .waitFor({ timeout: WAIT_MS });
  });

  /** The van registered through the API (straight line over five years). */
  async function registerVan(user, books, byCode) {
    const { data } = await api('POST', `${books}fixed-assets/`, {
      token: user.access,
      expect: 201,
      body: {
        name: 'Delivery van',
        tag: 'VAN-01',
        category: 'Motor vehicles',
        asset_account: byCode['1520'],
        accumulated_depreciation_account: byCode['1590'],
        depreciation_expense_account: byCode['6400'],
        available_for_use: `${year}-01-15`,
        cost: '1200000.00',
        useful_life_months: 60,
        method: 'straight_line',
      },
    });
    return data;
  }

  test('asset schedule: the van’s invoice is attached from its detail and opened there', async ({
    page,
    context,
  }) => {
    const { user, ws, books, byCode } = await adminWithAVan();
    await registerVan(user, books, byCode);
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'van-invoice.pdf');
    const uploaded = await fetch(`${baseUrl}/api/v1/files/workspaces/${ws.id}/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.access}` },
      body: form,
    });
    check(uploaded.status === 201, `the invoice was not uploaded: ${uploaded.status}`);

    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${SCREEN}`);
    const grid = page.getByRole('region', { name: 'Fixed assets table' });
    await grid.getByRole('gridcell', { name: 'Delivery van' }).click({ timeout: WAIT_MS });
    const attached = page.getByTestId('fixed_asset-documents');
    await attached.waitFor({ timeout: WAIT_MS });
    await attached.getByRole('textbox', { name: 'Attach a document' }).click();
    await page.getByRole('option', { name: 'van-invoice.pdf' }).click();
    const file = attached.getByRole('button', { name: 'van-invoice.pdf', exact: true });
    await file.waitFor({ timeout: WAIT_MS });
    await shot(page, 'asset-documents', { settleMs: 300 });
    await file.click();
    await page.getByTitle('Preview of van-invoice.pdf').waitFor({ timeout: WAIT_MS });
  });

  test('asset schedule: a Viewer reads the register without the controls that post', async ({
    page,
    context,
  }) => {
    const { user, ws, books, byCode } = await adminWithAVan();
    await registerVan(user, books, byCode);
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
    const grid = page.getByRole('region', { name: 'Fixed assets table' });
    await grid.getByRole('gridcell', { name: 'Delivery van' }).waitFor({ timeout: WAIT_MS });
    check(
      (await page.getByRole('button', { name: 'Register asset' }).count()) === 0,
      'no Register asset',
    );
    await grid.getByRole('gridcell', { name: 'Delivery van' }).click();
    await page.getByTestId('nbv-chart').waitFor({ timeout: WAIT_MS });
    check((await page.getByRole('button', { name: 'Dispose of' }).count()) === 0, 'no Dispose of');
  });
}
