#!/usr/bin/env node
/**
 * Serves the built UI (`dist/`) with `vite preview` on a free local port, runs the
 * browser suite against it, and stops the server. For CI and local runs before
 * `ledgerline serve` is available: `npm run build && npm run e2e:preview`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { preview } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const server = await preview({
  root,
  logLevel: 'warn',
  preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
});
const address = server.httpServer.address();
const port = typeof address === 'object' && address ? address.port : 4173;
const baseUrl = `http://127.0.0.1:${port}`;

const child = spawn(process.execPath, [join(here, 'run.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: baseUrl },
});
const code = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
await server.close();
process.exit(code);
