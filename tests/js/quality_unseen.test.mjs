// bench/quality_unseen.mjs on two small files made here: the table has a row per file and the
// mean row, every column's cell is accuracy / balanced accuracy, and the majority column is the
// training part's majority class scored on the test part, computed here by hand.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { rng, split } from '../../bench/task_data.mjs';
import { root } from './helpers.mjs';

const COLUMNS = [
  'majority',
  'default',
  'arow_full(r=10)',
  'arow_full(r=100)',
  'arow_full (r=1)',
  'arow(r=10)',
  'batch',
];

const dir = mkdtempSync(join(tmpdir(), 'onepass-unseen-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** `n` rows of two features, labelled by a line through them shifted by `shift` (a negative
 * shift: more -1 rows); `missing`: the first feature of every 7th row left empty. */
function makeSet(n, shift, seed, missing) {
  const r = rng(seed);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const x1 = r() * 2 - 1,
      x2 = r() * 10;
    const y = x1 + 0.05 * (x2 - 5) + shift >= 0 ? 1 : -1;
    rows.push([missing && i % 7 === 3 ? '' : x1.toFixed(3), x2.toFixed(2), y]);
  }
  return rows;
}

const write = (name, rows, head = 'x1,x2,label') =>
  writeFileSync(join(dir, name), [head, ...rows.map((r) => r.join(','))].join('\n') + '\n');

const run = (...args) =>
  spawnSync(process.execPath, [join(root, 'bench/quality_unseen.mjs'), ...args], {
    encoding: 'utf8',
  });

/** The majority column's cell of one file, by hand: split seed 1's training part's majority
 * (+1 on a tie) predicted for every test row; the test part has both classes, so its balanced
 * accuracy is 50.0. */
function majorityCell(rows) {
  const { train, test } = split(rows.length, 1);
  const pos = (idx) => idx.filter((i) => rows[i][2] === 1).length;
  const guess = 2 * pos(train) >= train.length ? 1 : -1;
  const testPos = pos(test);
  assert.ok(testPos > 0 && testPos < test.length, 'the test part has both classes');
  const right = guess === 1 ? testPos : test.length - testPos;
  return {
    accuracy: right / test.length,
    cell: `${((100 * right) / test.length).toFixed(1)} / 50.0`,
  };
}

test('quality_unseen: one row per file and the mean, and the majority column by hand', () => {
  const alpha = makeSet(60, 0.3, 7, false); // mostly +1
  const beta = makeSet(45, -0.4, 8, true); // mostly -1, with missing cells
  write('alpha.csv', alpha);
  write('beta.csv', beta);
  writeFileSync(join(dir, 'notes.txt'), 'not a data set\n');
  const r = run('--dir', dir, '--splits', '1');
  assert.equal(r.status, 0, r.stderr);
  const tableRows = r.stdout.split('\n').filter((l) => l.startsWith('| '));
  const cells = (line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  // The first table: its header, then alpha, beta and the mean (files in name order).
  assert.deepEqual(cells(tableRows[0]), ['data set', 'rows', 'features', ...COLUMNS]);
  const [a, b, mean] = tableRows.slice(1, 4).map(cells);
  assert.deepEqual(a.slice(0, 3), ['alpha', '60', '2']);
  assert.deepEqual(b.slice(0, 3), ['beta', '45', '2']);
  assert.equal(mean[0], '**mean**');
  for (const row of [a, b, mean]) {
    assert.equal(row.length, 3 + COLUMNS.length);
    for (const cell of row.slice(3)) assert.match(cell, /^\d{1,3}\.\d \/ \d{1,3}\.\d$/);
  }
  const ma = majorityCell(alpha),
    mb = majorityCell(beta);
  assert.equal(a[3], ma.cell);
  assert.equal(b[3], mb.cell);
  assert.equal(mean[3], `${((100 * (ma.accuracy + mb.accuracy)) / 2).toFixed(1)} / 50.0`);
  // The gaps: a row per column; the default's own gap to the default is 0 and it ties on both
  // sets, as batch's gap to batch.
  const gaps = tableRows.slice(4).map(cells);
  assert.deepEqual(
    gaps.map((g) => g[0]),
    ['column', ...COLUMNS],
  );
  const gapOf = (name) => gaps.find((g) => g[0] === name);
  assert.deepEqual(gapOf('default').slice(1, 3), ['+0.0', '+0.0']);
  assert.equal(gapOf('default')[5], '0 / 0 / 2');
  assert.deepEqual(gapOf('batch').slice(3, 5), ['+0.0', '+0.0']);
  // The majority's balanced accuracy is 50.0 on each set: its gap to the default's is 50.0 minus
  // the default's mean.
  const defaultBalanced = Number(mean[4].split(' / ')[1]);
  assert.ok(
    Math.abs(Number(gapOf('majority')[2]) - (50 - defaultBalanced)) <= 0.11,
    gapOf('majority')[2],
  );
});

test('quality_unseen: a label other than 1 or -1 is refused with its line and column', () => {
  const bad = mkdtempSync(join(dir, 'bad-'));
  writeFileSync(join(bad, 'zero.csv'), 'x1,x2,label\n0.5,1,1\n0.2,3,0\n');
  const r = run('--dir', bad);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /zero\.csv, line 3, column 3: the label must be 1 or -1 \(got '0'\)/);
  const s = run('--dir', bad, '--splits', '0');
  assert.equal(s.status, 2);
  assert.match(s.stderr, /--splits needs a whole number from 1 \(got 0\)/);
});
