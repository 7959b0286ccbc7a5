// Explanations (docs/algorithms.md 1.9) in every front end: `predict --explain [N]` in both CLIs
// (the same bytes), the API's `explain` on a scorer and on predict, where bias + rest + the
// contributions listed give each row's score, for a yes/no, a multiclass and a regression model;
// learners without a linear form refused; and the plain weights ranked by effect (1.7).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'onepass';
import { cli, dataFile, heartBothWays, root } from './helpers.mjs';

const heart = dataFile('heart.csv');
const penguins = join(root, 'tests/fixtures/penguins.csv');
const cars = join(root, 'tests/fixtures/cars_mpg.csv');

function native(args) {
  const r = spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The cells of a CSV line (quoted cells unquoted). */
function cells(line) {
  const out = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') ((cell += '"'), i++);
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) (out.push(cell), (cell = ''));
    else cell += c;
  }
  return [...out, cell];
}

/** The predictions CSV as objects by column name. */
function table(text) {
  const [head, ...rows] = text.trim().split('\n');
  const names = cells(head);
  return rows.map((l) => Object.fromEntries(cells(l).map((v, j) => [names[j], v])));
}

/** bias + rest + the contributions listed is the row's score (to rounding). */
function assertSums(row, score, groups) {
  let sum = Number(row.bias) + Number(row.rest);
  for (let k = 1; k <= groups; k++) if (row[`feature${k}`]) sum += Number(row[`contribution${k}`]);
  assert.ok(
    Math.abs(sum - score) <= 1e-9 * Math.max(1, Math.abs(score)),
    `${sum} vs ${score} in ${JSON.stringify(row)}`,
  );
}

function saved(file, args) {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-explain-'));
  const model = join(dir, 'm.json');
  const r = cli(['run', file, ...args, '--save', model]);
  assert.equal(r.status, 0, r.stderr);
  return model;
}

test('predict --explain: both CLIs write the same bytes, and each row adds up to its score', () => {
  const cases = [
    // A yes/no model: the margin.
    [heart, ['-p', 'zscore | logreg'], 'score'],
    // A multiclass model with categorical columns (encoded features): the predicted class's score.
    [penguins, ['-p', 'zscore | softmax'], 'score'],
    // A regression model: the number, in the target's units (docs/algorithms.md 4.27).
    // (Rows without a target are passed over in training.)
    [cars, ['-p', 'zscore | linreg', '--skip-bad-rows'], 'prediction'],
  ];
  for (const [file, args, scoreColumn] of cases) {
    const model = saved(file, args);
    const js = cli(['predict', file, '--model', model, '--explain']);
    const nat = native(['predict', file, '--model', model, '--explain']);
    assert.equal(js.status, 0, js.stderr);
    assert.equal(nat.status, 0, nat.stderr);
    // The same bytes, but for a class's probability: softmax's exp comes from each build's own
    // maths library and may differ in the last bit.
    const rows = table(js.stdout);
    const nativeRows = table(nat.stdout);
    assert.equal(nativeRows.length, rows.length, file);
    rows.forEach((row, i) => {
      for (const [name, value] of Object.entries(row)) {
        const other = nativeRows[i][name];
        if (name.startsWith('p('))
          assert.ok(Math.abs(Number(value) - Number(other)) <= 1e-15, name);
        else assert.equal(other, value, `${file} line ${i + 2} ${name}`);
      }
    });
    // 5 groups by default, then the rest and the bias.
    const head = js.stdout.split('\n')[0];
    assert.match(
      head,
      /,feature1,value1,contribution1,.*,feature5,value5,contribution5,rest,bias$/,
    );
    for (const row of rows) {
      assertSums(row, Number(row[scoreColumn]), 5);
      // The largest first.
      const sizes = [1, 2, 3, 4, 5]
        .filter((k) => row[`feature${k}`])
        .map((k) => Math.abs(Number(row[`contribution${k}`])));
      assert.deepEqual(
        sizes,
        [...sizes].sort((a, b) => b - a),
        file,
      );
    }
    if (file === penguins)
      assert.ok(
        rows.some((r) => [1, 2, 3, 4, 5].some((k) => /^(Island|Sex)=/.test(r[`feature${k}`]))),
        'an encoded level is explained by its name',
      );
  }
});

test('a model of svmlight rows is explained alike, its features named x1, x2, ...', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-explain-'));
  const { svm, dims } = heartBothWays(100);
  const file = join(dir, 'heart.svm');
  writeFileSync(file, svm);
  const model = join(dir, 's.json');
  const args = ['--format', 'svmlight', '--dims', String(dims), '-p', 'maxabs | pa'];
  assert.equal(cli(['run', file, ...args, '--save', model]).status, 0);
  const js = cli(['predict', file, '--model', model, '--explain', '3']);
  assert.equal(js.status, 0, js.stderr);
  assert.equal(native(['predict', file, '--model', model, '--explain', '3']).stdout, js.stdout);
  const rows = table(js.stdout);
  assert.equal(rows.length, 100);
  for (const row of rows) {
    assertSums(row, Number(row.score), 3);
    for (const k of [1, 2, 3]) if (row[`feature${k}`]) assert.match(row[`feature${k}`], /^x\d+$/);
  }
});

