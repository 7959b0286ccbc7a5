// The native build's reliability checks (docs/limits.md), in build/checks with clang-14:
//   1. the GoogleTest suite built with AddressSanitizer and UndefinedBehaviorSanitizer, any
//      report fatal, and the test that fails the Nth allocation (tests/oom);
//   2. each libFuzzer target of tests/fuzz for --seconds N (default 10) from its committed seed
//      corpus (tests/fuzz/corpus/<target>) with its dictionary (tests/fuzz/dict), failing on
//      any crash, sanitizer report, leak or input slower than 1 s (slower alone: an input that
//      passed the timeout under load is run again by itself); it prints each target's
//      executions and coverage.
// `npm test` runs both (10 s per target); `npm run fuzz -- --seconds 3600` runs the targets longer
// (--fuzz-only skips the test suite; --only csv_fuzz runs one target). New inputs the fuzzer finds go to build/checks/corpus, not
// into the repository.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.lastIndexOf('--seconds'); // npm run fuzz -- --seconds N overrides the default
const seconds = at >= 0 ? Number(args[at + 1]) : 10;
if (!(seconds > 0))
  throw new Error(`--seconds takes a number of seconds > 0, got '${args[at + 1]}'`);
const fuzzOnly = args.includes('--fuzz-only');
// An input slower than this fails (libFuzzer's -timeout). 1 s in the test suite; a long run on a
// machine that is also doing other work may allow more (--timeout 5), since a pause of the
// sanitizer's allocator under load can pass 1 s on an input that takes 35 ms.
const t = args.lastIndexOf('--timeout');
const timeout = t >= 0 ? Number(args[t + 1]) : 1;
if (!(Number.isInteger(timeout) && timeout > 0))
  throw new Error(`--timeout takes a whole number of seconds > 0, got '${args[t + 1]}'`);
const dir = join(root, 'build/checks');

