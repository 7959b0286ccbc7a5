// docs/quality.md says that running `npm run quality` again reproduces its figures: each of its
// four scripts' `--check` recomputes its section (the smaller data sets of the slow ones, named
// below) and fails when a published row differs (bench/published.mjs, the comparison that
// `bench/paper.mjs --check` uses too). The figures that docs/evaluation.md and docs/tasks.md quote
// from it are checked against its tables here too; the README quotes none of them (it links to
// docs/evaluation.md).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  cellsOf,
  compareSection,
  describeDifferences,
  parseSection,
  qualitySection,
} from '../../bench/published.mjs';
import { writeQualitySection } from '../../bench/report.mjs';
import { root } from './helpers.mjs';

const doc = readFileSync(join(root, 'docs/quality.md'), 'utf8');
const NAMES = ['quality', 'quality_tasks', 'quality_imbalance', 'quality_drift'];
const section = (name, text = doc) => qualitySection(text, name);
// The default pipeline as the page names it ("Default: `...`"), and as a table's cell writes it.
const DEFAULT_SPEC = /^Default: `([^`]+)`/m.exec(doc)[1];
const DEFAULT_CELL = `\`${DEFAULT_SPEC.replace(/\|/g, '\\|')}\``;

/** Each script's --check and the data sets it recomputes (all of them for the drift streams). */
const CHECKS = [
  ['bench/quality.mjs', 'quality', 'the rows of heart.csv, liver.csv, sonar.csv'],
  [
    'bench/quality_tasks.mjs',
    'quality_tasks',
    'the rows of penguins, cars-origin, cars-mpg, gapminder-life_expect',
  ],
  [
    'bench/quality_imbalance.mjs',
    'quality_imbalance',
    'the rows of diabetes-10%, wdbc-5%, ionosphere-10%',
  ],
  ['bench/quality_drift.mjs', 'quality_drift', 'every row'],
];

for (const [script, name, what] of CHECKS)
  test(`${script} --check: ${name}'s ${what} are what npm run quality makes now`, () => {
    const r = spawnSync(process.execPath, [join(root, script), '--check'], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${script} --check:\n${r.stderr}`);
    assert.ok(r.stdout.includes(`docs/quality.md, ${name}: ${what} are`), r.stdout);
  });

test('every section of docs/quality.md is between its marks and equals itself', () => {
  for (const name of NAMES) {
    const s = section(name);
    assert.ok(s?.startsWith(`<!-- ${name}: begin (written by bench/${name}.mjs) -->\n`), name);
    assert.ok(s.endsWith(`<!-- ${name}: end -->\n`), name);
    assert.ok(parseSection(s).tables.length >= 2, name);
    assert.deepEqual(compareSection(s, s), [], name);
  }
  assert.equal(section('quality_nothing'), null);
});

test("a cell's table, row and column are named; only the Made by line is not compared", () => {
  const s = section('quality_imbalance');
  const changed = s.replace(
    '|  | `zscore \\| logreg` | balanced | 79.2 | 41.0 | 75.4 |  |',
    '|  | `zscore \\| logreg` | balanced | 79.3 | 41.0 | 75.4 |  |',
  );
  assert.notEqual(changed, s);
  assert.deepEqual(compareSection(s, changed), [
    {
      table: '## Imbalanced classes',
      row: 'ionosphere-10% / `zscore \\| logreg` / balanced',
      column: 'balanced accuracy %',
      published: '79.2',
      now: '79.3',
    },
  ]);
  assert.deepEqual(
    describeDifferences('docs/quality.md, quality_imbalance', compareSection(s, changed)),
    [
      'docs/quality.md, quality_imbalance: ## Imbalanced classes, row ionosphere-10% / `zscore \\| logreg` / balanced, column "balanced accuracy %":\n' +
        '    published: 79.2\n    now:       79.3',
    ],
  );
  const otherDay = s.replace(
    /^Made by (.*) on \d{4}-\d{2}-\d{2} (.*) in \d+ s\.$/m,
    'Made by $1 on 2030-01-01 $2 in 9 s.',
  );
  assert.notEqual(otherDay, s);
  assert.deepEqual(compareSection(s, otherDay), []);
});

test('a changed spec string, prose line, row order or lost row is a difference', () => {
  const s = section('quality');
  // The default's spec string, as another default would write it: its row of the candidates'
  // table is gone and another is new, and the prose naming it differs.
  const calibrated = s.replaceAll(`${DEFAULT_CELL} |`, `${DEFAULT_CELL.slice(0, -1)} +platt\` |`);
  const spec = compareSection(s, calibrated);
  assert.ok(
    spec.some((d) => d.row === DEFAULT_CELL && d.now === '(none)'),
    JSON.stringify(spec),
  );
  // Another pipeline chosen most often on a set is a difference in that cell.
  const ionosphere = s.split('\n').find((l) => l.startsWith('| ionosphere.csv |'));
  const rechosen = s.replace(
    ionosphere,
    ionosphere.replace(/`[^`]*` \|$/, '`zscore \\| perceptron` |'),
  );
  assert.notEqual(rechosen, s);
  assert.ok(
    compareSection(s, rechosen).some(
      (d) => d.column === 'chosen most often' && d.row === 'ionosphere.csv',
    ),
  );
  const prose = s.replace('(lower is better)', '(higher is better)');
  assert.deepEqual(
    compareSection(s, prose).map((d) => [d.table, d.now]),
    [[null, 'Gap: batch test accuracy minus onepass test accuracy, in points (higher is better).']],
  );
  const lines = s.split('\n');
  const at = lines.findIndex((l) => l.startsWith('| `zscore \\| arow` |'));
  const header = lines.findLastIndex((l, i) => i < at && l.startsWith('| pipeline |'));
  const next = lines[at + 1].split(' | ')[0].slice(2);
  [lines[at], lines[at + 1]] = [lines[at + 1], lines[at]];
  const row = at - header - 1; // the header and its rule come before the first row
  assert.deepEqual(
    compareSection(s, lines.join('\n')).map((d) => [d.row, d.published, d.now]),
    [['order', `row ${row}: \`zscore \\| arow\``, `row ${row}: ${next}`]],
  );
  const lost = s.replace(/^\| sonar\.csv \|.*\n/m, '');
  assert.deepEqual(
    compareSection(s, lost).map((d) => [d.row, d.now]),
    [['sonar.csv', '(none)']],
  );
});

