/**
 * Build steps that make the first screen arrive sooner; both run on `vite build` only.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import type { Plugin, Rollup } from 'vite';

/**
 * Lists the code of `moduleSuffixes` (each a lazily loaded module) in `index.html` as
 * `modulepreload` links. Without them the browser learns of that code only once the entry
 * script has run, a second round of requests after the first; with them both rounds
 * download together. Sign-in pages fetch it too, unused until the person signs in.
 */
export function preloadChunkOf(...moduleSuffixes: string[]): Plugin {
  return {
    name: 'ledgerline:preload-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loadedByEntry = new Set(entry ? staticClosure(bundle, entry.fileName) : []);
        const closure = new Set<string>();
        for (const moduleSuffix of moduleSuffixes) {
          const target = chunks.find((chunk) =>
            chunk.moduleIds.some((id) => id.endsWith(moduleSuffix)),
          );
          if (!target) throw new Error(`no chunk is built from ${moduleSuffix}`);
          for (const fileName of staticClosure(bundle, target.fileName)) {
            if (!loadedByEntry.has(fileName)) closure.add(fileName);
          }
        }
        const files = [...closure];
        const styles = files.flatMap((fileName) => {
          const output = bundle[fileName];
          return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
        });
        const links = [
          ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        return html.replace(/\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/** `fileName` and every chunk it imports statically, directly or not. */
function staticClosure(bundle: Rollup.OutputBundle, fileName: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const output = bundle[name];
    if (output?.type === 'chunk') output.imports.forEach(visit);
  };
  visit(fileName);
  return [...seen];
}

/** Files worth compressing: text, and large enough that the header is not most of it. */
const COMPRESSIBLE = /\.(js|css|svg|html|json)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `name.gz` beside every compressible built file, which the server sends to
 * browsers that accept gzip: the ~2 MB of script travels as about a third of that, and
 * no request pays for compressing it.
 */
export function gzipBuiltFiles(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ledgerline:gzip-built-files',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const bytes = readFileSync(path);
        if (bytes.length < COMPRESS_MIN_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