function run(cmd, argv, label, env = process.env) {
  const t0 = Date.now();
  const r = spawnSync(cmd, argv, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`checks: ${label} failed`);
    process.exit(1);
  }
  console.log(`checks: ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

if (!existsSync(join(dir, 'CMakeCache.txt')))
  run(
    'cmake',
    [
      '-S',
      '.',
      '-B',
      dir,
      '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
      '-DCMAKE_CXX_COMPILER=clang++-14',
      '-DONEPASS_SANITIZE=ON',
      '-DONEPASS_FUZZ=ON',
      // The Python module is not loaded under the sanitizers (python3 has no ASan runtime).
      '-DONEPASS_PYTHON=OFF',
    ],
    'configure the sanitizer and fuzz build',
  );
run('cmake', ['--build', dir, '-j', '2'], 'build with ASan + UBSan, and the fuzz targets');

const sanitizerEnv = {
  ...process.env,
  ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1:strict_string_checks=1',
  UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
};
if (!fuzzOnly)
  run(
    join(dir, 'onepass_tests'),
    ['--gtest_brief=1'],
    'GoogleTest suite under ASan + UBSan',
    sanitizerEnv,
  );
// Out-of-memory testing (tests/oom): every allocation of a run through the door fails in turn;
// under the sanitizers, a failure that leaves memory unsound is a report, not a silent pass.
if (!fuzzOnly)
  run(
    join(dir, 'onepass_alloc_failure_test'),
    [],
    'the Nth allocation failing, for every N (tests/oom), under ASan + UBSan',
    sanitizerEnv,
  );

const only = args.lastIndexOf('--only');
const targets = readdirSync(join(root, 'tests/fuzz'))
  .filter((f) => f.endsWith('_fuzz.cpp'))
  .map((f) => f.replace(/\.cpp$/, ''))
  .filter((f) => only < 0 || f === args[only + 1]);
if (targets.length === 0) throw new Error(`no fuzz target '${args[only + 1]}' in tests/fuzz`);
const report = [];
// One campaign of a target for the given seconds; its stderr, exit status and figures.
function campaign(target, seconds, seeds, dict, found) {
  const r = spawnSync(
    join(dir, target),
    [
      found,
      seeds,
      `-max_total_time=${seconds}`,
      `-timeout=${timeout}`,
      '-rss_limit_mb=2048',
      '-max_len=32768',
      '-print_final_stats=1',
      `-artifact_prefix=${dir}/`,
      ...(existsSync(dict) ? [`-dict=${dict}`] : []),
    ],
    // libFuzzer logs a line per new input: a long run writes far more than spawnSync's 1 MB
    // default, past which the target was killed (seen as a failure with no report).
    { cwd: root, env: sanitizerEnv, encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  const out = r.stderr ?? '';
  return {
    out,
    status: r.status,
    execs: Number(/stat::number_of_executed_units:\s*(\d+)/.exec(out)?.[1] ?? NaN),
    cov: [...out.matchAll(/\bcov: (\d+) ft: (\d+)/g)].pop(),
  };
}
// A timeout is a slow input only if it is slow alone: the sanitizer's allocator can pause past
// the timeout under a machine's other load on an input that takes milliseconds. The saved input
// runs three times by itself under the same timeout; when each run ends in time, the pause is
// reported and the campaign goes on for the rest of its time (at most three such pauses).
function pauseNotSlowInput(target, out) {
  if (!/ERROR: libFuzzer: timeout after/.test(out)) return null;
  const saved = /Test unit written to (\S*timeout-[0-9a-f]+)/.exec(out)?.[1];
  if (!saved) return null;
  const again = spawnSync(join(dir, target), [`-timeout=${timeout}`, '-runs=3', saved], {
    cwd: root,
    env: sanitizerEnv,
    encoding: 'utf8',
  });
  if (again.status !== 0) return null;
  const ms = /Executed \S+ in (\d+) ms/.exec(again.stderr ?? '')?.[1] ?? '?';
  return `${saved} passed ${timeout} s in a campaign and ran alone three times in ${ms} ms`;
}
for (const target of targets) {
  const seeds = join(root, 'tests/fuzz/corpus', target.replace(/_fuzz$/, ''));
  // The tokens of the target's grammar (libFuzzer's dictionary format), spliced into inputs.
  const dict = join(root, 'tests/fuzz/dict', `${target.replace(/_fuzz$/, '')}.dict`);
  const found = join(dir, 'corpus', target);
  mkdirSync(found, { recursive: true });
  const start = Date.now();
  let execs = 0;
  let last;
  const pauses = [];
  for (;;) {
    const left = Math.max(1, Math.round(seconds - (Date.now() - start) / 1000));
    last = campaign(target, left, seeds, dict, found);
    execs += Number.isNaN(last.execs) ? 0 : last.execs;
    if (last.status === 0 || pauses.length === 3) break;
    const pause = pauseNotSlowInput(target, last.out);
    if (!pause) break;
    pauses.push(pause);
    console.log(`checks: ${target}: a pause, not a slow input: ${pause}; the campaign goes on`);
    if ((Date.now() - start) / 1000 >= seconds) {
      last = { ...last, status: 0 };
      break;
    }
  }
  const cov = last.cov;
  report.push(
    `${target}: ${execs || '?'} executions, coverage ${cov ? `${cov[1]} edges, ${cov[2]} features` : '?'}` +
      (pauses.length
        ? ` (${pauses.length} pause${pauses.length > 1 ? 's' : ''} past the timeout, each input in time alone)`
        : ''),
  );
  console.log(`checks: ${report.at(-1)}`); // each target as it ends: a long run's figures survive a later failure
  if (last.status !== 0) {
    console.error(last.out.split('\n').slice(-60).join('\n'));
    console.error(`checks: ${target} failed (the input is saved under ${dir}/)`);
    process.exit(1);
  }
}
console.log(`checks: fuzz targets, ${seconds} s each, no crash, report, leak or timeout:`);
for (const line of report) console.log(`  ${line}`);
