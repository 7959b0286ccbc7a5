// The onepass CLI (package.json bin) on the bundled data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, dataFile, heartBothWays, jsonLines, nativeRun, readData, root } from './helpers.mjs';

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
  // mistakes, error, log-loss (none for pa), balanced accuracy, and the mark when it is due
  assert.match(r.stdout, /^pa\(bias=true\)\s+\d+\s+0\.\d{4}\s+-\s+0\.\d{4}/m);
  assert.match(r.stdout, /^baseline\s+always '-1', the majority class: error 0\.4444/m);
  assert.match(r.stdout, /^perceptron\(bias=true\) \+avg\s+\d+/m);
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
  // Every entry of the registry (list --json), each on a line of its own in the text.
  const all = jsonLines(cli(['list', '--json']).stdout)[0].map((e) => e.name);
  assert.ok(all.length >= 40 && all.includes('logreg') && all.includes('vote'), all.join());
  for (const name of all) assert.match(r.stdout, new RegExp(`^  ${name}\\s`, 'm'));
  assert.match(r.stdout, /eta0\s+default 0\.1\s+a number > 0/);
  assert.match(r.stdout, /n\s+default 10000\s+a whole number in \[1, 1e\+15\]/);
  // Where each entry is described (docs/algorithms.md, whose sections tests/js/docs.test.mjs
  // checks), and the scalers that are not from the papers have their own sections.
  assert.match(r.stdout, /^ {2}logreg\s.*\(docs\/algorithms\.md §4\.1\)$/m);
  assert.match(r.stdout, /^ {2}robust\s.*\(docs\/algorithms\.md §5\.9\)$/m);
  assert.match(r.stdout, /k\s+default 0 .*EFS \(docs\/algorithms\.md §4\.15\)/);
  assert.match(r.stdout, /described in docs\/algorithms\.md\.\ndefault pipeline /);
  const json = JSON.parse(cli(['list', '--json']).stdout);
  assert.equal(json.find((e) => e.name === 'pa1').params[0].name, 'c');
});

