// Shared by the node tests: paths, running the CLIs, reading bundled data.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dataFile = (name) => join(root, 'data', name);
export const readData = (name) => readFileSync(dataFile(name));
/** Test files that are not the demo's samples (tests/fixtures, credited in its README.md). */
export const readFixture = (name) => readFileSync(join(root, 'tests', 'fixtures', name));

/** Runs the onepass CLI (the built package's bin); returns { status, stdout, stderr }. */
export function cli(args, input) {
  const r = spawnSync(process.execPath, [join(root, 'lib/cli.js'), ...args], {
    encoding: 'utf8',
    input,
    maxBuffer: MAX_OUTPUT,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The agreement test prints every pipeline's state (sonar: 60 features, over 100 pipelines), past
// Node's default 1 MB of captured output.
const MAX_OUTPUT = 64 * 1024 * 1024;

/** Runs the native CLI (build/native/onepass-native), `input` on its standard input; returns
 * { status, stdout, stderr }. */
export function native(args, input) {
  const r = spawnSync(join(root, 'build/native/onepass-native'), args, {
    encoding: 'utf8',
    input,
    maxBuffer: MAX_OUTPUT,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Each pipeline's results JSON after a CSV runner of `options` learned the whole `source`. */
export async function runResults(op, source, options, threads = 1) {
  const r = op.csvRunner(options);
  try {
    await r.pushAll(source, { threads });
    r.finish();
    return r.results().map((_, i) => r.resultJSON(i));
  } finally {
    r.dispose();
  }
}

/** JSON lines printed by the native build of the same run (build/native/onepass-native). */
export function nativeRun(args) {
  const out = execFileSync(join(root, 'build/native/onepass-native'), ['run', ...args], {
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT,
  });
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

export function jsonLines(text) {
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

/** The first `n` rows of heart.csv written both ways: as a CSV (label last) and as svmlight
 * lines (a zero left out, indices from 1); dims is the number of features. */
export function heartBothWays(n) {
  const lines = readData('heart.csv').toString('utf8').trim().split('\n');
  const header = lines[0].split(',');
  const label = header.indexOf('label');
  const rows = lines.slice(1, n + 1).map((l) => l.split(',').map(Number));
  const features = header.map((_, j) => j).filter((j) => j !== label);
  const csv =
    [features.map((j) => header[j]).join(','), 'label'].join(',') +
    '\n' +
    rows.map((r) => [...features.map((j) => r[j]), r[label]].join(',')).join('\n') +
    '\n';
  const svm =
    rows
      .map((r) =>
        [
          r[label] > 0 ? '+1' : '-1',
          ...features.flatMap((j, k) => (r[j] !== 0 ? [`${k + 1}:${r[j]}`] : [])),
        ].join(' '),
      )
      .join('\n') + '\n';
  return { csv, svm, dims: features.length };
}
