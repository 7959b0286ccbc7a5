// bench/quality_narrow.mjs: its rules and spreads computed by hand, and its tables made from a
// small set of measurements written here (--from: no learner runs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  MAX_SET_LOSS,
  NARROW_WIDTH,
  R_GRID,
  TARGET_GAP,
  chooseR,
  fullSpec,
  groupSpread,
  isNarrow,
  leaderPick,
  meetsTarget,
  narrowPick,
  pairedSpread,
} from '../../bench/quality_narrow.mjs';
import { root } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'onepass-narrow-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A run's figures as the script keeps them. */
const runOf = (accuracy, error, logLoss) => ({ accuracy, progressive: { error, logLoss } });

test('quality_narrow: the narrow rule takes the full run up to NARROW_WIDTH features', () => {
  assert.equal(NARROW_WIDTH, 64);
  assert.equal(isNarrow(64), true);
  assert.equal(isNarrow(65), false);
  const def = runOf(0.8, 0.2, 0.5),
    full = runOf(0.9, 0.1, 0.3);
  assert.equal(narrowPick(64, def, full), full);
  assert.equal(narrowPick(65, def, full), def);
  assert.equal(fullSpec(1), 'zscore | arow_full +temperature');
  assert.equal(fullSpec(10), 'zscore | arow_full(r=10) +temperature');
});

test('quality_narrow: the leader is the lower progressive figure, the default on a tie or wide', () => {
  const def = runOf(0.8, 0.2, 0.5);
  const betterLoss = runOf(0.7, 0.25, 0.4); // lower log-loss, higher error
  assert.equal(leaderPick(10, def, [betterLoss], 'logLoss'), betterLoss);
  assert.equal(leaderPick(10, def, [betterLoss], 'error'), def);
  assert.equal(leaderPick(10, def, [runOf(0.9, 0.2, 0.5)], 'error'), def, 'a tie: the default');
  assert.equal(leaderPick(10, def, [runOf(0.9, 0.2, 0.5)], 'logLoss'), def, 'a tie: the default');
  assert.equal(leaderPick(65, def, [betterLoss], 'logLoss'), def, 'wide: the default alone');
  // Of several full runs the lowest leads; between equal ones the earlier.
  const best = runOf(0.6, 0.3, 0.2),
    same = runOf(0.95, 0.3, 0.2);
  assert.equal(leaderPick(10, def, [betterLoss, best, same], 'logLoss'), best);
  assert.equal(leaderPick(10, def, [same, best], 'logLoss'), same);
  assert.equal(leaderPick(10, def, [best, betterLoss], 'error'), def);
});

test('quality_narrow: paired spreads by hand', () => {
  // Differences 2, -1, 0, 3 points: mean 1, sample variance (1 + 4 + 1 + 4) / 3 = 10/3,
  // standard error sqrt(10/3 / 4).
  const s = pairedSpread([0.82, 0.79, 0.8, 0.83], [0.8, 0.8, 0.8, 0.8]);
  assert.ok(Math.abs(s.mean - 1) < 1e-9, String(s.mean));
  assert.ok(Math.abs(s.se - Math.sqrt(10 / 3 / 4)) < 1e-9, String(s.se));
  assert.deepEqual([s.won, s.lost, s.tied], [2, 1, 1]);
  // One pair: no spread.
  const one = pairedSpread([0.5], [0.75]);
  assert.ok(Math.abs(one.mean + 25) < 1e-9);
  assert.deepEqual([one.se, one.won, one.lost, one.tied], [0, 0, 1, 0]);
  assert.throws(() => pairedSpread([0.5], [0.5, 0.6]), /pairedSpread: 1 against 2 values/);
  // Two sets weigh the same: means 1 and -3 give -1; standard errors 0.3 and 0.4 give
  // sqrt(0.09 + 0.16) / 2 = 0.25; the worst set is -3.
  const g = groupSpread([
    { mean: 1, se: 0.3, won: 3, lost: 1, tied: 1 },
    { mean: -3, se: 0.4, won: 0, lost: 1, tied: 0 },
  ]);
  assert.ok(Math.abs(g.mean + 1) < 1e-12 && Math.abs(g.se - 0.25) < 1e-12);
  assert.deepEqual([g.won, g.lost, g.tied, g.worst], [3, 2, 1, -3]);
});

