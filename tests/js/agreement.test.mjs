// The wasm build and the native build of the same code give the same numbers: every learner,
// with and without scalers and averaging, on every bundled dataset, in file order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { cli, dataFile, jsonLines, nativeRun, root } from './helpers.mjs';

const learners = [
  'logreg',
  'fs',
  'fs1',
  'fs2',
  'fs3(mu=1)',
  'pa',
  'pa1(c=0.1)',
  'pa2',
  'carvalho_pa',
  'pater1',
  'pater2',
  'wpater1(alpha_neg=0.3)',
  'wpater2',
  'perceptron',
  'winnow',
  'bwinnow',
  'mbw(k=4)',
  'romma',
  'aromma(init=ones_on_first_seen)',
  'arow(r=0.5)',
  'scw1',
  'scw2(c=0.5)',
  'arow_full(r=10)',
  'adagrad',
  'nag',
  'ftrl(l1=0.1)',
];
// Each learner alone, after zscore, and after minmax with averaging or voting.
const scalers = [
  'zscore',
  'pareto',
  'vast',
  'level',
  'twosd',
  'minmax',
  'maxabs',
  'ewzscore(halflife=50)',
  'l1',
  'l2',
  'robust(eps=0.02)',
  'as(warmup=50)',
  'gas(warmup=40,gamma=0.5)',
  'ash(warmup=30)',
  'as(online=true,refit=25)',
  'ash(online=true,refit=10)',
  'lp(warmup=100)',
  'logodds(warmup=80,n=5)',
  'bns(warmup=90)',
  'impute',
];
// Each learner alone, after zscore, and after minmax with averaging or voting; each scaler
// before logreg, and two chains.
const pipelines = [
  ...learners.flatMap((l, i) => [l, `zscore | ${l}`, `minmax | ${l} ${i % 2 ? '+vote' : '+avg'}`]),
  ...scalers.map((s) => `${s} | logreg`),
  // leader (docs/algorithms.md 4.32) takes no modifier; width=8 races on the narrow sets and
  // leaves the default alone on the wide ones (ionosphere, sonar, WDBC).
  'zscore | leader',
  'zscore | leader(width=8)',
  'impute | maxabs | l2 | pa1',
  'twosd | l1 | mbw',
  'impute | ash(warmup=20) | zscore | as(warmup=60) | pa2 +avg',
  'lp(warmup=120) | bns(warmup=120) | l2 | pa1',
  'logodds(warmup=50,zero_special=true) | bns(warmup=70,zero_preserving=true) | logreg',
];
const datasets = [
  'heart.csv',
  'diabetes.csv',
  'diabetes_na.csv',
  'breast_cancer_wdbc.csv',
  'breast_cancer_wisconsin.csv',
  'ionosphere.csv',
  'sonar.csv',
  'liver.csv',
];

// Mistakes and curves must agree exactly. Parameters agree to 8 significant digits: the
// Adaptive Scaling solves on nearly collinear features (WDBC's radius, perimeter and area)
// amplify last-bit differences between the native (SSE) and wasm code paths to ~1e-9.
function close(a, b) {
  return a === b || Math.abs(a - b) <= 1e-8 * Math.max(1, Math.abs(a), Math.abs(b));
}

const orders = [[], ['--shuffle-buffer', '50', '--seed', '9']];
for (const file of datasets)
  for (const order of orders) {
    test(`native and wasm agree on ${file}${order.length ? ' (shuffled through a buffer)' : ''}`, () => {
      const args = [
        dataFile(file),
        ...pipelines.flatMap((p) => ['--pipeline', p]),
        '--every',
        '25',
        ...order,
      ];
      const native = nativeRun(args);
      const r = cli(['run', ...args, '--json']);
      assert.equal(r.status, 0, r.stderr);
      const wasm = jsonLines(r.stdout);
      assert.equal(wasm.length, pipelines.length);
      for (let i = 0; i < pipelines.length; i++) {
        const [n, w] = [native[i], wasm[i]];
        assert.equal(w.pipeline, n.pipeline);
        assert.equal(w.rows, n.rows);
        assert.equal(w.mistakes, n.mistakes, `${file} ${n.pipeline}: mistakes`);
        assert.deepEqual(w.curve, n.curve, `${file} ${n.pipeline}: curve`);
        assert.equal(w.weights.length, n.weights.length);
        n.weights.forEach((v, j) =>
          assert.ok(
            close(w.weights[j], v),
            `${file} ${n.pipeline}: w[${j}] ${w.weights[j]} vs ${v}`,
          ),
        );
        assert.ok(close(w.bias, n.bias), `${file} ${n.pipeline}: bias`);
        const parts = [
          [n.arrays, w.arrays, 'learner'],
          ...n.scalers.map((s, k) => [s.arrays, w.scalers[k].arrays, s.name]),
        ];
        for (const [nArrays, wArrays, what] of parts) {
          assert.deepEqual(Object.keys(wArrays).sort(), Object.keys(nArrays).sort());
          for (const [name, values] of Object.entries(nArrays))
            values.forEach((v, j) =>
              assert.ok(
                close(wArrays[name][j], v),
                `${file} ${n.pipeline}: ${what} ${name}[${j}] ${wArrays[name][j]} vs ${v}`,
              ),
            );
        }
      }
    });
  }

test('the native and the JS CLIs print the same JSON: list, and run with every key', () => {
  const native = execFileSync(join(root, 'build/native/onepass-native'), ['list'], {
    encoding: 'utf8',
  });
  assert.equal(cli(['list', '--json']).stdout, native); // byte for byte: the core's text
  const file = dataFile('heart.csv');
  const specs = ['zscore | logreg', 'zscore | winnow', 'fs2'];
  const [n, w] = [
    nativeRun([file, ...specs.flatMap((s) => ['--pipeline', s]), '--every', '100']),
    jsonLines(
      cli(['run', file, ...specs.flatMap((s) => ['-p', s]), '--every', '100', '--json']).stdout,
    ),
  ];
  for (let i = 0; i < specs.length; i++) {
    assert.deepEqual(Object.keys(n[i]).sort(), Object.keys(w[i]).sort(), specs[i]);
    for (const key of [
      'pipeline',
      'canonical',
      'rows',
      'mistakes',
      'features',
      'diverged',
      'warnings',
      'skipped',
      'curve',
    ])
      assert.deepEqual(n[i][key], w[i][key], `${specs[i]}: ${key}`);
    assert.ok(
      n[i].logLoss === w[i].logLoss || Math.abs(n[i].logLoss - w[i].logLoss) < 1e-9,
      specs[i],
    );
  }
  assert.equal(n[0].warnings.length, 0);
  assert.match(n[1].warnings[0], /^winnow needs non-negative features/);
});
