// Evaluation through the package and the CLI.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { load } from 'onepass';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, dataFile, jsonLines, readData, root } from './helpers.mjs';

let op;
let heart;
before(async () => {
  op = await load();
  heart = await op.loadDataset(readData('heart.csv'));
});

test('holdout: seeded, 80/20, the horizon set to the training size', () => {
  const a = heart.holdout('zscore | logreg', { seed: 5 });
  const b = heart.holdout('zscore | logreg', { seed: 5 });
  assert.deepEqual(a, b);
  assert.equal(a.nTrain, 216);
  assert.equal(a.nTest, 54);
  assert.equal(a.spec, 'zscore | logreg(n=216)');
  assert.ok(a.test.accuracy > 0.7);
  assert.equal(a.test.tp + a.test.fp + a.test.tn + a.test.fn, 54);
  // One naming convention in JS: camelCase metrics, the core's list.
  assert.deepEqual(Object.keys(a.test), op.metricNames());
  assert.deepEqual(op.metricNames(), [
    'accuracy',
    'error',
    'precision',
    'recall',
    'f1',
    'balancedAccuracy',
    'logLoss',
    'tp',
    'fp',
    'tn',
    'fn',
    'auc',
    'pAtK',
  ]);
  assert.ok(a.test.logLoss > 0 && a.test.balancedAccuracy > 0.5);
  assert.equal(Object.keys(a.progressive).includes('auc'), false, 'progressive: no AUC');
  assert.notDeepEqual(heart.holdout('zscore | logreg', { seed: 6 }).test, a.test);
  // The test part's curves on the grid: the ROC curve rises to 1, the interpolated
  // precision falls, and the area under the ROC steps is about the AUC.
  const { roc, pr } = a.testCurves;
  assert.equal(roc.length, 101);
  assert.equal(pr.length, 101);
  assert.ok(roc.every((v, i) => i === 0 || v >= roc[i - 1]));
  assert.ok(pr.every((v, i) => i === 0 || v <= pr[i - 1]));
  assert.equal(roc[100], 1);
  const area = roc.slice(1).reduce((sum, v) => sum + v / 100, 0);
  assert.ok(Math.abs(area - a.test.auc) < 0.03, `${area} vs AUC ${a.test.auc}`);
});

test('cross-validation and learning curves agree with each other', () => {
  const cv = heart.crossValidate('zscore | pa1', 10, { seed: 2 });
  assert.equal(cv.folds.length, 10);
  assert.equal(
    cv.folds.reduce((n, f) => n + f.nTest, 0),
    270,
  );
  const mean = cv.folds.reduce((s, f) => s + f.test.auc, 0) / 10;
  assert.ok(Math.abs(cv.mean.auc - mean) < 1e-12, 'AUC per fold, averaged');
  const curve = heart.learningCurve('zscore | pa1', 10, [0.2, 1], { seed: 2 });
  assert.ok(Math.abs(curve.points[1].mean.accuracy - cv.mean.accuracy) < 1e-12);
  assert.ok(Math.abs(curve.points[1].dataShare - 0.9) < 1e-12);
});

test('grid search reports what it chose and whether it was optimistic', () => {
  const g = heart.holdout('zscore | logreg', { grid: 'lambda=0,1,100', select: 'auc' });
  assert.equal(g.grid.candidates.length, 3);
  assert.equal(g.grid.optimistic, false);
  assert.ok(g.grid.candidates.some((c) => c.spec === g.grid.best));
  const o = heart.holdout('zscore | logreg', { grid: 'lambda=0,1,100', optimistic: true });
  assert.equal(o.grid.optimistic, true);
  assert.equal(o.test.accuracy, Math.max(...o.grid.candidates.map((c) => c.score)));
  assert.throws(
    () => heart.holdout('pa', { grid: 'lambda=0,1' }),
    /no stage of "pa" has a parameter 'lambda'/,
  );
});

