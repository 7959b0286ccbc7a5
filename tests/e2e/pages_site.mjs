// The demo built for a sub-path of a static host, as .github/workflows/pages.yml builds it for
// GitHub Pages: ONEPASS_BASE set to the path (web/vite.config.ts), Vite's build, then
// docs/algorithms.md as algorithms.html (what `node scripts/build.mjs --site` runs).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { writeAlgorithmsPage } from '../../scripts/algorithms_page.mjs';
import { root } from '../js/helpers.mjs';

/** The variable that sets the site's base path at build time. */
export const BASE_VARIABLE = 'ONEPASS_BASE';
/** The sub-path the browser test serves the site under: GitHub Pages' path for a repository
 * named onepass. */
export const SUB_PATH = '/onepass/';
/** The command the workflow builds the site with. */
export const SITE_BUILD = 'node scripts/build.mjs --site';

/** Builds the demo with base `base` into `outDir` (emptied first), without touching dist/. */
export function buildSite(outDir, base = SUB_PATH) {
  execFileSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: root,
      env: { ...process.env, [BASE_VARIABLE]: base },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  writeAlgorithmsPage(root, outDir);
}
