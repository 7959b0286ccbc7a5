// The streams made by code (docs/algorithms.md 6.9) in every front end: `onepass generate` writes
// the bytes of `onepass-native generate` (both through api/streams.hpp), the API's generateCsv()
// and streamCsv() give the CLI's bytes, and every mistake is the core's message in all three.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { cli, root } from './helpers.mjs';

function native(args) {
  const r = spawnSync(join(root, 'build/native/onepass-native'), args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Both CLIs' output for the same words, which both must accept. */
function both(args) {
  const [n, w] = [native(['generate', ...args]), cli(['generate', ...args])];
  assert.equal(n.status, 0, n.stderr);
  assert.equal(w.status, 0, w.stderr);
  return [n.stdout, w.stdout];
}

const op = await load();
const dir = mkdtempSync(join(tmpdir(), 'onepass-generate-'));

test('both CLIs write the same bytes: SEA with noise and a schedule, Agrawal with categories', () => {
  const [n, w] = both([
    'sea',
    '--rows',
    '2000',
    '--seed',
    '7',
    '--param',
    'noise=0.1',
    '--param',
    'every=500',
  ]);
  assert.equal(w, n);
  const lines = n.split('\n');
  assert.equal(lines[0], 'x1,x2,x3,label');
  assert.equal(lines.length, 2002, 'a header, 2,000 rows and the last line break');
  assert.equal(lines.at(-1), '');
  assert.match(lines[1], /^[\d.e-]+,[\d.e-]+,[\d.e-]+,[01]$/);
  // Another seed, other rows.
  const [other] = both([
    'sea',
    '--rows',
    '2000',
    '--seed',
    '8',
    '--param',
    'noise=0.1',
    '--param',
    'every=500',
  ]);
  assert.notEqual(other, n);

  const [na, wa] = both(['agrawal', '--rows', '1500', '--param', 'function=4']);
  assert.equal(wa, na);
  assert.equal(
    na.split('\n')[0],
    'salary,commission,age,elevel,car,zipcode,hvalue,hyears,loan,label',
  );
  assert.match(na, /,level[0-4],car\d+,zipcode\d,/);
});

test('both CLIs write the same file with -o, past the pieces the JS side writes it in', () => {
  // About 5 MB: the JS CLI writes it in pieces of about a megabyte (api/streams.hpp StreamCsv).
  const args = ['hyperplane', '--rows', '3000', '--seed', '3', '--param', 'features=100'];
  const [nf, wf] = [join(dir, 'native.csv'), join(dir, 'js.csv')];
  const n = native(['generate', ...args, '-o', nf]);
  const w = cli(['generate', ...args, '--out', wf]);
  assert.equal(n.status, 0, n.stderr);
  assert.equal(w.status, 0, w.stderr);
  assert.equal(n.stdout + w.stdout, '', 'nothing on standard output with -o');
  const [nb, wb] = [readFileSync(nf), readFileSync(wf)];
  assert.ok(nb.length > 4 * 2 ** 20, `${nb.length} bytes`);
  assert.ok(nb.equals(wb), 'the same bytes');
  assert.equal(nb.toString('utf8').split('\n').length, 3002);
});

test('generate --list names every stream alike in both CLIs; --json is the catalog', () => {
  const [n, w] = both(['--list']);
  assert.equal(w, n);
  const streams = op.streams();
  assert.deepEqual(
    streams.map((s) => s.name),
    ['sea', 'hyperplane', 'agrawal', 'stagger', 'concept_drift'],
  );
  for (const s of streams) {
    assert.ok(n.includes(`  ${s.name} `), s.name);
    assert.ok(n.includes(`${s.summary} (docs/algorithms.md §${s.section})`), s.name);
    for (const p of s.params) assert.ok(n.includes(`${p.range}: ${p.help}\n`), p.name);
  }
  const [nj, wj] = both(['--list', '--json']);
  assert.equal(wj, nj);
  assert.equal(nj, op.streamsJSON() + '\n');
  assert.deepEqual(JSON.parse(nj), streams);
  const sea = streams[0];
  assert.equal(sea.section, '6.9.1');
  assert.deepEqual(
    sea.params.map((p) => [p.name, p.default, p.range]),
    [
      ['concept', '1', 'a whole number in [1, 4]'],
      ['every', '0', 'a whole number in [0, 1000000000]'],
      ['noise', '0', 'a number in [0, 1]'],
    ],
  );
  // A stream's parameters are described as a stage's are (op.registry()).
  assert.deepEqual(Object.keys(sea.params[0]), Object.keys(op.registry()[0].params[0]));
});

test("the API's generateCsv() gives the CLI's bytes; streamCsv() gives them a piece at a time", () => {
  const [cliText] = both(['stagger', '--rows', '900', '--seed', '11', '--param', 'every=100']);
  assert.equal(op.generateCsv('stagger', { rows: 900, seed: 11, params: { every: 100 } }), cliText);
  assert.equal(op.generateCsv('stagger', { rows: 900, seed: 11, params: ['every=100'] }), cliText);
  // No seed: the CLI's default, 1.
  const [plain] = both(['concept_drift', '--rows', '700', '--param', 'position=300']);
  assert.equal(op.generateCsv('concept_drift', { rows: 700, params: { position: 300 } }), plain);
  assert.equal(
    op.generateCsv('concept_drift', { rows: 700, seed: 1, params: { position: 300 } }),
    plain,
  );

  const whole = op.generateCsv('hyperplane', { rows: 3000, seed: 3, params: { features: 100 } });
  const csv = op.streamCsv('hyperplane', { rows: 3000, seed: 3, params: { features: 100 } });
  const pieces = [];
  try {
    assert.equal(csv.done, false);
    for (const piece of csv) {
      assert.ok(piece.endsWith('\n'), 'whole lines');
      pieces.push(piece);
    }
    assert.equal(csv.done, true);
    assert.equal(csv.rows, 3000);
    assert.equal(csv.next(), '');
  } finally {
    csv.dispose();
  }
  assert.ok(pieces.length >= 4, `${pieces.length} pieces`);
  assert.equal(pieces.join(''), whole);
  assert.throws(() => csv.next(), /this stream was disposed/);
  assert.equal(whole, readFileSync(join(dir, 'native.csv'), 'utf8'));
});

test('what a stream writes reads back as a run of it: 1/0 labels, a yes/no task', async () => {
  const text = op.generateCsv('sea', { rows: 5000, params: { noise: 0.1 } });
  const { info, results } = await op.runCsv(text, { pipelines: ['zscore | logreg'] });
  assert.equal(info.rows, 5000);
  assert.deepEqual(info.features, ['x1', 'x2', 'x3']);
  assert.equal(results[0].task, 'binary');
  // 10% of the labels are flipped, so no learner is right on more than about 90% of the rows;
  // a linear one learns most of the rest.
  assert.ok(results[0].error > 0.08 && results[0].error < 0.3, String(results[0].error));
});

const MISTAKES = [
  [
    ['nope', '--rows', '10'],
    "unknown stream 'nope'; known: sea, hyperplane, agrawal, stagger, concept_drift",
  ],
  [['sea', '--rows', '0'], "--rows takes a whole number from 1 to 1000000000 (got '0')"],
  [
    ['sea', '--rows', '1000000001'],
    "--rows takes a whole number from 1 to 1000000000 (got '1000000001')",
  ],
  [['sea'], 'generate needs --rows N, the rows to write'],
  [['--rows', '5'], "generate needs a stream's name (generate --list names them)"],
  [
    ['sea', '--rows', '10', '--param', 'noise=2'],
    "sea: parameter 'noise' must be a number in [0, 1] (got '2')",
  ],
  [
    ['sea', '--rows', '10', '--param', 'theta=8'],
    "sea: unknown parameter 'theta'; accepted: concept, every, noise",
  ],
  [
    ['sea', '--rows', '10', '--param', 'noise'],
    "a stream's parameter is written name=value, as noise=0.1 (got 'noise')",
  ],
  [['--list', 'sea'], "unexpected argument 'sea'"],
];

test('each mistake exits 2 with the same message in both CLIs, and writes nothing', () => {
  for (const [args, message] of MISTAKES) {
    const n = native(['generate', ...args]);
    const w = cli(['generate', ...args]);
    assert.equal(n.status, 2, args.join(' '));
    assert.equal(w.status, 2, args.join(' '));
    assert.equal(n.stderr, `onepass-native: ${message}\n`);
    assert.equal(w.stderr, `onepass: ${message} (onepass --help shows the usage)\n`);
    assert.equal(n.stdout + w.stdout, '');
  }
  // A file that cannot be written: a failure (1), in the same words.
  const out = join(dir, 'no such folder', 'sea.csv');
  const n = native(['generate', 'sea', '--rows', '5', '-o', out]);
  const w = cli(['generate', 'sea', '--rows', '5', '-o', out]);
  assert.equal(n.status, 1);
  assert.equal(w.status, 1);
  assert.equal(n.stderr, `onepass-native: cannot write ${out}: its folder does not exist\n`);
  assert.equal(w.stderr, `onepass: cannot write ${out}: its folder does not exist\n`);
});

test("the API throws the core's message, and its own for what is not a number", () => {
  assert.throws(() => op.generateCsv('nope', { rows: 10 }), {
    message: "unknown stream 'nope'; known: sea, hyperplane, agrawal, stagger, concept_drift",
  });
  assert.throws(() => op.generateCsv('sea', { rows: 0 }), {
    message: 'rows must be a whole number in [1, 1000000000] (got 0)',
  });
  assert.throws(() => op.generateCsv('sea', { rows: 1e9 + 1 }), {
    message: 'rows must be a whole number in [1, 1000000000] (got 1000000001)',
  });
  assert.throws(() => op.generateCsv('sea', { rows: 10, params: { noise: 2 } }), {
    message: "sea: parameter 'noise' must be a number in [0, 1] (got '2')",
  });
  assert.throws(() => op.generateCsv('sea', { rows: 10, params: ['noise'] }), {
    message: "a stream's parameter is written name=value, as noise=0.1 (got 'noise')",
  });
  assert.throws(() => op.generateCsv('sea', { rows: 1.5 }), /option rows must be a whole number/);
  assert.throws(() => op.generateCsv('sea', { rows: 10, seed: -1 }), /option seed must be a whole/);
  assert.throws(() => op.generateCsv('sea', {}), /a stream needs options.rows/);
  assert.throws(() => op.generateCsv('sea', { rows: 10, noise: 0.1 }), {
    message: "streamCsv: unknown option 'noise'; the options are: rows, seed, params",
  });
  // Nothing is left allocated by the refusals.
  const before = op.memory().inUseBytes;
  for (let i = 0; i < 50; i++) assert.throws(() => op.streamCsv('sea', { rows: 0 }));
  assert.equal(op.memory().inUseBytes, before);
});
