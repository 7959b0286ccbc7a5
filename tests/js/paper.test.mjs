// docs/results/ says that running its command again reproduces every number in it: the test
// regenerates every table of bench/paper.mjs but Adult's (whose 32,561 rows in five folds take
// most of the whole run) and fails when a published file differs, notes and spec strings
// included.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  CHECK_KEEPS,
  checkPublished,
  madeOf,
  publishedSection,
  RESULTS,
} from '../../bench/paper.mjs';
import { load } from 'onepass';

const op = await load();
const files = Object.fromEntries(
  Object.entries(RESULTS).map(([p, f]) => [p, readFileSync(f, 'utf8')]),
);
/** Every data set of both files: kept as they are, nothing computed. */
const EVERY = new Set(['heart', 'liver', 'diabetes', 'WiscBreast', 'Adult']);
/** The files as read, with `change` made to one of them. */
const reading = (paper, change) => (file) => {
  const text = files[Object.keys(RESULTS).find((p) => RESULTS[p] === file)];
  return file === RESULTS[paper] ? change(text) : text;
};

/** The first line where two texts differ, for a message that says where. */
function firstDifference(a, b) {
  const [x, y] = [a.split('\n'), b.split('\n')];
  const k = x.findIndex((l, i) => l !== y[i]);
  return `line ${k + 1}:\n  published: ${x[k]}\n  now:       ${y[k]}`;
}

test('docs/results is what npm run paper makes now (every table but Adult regenerated)', async () => {
  assert.deepEqual([...CHECK_KEEPS], ['Adult']);
  const drifted = await checkPublished(op);
  for (const d of drifted)
    assert.fail(
      `${d.file} differs from what npm run paper makes now; run npm run paper\n` +
        firstDifference(d.published, d.now),
    );
});

test('each file says the command, day, seed and version that made it', () => {
  for (const text of Object.values(files)) {
    const made = madeOf(text);
    assert.equal(made?.command, 'npm run paper --');
    assert.equal(made.seed, 1);
    assert.match(made.date, /^\d{4}-\d{2}-\d{2}$/);
  }
  assert.equal(madeOf('# no header'), null);
});

test('a section read back is written as it was, so only what changed is a difference', async () => {
  for (const name of ['heart', 'diabetes'])
    assert.match(publishedSection(files.s0, name)[0], new RegExp(`^\\n### ${name} \\(`));
  // Adult's section holds both of its tables and nothing of the notes after them.
  const adult = publishedSection(files.s4, 'Adult');
  assert.equal(adult.filter((l) => l.startsWith('\n### Adult, ')).length, 2);
  assert.ok(!adult.some((l) => l.includes('Where we differ')));
  assert.equal(publishedSection(files.s4, 'heart'), null);
  assert.deepEqual(await checkPublished(op, { keep: EVERY }), []);
});

test('the check fails on a changed note, figure or spec string', async () => {
  // The notes are the command's too: nothing is computed with every section kept.
  const note = await checkPublished(op, {
    keep: EVERY,
    read: reading('s0', (t) => t.replace('FS-2 can diverge', 'FS-2 never diverges')),
  });
  assert.deepEqual(
    note.map((d) => d.paper),
    ['s0'],
  );
  // WiscBreast regenerated (the fastest data set): one figure of its table changed.
  const keep = new Set([...EVERY].filter((n) => n !== 'WiscBreast'));
  const figure = (t) =>
    t.replace(
      '| MBW | 96.8 | 94.4 | 97.2 | 95.0 | 95.0 |',
      '| MBW | 96.8 | 94.5 | 97.2 | 95.0 | 95.0 |',
    );
  assert.notEqual(figure(files.s4), files.s4);
  const drifted = await checkPublished(op, { keep, read: reading('s4', figure) });
  assert.deepEqual(
    drifted.map((d) => d.paper),
    ['s4'],
  );
  assert.match(firstDifference(drifted[0].published, drifted[0].now), /94\.5.*\n.*94\.4/);
  // A spec string as the file said it before the bias was on by default: a difference too.
  const butHeart = new Set([...EVERY].filter((n) => n !== 'heart'));
  const old = (t) =>
    t.replace(
      '| PA | 0.648 | 0.574 | 0.560 | 0.574 | `pa(bias=false)` |',
      '| PA | 0.648 | 0.574 | 0.560 | 0.574 | `pa` |',
    );
  assert.notEqual(old(files.s0), files.s0);
  assert.deepEqual(
    (await checkPublished(op, { keep: butHeart, read: reading('s0', old) })).map((d) => d.paper),
    ['s0'],
  );
});
