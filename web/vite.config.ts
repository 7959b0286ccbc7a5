import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The same policy as the page's <meta> tag, also sent as a header by the dev and preview
// servers. On any other static host the <meta> tag covers the page, and the Web Worker, started
// from a blob: URL (web/src/main.ts), inherits it (tests/e2e/privacy.test.mjs).
const csp =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self'; " +
  "img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; form-action 'none'";

export default defineConfig({
  root: here('.'),
  base: './', // works from any sub-path of a static host
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
