/**
 * Browser test of documents (the Documents tab of /reports-generation/downloads-and-
 * attachments), against the real server: a PDF dropped on the page is uploaded, attached
 * to a posted entry from its drawer, and opened from the general ledger's paper-clip.
 * `run.mjs` calls `registerDocumentTests`.
 */

/** A small, valid one-page PDF. */
export const PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

export function registerDocumentTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, shot, WAIT_MS } = h;
  const DOWNLOADS = '/reports-generation/downloads-and-attachments';

  /** An Admin whose workspace has the default chart and one posted sale; its entry id. */
  async function adminWithASale() {
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
    const today = new Date().toISOString().slice(0, 10);
    const { data: entry } = await api('POST', `${books}journal-entries/`, {
      token: user.access,
      expect: 201,
      body: {
        date: today,
        memo: 'Office rent',
        post: true,
        lines: [
          { account_id: byCode['1120'], debit: '250000.00' },
          { account_id: byCode['4100'], credit: '250000.00' },
        ],
      },
    });
    return { user, ws, entryId: entry.id };
  }

  test('documents: a PDF dropped on Downloads is attached to an entry and opened from the general ledger', async ({
    page,
    context,
  }) => {
    const { user, entryId } = await adminWithASale();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${DOWNLOADS}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    const dropzone = page.getByTestId('document-dropzone');
    await dropzone.waitFor({ timeout: WAIT_MS });
    await page.getByTestId('storage-usage').waitFor({ timeout: WAIT_MS });

    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'rent-receipt.pdf', { type: 'application/pdf' }));
      return transfer;
    }, PDF);
    await dropzone.dispatchEvent('dragover', { dataTransfer });
    await dropzone.dispatchEvent('drop', { dataTransfer });
    const grid = page.getByRole('region', { name: 'Documents table' });
    await grid
      .getByRole('gridcell', { name: 'rent-receipt.pdf', exact: true })
      .waitFor({ timeout: WAIT_MS });
    await grid.getByRole('gridcell', { name: 'PDF', exact: true }).first().waitFor();
    await shot(page, 'documents', { settleMs: 300 });

    await page.goto(`${baseUrl}/accounting/journal-entry?entry=${entryId}`);
    const attached = page.getByTestId('journal_entry-documents');
    await attached.waitFor({ timeout: WAIT_MS });
    await attached.getByRole('textbox', { name: 'Attach a document' }).click();
    await page.getByRole('option', { name: 'rent-receipt.pdf' }).click();
    await attached
      .getByRole('button', { name: 'rent-receipt.pdf', exact: true })
      .waitFor({ timeout: WAIT_MS });

    await page.goto(`${baseUrl}/accounting/general-ledger`);
    const clip = page.getByRole('button', { name: 'Open rent-receipt.pdf' }).first();
    await clip.waitFor({ timeout: WAIT_MS });
    await clip.click();
    const frame = page.getByTitle('Preview of rent-receipt.pdf');
    await frame.waitFor({ timeout: WAIT_MS });
    const src = await frame.getAttribute('src');
    check(src?.startsWith('blob:'), `the preview is not shown from memory: ${src}`);
    check(
      page.url().includes('/accounting/general-ledger'),
      `the paper-clip navigated away: ${page.url()}`,
    );
  });

  test('documents: a file past the Basic plan’s storage opens the Resource Limit dialog', async ({
    page,
    context,
  }) => {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const ws = workspaces[0];
    await api('POST', '/accounts/organizations/subscription/', {
      token: user.access,
      body: { plan: 'basic', organization_id: user.organization_id },
    });
    // 50 MiB less one byte kept: the two-byte file dropped next does not fit.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(50 * 1024 * 1024 - 1).fill(97)]), 'ledger.txt');
    const kept = await fetch(`${baseUrl}/api/v1/files/workspaces/${ws.id}/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.access}` },
      body: form,
    });
    check(kept.status === 201, `the first file was not kept: ${kept.status}`);

    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}${DOWNLOADS}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    const dropzone = page.getByTestId('document-dropzone');
    await dropzone.waitFor({ timeout: WAIT_MS });
    await page.getByTestId('storage-usage').waitFor({ timeout: WAIT_MS });
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['ab'], 'two.txt', { type: 'text/plain' }));
      return transfer;
    });
    await dropzone.dispatchEvent('dragover', { dataTransfer });
    await dropzone.dispatchEvent('drop', { dataTransfer });

    const dialog = page.getByRole('dialog', { name: 'Resource Limit Exceeded' });
    await dialog.waitFor({ timeout: WAIT_MS });
    const text = await dialog.innerText();
    check(
      text.includes('You have reached the limit for document storage.'),
      `the dialog does not name the limit: ${text}`,
    );
    check(
      (await dialog.getByRole('button', { name: 'Upgrade Plan' }).count()) === 1,
      'no Upgrade Plan',
    );
    await shot(page, 'documents-limit', { settleMs: 300 });
    const grid = page.getByRole('region', { name: 'Documents table' });
    check(
      (await grid.getByRole('gridcell', { name: 'two.txt', exact: true }).count()) === 0,
      'the refused file was listed',
    );
  });
}
