// The bench's string-column rows (`npm run bench`, or alone: `node bench/strings.mjs [--quick]`):
// files as users hold them, raw categorical cells padded with blanks, and onepass on them
// against its own native build, a plain one-thread C++ loop doing the same work
// (bench/cpp/plain_loop.cpp) and the one-pass route of scikit-learn (bench/sklearn_one_pass.py,
// Debian's python3). Whole processes, in rounds (bench/measure.mjs), medians and spreads, the CPU
// named; the table goes to docs/bench.md between its `strings` marks, the rest kept.
//   - adult_raw: the project's Adult training file (data/adult_train.csv.gz, one-hot) written
//     back as the raw UCI file is ("39, State-gov, 77516, ..."; no header; a missing level is
//     "?"), 30 times over: 977k rows, 6 numbers and 8 string columns;
//   - adult_text: the same with a column of free text (4-12 words of 2,000, some of them more
//     common with one label) before the label.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { lcg } from './data.mjs';
import { measureTogether, ratio } from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GROUPS = [
  'workclass',
  'education',
  'marital_status',
  'occupation',
  'relationship',
  'race',
  'native_country',
];
const RAW_ORDER = [
  'age',
  'workclass',
  'fnlwgt',
  'education',
  'education_num',
  'marital_status',
  'occupation',
  'relationship',
  'race',
  'sex',
  'capital_gain',
  'capital_loss',
  'hours_per_week',
  'native_country',
];

/** The raw rows (arrays of cells, the label last) of the one-hot Adult training file. */
function rawAdultRows() {
  const text = gunzipSync(readFileSync(join(root, 'data/adult_train.csv.gz'))).toString('utf8');
  const [head, ...lines] = text.trim().split('\n');
  const names = head.split(',');
  return lines.map((line) => {
    const v = line.split(',');
    const raw = {};
    for (const [i, name] of names.entries()) {
      const group = GROUPS.find((g) => name.startsWith(`${g}_`) && name !== 'education_num');
      if (group) {
        if (v[i] === '1') raw[group] = name.slice(group.length + 1).replaceAll('_', '-');
      } else if (name === 'sex_Male') raw.sex = v[i] === '1' ? 'Male' : 'Female';
      else raw[name] = v[i];
    }
    const cells = RAW_ORDER.map((c) => raw[c] ?? '?');
    cells.push(raw.label === '1' ? '>50K' : '<=50K');
    return cells;
  });
}

/** Writes the two files (once): `copies` times the rows, cells joined by ", " as UCI's; returns
 * their paths and rows (the same in both). */
export function stringFiles(copies) {
  const dir = join(root, 'bench/data');
  const rows = rawAdultRows();
  const files = {
    raw: join(dir, `adult_raw_x${copies}.csv`),
    text: join(dir, `adult_text_x${copies}.csv`),
    rows: copies * rows.length,
  };
  if (existsSync(files.raw) && existsSync(files.text)) return files;
  mkdirSync(dir, { recursive: true });
  const r = lcg(7);
  const vocabulary = Array.from({ length: 2000 }, (_, i) => `w${(i * 7919) % 100003}`);
  const word = (y) => {
    const u = r();
    // One word in five from a label's own 50 words: the text says something.
    if (u < 0.2) return vocabulary[(y ? 0 : 50) + Math.floor(r() * 50)];
    return vocabulary[100 + Math.floor(r() * 1900)];
  };
  const raw = [];
  const withText = [];
  for (let c = 0; c < copies; c++)
    for (const cells of rows) {
      raw.push(cells.join(', '));
      const y = cells.at(-1) === '>50K';
      const words = Array.from({ length: 4 + Math.floor(r() * 9) }, () => word(y)).join(' ');
      withText.push([...cells.slice(0, -1), words, cells.at(-1)].join(', '));
    }
  writeFileSync(files.raw, raw.join('\n') + '\n');
  writeFileSync(files.text, withText.join('\n') + '\n');
  return files;
}

