// The onepass CLI (package.json bin) on the bundled data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli, dataFile, jsonLines, readData } from './helpers.mjs';

const heart = dataFile('heart.csv');

test('run --json prints one object per pipeline', () => {
  const r = cli([
    'run',
    heart,
    '--label',
    'label',
    '--pipeline',
    'zscore | logreg',
    '-p',
    'zscore | pa1',
    '-p',
    'perceptron',
    '--every',
    '100',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const out = jsonLines(r.stdout);
  assert.deepEqual(
    out.map((o) => o.pipeline),
    ['zscore | logreg', 'zscore | pa1', 'perceptron'],
  );
  for (const o of out) {
    assert.equal(o.rows, 270);
    assert.equal(o.error, o.mistakes / 270);
    assert.equal(o.weights.length, 13);
    assert.equal(typeof o.bias, 'number');
    assert.deepEqual(
      o.curve.map((c) => c[0]),
      [100, 200],
    );
  }
  assert.equal(out[0].canonical, 'zscore | logreg(eta0=0.1,lambda=0,n=10000)');
});

test('run without --json prints a readable table', () => {
  const r = cli(['run', heart, '-p', 'pa', '-p', 'perceptron +avg']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /270 rows, 13 features, label 'label'/);
  assert.match(r.stdout, /^pa\(bias=false\)\s+\d+\s+0\.\d{4}\s+-$/m);
  assert.match(r.stdout, /^perceptron\(bias=false\) \+avg\s+\d+/m);
});

test('run reads standard input with -', () => {
  const r = cli(['run', '-', '-p', 'pa', '--json'], readData('heart.csv'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(jsonLines(r.stdout)[0].rows, 270);
});

test('label by index and a positive value', () => {
  const r = cli([
    'run',
    dataFile('liver.csv'),
    '--label',
    '-1',
    '--positive',
    '-1',
    '-p',
    'pa',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(jsonLines(r.stdout)[0].rows, 345);
});

test('list shows every learner and scaler with parameters and defaults', () => {
  const r = cli(['list']);
  assert.equal(r.status, 0);
  const all = ['logreg', 'fs', 'fs1', 'fs2', 'fs3', 'pa', 'pa1', 'pa2', 'carvalho_pa', 'pater1'];
  all.push('pater2', 'wpater1', 'wpater2', 'perceptron', 'winnow', 'bwinnow', 'mbw', 'romma');
  all.push('aromma', 'zscore', 'minmax', 'avg', 'vote');
  for (const name of all) assert.match(r.stdout, new RegExp(`^  ${name}\\s`, 'm'));
  assert.match(r.stdout, /eta0\s+default 0\.1\s+a number > 0/);
  assert.match(r.stdout, /n\s+default 10000\s+a whole number in \[1, 1e\+15\]/);
  const json = JSON.parse(cli(['list', '--json']).stdout);
  assert.equal(json.find((e) => e.name === 'pa1').params[0].name, 'c');
});

test('bad arguments and bad input exit non-zero with a one-line message', () => {
  const cases = [
    [
      ['run', heart],
      2,
      'onepass: run needs at least one --pipeline "<spec>" (or --load model.json) (onepass --help shows the usage)\n',
    ],
    [
      ['run', heart, '-p', 'pa', '--every', 'x'],
      2,
      "onepass: --every takes a whole number >= 0 (got 'x') (onepass --help shows the usage)\n",
    ],
    [['frobnicate'], 2, "onepass: unknown command 'frobnicate' (onepass --help shows the usage)\n"],
    [['run', heart, '-p', 'pa(c=1)'], 1, "onepass: pa: unknown parameter 'c'; accepted: bias\n"],
    [['run', 'missing.csv', '-p', 'pa'], 1, 'onepass: cannot read missing.csv: no such file\n'],
    [
      ['run', heart, '-p', 'pa', '--label', 'nope'],
      1,
      /^onepass: heart\.csv: label column 'nope' not found: .* the columns are: age, sex,/,
    ],
  ];
  for (const [args, status, message] of cases) {
    const r = cli(args);
    assert.equal(r.status, status, args.join(' '));
    if (typeof message === 'string') assert.equal(r.stderr, message);
    else assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  const bad = cli(['run', '-', '-p', 'pa'], 'a,label\n1,1\n2,x\n');
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /line 3, column 2 \(label\): label 'x' is not 1, 0 or -1/);
});
