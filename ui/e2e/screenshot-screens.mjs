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

import { findClipped, launch, openScreen, screens, signIn, signedInContext } from './screens.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'screenshots', 'screens');
mkdirSync(OUT, { recursive: true });

const books = await signIn();
const browser = await launch();
let clipped = 0;
for (const screen of screens(books)) {
  const context = await signedInContext(browser, books, screen.service);
  const page = await context.newPage();
  await openScreen(page, screen);
  const { cut, sideways } = await findClipped(page);
  await page.screenshot({ path: join(OUT, `${screen.name}.png`) });
  const problems = cut.slice(0, 5).map((c) => `clipped ${c}`);
  if (sideways) problems.push('(scrolls sideways by design)');
  clipped += cut.length;
  console.log(`${screen.name}: ${problems.length ? problems.join('; ') : 'no clipped column'}`);
  await context.close();
}
await browser.close();
process.exit(clipped ? 1 : 0);
