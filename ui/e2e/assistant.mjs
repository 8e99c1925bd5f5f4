/**
 * Browser test of the assistant (issue 21) against the real server: an Admin with posted
 * books opens the assistant from the header, asks a balance question, sees the figure as
 * money and opens the trial balance it came from; then asks for a draft, opens it in the
 * journal entry form prefilled and posts it there. Nothing is faked: the books and the
 * user are made through the API. `run.mjs` calls `registerAssistantTests`.
 */
export function registerAssistantTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, shot, waitForPath } = h;
  const { WAIT_MS } = h;
  const books = (ws) => `/accounting/workspaces/${ws.id}/`;
  const year = new Date().getFullYear();

  /** An Admin whose default chart holds one posted entry: 750,000 into the bank. */
  async function adminWithBankBalance() {
    const { user, workspaces } = await userWithWorkspaces(['Acme Nigeria Ltd']);
    const ws = workspaces[0];
    await api('POST', `${books(ws)}accounts/default/setup/`, { token: user.access });
    const { data: tree } = await api('GET', `${books(ws)}accounts/`, { token: user.access });
    const byCode = {};
    const walk = (nodes) =>
      nodes.forEach((node) => {
        byCode[node.account_code] = node.id;
        walk(node.children);
      });
    walk(tree);
    const memo = 'Cash sales banked';
    await api('POST', `${books(ws)}journal-entries/`, {
      token: user.access,
      expect: 201,
      body: {
        date: `${year}-01-05`,
        memo,
        reference: '',
        post: true,
        lines: [
          { account_id: byCode['1120'], description: memo, debit: '750000', credit: '' },
          { account_id: byCode['4100'], description: memo, debit: '', credit: '750000' },
        ],
      },
    });
    return { user, ws };
  }

  /** Opens the header's assistant and asks `question`; returns the drawer. */
  async function ask(page, question) {
    const drawer = page.getByRole('dialog', { name: 'Assistant' });
    if (!(await drawer.isVisible())) {
      await page.getByRole('button', { name: 'Assistant' }).click();
      await drawer.waitFor({ timeout: WAIT_MS });
    }
    const before = await drawer.getByTestId('assistant-answer').count();
    await drawer.getByRole('textbox', { name: 'Question' }).fill(question);
    await drawer.getByRole('button', { name: 'Ask' }).click();
    await drawer.getByTestId('assistant-answer').nth(before).waitFor({ timeout: WAIT_MS });
    return { drawer, before, answer: drawer.getByTestId('assistant-answer').nth(before) };
  }

  test('assistant: a balance question opens its source, and a draft is posted through the form', async ({
    page,
    context,
  }) => {
    const { user, ws } = await adminWithBankBalance();
    await withSession(context, user, { preferredService: 'accounting' });
    await page.goto(`${baseUrl}/accounting/journal-entry`);
    await page.getByRole('button', { name: 'Assistant' }).waitFor({ timeout: WAIT_MS });

    const first = await ask(page, 'What is the balance of 1120 today?');
    const figures = first.answer.getByRole('list', { name: 'Figures' });
    await figures.getByText('₦750,000.00').waitFor({ timeout: WAIT_MS });
    await shot(page, 'assistant-balance', { settleMs: 300 });

    await first.answer.getByRole('link', { name: /^Trial balance as of/ }).click();
    await waitForPath(page, '/accounting/trial-balance');
    // The drawer closes on the way; it reopens from this page's header below.
    await page
      .getByRole('dialog', { name: 'Assistant' })
      .waitFor({ state: 'hidden', timeout: WAIT_MS });
    check(new URL(page.url()).searchParams.has('as_of'), 'the source link carries its as-of date');
    await page.getByRole('gridcell', { name: '750,000.00' }).first().waitFor({ timeout: WAIT_MS });

    let asked = await ask(
      page,
      `Draft an entry: paid rent 200,000 from the bank on 2 January ${year}`,
    );
    check(asked.before === 1, 'the assistant did not reopen on the same conversation');
    // "The bank" may match more than one account: choose the current account.
    if ((await asked.answer.getByRole('group', { name: 'Choices' }).count()) > 0) {
      await asked.answer
        .getByRole('group', { name: 'Choices' })
        .getByRole('button', { name: /^1120/ })
        .click();
      await asked.drawer.getByTestId('assistant-answer').nth(2).waitFor({ timeout: WAIT_MS });
      asked = { ...asked, answer: asked.drawer.getByTestId('assistant-answer').nth(2) };
    }
    const draft = asked.answer.getByTestId('assistant-draft');
    await draft.waitFor({ timeout: WAIT_MS });
    await shot(page, 'assistant-draft', { settleMs: 300 });
    const { data: before } = await api('GET', `${books(ws)}journal-entries/`, {
      token: user.access,
    });
    check(before.count === 1, `the assistant wrote to the books: ${before.count} entries`);

    await draft.getByRole('button', { name: 'Review in journal entry form' }).click();
    await waitForPath(page, '/accounting/journal-entry');
    const form = page.getByRole('form', { name: 'Journal entry' });
    await form.waitFor({ timeout: WAIT_MS });
    check((await form.getByLabel('Memo').inputValue()) !== '', 'the draft memo is not in the form');
    await form.getByTestId('entry-difference').getByText('Balanced').waitFor({ timeout: WAIT_MS });
    await shot(page, 'assistant-draft-form', { settleMs: 300 });
    await form.getByRole('button', { name: 'Post entry' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('heading', { name: 'JE-000002' }).waitFor({ timeout: WAIT_MS });
    await drawer.getByText('Posted', { exact: true }).first().waitFor({ timeout: WAIT_MS });
    await shot(page, 'assistant-draft-posted', { settleMs: 300 });

    const { data: after } = await api('GET', `${books(ws)}journal-entries/?status=posted`, {
      token: user.access,
    });
    const posted = after.data.find((entry) => entry.entry_number === 'JE-000002');
    check(posted !== undefined, 'the draft was not posted');
  });
}