test('CLI evaluate: table, JSON per pipeline and per fold, errors', () => {
  let r = cli([
    'evaluate',
    dataFile('heart.csv'),
    '-p',
    'zscore | logreg',
    '-p',
    'pa',
    '--seed',
    '3',
  ]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /holdout: 20% of the rows for testing; seed 3/);
  assert.match(r.stdout, /^zscore \| logreg\s+0\.\d{4}\s+0\.\d{4}/m);
  assert.match(r.stdout, /^pipeline\s+accuracy\s+f1\s+auc\s+logLoss\s+balancedAccuracy\s*$/m);
  r = cli(['evaluate', dataFile('heart.csv'), '-p', 'pa', '--metrics', 'accuracy,log_loss']);
  assert.equal(r.status, 2);
  assert.match(
    r.stderr,
    /--metrics: unknown metric 'log_loss' \(did you mean logLoss\?\); the metrics are, binary: accuracy error .*; multiclass: .*; regression: mae rmse r2/,
  );
  r = cli([
    'evaluate',
    dataFile('heart.csv'),
    '-p',
    'pa',
    '--grid',
    'c=0.1,1',
    '--select',
    'log_loss',
  ]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--select: unknown metric 'log_loss' \(did you mean logLoss\?\)/);
  r = cli(['evaluate', dataFile('heart.csv'), '-p', 'pa', '--metrics', 'pAtK,tp']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^pa\s+0\.\d{4}\s+\d+\s*$/m);
  r = cli([
    'evaluate',
    dataFile('heart.csv'),
    '-p',
    'pa1',
    '--folds',
    '5',
    '--json',
    '--curve',
    '0.5,1',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const [o] = jsonLines(r.stdout);
  assert.equal(o.protocol.kind, 'cross-validation');
  assert.equal(o.folds.length, 5);
  assert.equal(typeof o.folds[0].test.f1, 'number');
  assert.equal(o.curve.length, 2);
  r = cli([
    'evaluate',
    dataFile('heart.csv'),
    '-p',
    'zscore | logreg',
    '--grid',
    'lambda=0,10',
    '--optimistic',
  ]);
  assert.match(r.stdout, /grid: OPTIMISTIC selection, on the test part/);
  assert.match(r.stdout, /chosen: zscore \| logreg\(lambda=(0|10)\)/);
  r = cli([
    'evaluate',
    dataFile('heart.csv'),
    '-p',
    'pa',
    '--test',
    dataFile('heart.csv'),
    '--json',
  ]);
  assert.equal(jsonLines(r.stdout)[0].nTest, 270);
  r = cli(['evaluate', dataFile('heart.csv'), '-p', 'pa', '--folds', '5', '--holdout', '0.2']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /choose one of --holdout, --folds and --test/);
  r = cli(['evaluate', dataFile('heart.csv'), '-p', 'pa', '--folds', '500']);
  assert.equal(r.status, 1);
  assert.equal(r.stderr, 'onepass: 500 folds need at least 500 rows; the data has 270\n');
});

test('a run that diverged says so in evaluate (text and JSON) and in the API', async () => {
  const file = dataFile('diabetes.csv');
  const text = cli(['evaluate', file, '-p', 'fs2', '--holdout', '0.2']);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /diverged: \d+ steps reverted/);
  const wdbc = dataFile('breast_cancer_wdbc.csv');
  const json = jsonLines(cli(['evaluate', wdbc, '-p', 'fs2', '--folds', '3', '--json']).stdout)[0];
  assert.equal(json.divergedFolds, 3);
  assert.ok(json.folds.every((f) => typeof f.revertedSteps === 'number'));
  const op = await load();
  const data = await op.loadDataset(readData('diabetes.csv'));
  const run = data.holdout('fs2', {});
  assert.equal(run.diverged, true);
  assert.ok(run.revertedSteps > 0);
  assert.equal(data.holdout('zscore | logreg', {}).diverged, false);
  data.dispose();
});

test("the protocols' defaults are the core's, one place for every front end", () => {
  assert.deepEqual(op.evaluationDefaults, { testFraction: 0.2, validation: 0.2, seed: 1, k: 20 });
  const spec = 'zscore | logreg';
  const implicit = heart.holdout(spec);
  const explicit = heart.holdout(spec, {
    testFraction: op.evaluationDefaults.testFraction,
    seed: op.evaluationDefaults.seed,
  });
  assert.deepEqual(implicit, explicit);
});

test('CLI evaluate says what a run says: notes, one class, a file sorted by class', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-evaluate-'));
  let text = 'x,kind,label\n';
  for (let i = 0; i < 400; i++)
    text += `${(i * 7) % 17},${i % 3 ? 'a' : 'b'},${i < 200 ? 'no' : 'yes'}\n`;
  const sorted = join(dir, 'sorted.csv');
  writeFileSync(sorted, text);
  let r = cli(['evaluate', sorted, '-p', 'zscore | logreg']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^onepass: note: positive class 'yes': it reads as the positive class/m);
  assert.match(
    r.stderr,
    /^onepass: warning: the labels come in long runs: .* \(the file looks sorted by class\), and training in file order favours the class seen last; shuffle the training order \(CLI --shuffle/m,
  );
  r = cli(['evaluate', sorted, '-p', 'zscore | logreg', '--shuffle', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /long runs/);
  // The native build says the same.
  const native = spawnSync(
    join(root, 'build/native/onepass-native'),
    ['evaluate', sorted, '--pipeline', 'zscore | logreg'],
    { encoding: 'utf8' },
  );
  assert.equal(native.status, 0, native.stderr);
  assert.match(native.stderr, /^onepass-native: warning: the labels come in long runs/m);
  // A test file of one class is named.
  const oneClass = join(dir, 'yes.csv');
  writeFileSync(oneClass, 'x,kind,label\n1,a,yes\n2,b,yes\n3,a,yes\n');
  r = cli(['evaluate', sorted, '--test', oneClass, '-p', 'zscore | logreg', '--shuffle']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stderr,
    new RegExp(`^onepass: warning: ${oneClass}: only one class in 3 rows`, 'm'),
  );
  rmSync(dir, { recursive: true, force: true });
});

test('CLI evaluate: a test part with no row fails; a learning curve shows in the table', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-evaluate-'));
  try {
    const three = join(dir, 'three.csv');
    writeFileSync(three, 'x,label\n1,1\n2,0\n3,1\n');
    let r = cli(['evaluate', three, '-p', 'pa']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /the test part has no row \(3 rows to train on\): nothing to measure/);
    r = cli(['evaluate', dataFile('heart.csv'), '--folds', '3', '--curve', '0.5,1', '-p', 'pa']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /learning curve: trained on the share below of each training fold/);
    const json = jsonLines(
      cli([
        'evaluate',
        dataFile('heart.csv'),
        '--folds',
        '3',
        '--curve',
        '0.5,1',
        '-p',
        'pa',
        '--json',
      ]).stdout,
    )[0];
    const half = json.curve.find((p) => p.fraction === 0.5);
    assert.match(r.stdout, new RegExp(`^  0\\.5\\s+${half.mean.accuracy.toFixed(4)}`, 'm'));
    assert.match(r.stdout, /^ {2}1\s+0\.\d{4}/m);
    // --help after a command is the usage.
    r = cli(['evaluate', '--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^usage:/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('evaluation options are checked; a grid selects on a metric some candidate has', async () => {
  const op = await load();
  const d = await op.loadDataset(readData('heart.csv'), {});
  try {
    assert.throws(() => d.holdout('pa', { sead: 3 }), /evaluation: unknown option 'sead'/);
    assert.throws(
      () => d.holdout('pa', { testFraction: '0.5' }),
      /option testFraction must be a number \(got "0.5"\)/,
    );
    assert.throws(() => d.holdout('pa', { seed: '3' }), /option seed must be a number/);
    assert.throws(
      () => d.crossValidate('pa', 2.5),
      /folds must be a whole number of at least 2 \(got 2.5\)/,
    );
    assert.throws(
      () => d.crossValidate('pa', 5, { grid: 'c=0.1,1' }),
      /a grid search runs with a holdout or a test file/,
    );
    assert.equal(d.holdout('pa', { testFraction: 0.5, seed: 3 }).nTest, 135);
    // pa1 gives no probabilities: no candidate has a log-loss to select on.
    assert.throws(
      () => d.holdout('zscore | pa1', { grid: 'c=0.01,1', select: 'logLoss' }),
      /no candidate has a logLoss on the validation part \(log-loss needs a learner that gives probabilities/,
    );
  } finally {
    d.dispose();
  }
  const r = cli(['evaluate', dataFile('heart.csv'), '-p', 'pa', '--select', 'auc']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--select chooses among a grid's candidates: give --grid/);
});

test("evaluate says a pipeline's own warnings, as run does, in its table and JSON", () => {
  const args = ['evaluate', dataFile('heart.csv'), '-p', 'fs2', '-p', 'zscore | fs2'];
  const table = cli(args);
  assert.equal(table.status, 0, table.stderr);
  assert.match(table.stdout, /^\s+warning: fs2 has no scaler before it/m);
  assert.equal(table.stdout.match(/warning:/g).length, 1); // zscore | fs2 has none
  const lines = jsonLines(cli([...args, '--json']).stdout);
  assert.match(lines[0].warnings[0], /^fs2 has no scaler before it/);
  assert.deepEqual(lines[1].warnings, []);
  const folds = cli([...args, '--folds', '3']);
  assert.match(folds.stdout, /warning: fs2 has no scaler before it.* \(in 3 of 3 folds\)/);
});

test('a decision threshold is tuned on the validation part, and both CLIs agree', () => {
  const args = ['evaluate', dataFile('heart.csv'), '-p', 'zscore | logreg', '--tune-threshold'];
  const js = cli([...args, 'balancedAccuracy', '--json']);
  assert.equal(js.status, 0, js.stderr);
  const native = spawnSync(
    join(root, 'build/native/onepass-native'),
    [...args, 'balancedAccuracy'],
    { encoding: 'utf8' },
  );
  assert.equal(native.status, 0, native.stderr);
  assert.deepEqual(jsonLines(js.stdout), jsonLines(native.stdout));
  const [line] = jsonLines(js.stdout);
  assert.equal(line.protocol.tuneThreshold, 'balancedAccuracy');
  assert.equal(line.threshold.tunedFor, 'balancedAccuracy');
  assert.ok(line.threshold.value > 0 && line.threshold.value < 1); // a probability
  const table = cli([...args, 'f1']);
  assert.match(table.stdout, /threshold 0\.\d{4}, tuned for f1 on the validation part/);
  const cv = cli([...args, 'f1', '--folds', '5']);
  assert.equal(cv.status, 2); // a usage mistake
  assert.match(cv.stderr, /a threshold is tuned with a holdout or a test file, not in folds/);
});
