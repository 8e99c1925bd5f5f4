/**
 * The text of a PDF as Poppler's `pdftotext` extracts it (what a reader's search and copy
 * see), every run of whitespace as one space. PDFs embed a font subset whose glyph ids are
 * not the text's bytes, so the file itself cannot be searched. scripts/test installs
 * poppler-utils.
 */
import { spawnSync } from 'node:child_process';

export function pdfText(bytes) {
  const run = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.error || run.status !== 0) {
    throw new Error(`pdftotext failed: ${run.error ?? run.stderr.toString()}`);
  }
  return run.stdout.toString('utf8').split(/\s+/).join(' ');
}
