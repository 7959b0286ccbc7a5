// When the CLI runs on V8's baseline WebAssembly code alone (lib/cli/baseline_code.js): `run` and
// `predict` whose words name plain files of at most BASELINE_CODE_BYTES in all, on x64 and
// arm64. Standard input, pipes, compressed and binary files, larger inputs and the other
// commands keep V8's default; words that name no file are passed over. The CLI sets the flag before it compiles any module,
// and a run on baseline code gives the same output as the same run on optimised code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { BASELINE_CODE_BYTES, runsOnBaselineCode } from '../../lib/cli/baseline_code.js';
import { cli, dataFile, root } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'onepass-baseline-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const small = join(dir, 'small.csv');
writeFileSync(small, 'a,b,label\n1,2,1\n3,4,0\n');
const model = join(dir, 'model.json');
writeFileSync(model, '{}');
const sized = (name, bytes) => {
  const file = join(dir, name);
  writeFileSync(file, 'a,label\n');
  truncateSync(file, bytes);
  return file;
};

test('run and predict of small plain files run on baseline code', () => {
  assert.equal(runsOnBaselineCode(['run', small]), true);
  assert.equal(runsOnBaselineCode(['run', small, '--pipeline', 'zscore | logreg', '-q']), true);
  assert.equal(runsOnBaselineCode(['predict', model, small]), true);
  const edge = sized('edge.csv', BASELINE_CODE_BYTES);
  assert.equal(runsOnBaselineCode(['run', edge]), true);
});

test('larger inputs, in one file or in all, keep the optimising compiler', () => {
  assert.equal(runsOnBaselineCode(['run', sized('big.csv', BASELINE_CODE_BYTES + 1)]), false);
  const half = sized('half.csv', BASELINE_CODE_BYTES / 2 + 1);
  assert.equal(runsOnBaselineCode(['predict', half, half]), false);
});

test('unknown sizes, packed bytes and other commands keep the optimising compiler', () => {
  assert.equal(runsOnBaselineCode(['run', '-']), false);
  assert.equal(runsOnBaselineCode(['run', '/dev/null']), false); // a device
  const gz = join(dir, 'small.csv.gz');
  writeFileSync(gz, gzipSync('a,label\n1,1\n'));
  assert.equal(runsOnBaselineCode(['run', gz]), false);
  const parquet = join(dir, 'small.parquet');
  writeFileSync(parquet, 'PAR1....PAR1');
  assert.equal(runsOnBaselineCode(['run', parquet]), false);
  for (const command of ['evaluate', 'generate', 'merge', 'export', 'list'])
    assert.equal(runsOnBaselineCode([command, small]), false, command);
  assert.equal(runsOnBaselineCode(['run', '--pipeline', 'logreg']), false); // no file named
  // Where Liftoff may lack an operation, --liftoff-only would make it fatal.
  assert.equal(runsOnBaselineCode(['run', small], 'x64'), true);
  assert.equal(runsOnBaselineCode(['run', small], 'arm64'), true);
  assert.equal(runsOnBaselineCode(['run', small], 'ppc64'), false);
  assert.equal(runsOnBaselineCode([]), false);
});

/** The CLI's stderr with a line for each V8 flag it sets and each module it compiles, in order
 * (a module loaded first wraps both). */
function flagsAndCompiles(args) {
  const trace =
    'import v8 from "node:v8"; import { syncBuiltinESMExports } from "node:module";' +
    'const say = (w) => process.stderr.write(w + "\\n");' +
    'const set = v8.setFlagsFromString; v8.setFlagsFromString = (f) => { say("flag " + f); set(f); };' +
    'syncBuiltinESMExports();' +
    'for (const name of ["compile", "instantiate", "compileStreaming", "instantiateStreaming"]) {' +
    '  const f = WebAssembly[name]; WebAssembly[name] = (...a) => { say("compile"); return f(...a); }; }';
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(trace)}`,
      join(root, 'lib/cli.js'),
      ...args,
    ],
    { encoding: 'utf8' },
  );
  return r.stderr.split('\n').filter((line) => line === 'compile' || line.startsWith('flag '));
}

test('the CLI sets the flag before it compiles a module, and only for a small input', () => {
  const args = (file) => ['run', file, '--label', 'label', '--quiet', '--threads', '1'];
  const small = flagsAndCompiles(args(dataFile('heart.csv')));
  assert.deepEqual(small.slice(0, 2), ['flag --liftoff-only', 'compile']);
  const big = join(dir, 'big_rows.csv');
  writeFileSync(big, 'a,label\n' + '1,1\n0,0\n'.repeat(BASELINE_CODE_BYTES / 8 + 1));
  const large = flagsAndCompiles(args(big));
  assert.ok(large.includes('compile'), large.join(' '));
  assert.ok(!large.some((line) => line.startsWith('flag ')), large.join(' '));
});

test('a run on baseline code prints what the same run on optimised code prints', () => {
  const args = ['run', dataFile('heart.csv'), '--label', 'label', '--json', '--threads', '1'];
  const baseline = cli(args);
  assert.equal(baseline.status, 0, baseline.stderr);
  // The same command with every function compiled by the optimising compiler (--no-liftoff),
  // the CLI's own flag setting made a no-op before it runs.
  const keepFlags =
    'import v8 from "node:v8"; import { syncBuiltinESMExports } from "node:module";' +
    'v8.setFlagsFromString = () => {}; syncBuiltinESMExports();';
  const optimised = spawnSync(
    process.execPath,
    [
      '--no-liftoff',
      '--import',
      `data:text/javascript,${encodeURIComponent(keepFlags)}`,
      join(root, 'lib/cli.js'),
      ...args,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(optimised.status, 0, optimised.stderr);
  assert.notEqual(baseline.stdout, '');
  assert.equal(baseline.stdout, optimised.stdout);
});