test('quality_narrow: the target needs every group within the gap and no set lost by more', () => {
  assert.equal(TARGET_GAP, 0.5);
  assert.equal(MAX_SET_LOSS, 1);
  const group = (toBatch, worst) => ({ toBatch: { mean: toBatch }, toDefault: { worst } });
  assert.equal(meetsTarget([group(-0.5, -1), group(0.2, 0)]), true);
  assert.equal(meetsTarget([group(-0.5, -1), group(-0.51, 0)]), false);
  assert.equal(meetsTarget([group(-0.1, -1.01), group(0.2, 0)]), false);
});

/** A set of two splits: the default's and each r's accuracies (r = 10 best on `good`). */
function setOf(name, width, defAcc, fullAcc, batchAcc, loss) {
  return {
    name,
    rows: 100,
    width,
    splits: defAcc.map((d, i) => ({
      def: runOf(d, 0.2, 0.5),
      full: Object.fromEntries(R_GRID.map((r) => [r, runOf(fullAcc[r][i], 0.2, loss[i])])),
      batch: { accuracy: batchAcc[i] },
    })),
  };
}

test('quality_narrow: r is chosen by the narrow rule on the given sets, the smallest on a tie', () => {
  const narrow = setOf(
    'n',
    5,
    [0.8, 0.8],
    { 1: [0.8, 0.8], 10: [0.9, 0.8], 100: [0.9, 0.8] },
    [0.8, 0.8],
    [0.4, 0.6],
  );
  // Wide: the default answers at every r, so r = 10's lead on the narrow set stands.
  const wide = setOf(
    'w',
    80,
    [0.7, 0.7],
    { 1: [0.99, 0.99], 10: [0.1, 0.1], 100: [0.1, 0.1] },
    [0.7, 0.7],
    [0.4, 0.4],
  );
  assert.equal(chooseR([narrow, wide]), 10);
  const tie = setOf(
    't',
    5,
    [0.8, 0.8],
    { 1: [0.8, 0.8], 10: [0.8, 0.8], 100: [0.8, 0.8] },
    [0.8, 0.8],
    [0.4, 0.6],
  );
  assert.equal(chooseR([tie]), 1);
});

