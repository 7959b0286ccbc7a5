// Real-world CSVs (spec 10) through the CLI and the JS API: the raw UCI Adult files (no header,
// string columns, '?' for missing, a first line to pass over and labels ending with a dot in
// the test file) and a Titanic-style file with quoted names.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { load } from 'onepass';
import { cli, jsonLines, nativeRun, readData } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'onepass-tabular-'));
const adultTrain = join(dir, 'adult.data');
const adultTest = join(dir, 'adult.test');
writeFileSync(adultTrain, gunzipSync(readData('raw/adult.data.gz')));
writeFileSync(adultTest, gunzipSync(readData('raw/adult.test.gz')));

const titanic =
  'PassengerId,Survived,Pclass,Name,Sex,Age,Cabin,Embarked\n' +
  '1,0,3,"Braund, Mr. Owen Harris",male,22,,S\n' +
  '2,1,1,"Cumings, Mrs. John Bradley (Florence Briggs Thayer)",female,38,C85,C\n' +
  '3,1,3,"Heikkinen, Miss. Laina",female,26,,S\n' +
  '4,1,1,"Futrelle, Mrs. Jacques Heath (Lily May Peel)",female,35,C123,S\n' +
  '5,0,3,"Allen, Mr. William Henry",male,35,,S\n' +
  '6,0,3,"Moran, Mr. James",male,,,Q\n';

let op;
before(async () => {
  op = await load();
});

test('the raw Adult file learns all 32,561 rows', () => {
  const r = cli([
    'run',
    adultTrain,
    '--no-header',
    '--label',
    '-1',
    '--positive',
    '>50K',
    '-p',
    'zscore | logreg +avg',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const [out] = jsonLines(r.stdout);
  assert.equal(out.rows, 32561);
  assert.equal(out.skipped, 0);
  // 6 numeric columns and one indicator per category seen (missing '?' is no level).
  assert.equal(out.weights.length, 105);
  assert.ok(out.error < 0.16, `progressive error ${out.error}`);
});

test('evaluate on the raw Adult train/test pair comes within 1 point of batch logistic regression', () => {
  const r = cli([
    'evaluate',
    adultTrain,
    '--test',
    adultTest,
    '--no-header',
    '--positive',
    '>50K',
    '--label-trim',
    '.',
    '--comment',
    '|',
    '-p',
    'zscore | logreg +avg',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const [out] = jsonLines(r.stdout);
  assert.equal(out.nTrain, 32561);
  assert.equal(out.nTest, 16281);
  // 0.8525: L2 logistic regression on the one-hot encoded data (batch, C by cross-validation).
  assert.ok(Math.abs(out.test.accuracy - 0.8525) < 0.01, `test accuracy ${out.test.accuracy}`);
});

test('a headerless string-label file names the positive class it chose', () => {
  const r = cli(['run', adultTrain, '--no-header', '-p', 'zscore | pa1']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /positive class '>50K': the minority class of the first 1000 rows/);
  assert.match(r.stdout, /32561 rows, 105 features, label 'c15'/);
});

test('csvRunner reads a Titanic-style file with inferred roles, the same as the native build', () => {
  const run = op.csvRunner({ pipelines: ['zscore | logreg'], label: 'Survived' });
  const bytes = new TextEncoder().encode(titanic);
  for (let at = 0; at < bytes.length; at += 5) run.push(bytes.subarray(at, at + 5));
  run.finish();
  const info = run.info();
  assert.deepEqual(
    info.columns.map((c) => `${c.name}:${c.role}`),
    [
      'PassengerId:numeric',
      'Survived:label',
      'Pclass:numeric',
      'Name:text',
      'Sex:categorical',
      'Age:numeric',
      'Cabin:ignore',
      'Embarked:categorical',
    ],
  );
  assert.equal(info.delimiter, ',');
  assert.ok(info.notices.some((n) => n.startsWith("column 'Cabin' is ignored")));
  assert.ok(info.features.includes('Sex=female'));
  assert.ok(info.features.includes('Name:mr'));
  const [result] = run.results();
  assert.equal(result.rows, 6);
  const w = Array.from(result.snapshot.learner.arrays.w);
  assert.equal(w.length, info.features.length);
  run.dispose();
  const file = join(dir, 'titanic.csv');
  writeFileSync(file, titanic);
  const [native] = nativeRun([file, '--label', 'Survived', '--pipeline', 'zscore | logreg']);
  assert.deepEqual(native.weights, w);
});

test('CSV options are checked where they enter, naming the option', () => {
  assert.throws(
    () => op.csvRunner({ pipelines: ['logreg'], textBits: 40 }),
    /option textBits must be a whole number from 1 to 24, got '40'/,
  );
  assert.throws(
    () => op.csvRunner({ pipelines: ['logreg'], numeric: ['a'], text: ['a'] }),
    /the column 'a' is given two roles: numeric and text/,
  );
  const r = cli(['run', adultTrain, '--delimiter', 'ab', '-p', 'logreg']);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /option delimiter must be one character/);
});