test('--explain N and --explain=N list N; a learner without a linear form is refused by both', () => {
  const model = saved(heart, ['-p', 'zscore | logreg']);
  for (const args of [['--explain', '2'], ['--explain=2']]) {
    const js = cli(['predict', heart, '--model', model, ...args]);
    assert.equal(js.status, 0, js.stderr);
    assert.equal(native(['predict', heart, '--model', model, ...args]).stdout, js.stdout);
    assert.equal(
      js.stdout.split('\n')[0],
      'line,prediction,score,probability,feature1,value1,contribution1,feature2,value2,contribution2,rest,bias',
    );
  }
  // The file after --explain is the file, not a count.
  const before = cli(['predict', '--explain', heart, '--model', model]);
  assert.equal(before.status, 0, before.stderr);
  assert.match(before.stdout.split('\n')[0], /feature5/);
  const zero = cli(['predict', heart, '--model', model, '--explain', '0']);
  assert.equal(zero.status, 2);
  assert.match(zero.stderr, /--explain takes a whole number from 1 to 1000 \(got '0'\)/);

  const winnow = saved(heart, ['-p', 'winnow']);
  const js = cli(['predict', heart, '--model', winnow, '--explain']);
  const nat = native(['predict', heart, '--model', winnow, '--explain']);
  assert.equal(js.status, 1);
  assert.equal(nat.status, 1);
  assert.match(js.stderr, /--explain: the learner \(winnow\) has no score of the form w\.z \+ b/);
  assert.equal(js.stderr.replace('onepass:', ''), nat.stderr.replace('onepass-native:', ''));
  assert.equal(js.stdout, '');
});

test('the API: explain on predict and on a scorer, the same CSV as the CLIs', async () => {
  const op = await load();
  const model = readFileSync(saved(penguins, ['-p', 'zscore | softmax']), 'utf8');
  const p = await op.predict(model, readFileSync(penguins), { explain: 3 });
  assert.equal(p.explanations.length, p.rows);
  for (let i = 0; i < p.rows; i++) {
    const e = p.explanations[i];
    assert.ok(e.contributions.length <= 3);
    const sum = e.bias + e.rest + e.contributions.reduce((a, c) => a + c.contribution, 0);
    assert.ok(Math.abs(sum - p.scores[i]) <= 1e-9 * Math.max(1, Math.abs(p.scores[i])));
    for (const c of e.contributions) assert.equal(typeof c.feature, 'string');
  }
  assert.equal((await op.predict(model, readFileSync(penguins))).explanations, null);

  const s = op.csvScorer(model, { explain: 3 });
  const csv = s.csvHeader + s.toCsv(s.push(readFileSync(penguins))) + s.toCsv(s.finish());
  s.dispose();
  const dir = mkdtempSync(join(tmpdir(), 'onepass-explain-'));
  const file = join(dir, 'm.json');
  writeFileSync(file, model);
  assert.equal(csv, cli(['predict', penguins, '--model', file, '--explain', '3']).stdout);

  assert.throws(() => op.csvScorer(model, { explain: 0 }), /explain is true or a whole number/);
  const winnow = readFileSync(saved(heart, ['-p', 'winnow']), 'utf8');
  assert.throws(
    () => op.csvScorer(winnow, { explain: true }),
    /cannot be split into contributions/,
  );
});

test('export --weights ranks the features by effect, whatever their units', () => {
  // A column in other units (times 1000) has a weight 1000 times smaller in the input's units,
  // but the same effect once the scaler's spread is taken in: the ranking stays.
  const lines = readFileSync(heart, 'utf8').trim().split('\n');
  const dir = mkdtempSync(join(tmpdir(), 'onepass-explain-'));
  const scaled = join(dir, 'scaled.csv');
  writeFileSync(
    scaled,
    [lines[0], ...lines.slice(1).map((l) => l.split(',').map((v, j) => (j === 4 ? v * 1000 : v)))]
      .map((r) => (Array.isArray(r) ? r.join(',') : r))
      .join('\n') + '\n',
  );
  const weights = (file, spec) => {
    const out = join(dir, `w${Math.random()}.json`);
    const r = cli(['export', saved(file, ['-p', spec]), '--weights', out]);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(readFileSync(out, 'utf8'));
  };
  const a = weights(heart, 'zscore | logreg');
  const b = weights(scaled, 'zscore | logreg');
  assert.deepEqual(
    a.ranking.map((r) => r.feature),
    b.ranking.map((r) => r.feature),
  );
  assert.ok(Math.abs(b.coef[4] * 1000 - a.coef[4]) < 1e-6 * Math.abs(a.coef[4]));
  const effects = a.ranking.map((r) => r.effect);
  assert.deepEqual(
    effects,
    [...effects].sort((x, y) => y - x),
  );
  // Without a scaler no spread is known: the effect is |coef|.
  const plain = weights(heart, 'logreg');
  for (const r of plain.ranking)
    assert.equal(r.effect, Math.abs(plain.coef[plain.features.indexOf(r.feature)]));
});
