// Date columns (docs/algorithms.md §1.10) through both CLIs and the JS API: a label that depends
// on a date's weekday is learned, both CLIs print the same, a cell of another form is named,
// models keep the column through predict, resume and merge; and the messages that point to a
// fix (a label taken from the last column by default, a numeric column that counts the rows).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { load } from 'onepass';
import { cli, jsonLines, root } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'onepass-dates-'));

/** The native CLI's { status, stdout, stderr } for the same arguments as cli(). */
function native(args) {
  const r = spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Rows of days in a scrambled order, labelled 1 on a Saturday or Sunday, and a noise column. */
function weekendRows(n, from = 0) {
  const rows = [];
  for (let i = from; i < from + n; i++) {
    const day = new Date(Date.UTC(2022, 0, 1) + ((i * 37) % 1000) * 86400000);
    const weekday = day.getUTCDay(); // 0 = Sunday
    rows.push(`${day.toISOString().slice(0, 10)},${(i * 7) % 11},${weekday % 6 === 0 ? 1 : 0}`);
  }
  return rows;
}
const write = (name, lines) => {
  const file = join(dir, name);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
};

let op;
before(async () => {
  op = await load();
});

test('a label that depends on the weekday of a date is learned, and both CLIs print the same', () => {
  const file = write('weekend.csv', ['day,noise,weekend', ...weekendRows(1400)]);
  const args = ['run', file, '-p', 'zscore | logreg', '--json'];
  const js = cli(args);
  const nat = native(args);
  assert.equal(js.status, 0, js.stderr);
  assert.equal(nat.status, 0, nat.stderr);
  const [a] = jsonLines(js.stdout);
  const [b] = jsonLines(nat.stdout);
  assert.deepEqual(a.weights, b.weights);
  assert.equal(a.mistakes, b.mistakes);
  assert.deepEqual(a.features, [
    'noise',
    'day:days',
    'day:weekday_sin',
    'day:weekday_cos',
    'day:month_sin',
    'day:month_cos',
  ]);
  // The majority class (weekdays) is right on 5 days in 7, 71%; the model on far more.
  assert.ok(a.accuracy > 0.95, `accuracy ${a.accuracy}`);
  assert.ok(a.accuracy > 1 - a.baseline.error + 0.2, JSON.stringify(a.baseline));
  const notice =
    "column 'day' is a date: all 1000 sampled values are dates, written year first (YYYY-MM-DD)";
  // Both CLIs say why on stderr, in the core's words.
  assert.ok(js.stderr.includes(`onepass: note: ${notice}`), js.stderr);
  assert.ok(nat.stderr.includes(`onepass-native: note: ${notice}`), nat.stderr);
});

test('the date option sets the role by name, in the JS API and both CLIs', () => {
  // Day first, proven by the 13th; hours and a zone.
  const lines = ['when,y'];
  for (let d = 1; d <= 28; d++)
    lines.push(`${String(d).padStart(2, '0')}/02/2024 ${d % 24}:15 +01:00,${d % 2}`);
  const file = write('dayfirst.csv', lines);
  const run = op.csvRunner({ pipelines: ['zscore | logreg'], date: ['when'] });
  run.push(readFileSync(file));
  run.finish();
  const info = run.info();
  assert.deepEqual(
    info.columns.map((c) => [c.name, c.role, c.reason]),
    [
      [
        'when',
        'date',
        'set by option, written day first (DD/MM/YYYY) or year first, with a time of day',
      ],
      ['y', 'label', 'the label column'],
    ],
  );
  assert.equal(info.features.length, 7);
  run.dispose();
  const js = cli(['run', file, '--date', 'when', '--json']);
  const nat = native(['run', file, '--date', 'when', '--json']);
  assert.equal(js.status, 0, js.stderr);
  // The hour's sine and cosine come from each build's libm, which may differ in the last bit.
  const [wj, wn] = [js, nat].map((r) => jsonLines(r.stdout)[0].weights);
  assert.equal(wj.length, 7); // the date's days, weekday, month and hour
  wj.forEach((w, i) => assert.ok(Math.abs(w - wn[i]) < 1e-9, `weight ${i}: ${w} ${wn[i]}`));
  // An order no sampled cell proves is refused, with the way out.
  const undecided = write('undecided.csv', ['when,y', '01/02/2024,1', '02/03/2024,0']);
  for (const r of [
    cli(['run', undecided, '--date', 'when']),
    native(['run', undecided, '--date', 'when']),
  ]) {
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /the column 'when' is set to date, but its dates written year last .* written YYYY-MM-DD, they are read as dates/,
    );
  }
});