test('a subset compares its own rows and columns, but for the means over every set', () => {
  const s = section('quality');
  // The section as a check on heart.csv alone makes it: its row, its column of the candidates'
  // table (ranked by heart alone), means over heart alone, a prose line of its own.
  const { tables } = parseSection(s);
  const [main, candidates] = tables;
  const h = candidates.header.indexOf('heart.csv');
  const row = (cells) => `| ${cells.join(' | ')} |`;
  const heartOnly = [
    '<!-- quality: begin (written by bench/quality.mjs) -->',
    '',
    '# Learning quality against batch logistic regression',
    '',
    'A prose line that a subset does not compare.',
    '',
    row(main.header),
    row(main.header.map(() => '---')),
    row(main.rows.find((r) => r.key === 'heart.csv').cells),
    row(['**mean**', '', '', '1', '2', '3', '4', '5', '**6**', '**7**', '']),
    '',
    '## Every candidate: test accuracy % per data set (mean over its splits) and their mean',
    '',
    '| pipeline | heart.csv | mean |',
    '|---|---:|---:|',
    ...candidates.rows.toReversed().map((r) => row([r.cells[0], r.cells[h], r.cells[h]])),
    '',
    '<!-- quality: end -->',
    '',
  ].join('\n');
  const options = { subset: true, aggregates: { rows: ['**mean**'], columns: ['mean'] } };
  assert.deepEqual(compareSection(s, heartOnly, options), []);
  // Without the aggregates named, the means are differences; a changed heart figure always is.
  assert.ok(compareSection(s, heartOnly, { subset: true }).some((d) => d.row === '**mean**'));
  const changed = heartOnly.replace(/^(\| heart\.csv \| 270 \| 13 \| )18\.2/m, '$118.3');
  assert.notEqual(changed, heartOnly);
  assert.deepEqual(
    compareSection(s, changed, options).map((d) => [d.row, d.column, d.published, d.now]),
    [['heart.csv', 'default: progressive error %', '18.2', '18.3']],
  );
});

test("a subset's rows are keyed as the published table's, whichever needs more cells", () => {
  const table = (...rows) =>
    ['## T', '', '| set | model | figure |', '|---|---|---:|', ...rows].join('\n');
  const published = table('| a | x | 1 |', '|  | y | 2 |', '| b | x | 3 |', '|  | y | 4 |');
  // One row of a: the key "a" alone would do for the subset, "a / x" for the published table.
  assert.deepEqual(compareSection(published, table('| a | x | 1 |'), { subset: true }), []);
  assert.deepEqual(
    compareSection(published, table('| b | y | 5 |'), { subset: true }).map((d) => [
      d.row,
      d.column,
      d.published,
      d.now,
    ]),
    [['b / y', 'figure', '4', '5']],
  );
});

