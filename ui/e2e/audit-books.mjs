/**
 * Books for the audit browser tests: a workspace with its default chart and entries
 * posted through the real API.
 */

/** `booksWithEntries(postings)` over the harness's `api` and `userWithWorkspaces`. */
export function makeBooksWithEntries({ api, userWithWorkspaces }) {
  const books = (ws) => `/accounting/workspaces/${ws.id}/`;

  /** A workspace with its default chart and `postings` ([MM-DD, amount]) posted this year. */
  return async function booksWithEntries(postings) {
    const { user, workspaces } = await userWithWorkspaces(['Acme Audit Ltd']);
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
    const year = new Date().getFullYear();
    const ids = [];
    for (const [day, amount] of postings) {
      const { data: posted } = await api('POST', `${books(ws)}journal-entries/`, {
        token: user.access,
        expect: 201,
        body: {
          date: `${year}-${day}`,
          memo: `Audit E2E ${amount}`,
          reference: '',
          post: true,
          lines: [
            { account_id: byCode['6210'], description: 'E2E', debit: amount, credit: '' },
            { account_id: byCode['1120'], description: 'E2E', debit: '', credit: amount },
          ],
        },
      });
      ids.push(posted.id);
    }
    return { user, ws, year, ids };
  };
}
