/**
 * Browser tests of how a screen asks for its data: as navigation to it starts, while its
 * code is still on the way (`src/app/prefetch.ts`), and only once. Each test holds the
 * screen's own code back and checks that the screen's data request left meanwhile, and
 * that the screen, once drawn, did not ask for it again. `run.mjs` calls
 * `registerPrefetchTests`.
 */
export function registerPrefetchTests(h) {
  const { test, check, api, baseUrl, userWithWorkspaces, withSession, WAIT_MS } = h;
  /** How long the screen's code is held back: far longer than any request here takes. */
  const HOLD_MS = 1_500;

  /** A returning Admin: their workspace and organization are stored from the last visit. */
  async function returningAdmin(context) {
    const { user, workspaces } = await userWithWorkspaces(['Prefetch Trading Ltd']);
    const ws = workspaces[0];
    await api('POST', `/accounting/workspaces/${ws.id}/accounts/default/setup/`, {
      token: user.access,
    });
    await withSession(context, user, {
      preferredService: 'accounting',
      wsId: ws.id,
      activeOrgId: ws.organization_id,
    });
    return ws;
  }

  /**
   * Opens `path` with every script whose file name starts with one of `chunks` held back
   * HOLD_MS, and returns when each API GET was sent (ms after the navigation) and when
   * the held code was let through.
   */
  async function openWithCodeHeldBack(page, path, chunks, ready) {
    const sent = [];
    let released = Infinity;
    let start = 0;
    // A chunk's name, then its 8-character hash: `time-travel-address-…` is another chunk.
    const held = new RegExp(`/assets/(${chunks.join('|')})-[\\w-]{8}\\.js$`);
    await page.route(held, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      released = Math.min(released, Date.now() - start);
      await route.continue();
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.method() === 'GET') {
        sent.push({
          at: Date.now() - start,
          path: url.pathname,
          url: `${url.pathname}${url.search}`,
        });
      }
    });
    start = Date.now();
    await page.goto(`${baseUrl}${path}`);
    await page.locator(ready).first().waitFor({ timeout: WAIT_MS });
    return { sent, released };
  }

  const cell = (grid) => `[role="region"][aria-label="${grid} table"] [role="gridcell"]`;

  function checkAskedAheadOnce({ sent, released }, endpoint) {
    const asked = sent.filter((request) => request.path.endsWith(endpoint));
    check(
      asked.length === 1,
      `${endpoint} was asked ${asked.length} times: ${asked.map((r) => r.url).join(', ')}`,
    );
    check(
      asked[0].at < released,
      `${endpoint} left at ${asked[0].at} ms, after the screen's code (released at ${released} ms)`,
    );
  }

  const asOf = `${new Date().getFullYear()}-01-31`;
  /** Each screen: its address, its own chunk, what shows it drawn, and what it asks ahead. */
  const SCREENS = [
    {
      name: 'the trial balance asks for its figures',
      path: '/accounting/trial-balance',
      chunk: 'trial-balance',
      ready: cell('Trial balance'),
      // The layout's own reads leave as early, each once: the user (the profile drawer
      // asks only when opened) and the unread notifications (the live stream's opening
      // count agrees with the list just read).
      endpoints: ['/trial-balance/', '/accounts/me/workspaces/', '/accounts/me/', '/notification/'],
    },
    {
      name: 'the journal asks for its first page and its authors',
      path: '/accounting/journal-entry',
      chunk: 'journal-entry',
      // New books: the journal's empty state once its first page is in.
      ready: 'text="No journal entries yet"',
      // The authors' names come from the organization's members.
      endpoints: ['/journal-entries/', '/lock-date/', '/memberships/'],
    },
    {
      name: 'the general ledger asks for its first page',
      path: '/accounting/general-ledger',
      chunk: 'general-ledger',
      // New books: the grid shows its empty state once the first page is in.
      ready: 'text="No postings in this period."',
      // Its totals and its grid's first page are one request.
      endpoints: ['/general-ledger/'],
    },
    {
      name: 'time travel asks for the books as known then',
      path: `/audit/time-travel?as_of=${asOf}&period_start=${asOf.slice(0, 4)}-01-01&period_end=${asOf}`,
      chunk: 'time-travel',
      ready: cell('Trial balance as known then'),
      endpoints: ['/time-travel/trial-balance/', '/time-travel/general-ledger/'],
    },
  ];

  for (const screen of SCREENS) {
    test(`prefetch: ${screen.name} while its code loads, and once`, async ({ page, context }) => {
      await returningAdmin(context);
      const load = await openWithCodeHeldBack(page, screen.path, [screen.chunk], screen.ready);
      for (const endpoint of screen.endpoints) checkAskedAheadOnce(load, endpoint);
    });
  }
}
