#!/usr/bin/env node
/**
 * Regenerates the UI's API contract from the server, without running it:
 *   1. `ledgerline openapi` writes src/lib/api/openapi.json (cargo builds the binary);
 *   2. openapi-typescript turns it into src/lib/api/schema.d.ts.
 * Run from ui/: `npm run gen:api`. Tests on both sides fail while either file is stale.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { generateTypes } from './api-types.mjs';

const ui = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(ui, '..');
const documentPath = join(ui, 'src/lib/api/openapi.json');
const typesPath = join(ui, 'src/lib/api/schema.d.ts');

execFileSync(
  'cargo',
  ['run', '--quiet', '--bin', 'ledgerline', '--', 'openapi', '--output', documentPath],
  { cwd: repo, stdio: 'inherit' },
);
const document = JSON.parse(readFileSync(documentPath, 'utf8'));
writeFileSync(typesPath, await generateTypes(document));
console.log(`wrote ${documentPath}\nwrote ${typesPath}`);
