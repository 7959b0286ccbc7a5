// svmlight / libsvm rows as a first-class input: sparse scoring in the JS
// API, models trained on svmlight rows (saved, scored, trained further), the evaluation
// protocols on svmlight data sets, and the same through the CLI's run, predict and evaluate.
// Each check compares with the same rows read as a CSV, which the dense path learns.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { load } from '../../lib/index.js';
import { cli, heartBothWays, jsonLines, nativeRun } from './helpers.mjs';

const op = await load();
const { csv, svm, dims } = heartBothWays(270);
const svmLines = svm.trim().split('\n');
const csvLines = csv.trim().split('\n');
const enc = (text) => new TextEncoder().encode(text);

/** Compressed sparse rows of svmlight lines (indices from 1 in the file, from 0 here). */
function csrOf(lines) {
  const offsets = [0];
  const indices = [];
  const values = [];
  for (const line of lines) {
    for (const pair of line.split(' ').slice(1)) {
      const [i, v] = pair.split(':');
      indices.push(Number(i) - 1);
      values.push(Number(v));
    }
    offsets.push(indices.length);
  }
  return { offsets, indices, values };
}
const denseRow = (line) => line.split(',').slice(0, dims).map(Number);
const close = (a, b, what) =>
  assert.ok(Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b)), `${what}: ${a} vs ${b}`);

describe('Pipeline.scoreSparse', () => {
  test('scores sparse rows as scoreOne scores the same rows dense, learning nothing', () => {
    for (const spec of ['zscore | logreg', 'maxabs | pa1 +avg', 'minmax | romma']) {
      const p = op.pipeline(spec);
      p.learnMany(
        Float64Array.from(csvLines.slice(1, 201).flatMap(denseRow)),
        Float64Array.from(csvLines.slice(1, 201), (l) => (Number(l.split(',')[dims]) > 0 ? 1 : -1)),
        dims,
      );
      const before = JSON.stringify(p.toJSON());
      const scores = p.scoreSparse(csrOf(svmLines.slice(200)), dims);
      assert.equal(scores.length, 70);
      csvLines
        .slice(201)
        .forEach((l, i) => close(scores[i], p.scoreOne(denseRow(l)), `${spec} row ${i}`));
      assert.equal(JSON.stringify(p.toJSON()), before, 'nothing learned');
      p.dispose();
    }
  });

  test('a bad row is named, with the scores of the rows before it', () => {
    const p = op.pipeline('pa');
    p.learnSparse({ offsets: [0, 1], indices: [0], values: [1], labels: [1] }, 3);
    const err = (() => {
      try {
        p.scoreSparse({ offsets: [0, 1, 3], indices: [2, 1, 0], values: [1, 1, 1] }, 3);
      } catch (e) {
        return e;
      }
    })();
    assert.match(err.message, /^row 1: .*(increasing|order)/);
    assert.equal(err.scores.length, 1);
    assert.throws(
      () => p.scoreSparse({ offsets: [0, 2], indices: [0], values: [1] }, 3),
      /indices has 1 entries and values 1|offsets must start at 0 and end at the number of entries/,
    );
    assert.throws(
      () => p.scoreSparse({ offsets: [0, 1], indices: [5], values: [1] }, 3),
      /row 0: .*5/,
    );
    p.dispose();
  });
});

