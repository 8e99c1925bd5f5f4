/**
 * The embedded server's mailbox: mail is delivered as `.eml` files under
 * `<data dir>/outbox/` (the API never lists one-time links). The browser suite reads
 * the links there, as the recipient would from their inbox.
 *
 *   E2E_DATA_DIR  the data directory of the server under test
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dataDir = process.env.E2E_DATA_DIR;

/** Every delivered mail, newest first: `{ recipient, subject, body }`. */
export function deliveredMails() {
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: the suite reads mail from the server’s mailbox');
  const dir = join(dataDir, 'outbox');
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  // Files are named by UUID v7: their names sort by time.
  names.sort().reverse();
  return names.map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const split = text.indexOf('\r\n\r\n');
    const headers = text.slice(0, split).split('\r\n');
    const header = (key) =>
      (headers.find((line) => line.startsWith(`${key}: `)) ?? '').slice(key.length + 2);
    return {
      recipient: header('To'),
      subject: header('Subject'),
      body: text.slice(split + 4).replaceAll('\r\n', '\n'),
    };
  });
}
