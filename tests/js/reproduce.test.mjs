// The demo's "Run it on your machine" (web/src/reproduce.ts): the CLI commands and
// the JavaScript it writes for a run are run here as written, in a folder holding the data under
// the user's file name, and must give what the demo's worker gets with the same options (the
// runner and the holdout made from readingOf and holdoutOf, as worker.ts makes them): the same
// figures, the same model file to the byte, the same holdout accuracy. Only `npx onepass` is
// read as this checkout's CLI, and `import 'onepass'` finds this checkout's package.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { load } from '../../lib/index.js';
import { importDemoModules } from './demo_modules.mjs';
import { dataFile, jsonLines, root } from './helpers.mjs';

let dir;
let m;
let op;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onepass-reproduce-'));
  m = await importDemoModules(['reproduce', 'protocol', 'state'], dir);
  op = await load();
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The run's options as the page makes them: the roles its preview's menus give (state.ts
 * roleOptions: every column named, as inferred unless `roles` sets it), then the settings. */
function runOptions(text, { label, roles = {}, ...settings }) {
  const preview = op.previewCsv(text, { complete: true, label, header: 'auto' });
  const reading = { ...m.roleOptions({ preview, roles }), header: 'auto' };
  return {
    label,
    reading,
    onError: 'stop',
    shuffleBuffer: 0,
    seed: 1,
    holdout: 0,
    threads: 1,
    ...settings,
  };
}

/** What the demo's worker gets: its runner and holdout, from the same option functions. */
async function demoRun(bytes, options, every) {
  const run = op.csvRunner({
    ...m.readingOf(options),
    pipelines: options.pipelines,
    shuffleBuffer: options.shuffleBuffer,
    seed: options.seed,
    every,
  });
  try {
    run.push(bytes);
    run.finish();
    const results = run.results().map((r) => ({
      pipeline: r.pipeline,
      rows: r.rows,
      mistakes: r.mistakes,
      error: r.error,
    }));
    const models = results.map((_, i) => run.modelJSON(i));
    let holdout = [];
    if (options.holdout > 0) {
      const data = await op.loadDataset(bytes, m.readingOf(options));
      try {
        holdout = options.pipelines.map((p) => data.holdout(p, m.holdoutOf(options)).test.accuracy);
      } finally {
        data.dispose();
      }
    }
    return { results, models, holdout };
  } finally {
    run.dispose();
  }
}

/** A folder holding the data as `name` and the package as node_modules/onepass. */
function folder(tag, name, bytes) {
  const d = join(dir, tag);
  mkdirSync(join(d, 'node_modules'), { recursive: true });
  symlinkSync(root, join(d, 'node_modules', 'onepass'), 'dir');
  writeFileSync(join(d, name), bytes);
  return d;
}