describe('models of svmlight rows', () => {
  const specs = ['maxabs | logreg', 'pa2(c=0.1) +avg'];
  const runOn = (text, options) => {
    const r = op.svmlightRunner(options);
    r.push(enc(text));
    r.finish();
    return r;
  };

  test('save, score with svmlightScorer, and the schema says what the model reads', () => {
    const r = runOn(svm, { pipelines: specs, dims });
    for (let i = 0; i < specs.length; i++) {
      const model = r.toJSON(i);
      assert.equal(model.version, 3);
      assert.deepEqual(model.schema, {
        features: [],
        label: '',
        positive: '1',
        negative: '-1',
        input: 'svmlight',
        index_base: 1,
      });
      const p = op.loadPipeline(model);
      assert.equal(p.schema.input, 'svmlight');
      const expected = p.scoreSparse(csrOf(svmLines), dims);
      const scorer = op.svmlightScorer(model);
      const chunks = [
        scorer.push(enc(svm.slice(0, 1000))),
        scorer.push(enc(svm.slice(1000))),
        scorer.finish(),
      ];
      const scores = chunks.flatMap((c) => Array.from(c.scores));
      assert.deepEqual(scores, Array.from(expected));
      assert.equal(scorer.rows, 270);
      assert.equal(scorer.labelled, 270);
      assert.equal(scorer.hasProbability, specs[i].includes('logreg'));
      assert.deepEqual(
        chunks.flatMap((c) => Array.from(c.lines)),
        svmLines.map((_, k) => k + 1),
      );
      scorer.dispose();
      p.dispose();
    }
    r.dispose();
  });

  test('a model reads the input it was trained on, and says so otherwise', () => {
    const sparseModel = runOn(svm, { pipelines: ['pa'], dims }).toJSON(0);
    assert.throws(
      () => op.csvScorer(sparseModel),
      /trained on svmlight rows; it reads svmlight input/,
    );
    assert.throws(
      () => op.csvRunner({ models: [sparseModel] }),
      /model 1: the model was trained on svmlight rows/,
    );
    const csvRun = op.csvRunner({ pipelines: ['pa'] });
    csvRun.push(enc(csv));
    csvRun.finish();
    const csvModel = csvRun.toJSON(0);
    csvRun.dispose();
    assert.throws(() => op.svmlightScorer(csvModel), /trained on a CSV file; it reads CSV rows/);
    assert.throws(
      () => op.svmlightRunner({ models: [csvModel], dims }),
      /model 1: the model was trained on a CSV file/,
    );
    assert.throws(
      () => op.svmlightRunner({ models: [sparseModel], dims: dims + 1 }),
      /the model has 13 features; the rows are read 14 wide/,
    );
    assert.throws(() => op.svmlightScorer(sparseModel, { dims: 3 }), /unknown option 'dims'/);
  });

  test('trained further on the second half, as one run over all rows', () => {
    const half = svmLines.slice(0, 135).join('\n') + '\n';
    const rest = svmLines.slice(135).join('\n') + '\n';
    const whole = runOn(svm, { pipelines: specs, dims });
    const first = runOn(half, { pipelines: specs, dims });
    for (let i = 0; i < specs.length; i++) {
      const resumed = runOn(rest, { models: [first.toJSON(i)] }); // dims from the model
      assert.equal(resumed.info().dims, dims);
      assert.deepEqual(resumed.toJSON(0).learner, whole.toJSON(i).learner, specs[i]);
      assert.equal(resumed.stats(0).mistakes, whole.stats(i).mistakes);
      resumed.dispose();
    }
    whole.dispose();
    first.dispose();
  });
});

