import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The same policy as the page's <meta> tag, also sent as a header by the dev and preview
// servers. On any other static host the <meta> tag covers the page, and the Web Worker, started
// from a blob: URL (web/src/main.ts), inherits it (tests/e2e/privacy.test.mjs).
const csp =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self'; " +
  "img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; form-action 'none'";

/**
 * Where the site is served from. Unset, the relative './' works from any sub-path of a static
 * host; ONEPASS_BASE (e.g. '/onepass/', GitHub Pages' project path, .github/workflows/pages.yml)
 * makes every asset URL absolute under that path (docs/demo.md, "Hosted").
 */
function base(): string {
  const wanted = process.env.ONEPASS_BASE;
  if (wanted === undefined || wanted === '') return './';
  if (!/^\/([\w.~-]+\/)*$/.test(wanted))
    throw new Error(
      `ONEPASS_BASE must be a path that starts and ends with '/' (such as /onepass/), not ${JSON.stringify(wanted)}`,
    );
  return wanted;
}

export default defineConfig({
  root: here('.'),
  base: base(),
  publicDir: here('../data'), // the bundled sample datasets (and their credits)
  resolve: {
    // The package's public entry point, exactly what `import 'onepass'` gives an npm user.
    alias: { onepass: here('../lib/index.js') },
  },
  build: { outDir: here('../dist'), emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: true, headers: { 'Content-Security-Policy': csp } },
  preview: { port: 5173, strictPort: true, headers: { 'Content-Security-Policy': csp } },
});