/** Runs each line of the commands in a shell, `npx onepass` being this checkout's CLI. */
function runCommands(cwd, commands) {
  const cliJs = join(root, 'lib/cli.js');
  return commands.split('\n').map((line) => {
    assert.match(line, /^npx onepass /);
    return execFileSync('sh', ['-c', `node '${cliJs}' ${line.slice('npx onepass '.length)}`], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  });
}

async function check(tag, name, bytes, options, every = 1) {
  const want = await demoRun(bytes, options, every);
  const { cli, js } = m.reproduce(
    options,
    m.reproducedSource({ kind: 'url', url: `./${name}`, name }),
    every,
    op.csvFlags,
  );

  // The CLI: `run --json` prints every pipeline's figures (and saves the one pipeline's model).
  const cliDir = folder(`${tag}-cli`, name, bytes);
  const [ran, evaluated] = runCommands(cliDir, cli);
  const lines = jsonLines(ran);
  assert.deepEqual(
    lines.map((l) => ({
      pipeline: l.pipeline,
      rows: l.rows,
      mistakes: l.mistakes,
      error: l.error,
    })),
    want.results,
    `${tag}: the CLI's figures`,
  );
  if (options.pipelines.length === 1)
    assert.equal(
      readFileSync(join(cliDir, 'onepass-model-1.json'), 'utf8').trimEnd(),
      want.models[0],
      `${tag}: the CLI's model file`,
    );
  if (options.holdout > 0)
    assert.deepEqual(
      jsonLines(evaluated).map((l) => l.test.accuracy),
      want.holdout,
      `${tag}: the CLI's holdout`,
    );
  else assert.equal(evaluated, undefined);

  // The JavaScript: the same figures, every model file, the same holdout.
  const jsDir = folder(`${tag}-js`, name, bytes);
  writeFileSync(join(jsDir, 'again.mjs'), js);
  const printed = jsonLines(
    execFileSync(process.execPath, ['again.mjs'], { cwd: jsDir, encoding: 'utf8' }),
  );
  const n = options.pipelines.length;
  assert.deepEqual(printed.slice(0, n), want.results, `${tag}: the JavaScript's figures`);
  want.models.forEach((model, i) =>
    assert.equal(
      readFileSync(join(jsDir, `onepass-model-${i + 1}.json`), 'utf8'),
      model,
      `${tag}: the JavaScript's model ${i + 1}`,
    ),
  );
  assert.deepEqual(
    printed.slice(n).map((l) => l.accuracy),
    want.holdout,
    `${tag}: the JavaScript's holdout`,
  );
  return { cli, js, want };
}

test('one pipeline on a bundled sample, in file order: the CLI saves the same model file', async () => {
  const bytes = readFileSync(dataFile('heart.csv'));
  const options = runOptions(bytes.toString('utf8'), {
    label: 'label',
    pipelines: ['zscore | logreg'],
  });
  const { cli } = await check('one', 'heart.csv', bytes, options);
  assert.match(
    cli,
    /^npx onepass run heart\.csv --pipeline 'zscore \| logreg' --label label --numeric age,sex,/,
  );
  assert.match(cli, / --save onepass-model-1\.json --json$/);
});

test('two pipelines, roles changed, bad rows skipped, balanced classes, shuffled, a holdout', async () => {
  const bytes = readFileSync(dataFile('heart.csv'));
  const options = runOptions(bytes.toString('utf8'), {
    label: 'label',
    positive: '1',
    roles: { chest_pain: 'categorical', thal: 'categorical', fasting_blood_sugar: 'ignore' },
    pipelines: ['zscore | logreg(eta0=0.1)', 'pa1 +avg'],
    onError: 'skip',
    classWeight: 'balanced',
    shuffleBuffer: 50,
    seed: 7,
    holdout: 0.2,
  });
  const { cli, want } = await check('many', 'heart.csv', bytes, options, 7);
  assert.equal(want.holdout.length, 2);
  for (const flag of [
    '--categorical chest_pain,thal',
    '--ignore fasting_blood_sugar',
    '--skip-bad-rows',
    '--class-weight balanced',
    '--shuffle-buffer 50 --seed 7',
    '--holdout 0.2 --seed 7 --shuffle',
  ])
    assert.ok(cli.includes(flag), flag);
});

test("the user's own file, its name quoted, a word its sample reads as missing", async () => {
  // A cell like 'n/a?x' in a numeric column: the preview says it is read as missing, and the
  // run, given that column's role back, reads it so (tests/cpp/io/csv_schema_test.cpp).
  const lines = readFileSync(dataFile('heart.csv'), 'utf8').trimEnd().split('\n');
  const cells = lines[5].split(',');
  cells[3] = 'n/a?x';
  lines[5] = cells.join(',');
  const bytes = Buffer.from(lines.join('\n') + '\n');
  const options = runOptions(bytes.toString('utf8'), {
    label: 'label',
    pipelines: ['perceptron'],
  });
  const name = "Heart data (Bob's copy).csv";
  const { cli, js, want } = await check('own', name, bytes, options);
  assert.equal(want.results[0].rows, lines.length - 1);
  assert.ok(cli.startsWith(`npx onepass run 'Heart data (Bob'\\''s copy).csv' `), cli);
  assert.ok(js.includes(`const file = "Heart data (Bob's copy).csv";`));
});

test('the snippets name every option a run of the page takes', () => {
  // A new option of RunOptions must be said in the snippets (or the test says which is not).
  const options = {
    pipelines: ['perceptron'],
    label: 'y',
    positive: 'yes',
    reading: {
      numeric: ['a'],
      categorical: ['b'],
      text: ['c'],
      date: ['d'],
      ignore: ['e'],
      header: false,
    },
    onError: 'skip',
    classWeight: 'balanced',
    shuffleBuffer: 10,
    seed: 3,
    holdout: 0.25,
    threads: 2,
  };
  const { cli, js } = m.reproduce(options, { kind: 'file', name: 'f.csv' }, 4, op.csvFlags);
  assert.equal(
    cli,
    'npx onepass run f.csv --pipeline perceptron --label y --positive yes --numeric a ' +
      '--categorical b --text c --date d --ignore e --no-header --skip-bad-rows --class-weight ' +
      'balanced --shuffle-buffer 10 --seed 3 --every 4 --save onepass-model-1.json --json\n' +
      'npx onepass evaluate f.csv --pipeline perceptron --label y --positive yes --numeric a ' +
      '--categorical b --text c --date d --ignore e --no-header --skip-bad-rows --class-weight ' +
      'balanced --holdout 0.25 --seed 3 --shuffle --json',
  );
  // Each flag is the package's: an option the table lacks is refused, not guessed.
  const withoutLabel = op.csvFlags.filter((f) => f.name !== 'label');
  assert.throws(
    () => m.reproduce(options, { kind: 'file', name: 'f.csv' }, 4, withoutLabel),
    /no CLI flag for the run's option label/,
  );
  assert.ok(js.includes('shuffleBuffer: 10, seed: 3, every: 4'), js);
  assert.ok(js.includes('{"testFraction":0.25,"seed":3,"shuffle":true}'), js);
  // A stream made by code is made again first, with its seed and parameters.
  const generated = m.reproduce(
    { ...options, holdout: 0 },
    {
      kind: 'generated',
      name: 'sea.csv',
      stream: 'sea',
      options: { rows: 500, seed: 9, params: { noise: 0.1 } },
    },
    4,
    op.csvFlags,
  );
  assert.equal(
    generated.cli.split('\n')[0],
    'npx onepass generate sea --rows 500 --seed 9 --param noise=0.1 -o sea.csv',
  );
  assert.ok(
    generated.js.includes(
      'writeFileSync(file, op.generateCsv("sea", {"rows":500,"seed":9,"params":{"noise":0.1}}));',
    ),
  );
});

/** The page's state with the head of `text` read as the data panel reads it (label chosen by
 * its index in the preview, as the label menu gives it), and the default settings. */
function pageState(text, labelIndex) {
  const preview = op.previewCsv(text, { complete: true, label: labelIndex, header: 'auto' });
  const roles = Object.fromEntries(
    preview.columns.filter((c) => c.role !== 'label').map((c) => [c.name, c.role]),
  );
  const at = preview.columns.findIndex((c) => c.role === 'label');
  const s = m.initialState({ kind: 'file', name: 'f.csv' }, 'perceptron');
  return { ...s, data: { ...s.data, preview, label: String(at), roles } };
}

test("the page's run options, and so the snippets, name the label column, not its place", () => {
  const text = readFileSync(dataFile('heart.csv'), 'utf8');
  const s = pageState(text, '1'); // the second column, sex
  assert.equal(s.data.label, '1');
  assert.equal(m.labelOf(s.data), 'sex');
  const options = m.runOptionsOf(s, ['perceptron']);
  assert.equal(options.label, 'sex');
  const { cli, js } = m.reproduce(options, { kind: 'file', name: 'heart.csv' }, 1, op.csvFlags);
  assert.match(cli, /^npx onepass run heart\.csv --pipeline perceptron --label sex --numeric age,/);
  assert.match(js, /^ {2}label: "sex",$/m);
  // A file without a header: the reader names its columns c1, c2, ..., names a run given
  // before its header is read cannot find (it looks among the first line's cells), so the
  // index stays, and the run reads the same column as the preview did.
  const bare = '5,1,0\n6,2,1\n7,3,0\n8,4,1\n';
  const b = pageState(bare, '0');
  assert.deepEqual(
    b.data.preview.columns.map((c) => c.name),
    ['c1', 'c2', 'c3'],
  );
  const bareOptions = m.runOptionsOf(b, ['perceptron']);
  assert.equal(bareOptions.label, '0');
  const run = op.csvRunner({ ...m.readingOf(bareOptions), pipelines: ['perceptron'] });
  try {
    run.push(Buffer.from(bare));
    run.finish();
    assert.equal(run.info().label, 'c1');
    assert.equal(run.results()[0].rows, 4);
  } finally {
    run.dispose();
  }
  // With no preview yet, the index is all the page knows.
  assert.equal(m.labelOf({ ...b.data, preview: null }), '0');
});