describe('loadDataset with format svmlight', () => {
  test('holdout, cross-validation, a learning curve and a test file as for the same CSV', async () => {
    const sparse = await op.loadDataset(svm, { format: 'svmlight', dims });
    const dense = await op.loadDataset(csv);
    assert.equal(sparse.size, 270);
    assert.equal(sparse.width, dims);
    assert.deepEqual(sparse.features, []);
    const same = (a, b, what) => {
      for (const part of ['progressive', 'train', 'test'])
        for (const [k, v] of Object.entries(b[part]))
          if (v === null) assert.equal(a[part][k], null, `${what} ${part} ${k}`);
          else close(a[part][k], v, `${what} ${part} ${k}`);
    };
    for (const spec of ['maxabs | logreg', 'zscore | pa1 +avg', 'robust | perceptron']) {
      same(sparse.holdout(spec, { seed: 3 }), dense.holdout(spec, { seed: 3 }), spec);
      const [cs, cd] = [sparse.crossValidate(spec, 5), dense.crossValidate(spec, 5)];
      cs.folds.forEach((f, i) => same(f, cd.folds[i], `${spec} fold ${i}`));
      const [ls, ld] = [
        sparse.learningCurve(spec, 3, [0.5, 1]),
        dense.learningCurve(spec, 3, [0.5, 1]),
      ];
      ls.points.forEach((p, i) =>
        close(p.mean.accuracy, ld.points[i].mean.accuracy, `${spec} curve`),
      );
    }
    const grid = sparse.holdout('logreg', { grid: 'eta0=0.01,0.1' });
    assert.equal(grid.grid.candidates.length, 2);
    const testSparse = await op.loadDataset(svmLines.slice(200).join('\n'), {
      format: 'svmlight',
      like: sparse,
    });
    const trainSparse = await op.loadDataset(svmLines.slice(0, 200).join('\n'), {
      format: 'svmlight',
      dims,
    });
    const trainDense = await op.loadDataset(csvLines.slice(0, 201).join('\n'));
    const testDense = await op.loadDataset([csvLines[0], ...csvLines.slice(201)].join('\n'), {
      like: trainDense,
    });
    same(
      trainSparse.evaluateOn(testSparse, 'zscore | logreg'),
      trainDense.evaluateOn(testDense, 'zscore | logreg'),
      'test file',
    );
    assert.throws(() => trainSparse.evaluateOn(testDense, 'pa'), /the test file has 13 features/);
    for (const d of [sparse, dense, testSparse, trainSparse, trainDense, testDense]) d.dispose();
  });

  test('options are checked and a bad line is named', async () => {
    await assert.rejects(
      op.loadDataset(svm, { format: 'svmlight' }),
      /option dims must be a whole number/,
    );
    await assert.rejects(
      op.loadDataset(svm, { format: 'svmlight', dims, label: 'x' }),
      /loadDataset: unknown option 'label'/,
    );
    await assert.rejects(
      op.loadDataset('1 1:2\n-1 3:x\n', { format: 'svmlight', dims: 3 }),
      /line 2, column \d+/,
    );
  });
});

