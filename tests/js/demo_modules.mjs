// The demo's TypeScript modules (web/src, or the package's), run in node: bundled by esbuild (the build's own
// bundler) with the package `onepass` left outside as this checkout's lib/index.js, written to
// `dir` and imported. For the modules that touch no DOM.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './helpers.mjs';

/** Imports web/src's modules `names` (e.g. ['store', 'state']) as one module, written in `dir`;
 * `from` names another folder of TypeScript (bindings/ts/shared). */
export async function importDemoModules(names, dir, from = 'web/src') {
  const out = await build({
    stdin: {
      contents: names.map((n) => `export * from './${n}';`).join(' '),
      resolveDir: join(root, from),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'the package as the page imports it',
        setup(b) {
          b.onResolve({ filter: /^onepass$/ }, () => ({
            path: pathToFileURL(join(root, 'lib/index.js')).href,
            external: true,
          }));
        },
      },
    ],
  });
  const file = join(dir, 'demo-modules.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  return import(pathToFileURL(file).href);
}
