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
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('.ag-cell')]
      .filter((cell) => {
        const value = cell.querySelector('.ag-cell-value') ?? cell;
        return value.scrollWidth > value.clientWidth + 1 && cell.classList.contains('ledger-money');
      })
      .map((cell) => `${cell.getAttribute('col-id')}: ${cell.textContent}`),
  );
  const offscreen = await page.evaluate(
    () =>
      [...document.querySelectorAll('.ag-header-cell')].filter((header) => {
        const box = header.getBoundingClientRect();
        return box.width > 0 && box.right > window.innerWidth;
      }).length,
  );
  await page.screenshot({ path: join(OUT, `${screen.name}.png`) });
  const problems = [
    ...cut.slice(0, 5).map((c) => `clipped ${c}`),
    ...(offscreen ? [`${offscreen} column(s) past the right edge`] : []),
  ];
  clipped += cut.length + offscreen;
  console.log(`${screen.name}: ${problems.length ? problems.join('; ') : 'no clipped column'}`);
  await context.close();
}
await browser.close();
process.exit(clipped ? 1 : 0);