test('quality_narrow --from: the tables of a small set of measurements', () => {
  // Bundled: one narrow set (full runs better by 10 points on the first split) and one wide.
  // Unseen: one narrow set. The default's progressive log-loss is 0.5 in every split; the full
  // run's is 0.4 on the first split (it leads) and 0.6 on the second.
  const grid = (a, b) => Object.fromEntries(R_GRID.map((r) => [r, [a, b]]));
  const measured = {
    defaultPipeline: 'zscore | pa2(c=0.1) +avg +temperature',
    unseen: ['DIR'],
    bundled: [
      setOf('narrow', 10, [0.8, 0.8], grid(0.9, 0.8), [0.9, 0.8], [0.4, 0.6]),
      setOf('wide', 100, [0.7, 0.7], grid(0.1, 0.1), [0.7, 0.7], [0.4, 0.4]),
    ],
    unseenSets: [[setOf('other', 64, [0.6, 0.7], grid(0.7, 0.6), [0.7, 0.7], [0.4, 0.6])]],
    cpu: 'a test CPU',
    seconds: 3,
  };
  const file = join(dir, 'measured.json');
  writeFileSync(file, JSON.stringify(measured));
  const r = spawnSync(process.execPath, [join(root, 'bench/quality_narrow.mjs'), '--from', file], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  // Every r ties on the bundled sets: r = 1.
  assert.match(r.stdout, /by the narrow rule's mean test accuracy on the bundled sets: r = 1\./);
  const lines = r.stdout.split('\n');
  const cells = (line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const section = (heading) => {
    const at = lines.indexOf(heading);
    assert.ok(at >= 0, heading);
    const rows = [];
    for (let i = at + 4; lines[i]?.startsWith('| '); i++) rows.push(cells(lines[i]));
    return rows;
  };
  // The narrow rule on the bundled sets: narrow +5 ± 5 points against the default (splits
  // +10 and 0), the wide set the default's own; against batch 0 on both.
  const narrowRows = section('#### narrow(r=1)');
  assert.deepEqual(narrowRows[0], [
    'narrow',
    '85.0',
    '+5.00 ± 5.00 (1/0/1)',
    '+0.00 ± 0.00 (0/0/2)',
    '2 of 2',
  ]);
  assert.deepEqual(narrowRows[1], [
    'wide',
    '70.0',
    '+0.00 ± 0.00 (0/0/2)',
    '+0.00 ± 0.00 (0/0/2)',
    '0 of 2',
  ]);
  assert.deepEqual(narrowRows[2], [
    '**mean**',
    '77.5',
    '+2.50 ± 2.50 (1/0/3)',
    '+0.00 ± 0.00 (0/0/4)',
    '2 of 4',
  ]);
  // The leader by log-loss takes the full run on the first split only: the same as narrow on
  // the bundled narrow set (its second split ties), and on the unseen set +10 then 0.
  const leaderBundled = section('#### leader by log-loss (r=1)');
  assert.deepEqual(leaderBundled[0].slice(0, 3), ['narrow', '85.0', '+5.00 ± 5.00 (1/0/1)']);
  assert.equal(leaderBundled[0][4], '1 of 2');
  // The unseen group's tables come second.
  const unseenAt = lines.indexOf('### The sets of DIR');
  assert.ok(unseenAt > 0);
  const leaderUnseenAt = lines.indexOf('#### leader by log-loss (r=1)', unseenAt);
  assert.deepEqual(cells(lines[leaderUnseenAt + 4]), [
    'other',
    '70.0',
    '+5.00 ± 5.00 (1/0/1)',
    '+0.00 ± 0.00 (0/0/2)',
    '1 of 2',
  ]);
  // narrow on the unseen set: +10 and -10 against the default (mean 0, standard error 10), 0
  // and -10 against batch.
  const narrowUnseenAt = lines.indexOf('#### narrow(r=1)', unseenAt);
  assert.deepEqual(cells(lines[narrowUnseenAt + 4]).slice(2, 4), [
    '+0.00 ± 10.00 (1/1/0)',
    '-5.00 ± 5.00 (0/1/1)',
  ]);
  // The verdict: narrow's mean on the unseen set is 5 points below batch; the leader's is
  // batch's in both groups, and it is below the default on no set.
  assert.match(r.stdout, /\| narrow\(r=1\) \| no \|/);
  assert.match(r.stdout, /\| leader by log-loss \(r=1\) \| yes \|/);
  assert.match(r.stdout, /Measured on a test CPU in 3 s \(tabulated from /);
});

test('quality_narrow: bad arguments are refused with what is wrong', () => {
  const run = (...args) =>
    spawnSync(process.execPath, [join(root, 'bench/quality_narrow.mjs'), ...args], {
      encoding: 'utf8',
    });
  const a = run('--splits', '0');
  assert.equal(a.status, 2);
  assert.match(a.stderr, /--splits needs a whole number from 1 \(got 0\)/);
  const b = run('--from');
  assert.equal(b.status, 2);
  assert.match(b.stderr, /--from needs a file/);
  const c = run('--bogus');
  assert.equal(c.status, 2);
  assert.match(c.stderr, /unknown argument --bogus/);
});
