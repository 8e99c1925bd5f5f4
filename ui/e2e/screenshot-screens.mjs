#!/usr/bin/env node
/**
 * Screenshots of each accounting and audit screen at 1440×900, into
 * e2e/screenshots/screens/ (committed: they are how a reviewer checks for clipped
 * columns without running anything). Same sign-in as the speed bench:
 *
 *   E2E_BASE_URL=http://127.0.0.1:8080 E2E_EMAIL=admin@demo-trading.example \
 *     E2E_PASSWORD=<printed by demo seed> node e2e/screenshot-screens.mjs
 *
 * It also reports every money cell whose text is wider than its column (clipped), and
 * exits 1 when there is one.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BASE, launch, screens, signIn, signedInContext } from './screens.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'screenshots', 'screens');
mkdirSync(OUT, { recursive: true });

const books = await signIn();
const browser = await launch();
let clipped = 0;
for (const screen of screens(books)) {
  const context = await signedInContext(browser, books, screen.service);
  const page = await context.newPage();
  await page.goto(`${BASE}${screen.path}`);
  await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
  // Charts animate and grids size their columns after the first rows.
  await page.waitForTimeout(800);
  // Clipped: a cell whose text runs past its own box, or past what its grid shows (the
  // vertical scrollbar drawn over it included). A grid that scrolls sideways (many
  // period columns beside pinned names) is reported, not counted: that is its design.
  const { cut, sideways } = await page.evaluate(() => {
    const cut = [];
    let sideways = 0;
    for (const grid of document.querySelectorAll('.ag-root-wrapper')) {
      const body = grid.getBoundingClientRect();
      const scrollbar = grid.querySelector('.ag-body-vertical-scroll')?.getBoundingClientRect();
      const visibleRight = Math.min(
        scrollbar && scrollbar.width > 0 ? scrollbar.left : body.right,
        window.innerWidth,
      );
      const scrolls = [...grid.querySelectorAll('.ag-header-cell')].some(
        (h) => h.getBoundingClientRect().left >= visibleRight,
      );
      if (scrolls) sideways += 1;
      for (const cell of grid.querySelectorAll('.ag-cell, .ag-header-cell')) {
        const box = cell.getBoundingClientRect();
        if (box.width === 0 || box.left >= visibleRight) continue;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        if (text.width === 0) continue;
        const beyondCell = text.right > box.right + 1;
        const beyondGrid = !scrolls && text.right > visibleRight + 1;
        if (
          beyondCell &&
          cell.querySelector('.ledger-money, .ag-right-aligned-cell') === null &&
          !cell.classList.contains('ledger-money')
        )
          continue; // long names: ellipsis + tooltip
        if (beyondCell || beyondGrid) {
          cut.push(`${cell.getAttribute('col-id')} "${cell.textContent.trim().slice(0, 24)}"`);
        }
      }
    }
    return { cut, sideways };
  });
  await page.screenshot({ path: join(OUT, `${screen.name}.png`) });
  const problems = cut.slice(0, 5).map((c) => `clipped ${c}`);
  if (sideways) problems.push('(scrolls sideways by design)');
  clipped += cut.length;
  console.log(`${screen.name}: ${problems.length ? problems.join('; ') : 'no clipped column'}`);
  await context.close();
}
await browser.close();
process.exit(clipped ? 1 : 0);
