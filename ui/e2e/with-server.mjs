#!/usr/bin/env node
/**
 * Starts a real `ledgerline serve` on a fresh data directory and a free local port,
 * serving the built UI (`dist/`), runs the browser suite against it, and stops the
 * server. The suite needs the real API (users, mail, workspaces): there is no
 * API-less mode.
 *
 *   LEDGERLINE_BIN  the server binary (default ../target/debug/ledgerline)
 *
 *   npm run build && npm run e2e:server
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const binary = resolve(
  process.env.LEDGERLINE_BIN || join(root, '..', 'target', 'debug', 'ledgerline'),
);

if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
if (!existsSync(binary)) {
  console.error(`${binary} is missing: run \`cargo build --bin ledgerline\` or set LEDGERLINE_BIN`);
  process.exit(1);
}

const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => done(free));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'ledgerline-e2e-'));
const logPath = join(dataDir, 'server.log');
const log = openSync(logPath, 'w');
const server = spawn(
  binary,
  ['--data-dir', dataDir, 'serve', '--bind', `127.0.0.1:${port}`, '--ui-dir', join(root, 'dist')],
  { stdio: ['ignore', log, log] },
);

let healthy = false;
for (let attempt = 0; attempt < 60 && !healthy; attempt += 1) {
  healthy = await fetch(`${baseUrl}/api/v1/health/`)
    .then((response) => response.ok)
    .catch(() => false);
  if (!healthy) await new Promise((done) => setTimeout(done, 500));
}

let code = 1;
if (healthy) {
  const child = spawn(process.execPath, [join(here, 'run.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
  });
  code = await new Promise((done) => child.on('exit', (status) => done(status ?? 1)));
} else {
  console.error(`the server did not become healthy at ${baseUrl}`);
}
server.kill('SIGTERM');
if (code !== 0) {
  console.error('## server log (last 50 lines)');
  console.error(readFileSync(logPath, 'utf8').split('\n').slice(-50).join('\n'));
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
