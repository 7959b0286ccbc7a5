// .github/workflows/pages.yml builds the demo the way tests/e2e/pages.test.mjs checks it works:
// `node scripts/build.mjs --site` (Vite with web/vite.config.ts, then algorithms.html) with
// ONEPASS_BASE set to the repository's Pages path, and publishes dist/. The workflow is JSON
// apart from full-line comments, so it is parsed here without a YAML parser. The base path is
// read from ONEPASS_BASE by web/vite.config.ts: unset it stays the relative './'.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfigFromFile } from 'vite';
import { BASE_VARIABLE, SITE_BUILD, SUB_PATH } from '../e2e/pages_site.mjs';
import { root } from './helpers.mjs';

const WORKFLOW = '.github/workflows/pages.yml';

function workflow() {
  const text = readFileSync(join(root, WORKFLOW), 'utf8');
  const json = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
  return JSON.parse(json);
}

test('the workflow runs on a push to main and by hand, with the permissions Pages needs', () => {
  const w = workflow();
  assert.deepEqual(w.on.push.branches, ['main']);
  assert.ok('workflow_dispatch' in w.on);
  assert.equal(w.permissions.pages, 'write');
  assert.equal(w.permissions['id-token'], 'write');
});

test('the workflow builds the site with the repository name as base, as the browser test does with onepass', () => {
  const { build, deploy } = workflow().jobs;
  assert.equal(build.container.image, 'debian:bookworm');
  const steps = build.steps;
  const at = (pred, what) => {
    const i = steps.findIndex(pred);
    assert.ok(i >= 0, `${WORKFLOW} has no step that ${what}`);
    return i;
  };
  const uses = (action) => (s) => s.uses?.split('@')[0] === action;
  const checkout = at(uses('actions/checkout'), 'checks out');
  const setup = at((s) => s.run === 'bash scripts/setup.sh', 'runs scripts/setup.sh');
  const site = at((s) => s.run === SITE_BUILD, `runs ${SITE_BUILD}`);
  const configure = at(uses('actions/configure-pages'), 'configures Pages');
  const upload = at(uses('actions/upload-pages-artifact'), 'uploads the site');
  assert.ok(checkout < setup && setup < site && site < upload && configure < upload);
  // Node 20.19 or later for Vite (bookworm's own is 18).
  const node = steps[at(uses('actions/setup-node'), 'sets up Node')];
  assert.ok(Number(node.with['node-version']) >= 20);

  const base = steps[site].env[BASE_VARIABLE];
  assert.equal(base, '/${{ github.event.repository.name }}/');
  assert.equal(base.replace('${{ github.event.repository.name }}', 'onepass'), SUB_PATH);
  assert.equal(steps[upload].with.path, 'dist');
  assert.equal(deploy.needs, 'build');
  assert.ok(deploy.steps.some(uses('actions/deploy-pages')));
});

test('build.mjs --site is what the browser test runs: Vite with web/vite.config.ts into dist/, then algorithms.html', () => {
  const text = readFileSync(join(root, 'scripts/build.mjs'), 'utf8');
  const site = text.slice(text.indexOf('if (site)'));
  assert.match(site, /\['build', '--config', 'web\/vite\.config\.ts'/);
  assert.match(site, /writeAlgorithmsPage\(root, join\(root, 'dist'\)\)/);
});

/** The base web/vite.config.ts gives with ONEPASS_BASE set to `value` (unset: undefined). */
async function baseWith(value) {
  const before = process.env[BASE_VARIABLE];
  if (value === undefined) delete process.env[BASE_VARIABLE];
  else process.env[BASE_VARIABLE] = value;
  try {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      join(root, 'web/vite.config.ts'),
      root,
      'silent',
    );
    return loaded.config.base;
  } finally {
    if (before === undefined) delete process.env[BASE_VARIABLE];
    else process.env[BASE_VARIABLE] = before;
  }
}

test('the base path: relative when unset or empty, the path given, and a clear error for one that is not a path', async () => {
  assert.equal(await baseWith(undefined), './');
  assert.equal(await baseWith(''), './');
  assert.equal(await baseWith('/onepass/'), '/onepass/');
  assert.equal(await baseWith('/a/b.c/'), '/a/b.c/');
  for (const bad of ['onepass', '/onepass', 'https://x.io/', '/a b/'])
    await assert.rejects(baseWith(bad), (e) => {
      assert.match(e.message, /ONEPASS_BASE must be a path that starts and ends with '\/'/);
      assert.ok(e.message.includes(JSON.stringify(bad)), e.message);
      return true;
    });
});
