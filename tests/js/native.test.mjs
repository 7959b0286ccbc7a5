// The native CLI and the JS CLI go through the same C++ API (cpp/include/onepass/api/), so they
// print the same output for the same arguments: evaluate (every protocol, a grid,
// svmlight rows), predict (the same bytes), run with the reading flags both take from the core
// (api/csv_options.hpp), and the same usage mistakes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, dataFile, heartBothWays, jsonLines, root } from './helpers.mjs';

function native(args, input) {
  const r = spawnSync(join(root, 'build/native/onepass-native'), args, {
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The same structure and keys; numbers equal to 1e-9 relative (the native build's SSE and
// wasm may differ in the last bits of a sum).
function assertSame(n, w, path = '') {
  if (typeof n === 'number' && typeof w === 'number') {
    assert.ok(
      n === w || Math.abs(n - w) <= 1e-9 * Math.max(1, Math.abs(n), Math.abs(w)),
      `${path}: ${n} vs ${w}`,
    );
    return;
  }
  if (n === null || typeof n !== 'object') {
    assert.equal(w, n, path);
    return;
  }
  assert.deepEqual(Object.keys(w), Object.keys(n), `${path}: keys`);
  for (const k of Object.keys(n)) assertSame(n[k], w[k], `${path}.${k}`);
}

function bothEvaluate(args) {
  const n = native(['evaluate', ...args]);
  const w = cli(['evaluate', ...args, '--json']);
  assert.equal(n.status, 0, n.stderr);
  assert.equal(w.status, 0, w.stderr);
  const [nl, wl] = [jsonLines(n.stdout), jsonLines(w.stdout)];
  assert.equal(nl.length, wl.length);
  assertSame(nl, wl, args.join(' '));
  return nl;
}

const heart = dataFile('heart.csv');

test('evaluate: a holdout, a grid search, k folds with a learning curve, a test file', () => {
  const specs = ['-p', 'zscore | logreg', '-p', 'minmax | pa1(c=0.1)'];
  const [holdout] = bothEvaluate([heart, ...specs, '--holdout', '0.3', '--seed', '7']);
  assert.deepEqual(holdout.protocol, {
    kind: 'holdout',
    testFraction: 0.3,
    seed: 7,
    shuffle: false,
  });
  assert.equal(holdout.nTest, Math.round(0.3 * (holdout.nTrain + holdout.nTest)));
  assert.equal(holdout.testCurves.roc.length, 101); // arrays, not objects keyed by index

  const [grid] = bothEvaluate([
    heart,
    '-p',
    'zscore | logreg',
    '--grid',
    'eta0=0.01,0.1;lambda=0,0.001',
    '--select',
    'auc',
  ]);
  assert.equal(grid.protocol.select, 'auc');
  assert.equal(grid.protocol.validation, 0.2);
  assert.equal(grid.grid.candidates.length, 4);

  const [cv] = bothEvaluate([heart, ...specs, '--folds', '4', '--curve', '0.5,1', '--shuffle']);
  assert.deepEqual(cv.protocol, { kind: 'cross-validation', folds: 4, seed: 1, shuffle: true });
  assert.equal(cv.folds.length, 4);
  assert.deepEqual(
    cv.curve.map((p) => p.fraction),
    [0.5, 1],
  );

  const dir = mkdtempSync(join(tmpdir(), 'onepass-native-'));
  const lines = readFileSync(heart, 'utf8').trim().split('\n');
  const [train, held] = [join(dir, 'train.csv'), join(dir, 'test.csv')];
  writeFileSync(train, lines.slice(0, 201).join('\n') + '\n');
  writeFileSync(held, [lines[0], ...lines.slice(201)].join('\n') + '\n');
  const [pair] = bothEvaluate([train, '-p', 'zscore | logreg', '--test', held]);
  assert.deepEqual(pair.protocol, { kind: 'test-file', test: held, seed: 1, shuffle: false });
  assert.equal(pair.nTrain, 200);
  assert.equal(pair.nTest, lines.length - 201);
});

test('evaluate and run on svmlight rows, and on a CSV read with core flags (--na, --skip-bad-rows)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-native-'));
  const { svm, dims } = heartBothWays(200);
  const file = join(dir, 'heart.svm');
  writeFileSync(file, svm);
  const read = ['--format', 'svmlight', '--dims', String(dims)];
  bothEvaluate([file, ...read, '-p', 'maxabs | pa', '--folds', '3']);
  const n = native(['run', file, ...read, '-p', 'maxabs | pa', '--every', '50']);
  const w = cli(['run', file, ...read, '-p', 'maxabs | pa', '--every', '50', '--json']);
  assert.equal(n.status, 0, n.stderr);
  assertSame(jsonLines(n.stdout), jsonLines(w.stdout));

  const csv = join(dir, 'na.csv');
  writeFileSync(csv, 'a,b,label\n1,?,1\n2,3,0\nx,1,1\n4,5,0\n');
  const flags = ['--na', '?', '--skip-bad-rows', '-p', 'zscore | logreg'];
  const [nr] = jsonLines(native(['run', csv, ...flags]).stdout);
  const [wr] = jsonLines(cli(['run', csv, ...flags, '--json']).stdout);
  assertSame(nr, wr);
  assert.equal(nr.rows, 3);
  assert.equal(nr.skipped, 1);
});

test('predict writes the same bytes, for a CSV model and an svmlight model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-native-'));
  const model = join(dir, 'm.json');
  assert.equal(cli(['run', heart, '-p', 'zscore | logreg', '--save', model]).status, 0);
  const n = native(['predict', heart, '--model', model]);
  const w = cli(['predict', heart, '--model', model]);
  assert.equal(n.status, 0, n.stderr);
  assert.equal(w.status, 0, w.stderr);
  assert.equal(n.stdout, w.stdout);
  assert.match(n.stdout, /^line,prediction,score,probability\n2,-?1,/);
  assert.equal(n.stderr.replace('onepass-native:', 'onepass:'), w.stderr);

  const { svm, dims } = heartBothWays(100);
  const file = join(dir, 'heart.svm');
  writeFileSync(file, svm);
  const sparse = join(dir, 's.json');
  const saved = cli(['run', file, '--format', 'svmlight', '--dims', String(dims), '-p', 'pa']);
  assert.equal(saved.status, 0, saved.stderr);
  cli(['run', file, '--format', 'svmlight', '--dims', String(dims), '-p', 'pa', '--save', sparse]);
  const ns = native(['predict', file, '--model', sparse]);
  assert.equal(ns.status, 0, ns.stderr);
  assert.equal(ns.stdout, cli(['predict', file, '--model', sparse]).stdout);
  assert.match(ns.stdout, /^line,prediction,score\n1,/); // no probability from pa
});