/** One whole process (its output is not read: each row's work shows in its time). */
const processRun = (command, args) => () => {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}:\n${r.stderr}`);
  return {};
};

/** Runs the rows; returns the markdown table. */
export async function stringRows({ quick = false } = {}) {
  const runs = quick ? 1 : 5;
  const files = stringFiles(quick ? 2 : 30);
  const native = join(root, 'build/native/onepass-native');
  const plain = join(root, 'build/native/onepass_plain_loop');
  const cli = join(root, 'lib/cli.js');
  const flags = ['--no-header', '--positive', '>50K'];
  const nativeRun = (file, spec) =>
    processRun(native, ['run', file, ...flags, ...(spec ? ['--pipeline', spec] : [])]);
  const cliRun = (file, threads) =>
    processRun(process.execPath, [
      cli,
      'run',
      file,
      ...flags,
      '--quiet',
      ...(threads ? ['--threads', String(threads)] : []),
    ]);
  const sklearn = spawnSync('/usr/bin/python3', ['-c', 'import sklearn, pandas'], {
    encoding: 'utf8',
  });
  const haveSklearn = sklearn.status === 0;
  const mb = (file) => statSync(file).size / 1e6;
  const [nDefault, nLogreg, plainLoop, cliDefault, cliOne, learn] = await measureTogether(
    [
      nativeRun(files.raw),
      nativeRun(files.raw, 'zscore | logreg'),
      processRun(plain, [files.raw, '>50K']),
      cliRun(files.raw),
      cliRun(files.raw, 1),
      haveSklearn
        ? processRun('/usr/bin/python3', [
            join(root, 'bench/sklearn_one_pass.py'),
            files.raw,
            '>50K',
          ])
        : async () => ({}),
    ],
    runs,
  );
  const [tNative, tCli, tCliOne] = await measureTogether(
    [nativeRun(files.text), cliRun(files.text), cliRun(files.text, 1)],
    runs,
  );
  const rows = files.rows;
  const line = (what, r, file, vs) => {
    const rate = rows / r.seconds;
    return `| ${what} | ${r.seconds.toFixed(2)} s | ${r.min.toFixed(2)}-${r.max.toFixed(2)} s | ${(rate / 1e6).toFixed(2)} M rows/s, ${(mb(file) / r.seconds).toFixed(0)} MB/s | ${vs} |`;
  };
  const x = (a, b) => `${ratio(a, b).toFixed(2)} x`;
  const table = [
    `Made by \`npm run bench\` (or \`node bench/strings.mjs\`) on ${new Date().toISOString().slice(0, 10)}, ${cpus()[0].model}, ${cpus().length} cores; whole processes, median of ${runs} runs in rounds, spread = fastest-slowest, a ratio the median over rounds.`,
    '',
    `Raw categorical file: ${rows} rows, ${mb(files.raw).toFixed(0)} MB (adult_raw: 6 numbers, 8 string columns, blanks after every comma, no header).`,
    '',
    '| run | time | spread | speed | against |',
    '|---|---|---|---|---|',
    line(
      'onepass CLI (node + wasm), default threads, default pipeline',
      cliDefault,
      files.raw,
      `${x(nDefault, cliDefault)} native (target >= 0.9); ${x(cliOne, cliDefault)} one thread (target >= 1.0)${haveSklearn ? `; ${x(learn, cliDefault)} scikit-learn (target >= 10)` : ''}`,
    ),
    line('onepass CLI, --threads 1', cliOne, files.raw, `${x(nDefault, cliOne)} native`),
    line('onepass-native, default pipeline', nDefault, files.raw, '1.00'),
    line(
      "onepass-native, zscore \\| logreg (the plain loop's work)",
      nLogreg,
      files.raw,
      `${x(nLogreg, plainLoop)} the plain loop's time (target <= 1.25)`,
    ),
    line('reference: one plain C++ loop (bench/cpp/plain_loop.cpp)', plainLoop, files.raw, ''),
    ...(haveSklearn
      ? [
          line(
            'scikit-learn one pass: pandas chunks of 10k, FeatureHasher("column=value"), SGDClassifier.partial_fit',
            learn,
            files.raw,
            '',
          ),
        ]
      : ['| scikit-learn one pass | not run: no python3-sklearn | | | |']),
    '',
    `With a text column: ${rows} rows, ${mb(files.text).toFixed(0)} MB (adult_text: the same and 4-12 words a row).`,
    '',
    '| run | time | spread | speed | against |',
    '|---|---|---|---|---|',
    line(
      'onepass CLI, default threads, default pipeline',
      tCli,
      files.text,
      `${x(tNative, tCli)} native; ${x(tCliOne, tCli)} one thread`,
    ),
    line('onepass CLI, --threads 1', tCliOne, files.text, `${x(tNative, tCliOne)} native`),
    line('onepass-native, default pipeline', tNative, files.text, '1.00'),
  ].join('\n');
  return table;
}

/** Puts `table` into docs/bench.md between its `strings` marks (or after the last section). */
export function writeStringsSection(table) {
  const path = join(root, 'docs/bench.md');
  const doc = readFileSync(path, 'utf8');
  const begin = '<!-- strings: begin -->';
  const end = '<!-- strings: end -->';
  const section = `${begin}\n## Files with string columns\n\n${table}\n${end}`;
  const b = doc.indexOf(begin);
  const e = doc.indexOf(end);
  writeFileSync(
    path,
    b >= 0 && e > b
      ? doc.slice(0, b) + section + doc.slice(e + end.length)
      : doc.trimEnd() + '\n\n' + section + '\n',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const table = await stringRows({ quick });
  console.log(table);
  if (!quick) writeStringsSection(table);
}
