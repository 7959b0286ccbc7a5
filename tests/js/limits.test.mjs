// What a front end may ask is declared once, in the core: the CSV options in their table
// (cpp/src/api/csv_options.cpp), which the TypeScript interface CsvReadOptions names exactly, each
// whole-number option with its bounds; and the core's bounds (api/limits.hpp), which the JS
// checks and both CLIs' flags take. Past a bound, each front end refuses with the same range.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { load } from '../../lib/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const op = await load();

// The members of an interface of a declaration file, by name, with their type's text.
function interfaceMembers(file, name) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const found = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  assert.ok(found, `interface ${name} in ${file}`);
  return new Map(found.members.map((m) => [m.name.getText(source), m.type.getText(source)]));
}

test("CsvReadOptions names exactly the core table's options", () => {
  const members = interfaceMembers(join(root, 'lib/api/types.d.ts'), 'CsvReadOptions');
  const table = op.csvFlags.map((f) => f.name);
  assert.deepEqual([...members.keys()].sort(), [...table].sort());
});

test('every whole-number option carries its bounds, and the core holds to them', () => {
  const members = interfaceMembers(join(root, 'lib/api/types.d.ts'), 'CsvReadOptions');
  const numbers = [...members].filter(([, type]) => type === 'number').map(([name]) => name);
  assert.ok(numbers.length >= 6, numbers.join());
  for (const name of numbers) {
    const flag = op.csvFlags.find((f) => f.name === name);
    assert.ok(Number.isInteger(flag.min) && Number.isInteger(flag.max), name);
    assert.ok(flag.min <= flag.max, name);
    const csv = 'a,label\n1,1\n2,0\n';
    const past = () => op.csvRunner({ pipelines: ['perceptron'], [name]: flag.max + 1 });
    assert.throws(
      past,
      new RegExp(
        `${name} \\(CLI ${flag.flag}\\) must be a whole number from ${flag.min} to ${flag.max}`,
      ),
    );
    const at = op.csvRunner({ pipelines: ['perceptron'], [name]: flag.max });
    at.push(new TextEncoder().encode(csv));
    at.dispose();
  }
  for (const flag of op.csvFlags)
    if (!numbers.includes(flag.name)) assert.equal(flag.min, undefined, flag.name);
});

test("the JS layer's bounds are the core's, and the core refuses past them", async () => {
  const checks = await import('../../lib/api/checks.js');
  const limits = op.limits();
  assert.deepEqual(
    {
      maxDims: checks.MAX_DIMS,
      maxWindow: checks.MAX_WINDOW,
      maxShuffleBuffer: checks.MAX_SHUFFLE_BUFFER,
      maxClasses: 1000, // the bounds docs/limits.md states; the core enforces them (no JS check)
      maxTaskWeights: 2 ** 25,
      maxClassWeight: 100,
      maxDriftEvents: 1000,
      maxStreamRows: 1e9,
      maxCurvePoints: 10000,
      maxModelBytes: 2 ** 29,
      maxRunBytes: 2 ** 31, // the module's memory maximum (Emscripten's, -sMAXIMUM_MEMORY)
    },
    limits,
  );
  // Past the bound, the JS check names it; the CLIs' flags take the same ranges.
  assert.throws(
    () => op.pipeline('perceptron', { window: limits.maxWindow + 1 }),
    /window must be a whole number from 0 to 10000000/,
  );
  assert.throws(
    () => op.svmlightRunner({ pipelines: ['perceptron'], dims: limits.maxDims + 1 }),
    /dims must be a whole number from 1 to 16777216/,
  );
});

test('both CLIs refuse an svmlight width past the core bound before reading', async () => {
  const { cli } = await import('./helpers.mjs');
  const { spawnSync } = await import('node:child_process');
  const args = ['run', '-', '--format', 'svmlight', '--dims', String(2 ** 31)];
  const js = cli(args, '1 1:1\n-1 2:1\n');
  const native = spawnSync(join(root, 'build/native/onepass-native'), args, {
    input: '1 1:1\n-1 2:1\n',
    encoding: 'utf8',
  });
  for (const r of [js, native]) {
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /--dims takes a whole number from 1 to 16777216 \(got '2147483648'\)/);
  }
});

test('an svmlight line is bounded as a CSV record is, in both CLIs and the API', async () => {
  const { cli } = await import('./helpers.mjs');
  const { spawnSync } = await import('node:child_process');
  // 2 MB with no line break: refused at the 1 MiB bound, the row before it kept.
  const input = '-1 1:1\n1 2:1' + ' '.repeat(2 ** 21) + '\n';
  const message = /line 2, column 1: a line longer than 1048576 bytes \(the bound of a record/;
  const args = ['run', '-', '--format', 'svmlight', '--dims', '4'];
  const native = spawnSync(join(root, 'build/native/onepass-native'), args, {
    input,
    encoding: 'utf8',
  });
  for (const r of [cli(args, input), native]) {
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, message);
  }
  const r = op.svmlightRunner({ pipelines: ['perceptron'], dims: 4 });
  assert.throws(() => r.push(new TextEncoder().encode(input)), message);
  assert.equal(r.stats(0).rows, 1);
  r.dispose();
});

test('a curve of every row stays bounded, and new points are read across its thinning', () => {
  const p = op.pipeline('perceptron', { every: 1 });
  const seen = [];
  const batch = 1000;
  const x = new Float64Array(batch * 2);
  const y = new Int8Array(batch);
  for (let b = 0; b < 25; b++) {
    for (let i = 0; i < batch; i++) {
      x[2 * i] = ((b * batch + i) % 7) - 3;
      x[2 * i + 1] = 1;
      y[i] = x[2 * i] > 0 ? 1 : -1;
    }
    p.learnMany(x, y, 2);
    const pts = p.newCurvePoints();
    for (let k = 0; k < pts.length; k += 2) seen.push(pts[k]);
  }
  // 25,000 rows: thinned at 10,000 points (stride 2) and at 20,000 rows (stride 4).
  const curve = p.stats().curve;
  assert.equal(curve.length / 2, 6250);
  assert.equal(curve[curve.length - 2], 25000);
  assert.ok(
    seen.every((r, k) => k === 0 || r > seen[k - 1]),
    'rows only rise',
  );
  assert.equal(seen.at(-1), 25000);
  p.dispose();
});