test('run --save writes the same model, and run --load trains it further the same way', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-native-'));
  const lines = readFileSync(heart, 'utf8').trim().split('\n');
  const [first, second] = [join(dir, 'a.csv'), join(dir, 'b.csv')];
  writeFileSync(first, lines.slice(0, 150).join('\n') + '\n');
  writeFileSync(second, [lines[0], ...lines.slice(150)].join('\n') + '\n');
  const [nm, wm] = [join(dir, 'n.json'), join(dir, 'w.json')];
  const spec = ['-p', 'minmax | logreg(eta0=0.5)'];
  assert.equal(native(['run', first, ...spec, '--save', nm]).status, 0);
  assert.equal(cli(['run', first, ...spec, '--save', wm]).status, 0);
  // Both write the core's text: the same bytes, where the two builds compute the same bits
  // (learners on Eigen's vector code, such as AROW, may differ in the last place natively).
  assert.equal(readFileSync(nm, 'utf8'), readFileSync(wm, 'utf8'));
  const resumed = native(['run', second, '--load', nm]);
  assert.equal(resumed.status, 0, resumed.stderr);
  const [r] = jsonLines(resumed.stdout);
  assertSame(r, jsonLines(cli(['run', second, '--load', wm, '--json']).stdout)[0]);
  assert.equal(r.rows, lines.length - 1); // the model's 149 rows and the second file's
});

test('the same usage mistakes are refused by both, with exit code 2', () => {
  for (const [args, message] of [
    [
      ['evaluate', heart, '--folds', '3', '--grid', 'eta0=0.1,1'],
      /grid search runs with a holdout/,
    ],
    [['evaluate', heart, '--curve', '0.5'], /learning curve .* needs folds/],
    [['evaluate', heart, '--holdout', '0.2', '--folds', '3'], /choose one of --holdout, --folds/],
    [['evaluate', heart, '--holdout', '1.5'], /--holdout takes a fraction in \(0, 1\)/],
    [['run', heart, '--format', 'svmlight', '--dims', '3', '--na', '?'], /--na reads CSV files/],
    [['run', heart, '--format', 'svmlight'], /--format svmlight needs --dims/],
    [['run', heart, '--dims', '3'], /--dims and --index-base go with --format svmlight/],
    [['predict', heart], /predict needs --model/],
    [['evaluate', heart, '--metrics', 'accuracy,foo'], /--metrics: unknown metric 'foo'/],
    [['run', heart, '--threads', '0'], /threads/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['run', heart, '--load', heart, '-p', 'pa'], /--load trains a saved model further/],
    [['run', heart, '-p', 'pa', '-p', 'pa1', '--save', 'x.json'], /--save writes one model/],
    [
      ['run', heart, '--max-levels', 'x'],
      /option maxLevels \(CLI --max-levels\) must be a whole number/,
    ],
    [['evaluate', heart, '--numeric', 'age', '--ignore', 'age'], /age/],
  ]) {
    const n = native(args);
    const w = cli(args);
    assert.equal(n.status, 2, `${args.join(' ')}: ${n.stderr}`);
    assert.equal(w.status, 2, `${args.join(' ')}: ${w.stderr}`);
    assert.match(n.stderr, message, args.join(' '));
    // The same words (api/command_line.hpp), after each CLI's name and before the JS CLI's hint.
    const said = (r, cliName) =>
      r.stderr
        .replace(`${cliName}: `, '')
        .replace(/ \(onepass(-native)? --help shows the usage\)/, '');
    assert.equal(said(w, 'onepass'), said(n, 'onepass-native'), args.join(' '));
  }
});