test('a date cell of another form is named by line and column, or skipped', () => {
  const lines = ['day,noise,weekend', ...weekendRows(30)];
  lines[25] = '03/08/2022,1,0'; // line 26: another form
  const file = write('mixed.csv', lines);
  const message =
    "line 26, column 1 (day): '03/08/2022' is not a date as this column's are written year first (YYYY-MM-DD) (docs/algorithms.md 1.10)";
  for (const r of [cli(['run', file]), native(['run', file])]) {
    assert.equal(r.status, 1);
    assert.ok(r.stderr.includes(message), r.stderr);
  }
  const skipped = jsonLines(cli(['run', file, '--skip-bad-rows', '--json']).stdout)[0];
  assert.equal(skipped.rows, 29);
  assert.equal(skipped.skipped, 1);
});

test('models keep the date column: predict, resume and merge', () => {
  const first = write('w1.csv', ['day,noise,weekend', ...weekendRows(700)]);
  const second = write('w2.csv', ['day,noise,weekend', ...weekendRows(700, 700)]);
  const m1 = join(dir, 'm1.json');
  const m2 = join(dir, 'm2.json');
  for (const [file, model] of [
    [first, m1],
    [second, m2],
  ])
    assert.equal(cli(['run', file, '-p', 'zscore | logreg', '--save', model]).status, 0);
  const saved = JSON.parse(readFileSync(m1, 'utf8'));
  assert.deepEqual(saved.schema.dates, [{ column: 'day', order: 'ymd', time: false }]);
  // Predictions on a file without the label: the date read as it was learned.
  const fresh = write('fresh.csv', ['noise,day', '3,2026-11-28', '3,2026-11-30']);
  const predicted = (model, run) => {
    const out = join(dir, 'p.csv');
    const r = run(['predict', fresh, '--model', model, '-o', out]);
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(out, 'utf8').trim().split('\n').slice(1);
  };
  const p = predicted(m1, cli);
  assert.deepEqual(p, predicted(m1, native));
  const label = (line) => line.split(',')[1];
  assert.deepEqual([label(p[0]), label(p[1])], ['1', '0'], p.join('\n')); // Saturday, Monday
  // Training further from the first half's model learns as one run over both halves.
  const both = write('w12.csv', ['day,noise,weekend', ...weekendRows(1400)]);
  const whole = jsonLines(cli(['run', both, '-p', 'zscore | logreg', '--json']).stdout)[0];
  const again = jsonLines(cli(['run', second, '--load', m1, '--json']).stdout)[0];
  assert.equal(again.rows, 1400);
  assert.deepEqual(again.weights, whole.weights);
  const merged = join(dir, 'merged.json');
  const m = cli(['merge', m1, m2, '-o', merged]);
  assert.equal(m.status, 0, m.stderr);
  assert.deepEqual(JSON.parse(readFileSync(merged, 'utf8')).schema.dates, saved.schema.dates);
  assert.deepEqual(predicted(merged, cli).map(label), ['1', '0']);
});

test('a label taken from the last column by default says so when its values fail', () => {
  const lines = ['y,x1,x2'];
  for (let i = 0; i < 40; i++) lines.push(`${i % 2},${(i % 7) / 2},${((i * 13) % 17) - 8.5}`);
  const file = write('label-first.csv', lines);
  const js = cli(['run', file, '--task', 'binary']);
  const nat = native(['run', file, '--task', 'binary']);
  for (const r of [js, nat]) {
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /column 3 \(x2\): a third label value .*\(no label column was named, so the last column, 'x2', is the label; name another with option label, CLI --label\)/,
    );
  }
  const error = (r) => r.stderr.slice(r.stderr.indexOf('line 4'));
  assert.equal(error(js), error(nat));
  // Named, it learns.
  assert.equal(cli(['run', file, '--label', 'y']).status, 0);
});

test('a numeric column that counts the rows gets a notice naming --ignore', () => {
  const lines = ['id,x,y'];
  for (let i = 1; i <= 50; i++) lines.push(`${1000 + i},${(i * 7) % 5},${i % 2}`);
  const file = write('ids.csv', lines);
  const notice =
    "column 'id' is numeric: all 50 sampled values are numbers, distinct and each above the one before: a row number or an identifier? If so, leave it out (option ignore, CLI --ignore id)";
  const r = cli(['run', file]);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stderr.includes(notice), r.stderr);
  const run = op.csvRunner({ pipelines: ['pa'] });
  run.push(readFileSync(file));
  run.finish();
  assert.ok(run.info().notices.includes(notice));
  run.dispose();
});