// ---------------------------------------------------------------- figures quoted elsewhere
/** Cell `column` of row `row` in the table of section `name` whose heading starts `table`. */
function figure(text, name, table, row, column) {
  const t = parseSection(section(name, text)).tables.find((x) => x.name.startsWith(table));
  assert.ok(t, `${name} has a table under ${table}`);
  const r = t.rows.find((x) => x.key === row);
  assert.ok(r, `${name}, ${table}: a row ${row}`);
  const c = t.header.indexOf(column);
  assert.ok(c >= 0, `${name}, ${table}: a column ${column}`);
  return r.cells[c];
}
const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;
const REGRESSION_SETS = [
  'cars-mpg',
  'seattle-temp_max',
  'gapminder-life_expect',
  'movies-imdb',
  'linear (generated)',
  'heavy-tailed (generated)',
];

/** The passages of docs/evaluation.md and docs/tasks.md that quote docs/quality.md (`text`),
 * as they read when their figures are the published ones. */
function quotes(text) {
  const main = (row, column) => figure(text, 'quality', '# Learning quality', row, column);
  const candidate = (spec, column = 'mean') =>
    figure(text, 'quality', '## Every candidate', '`' + spec.replace(/\|/g, '\\|') + '`', column);
  const batch = Number(main('**mean**', 'batch: test acc. %'));
  const logreg = Number(candidate('zscore | logreg'));
  const def = Number(main('**mean**', 'default: test acc. %'));
  const points = (v) => v.toFixed(1);
  const multi = (row, column) => figure(text, 'quality_tasks', '## Multiclass', row, column);
  const reg = (row, column) => figure(text, 'quality_tasks', '## Regression', row, column);
  const imb = (row, column) =>
    figure(text, 'quality_imbalance', '## Imbalanced classes', row, column);
  const sets = ['adult', 'adult-5%', 'diabetes-10%', 'wdbc-5%', 'ionosphere-10%'];
  const defaultRow = (set, w) => `${set} / ${DEFAULT_CELL} (default) / ${w}`;
  const defaultBalanced = (w) =>
    mean(sets.map((s) => Number(imb(defaultRow(s, w), 'balanced accuracy %'))));
  const gain = (row, column) =>
    figure(text, 'quality_drift', '### Gain over the default', row, column);
  // The largest mean gain of a detector's configuration.
  const bestGain = () => {
    const t = parseSection(section('quality_drift', text)).tables.find((x) =>
      x.name.startsWith('### Gain over the default'),
    );
    const c = t.header.indexOf('mean');
    return Math.max(
      ...t.rows.filter((r) => r.key.startsWith('+drift')).map((r) => Number(r.cells[c])),
    ).toFixed(1);
  };
  const date = /^Made by `npm run quality` on (\d{4}-\d{2}-\d{2}) /m.exec(
    section('quality', text),
  )[1];
  return {
    'docs/evaluation.md': [
      `writes [\`docs/quality.md\`](quality.md). Measured on ${date}:`,
      `| batch L2 logistic regression (many passes, C by CV) | ${main('**mean**', 'batch: test acc. %')}% | – |`,
      `| onepass, the default pipeline ${DEFAULT_CELL} (one pass) | ${main('**mean**', 'default: test acc. %')}% | ${main('**mean**', 'gap, default').replace(/\*/g, '')} points |`,
      `| onepass, the best of ${parseSection(section('quality', text)).tables[1].rows.length} pipelines by 5-fold CV on the training part | ${main('**mean**', 'best: test acc. %')}% | ${main('**mean**', 'gap, best').replace(/\*/g, '')} points |`,
      `| onepass, \`zscore \\| logreg\` | ${candidate('zscore | logreg')}% | ${points(batch - logreg)} points |`,
      `| onepass, its first member \`zscore \\| pa2(c=0.1) +avg\` (the default before it) | ${candidate('zscore | pa2(c=0.1) +avg')}% | ${points(batch - Number(candidate('zscore | pa2(c=0.1) +avg')))} points |`,
      `never more than ${main('sonar.csv', 'gap, default')} points below batch on a bundled set (sonar, 208 rows)`,
      `(Adult ${main('adult_train.csv.gz', 'default: test acc. %')}% against ${main('adult_train.csv.gz', 'batch: test acc. %')}%)`,
      `\`zscore | logreg\` (${points(def - logreg)} points below the default on average, ${(Number(main('adult_train.csv.gz', 'default: test acc. %')) - Number(candidate('zscore | logreg', 'adult_train.csv.gz'))).toFixed(0)} points below it on\nAdult)`,
      `\`zscore | softmax(eta0=0.5) +avg\` reaches ${multi('**mean**', 'default: test')}% test accuracy against ${multi('**mean**', 'batch: test')}% (${multi('**mean**', 'gap, default').replace(/\*/g, '')} points on\naverage; ${multi('seattle-weather', 'gap, default')} on Seattle weather`,
      `class gets ${multi('**mean**', 'baseline: test')}%.`,
      `+avg\` reaches a test R^2 of ${reg('**mean**', 'default: test')} against ${reg('**mean**', 'batch: test')} (${reg('**mean**', 'gap, default').replace(/\*/g, '')} on average, ${Math.max(...REGRESSION_SETS.map((r) => Number(reg(r, 'gap, default')))).toFixed(3)} at most); the mean\npredictor gets ${reg('**mean**', 'baseline: test')}.`,
      `balanced class weights raise the default's test balanced accuracy by ${figure(text, 'quality_imbalance', '## Imbalanced classes (table 2)', DEFAULT_CELL, 'mean').replace('+', '')} points\non average (from ${defaultBalanced('none').toFixed(1)}% to ${defaultBalanced('balanced').toFixed(1)}%), where batch logistic regression gains ${figure(text, 'quality_imbalance', '## Imbalanced classes (table 2)', 'batch logistic regression', 'mean').replace('+', '')} with them`,
      `default on average, by ${gain('+drift: kswin, reset', 'mean').replace('+', '')} (KSWIN, which seldom fires on 0/1 mistakes) to ${bestGain()} points`,
      `(the default ${figure(text, 'quality_drift', '### stagger', `${DEFAULT_CELL} (default, no drift handling)`, 'accuracy %')}%, the last label\n${/### stagger\n\nLast label: ([\d.]+)%/.exec(section('quality_drift', text))[1]}%;`,
    ],
    'docs/tasks.md': [
      `test balanced accuracy goes from ${imb(defaultRow('adult-5%', 'none'), 'balanced accuracy %')}% to ${imb(defaultRow('adult-5%', 'balanced'), 'balanced accuracy %')}% (batch logistic regression with balanced\n  weights: ${imb('adult-5% / batch logistic regression / balanced', 'balanced accuracy %')}%)`,
    ],
  };
}