test('both CLIs take seeds up to the largest whole number a JS number holds, and no more', () => {
  const args = (seed) => ['run', heart, '-p', 'pa', '--shuffle-buffer', '10', '--seed', seed];
  const ok = String(Number.MAX_SAFE_INTEGER);
  const [n, w] = [native(args(ok)), cli([...args(ok), '--json'])];
  assert.equal(n.status, 0, n.stderr);
  assert.equal(w.status, 0, w.stderr);
  assertSame(jsonLines(n.stdout), jsonLines(w.stdout));
  for (const r of [native(args('9007199254740993')), cli(args('9007199254740993'))]) {
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /seed .*(9007199254740991|whole number)/);
  }
});

test('the same version, and the flags of the JS CLI that change nothing natively are taken', () => {
  const n = native(['--version']);
  assert.equal(n.status, 0);
  assert.equal(n.stdout, cli(['--version']).stdout);
  assert.match(n.stdout, /^\d+\.\d+\.\d+\n$/);
  const args = ['run', heart, '-p', 'pa', '--threads', '3', '--quiet'];
  const [a, b] = [native(args), cli([...args, '--json'])];
  assert.equal(a.status, 0, a.stderr);
  assertSame(jsonLines(a.stdout), jsonLines(b.stdout));
  const e = native(['evaluate', heart, '-p', 'pa', '--metrics', 'accuracy,auc']);
  assert.equal(e.status, 0, e.stderr);
  assert.equal(typeof jsonLines(e.stdout)[0].test.f1, 'number'); // JSON has every metric
});

test('both CLIs print the same notes and warnings, from the core, for the same files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-native-notes-'));
  const write = (name, lines) => {
    const file = join(dir, name);
    writeFileSync(file, lines.join('\n') + '\n');
    return file;
  };
  const rows = (n, row) => Array.from({ length: n }, (_, i) => row(i + 1));
  const files = [
    // A date column, and an increasing numeric column (an id?).
    write('dates.csv', [
      'id,day,x,y',
      ...rows(
        60,
        (i) => `${100 + i},2024-03-${String((i % 28) + 1).padStart(2, '0')},${i % 7},${i % 2}`,
      ),
    ]),
    // No header, a decimal comma, a label of words taken from the last column.
    write('comma.csv', [
      '1,5;2;yes',
      ...rows(40, (i) => `${i % 9},${i % 4};${i % 3};${i % 3 ? 'yes' : 'no'}`),
    ]),
  ];
  // The lines that say why, without the CLI's name before them.
  const notes = (stderr) =>
    stderr
      .split('\n')
      .filter((l) => / (note|warning): /.test(l))
      .map((l) => l.replace(/^onepass(-native)?: /, ''));
  for (const file of files)
    for (const args of [
      ['run', file, '-p', 'zscore | logreg', '--json'],
      ['evaluate', file, '-p', 'zscore | logreg', '--json'],
    ]) {
      const js = cli(args);
      const nat = native(args);
      assert.equal(js.status, 0, js.stderr);
      assert.equal(nat.status, 0, nat.stderr);
      assert.ok(notes(js.stderr).length > 0, `${args[0]} ${file}: no notes`);
      assert.deepEqual(notes(nat.stderr), notes(js.stderr), `${args[0]} ${file}`);
    }
  // The notes of the first file name its date and its id.
  const said = notes(native(['run', files[0], '--json']).stderr).join('\n');
  assert.match(said, /column 'day' is a date: /);
  assert.match(said, /column 'id' is numeric: .* a row number or an identifier\? .*--ignore id/);
});
