// The demo's readable names of pipelines (web/src/names.ts): each stage called by its registry
// title (RegistryEntry.title, the core's one table, pipeline/stage_titles.hpp), the learner first
// and capitalised, then the scalers, then the modifiers; two pipelines that would read the same
// told apart by their parameters.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { load } from '../../lib/index.js';
import { importDemoModules } from './demo_modules.mjs';

let dir;
let m;
let op;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onepass-names-'));
  m = await importDemoModules(['names'], dir);
  op = await load();
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('every registry entry and detector has a title, none the same within its kind', () => {
  const entries = op.registry();
  const byKind = new Map();
  for (const e of entries) {
    assert.equal(typeof e.title, 'string', e.name);
    assert.notEqual(e.title.trim(), '', `${e.name} has a title`);
    const seen = byKind.get(e.kind) ?? new Set();
    assert.ok(!seen.has(e.title), `${e.kind} title ${e.title} is unique`);
    byKind.set(e.kind, seen.add(e.title));
  }
  assert.deepEqual([...byKind.keys()].sort(), ['learner', 'modifier', 'scaler']);
  const detectors = entries.find((e) => e.name === 'drift').detectors;
  assert.ok(detectors.length > 0);
  const titles = detectors.map((d) => d.title);
  assert.ok(titles.every((t) => t.trim() !== ''));
  assert.equal(new Set(titles).size, titles.length);
  // The display names are the titles, one per entry.
  const names = m.displayNames(entries);
  assert.equal(names.size, entries.length);
  for (const e of entries) assert.equal(names.get(e.name), e.title);
});

test('the default pipeline and a few others read as their titles say', () => {
  const entries = op.registry();
  const title = (name) => entries.find((e) => e.name === name).title;
  assert.equal(op.defaultPipeline, 'zscore | leader');
  assert.deepEqual(
    m.pipelineNames([op.defaultPipeline, 'zscore | logreg', 'perceptron'], entries),
    ['Leader of three, z-score', 'SGD logistic regression, z-score', 'Perceptron'],
  );
  // Built from the titles: the learner's capitalised, the rest as they are, in that order.
  assert.deepEqual(m.pipelineNames(['minmax | mbw +vote'], entries), [
    `${title('mbw')}, ${title('minmax')}, ${title('vote')}`,
  ]);
  // A name the registry lacks is shown as written.
  assert.deepEqual(m.pipelineNames(['no_such'], entries), ['No_such']);
});

test('pipelines that would read the same add the parameters in which they differ', () => {
  const entries = op.registry();
  assert.deepEqual(m.pipelineNames(['pa2(c=0.1)', 'pa2(c=1)', 'pa2(c=1)', 'pa2'], entries), [
    'PA-II (c=0.1)',
    'PA-II (c=1, #2)',
    'PA-II (c=1, #3)',
    'PA-II (default parameters)',
  ]);
});