test('bad arguments and bad input exit non-zero with a one-line message', () => {
  const cases = [
    [
      ['run', heart, '-p', 'pa', '--every', 'x'],
      2,
      "onepass: --every takes a whole number from 0 to 9007199254740991 (got 'x') (onepass --help shows the usage)\n",
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
  // A third label value of a label read as binary (three values would be classes, '1' the
  // positive one).
  const bad = cli(['run', '-', '-p', 'pa', '--task', 'binary'], 'a,label\n1,1\n2,0\n3,x\n');
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /line 4, column 2 \(label\): a third label value 'x'/);
});

test('run --format svmlight learns sparse rows as the CSV of the same rows is learned', () => {
  // heart.csv's first 100 rows, written both ways (a zero is left out of the svmlight line).
  const { csv, svm, dims } = heartBothWays(100);
  const specs = ['-p', 'maxabs | perceptron', '-p', 'logreg(lambda=1)', '--json'];
  const dense = cli(['run', '-', ...specs], csv);
  const sparse = cli(['run', '-', '--format', 'svmlight', '--dims', String(dims), ...specs], svm);
  assert.equal(dense.status, 0, dense.stderr);
  assert.equal(sparse.status, 0, sparse.stderr);
  const [d, s] = [jsonLines(dense.stdout), jsonLines(sparse.stdout)];
  for (let i = 0; i < 2; i++) {
    assert.equal(s[i].rows, 100);
    assert.equal(s[i].mistakes, d[i].mistakes, s[i].pipeline);
    s[i].weights.forEach((w, j) =>
      assert.ok(Math.abs(w - d[i].weights[j]) < 1e-9, `${s[i].pipeline} w[${j}]`),
    );
  }
  const table = cli(['run', '-', '--format', 'libsvm', '--dims', String(dims), '-p', 'pa'], svm);
  assert.match(table.stdout, /^-: 100 rows, 13 features, sparse \(positive 1, negative -1\)/);
  for (const [args, message] of [
    [['--format', 'svmlight', '-p', 'pa'], /--format svmlight needs --dims/],
    [
      ['--format', 'svmlight', '--dims', '3', '--shuffle-buffer', '10', '-p', 'pa'],
      /--shuffle-buffer reads CSV files/,
    ],
    [['--format', 'svmlight', '--dims', '3', '--na', '?', '-p', 'pa'], /--na reads CSV files/],
    [['--dims', '3', '-p', 'pa'], /--dims and --index-base go with --format svmlight/],
    [['--format', 'arff', '-p', 'pa'], /--format is csv, svmlight or libsvm, not 'arff'/],
  ]) {
    const r = cli(['run', '-', ...args], svm);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
  const bad = cli(['run', '-', '--format', 'svmlight', '--dims', '2', '-p', 'pa'], svm);
  assert.equal(bad.status, 1);
  assert.match(
    bad.stderr,
    /^onepass: stdin: line 1, column \d+: feature index \d+ is beyond the 2 features/,
  );
});

test('--version, a closed pipe, an svmlight file read as CSV, a resumed run', async () => {
  const { readFileSync: read, mkdtempSync: tmp, writeFileSync: write } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join: joinPath } = await import('node:path');
  const { execSync } = await import('node:child_process');
  const pkg = JSON.parse(read(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(cli(['--version']).stdout, `${pkg.version}\n`);
  // The reader of the pipe stops after one line: no stack trace, exit 0.
  const piped = execSync(`node lib/cli.js list | head -1; echo "status \${PIPESTATUS[0]}"`, {
    shell: '/bin/bash',
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  assert.match(piped, /^learners:\nstatus 0\n$/);
  const dir = tmp(joinPath(tmpdir(), 'onepass-cli-'));
  const svm = joinPath(dir, 'rows.svm');
  write(svm, '1 1:0.5 3:1\n-1 2:1\n');
  const r = cli(['run', svm, '-p', 'logreg']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /this looks like an svmlight file: add --format svmlight --dims D/);
  const model = joinPath(dir, 'm.json');
  assert.equal(cli(['run', heart, '-p', 'logreg', '--save', model]).status, 0);
  const resumed = cli(['run', heart, '--load', model]);
  assert.match(resumed.stdout, /the counts include the 270 rows m\.json had learned before/);
});

test('run shows a progress line on a terminal only, and not with --quiet', async () => {
  const { mkdtempSync: tmp, writeFileSync: write } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join: joinPath } = await import('node:path');
  const { spawnSync } = await import('node:child_process');
  const file = joinPath(tmp(joinPath(tmpdir(), 'onepass-progress-')), 'big.csv');
  // About 15 MB: many chunks; the line shows at the first one, whatever the machine's speed.
  const rest = [...Array(27)].map((_, j) => `${j}.${j * 7}`).join(',');
  const rows = [[...Array(28)].map((_, j) => `f${j}`).join(',') + ',label'];
  for (let i = 0; i < 50000; i++) rows.push(`${i % 97},${rest},${i % 2}`);
  write(file, rows.join('\n') + '\n');
  const cliJs = joinPath(root, 'lib/cli.js');
  // `script` runs the command on a pseudo-terminal, as a user's shell would.
  const onTty = (extra) =>
    spawnSync('script', ['-qec', `node ${cliJs} run ${file} -p logreg ${extra}`, '/dev/null'], {
      encoding: 'utf8',
    }).stdout;
  assert.match(onTty(''), /\r[\d,]+ rows, \d+ MB, [\d,]+ rows\/s, \d+%, \d+ s left/);
  assert.doesNotMatch(onTty('--quiet'), /rows\/s/);
  const piped = spawnSync(process.execPath, [cliJs, 'run', file, '-p', 'logreg'], {
    encoding: 'utf8',
  });
  assert.doesNotMatch(piped.stderr, /rows\/s/);
  assert.match(piped.stdout, /50000 rows/);
});

test('without --pipeline, run and evaluate use the one default pipeline, and say so', async () => {
  const { load } = await import('../../lib/index.js');
  const op = await load();
  const wanted = op.defaultPipeline;
  assert.match(wanted, /\|/); // a scaler and a learner: documented in docs/evaluation.md and docs/quality.md
  const r = cli(['run', heart, '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stderr,
    new RegExp(`pipeline: ${wanted.replace(/[|()+.]/g, '\\$&')} \\(the default`),
  );
  const [wasm] = jsonLines(r.stdout);
  assert.equal(wasm.pipeline, wanted);
  const explicit = jsonLines(cli(['run', heart, '-p', wanted, '--json']).stdout)[0];
  assert.deepEqual(wasm.weights, explicit.weights);
  // The native CLI takes the same default from the same definition (api/defaults.hpp).
  const [native] = nativeRun([heart]);
  assert.equal(native.pipeline, wanted);
  assert.equal(native.mistakes, wasm.mistakes);
  const ev = cli(['evaluate', heart, '--json']);
  assert.equal(ev.status, 0, ev.stderr);
  assert.equal(jsonLines(ev.stdout)[0].spec, wanted);
  assert.match(
    cli(['list']).stdout,
    new RegExp(`default pipeline .*: ${wanted.replace(/[|()+.]/g, '\\$&')}`),
  );
});

test('both CLIs refuse a bad count with the same message, not an exception', () => {
  for (const [flag, value, range] of [
    ['--every', 'abc', 'from 0 to 9007199254740991'],
    ['--threads', '0', 'from 1 to 256'],
    ['--shuffle-buffer', '-3', 'from 0 to 10000000'],
    ['--seed', '9007199254740993', 'from 0 to 9007199254740991'],
  ]) {
    const args = ['run', heart, flag, value];
    const r = spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
    const w = cli(args);
    const message = `${flag} takes a whole number ${range} (got '${value}')`;
    assert.equal(r.status, 2, `${flag} ${value}`);
    assert.equal(r.stderr, `onepass-native: ${message}\n`);
    assert.equal(w.status, 2, `${flag} ${value}`);
    assert.equal(w.stderr, `onepass: ${message} (onepass --help shows the usage)\n`);
  }
});

test('a learner given input it cannot use is named in a warning, in the table and the JSON', () => {
  const r = cli(['run', heart, '-p', 'zscore | winnow', '-p', 'minmax | winnow', '-p', 'fs2']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stderr,
    /onepass: warning: zscore \| winnow: winnow needs non-negative features \(put minmax first\): \d+ of 270 rows had negative values/,
  );
  assert.doesNotMatch(r.stderr, /minmax \| winnow:/);
  assert.match(r.stderr, /onepass: warning: fs2: fs2 has no scaler before it/);
  const json = jsonLines(
    cli(['run', heart, '-p', 'zscore | mbw', '-p', 'minmax | mbw', '--json']).stdout,
  );
  assert.equal(json[0].warnings.length, 1);
  assert.deepEqual(json[1].warnings, []);
  const list = cli(['list']).stdout;
  assert.match(list, /  winnow .*\n    needs      non-negative features \(put minmax first\)\n/);
  assert.match(list, /  fs2 .*\n    needs      scaled features \(put zscore first\)\n/);
});

test("--na adds to the default missing cells, --no-default-na leaves them out; a model's positive class holds", () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-cli-na-'));
  try {
    // A user adding one sentinel: NA and #DIV/0! stay missing, and so does -999.
    const na = join(dir, 'na.csv');
    let text = 'x,y,label\n';
    for (let i = 0; i < 30; i++)
      text += `${i % 5 === 0 ? -999 : i},${i % 7 === 0 ? 'NA' : i % 11 === 0 ? '#DIV/0!' : i * 2},${i % 2}\n`;
    writeFileSync(na, text);
    let r = cli(['run', na, '-p', 'zscore | logreg', '--na', '-999', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const [out] = jsonLines(r.stdout);
    assert.equal(out.rows, 30);
    assert.deepEqual(out.features, ['x', 'y']);
    // 6 cells of -999 in x; 5 of NA and 2 of #DIV/0! in y: missing past the sampled rows too
    // (a token that is a number keeps the rows off the fast path, which reads numbers as they
    // are): the z-score counts what it saw of each column.
    const counts = (args) => {
      const got = cli(['run', na, '-p', 'zscore | pa', '--json', ...args]);
      assert.equal(got.status, 0, got.stderr);
      return jsonLines(got.stdout)[0].scalers[0].arrays.count;
    };
    assert.deepEqual(counts(['--na', '-999']), [24, 23]);
    assert.deepEqual(counts(['--na', '-999', '--sample-rows', '5']), [24, 23]);
    assert.deepEqual(counts(['--na=-999', '--sample-rows=5', '--threads', '1']), [24, 23]);
    // Only -999: the NA cells are strings then, and y is no number column.
    r = cli(['run', na, '-p', 'zscore | logreg', '--na', '-999', '--no-default-na', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const [only] = jsonLines(r.stdout);
    assert.ok(only.features.includes('y=NA'), 'y is categorical, NA one of its levels');
    // A positive class that is not the model's is refused, in run --load and predict.
    const model = join(dir, 'm.json');
    r = cli(['run', dataFile('heart.csv'), '-p', 'zscore | logreg', '--save', model]);
    assert.equal(r.status, 0, r.stderr);
    for (const args of [
      ['run', dataFile('heart.csv'), '--load', model, '--positive', '0'],
      ['predict', dataFile('heart.csv'), '--model', model, '--positive', '0'],
    ]) {
      r = cli(args);
      assert.equal(r.status, 1, args.join(' '));
      assert.match(
        r.stderr,
        /the model's positive class is '1' \(its negative '-1'\); it cannot read '0' as the positive class: leave option positive \(CLI --positive\) out/,
      );
    }
    r = cli(['run', dataFile('heart.csv'), '--load', model, '--positive', '1', '--json']);
    assert.equal(r.status, 0, r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('predict: an unwritable --out, bad rows skipped or stopping, labels with commas (both CLIs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-cli-predict-'));
  const native = (args) =>
    spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
  try {
    // Labels a CSV writer must quote.
    const train = join(dir, 'train.csv');
    let text = 'x,label\n';
    for (let i = 0; i < 40; i++)
      text += `${i % 9},${i % 2 ? '"good, very"' : '"bad ""really"""'}\n`;
    writeFileSync(train, text);
    const model = join(dir, 'm.json');
    let r = cli(['run', train, '-p', 'zscore | logreg', '--save', model]);
    assert.equal(r.status, 0, r.stderr);
    const rows = join(dir, 'rows.csv');
    writeFileSync(rows, 'x\n1\n2\nabc\n3\n');
    for (const [run, name] of [
      [cli, 'onepass'],
      [native, 'onepass-native'],
    ]) {
      r = run(['predict', rows, '--model', model, '--skip-bad-rows']);
      assert.equal(r.status, 0, r.stderr);
      const lines = r.stdout.trim().split('\n');
      assert.equal(lines.length, 4, r.stdout);
      for (const line of lines.slice(1))
        assert.match(line, /^\d,("good, very"|"bad ""really"""),-?[\d.e-]+,[\d.e-]+$/);
      assert.match(
        r.stderr,
        new RegExp(`^${name}: skipped line 4, column 1 \\(x\\): 'abc' is not a number`, 'm'),
      );
      assert.match(r.stderr, new RegExp(`^${name}: 3 rows predicted; 1 bad rows skipped`, 'm'));
      // Stopping at the bad row: the two rows before it are written.
      const out = join(dir, `${name}.csv`);
      r = run(['predict', rows, '--model', model, '--out', out]);
      assert.equal(r.status, 1);
      assert.match(r.stderr, /line 4, column 1 \(x\): 'abc' is not a number/);
      assert.equal(readFileSync(out, 'utf8').trim().split('\n').length, 3);
      r = run(['predict', rows, '--model', model, '--out', join(dir, 'no/such/dir/p.csv')]);
      assert.equal(r.status, 1);
      assert.match(r.stderr, /^onepass(-native)?: cannot write .*no\/such\/dir\/p\.csv/m);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('-q is taken by evaluate and predict too; a long figure never runs into the next column', () => {
  let r = cli(['evaluate', dataFile('heart.csv'), '-p', 'pa', '-q']);
  assert.equal(r.status, 0, r.stderr);
  r = cli(['evaluate', dataFile('heart.csv'), '-p', 'fs2', '--metrics', 'logLoss,accuracy']);
  assert.equal(r.status, 0, r.stderr);
  // Whatever the figures, the row has as many fields as the header.
  const row = r.stdout.split('\n').find((l) => l.startsWith('fs2'));
  assert.equal(row.trim().split(/\s+/).length, 3, row);
});