describe('the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-svm-'));
  const file = (name, text) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const train = file('train.svm', svmLines.slice(0, 200).join('\n') + '\n');
  const testFile = file('test.svm', svmLines.slice(200).join('\n') + '\n');
  const model = join(dir, 'model.json');

  test('run --save, predict, and run --load as one run over both files', () => {
    const sparseRun = ['--format', 'svmlight', '--dims', String(dims), '-p', 'maxabs | logreg'];
    const saved = cli(['run', train, ...sparseRun, '--save', model]);
    assert.equal(saved.status, 0, saved.stderr);
    const predicted = cli(['predict', testFile, '--model', model]);
    assert.equal(predicted.status, 0, predicted.stderr);
    const lines = predicted.stdout.trim().split('\n');
    assert.equal(lines[0], 'line,prediction,score,probability');
    assert.equal(lines.length, 71);
    const p = op.loadPipeline(readFileSync(model, 'utf8'));
    const scores = p.scoreSparse(csrOf(svmLines.slice(200)), dims);
    lines.slice(1).forEach((l, i) => assert.equal(Number(l.split(',')[2]), scores[i]));
    p.dispose();
    assert.match(predicted.stderr, /70 rows predicted; accuracy on the 70 labelled rows: 0\.\d{4}/);
    const both = file('both.svm', svm);
    const resumed = cli(['run', testFile, '--load', model, '--json']);
    const whole = cli(['run', both, ...sparseRun, '--json']);
    assert.equal(resumed.status, 0, resumed.stderr);
    const [r, w] = [jsonLines(resumed.stdout)[0], jsonLines(whole.stdout)[0]];
    assert.equal(r.rows, 270);
    assert.deepEqual(r.weights, w.weights);
    assert.equal(r.mistakes, w.mistakes);
  });

  test('evaluate --format svmlight as evaluate on the same CSV', () => {
    const csvFile = file('all.csv', csv);
    const svmFile = file('all.svm', svm);
    const args = ['--folds', '5', '-p', 'zscore | pa1', '--json'];
    const d = jsonLines(cli(['evaluate', csvFile, ...args]).stdout)[0];
    const r = cli(['evaluate', svmFile, '--format', 'svmlight', '--dims', String(dims), ...args]);
    assert.equal(r.status, 0, r.stderr);
    const s = jsonLines(r.stdout)[0];
    for (const [k, v] of Object.entries(d.mean)) if (v !== null) close(s.mean[k], v, k);
    const t = cli([
      'evaluate',
      train,
      '--format',
      'svmlight',
      '--dims',
      String(dims),
      '--test',
      testFile,
      '-p',
      'pa',
    ]);
    assert.equal(t.status, 0, t.stderr);
    assert.match(t.stdout, /trained on .*train\.svm, tested on .*test\.svm/);
  });

  test('usage errors', () => {
    for (const [args, message] of [
      [['evaluate', train, '--format', 'svmlight'], /--format svmlight needs --dims/],
      [['evaluate', train, '--dims', '3'], /--dims and --index-base go with --format svmlight/],
      [
        ['evaluate', train, '--format', 'svmlight', '--dims', '3', '--na', '?'],
        /--na reads CSV files/,
      ],
      [['predict', testFile, '--model', model, '--dims', '3'], /no --dims or --index-base/],
      [['predict', testFile, '--model', model, '--no-header'], /--no-header reads CSV files/],
    ]) {
      const r = cli(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
    }
    const csvModel = join(dir, 'csv-model.json');
    assert.equal(cli(['run', file('h.csv', csv), '-p', 'pa', '--save', csvModel]).status, 0);
    const wrong = cli(['predict', testFile, '--model', csvModel, '--format', 'svmlight']);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /csv-model\.json was trained on a CSV file/);
  });
});

test('svmlight rows of classes, with the task named, in both CLIs and the API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-svm-task-'));
  try {
    let classes = '';
    for (let i = 0; i < 300; i++) {
      const v = [(i * 7) % 11, (i * 5) % 13, (i * 3) % 12];
      const k = v.indexOf(Math.max(...v)) + 1; // LIBSVM's multiclass labels: 1, 2, 3
      classes += `${k} 1:${v[0]} 2:${v[1]} 3:${v[2]}\n`;
    }
    const file = join(dir, 'classes.svm');
    writeFileSync(file, classes);
    const args = [file, '--format', 'svmlight', '--dims', '3', '--task', 'multiclass'];
    const js = cli(['run', ...args, '-p', 'maxabs | mpa2', '--json']);
    assert.equal(js.status, 0, js.stderr);
    const native = nativeRun([...args, '-p', 'maxabs | mpa2']);
    assert.deepEqual(jsonLines(js.stdout), native);
    assert.equal(native[0].task, 'multiclass');
    assert.deepEqual(native[0].classes, ['1', '2', '3']);
    const runner = op.svmlightRunner({ dims: 3, task: 'multiclass', pipelines: ['maxabs | mpa2'] });
    runner.push(new TextEncoder().encode(classes));
    runner.finish();
    assert.equal(runner.results()[0].accuracy, native[0].accuracy);
    const model = runner.toJSON(0);
    runner.dispose();
    const scorer = op.svmlightScorer(model);
    const chunks = [scorer.push(new TextEncoder().encode(classes)), scorer.finish()];
    const values = chunks.flatMap((c) => Array.from(c.values));
    assert.equal(values.length, 300);
    assert.ok(values.every((k) => k === 0 || k === 1 || k === 2)); // class indices
    assert.equal(scorer.labelled, 300);
    scorer.dispose();
    assert.throws(
      () => op.svmlightRunner({ dims: 3, task: 'classes', pipelines: ['mpa2'] }),
      /option task must be binary, multiclass or regression, got 'classes'/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