test("the figures docs/evaluation.md and docs/tasks.md quote are docs/quality.md's", () => {
  for (const [page, passages] of Object.entries(quotes(doc))) {
    const text = readFileSync(join(root, page), 'utf8');
    for (const q of passages)
      assert.ok(
        text.includes(q),
        `${page} does not say, as docs/quality.md's figures would have it:\n${q}`,
      );
  }
});

test('a quoted figure that docs/quality.md no longer has is found', () => {
  const changed = doc.replace('| **mean** | | | 18.8 | 83.0 |', '| **mean** | | | 18.8 | 83.1 |');
  assert.notEqual(changed, doc);
  const evaluation = readFileSync(join(root, 'docs/evaluation.md'), 'utf8');
  const missing = quotes(changed)['docs/evaluation.md'].filter((q) => !evaluation.includes(q));
  // The table's row, and the gaps to arow and logreg reckoned from it.
  assert.ok(
    missing.some((q) => /default pipeline .* \| 83\.1% \|/.test(q)),
    missing.join('\n'),
  );
});

test("each script rewrites its own section and leaves the others; bench/quality.mjs's opens the page", () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-quality-'));
  mkdirSync(join(dir, 'docs'));
  const page = () => readFileSync(join(dir, 'docs/quality.md'), 'utf8');
  const text = (name, body) =>
    `<!-- ${name}: begin (written by bench/${name}.mjs) -->\n\n${body}\n\n<!-- ${name}: end -->\n`;
  writeQualitySection(dir, 'quality_tasks', text('quality_tasks', 'tasks 1'));
  writeQualitySection(dir, 'quality', text('quality', 'binary 1'), { first: true });
  writeQualitySection(dir, 'quality_drift', text('quality_drift', 'drift 1'));
  assert.equal(
    page(),
    [
      text('quality', 'binary 1'),
      text('quality_tasks', 'tasks 1'),
      text('quality_drift', 'drift 1'),
    ].join('\n'),
  );
  writeQualitySection(dir, 'quality', text('quality', 'binary 2'), { first: true });
  writeQualitySection(dir, 'quality_tasks', text('quality_tasks', 'tasks 2'));
  assert.equal(
    page(),
    [
      text('quality', 'binary 2'),
      text('quality_tasks', 'tasks 2'),
      text('quality_drift', 'drift 1'),
    ].join('\n'),
  );
  assert.equal(section('quality_tasks', page()), text('quality_tasks', 'tasks 2'));
  rmSync(dir, { recursive: true });
});
