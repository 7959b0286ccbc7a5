// Out of memory as SQLite tests it (README.md "Reliability, and limits"; docs/design.md,
// "Reliability"): the native CLI under an address-space limit (ulimit -v) asked for every option
// at the bound that sizes memory ends with a message and exit 1 (or fits and exits 0), never a
// signal, "Aborted()" or std::terminate; a fuzz target, whose sanitizer cannot run under ulimit
// -v, under libFuzzer's malloc and RSS limits with inputs that draw the bounds; and the
// allocator that fails the Nth allocation (tests/oom) passes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { root } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'onepass-out-of-memory-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const native = join(root, 'build/native/onepass-native');

// A CSV of a numeric, a categorical and a text column (words enough to fill hashed buckets).
const csv = join(dir, 'rows.csv');
const lines = ['x,colour,note,label'];
for (let i = 0; i < 400; i++)
  lines.push(`${i % 7},c${i % 50},word${i} word${i * 7} w${i % 13},${i % 2}`);
writeFileSync(csv, lines.join('\n') + '\n');
const svm = join(dir, 'rows.svm');
writeFileSync(svm, '1 1:1 16777216:2\n-1 2:1\n1 3:0.5\n-1 4:1\n'.repeat(4));

// Runs the native CLI in a shell whose address space is 1 GB.
function limited(args) {
  return spawnSync('sh', ['-c', 'ulimit -v 1000000; exec "$0" "$@"', native, ...args], {
    encoding: 'utf8',
  });
}

function assertEndsCleanly(r, what) {
  assert.equal(r.signal, null, `${what}: a signal (${r.signal})`);
  assert.doesNotMatch(r.stderr, /Aborted|terminate called|Segmentation/, what);
  assert.ok(r.status === 0 || r.status === 1, `${what}: exit ${r.status}\n${r.stderr}`);
  if (r.status === 1) assert.match(r.stderr, /^onepass-native: \S/m, `${what}: no message`);
}

const pipelines = (n) => Array(n).fill(['--pipeline', 'zscore | arow +avg']).flat();
const eight = pipelines(8);
const cases = [
  // Text columns of 2^24 buckets (--text-bits at its bound) and eight pipelines.
  ['run', csv, '--text', 'note', '--text-bits', '24', '--scale-encoded', ...eight],
  // Categorical levels and buckets at their bounds.
  ['run', csv, '--categorical', 'colour', '--max-levels', '1000000', '--level-buckets', '1048576'],
  // The record bound and the columns at theirs, the rolling window at kMaxWindow rows.
  ['run', csv, '--max-record-bytes', '1073741824', '--max-fields', '10000000'],
  ['run', csv, '--window', '10000000', ...eight],
  // svmlight rows at kMaxDims through evaluate (four pipelines: within the native bound of
  // 16 GB, past the 1 GB given) and run (eight: past the bound, refused by the core).
  ['evaluate', svm, '--format', 'svmlight', '--dims', '16777216', ...pipelines(4)],
  ['run', svm, '--format', 'svmlight', '--dims', '16777216', ...eight],
];

test('the native CLI at every bound under a 1 GB address space: exit 0, or a message and 1', () => {
  let refused = 0;
  for (const args of cases) {
    const r = limited(args);
    assertEndsCleanly(r, args.slice(0, 8).join(' '));
    refused += r.status;
  }
  // The window's, the evaluation's and the svmlight run's cannot fit in 1 GB.
  assert.ok(refused >= 3, `only ${refused} of the runs ran out of memory`);
});

// The core's bound is the address space less the program's own share (pipeline/memory_bound.hpp):
// one pipeline at the widest svmlight input (about 2.6 GB) is refused before it is allocated,
// naming the limit, where it ran out of memory mid-run against the constant 16 GB.
test('under a 1 GB address space a run past it is refused naming the limit', () => {
  const r = limited(['run', svm, '--format', 'svmlight', '--dims', '16777216', ...pipelines(1)]);
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stderr,
    /^onepass-native: these dims and pipelines need \d+(\.\d)? GB \(1 pipeline at 16777216 features\); the limit is 0\.5 GB \(the process's address-space limit \(ulimit -v\) of 1 GB, less 0\.5 GB for the program itself\): fewer pipelines or features fit$/m,
  );
  assert.doesNotMatch(r.stderr, /out of memory/);
});

// A value past its bound is a usage error (exit 2) naming the flag and its range.
test('past the bounds, the options are refused before anything is allocated', () => {
  for (const [flag, value] of [
    ['--text-bits', '25'],
    ['--max-levels', '1000001'],
    ['--level-buckets', '1048577'],
    ['--max-record-bytes', '1073741825'],
    ['--max-fields', '10000001'],
    ['--window', '10000001'],
  ]) {
    const r = limited(['run', csv, flag, value]);
    assert.equal(r.status, 2, `${flag} ${value}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`${flag}.* from \\d+ to \\d+`), flag);
    assert.doesNotMatch(r.stderr, /out of memory/, flag);
  }
  const wide = limited(['run', svm, '--format', 'svmlight', '--dims', '16777217']);
  assert.ok(wide.status === 1 || wide.status === 2, wide.stderr);
  assert.match(wide.stderr, /16777216/);
});

// The fuzz targets are built with ASan in build/checks (scripts/checks.mjs); ASan reserves its
// shadow memory up front, so the limits are libFuzzer's own: no malloc past 512 MB, no more than
// 1 GB resident. The inputs draw the bounds (tests/fuzz/fuzz_input.hpp Input::size: 255 gives
// the top of a range): svmlight dims past kMaxDims and at it, four pipelines.
const fuzzer = join(root, 'build/checks/svmlight_fuzz');
test(
  'a fuzz target at the bounds under libFuzzer memory limits',
  { skip: !existsSync(fuzzer) },
  () => {
    const inputs = [];
    const text = Buffer.from('1 1:1 16777216:2\n-1 2:1\n');
    for (const dims of [255, 254, 247, 246]) {
      const file = join(dir, `svm_${dims}`);
      writeFileSync(file, Buffer.concat([Buffer.from([0, 0, dims, 0, 255]), text]));
      inputs.push(file);
    }
    const r = spawnSync(fuzzer, ['-malloc_limit_mb=512', '-rss_limit_mb=1024', ...inputs], {
      encoding: 'utf8',
      env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1' },
    });
    assert.equal(r.signal, null, r.stderr.slice(-2000));
    assert.equal(r.status, 0, r.stderr.slice(-2000));
    assert.doesNotMatch(r.stderr, /ERROR: libFuzzer: out-of-memory|malloc\(\d+\) exceeds/);
  },
);

const oom = join(root, 'build/native/onepass_alloc_failure_test');
test(
  'every failed allocation through the door is a bad_alloc, none leaked',
  { skip: !existsSync(oom) },
  () => {
    const r = spawnSync(oom, [], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /csv run: \d+ allocations a run; allocations 1 to \d+ failed in turn/);
    assert.match(r.stdout, /every failed allocation came out as bad_alloc/);
  },
);
