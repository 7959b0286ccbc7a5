// `npm run quality`: how good onepass's models are against a batch learner that sees
// all the data many times. For each bundled data set and each of SEEDS seeded 80/20 splits:
//   - onepass's default pipeline (the one `onepass run FILE` uses without --pipeline), one pass
//     over the training part in a random order: progressive error and test accuracy;
//   - the best of CANDIDATES, chosen by 5-fold cross-validation on the training part only;
//   - batch L2 logistic regression (Newton's method to convergence, C chosen by 5-fold CV on the
//     training part over C_GRID, the bias not penalised, missing cells as the training mean,
//     features z-scored with the training part's statistics), written below so that the
//     baseline is exact and has no dependency.
// Writes its section of docs/quality.md, the page's first (per data set: means over the splits;
// the mean gap in points), between its marks, and prints it, with a table of every candidate's test accuracy per data set: the numbers the default was
// chosen on. `-- --quick`: heart and liver, one split, three candidates (the test suite runs it).
// `--check` (writes nothing; tests/js/quality_check.test.mjs runs it): the whole run on
// CHECK_FILES (heart, liver and sonar: smaller sets), compared with the published section's rows
// and columns of those sets (bench/published.mjs); Adult's batch fits alone take minutes.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'onepass';
import { checkQualitySection } from './published.mjs';
import {
  C_GRID,
  FOLDS,
  batchBaseline,
  bundledSeeds,
  datasetOf,
  onepassOn,
  readBundled,
} from './quality_common.mjs';
import { writeQualitySection } from './report.mjs';
import { split } from './task_data.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const check = args.includes('--check');
/** The sets --check recomputes: the smaller ones, whose splits and candidates take seconds. */
const CHECK_FILES = ['heart.csv', 'liver.csv', 'sonar.csv'];
const showCandidates = !quick;
const SEEDS = quick ? [1] : [1, 2, 3, 4, 5];
const op = await load();
const DEFAULT = op.defaultPipeline;
const CANDIDATES = quick
  ? [DEFAULT, 'zscore | pa1 +avg', 'zscore | perceptron +avg']
  : [
      DEFAULT,
      'zscore | logreg',
      'zscore | logreg +avg',
      'zscore | logreg(eta0=0.5) +avg',
      'zscore | logreg(eta0=0.5)',
      'zscore | logreg(eta0=1) +avg',
      'zscore | logreg(eta0=2) +avg',
      'zscore | logreg(eta0=0.5,n=1000) +avg',
      'zscore | logreg(eta0=0.2)',
      'zscore | logreg(eta0=0.05)',
      'zscore | pa2(c=0.01) +avg',
      'zscore | pa2(c=0.03) +avg',
      'zscore | pa1(c=0.03) +avg',
      'zscore | logreg(eta0=0.02) +avg',
      'zscore | logreg(lambda=1) +avg',
      'zscore | pa1 +avg',
      'zscore | pa1(c=0.1) +avg',
      'zscore | pa1(c=0.01) +avg',
      'zscore | pa2(c=0.1) +avg',
      'zscore | perceptron +avg',
      'zscore | romma +avg',
      'minmax | logreg(eta0=0.5) +avg',
      'robust | logreg +avg',
      // Beyond the papers (docs/algorithms.md 4.16-4.20).
      'zscore | arow +avg',
      'zscore | arow',
      'zscore | scw1 +avg',
      'zscore | scw2 +avg',
      'zscore | arow_full',
      'zscore | arow_full(r=10)',
      'zscore | arow_full(r=100)',
      'adagrad',
      'zscore | adagrad',
      'nag',
      'ftrl',
      'zscore | ftrl',
    ].filter((s, i, all) => all.indexOf(s) === i);
// Every bundled data set (data/README.md); --quick: two small ones.
const FILES = readdirSync(join(root, 'data'))
  .filter((f) => /\.csv(\.gz)?$/.test(f))
  .filter(
    (f) =>
      (!quick || ['heart.csv', 'liver.csv'].includes(f)) && (!check || CHECK_FILES.includes(f)),
  )
  .map((f) => [f, join(root, 'data', f)]);

// ------------------------------------------------------------------ the run
const results = [];
const perCandidate = new Map(CANDIDATES.map((c) => [c, []]));
for (const [name, path] of FILES) {
  const { header, lines, rows } = readBundled(path);
  const per = [];
  // One split of a large set (Adult): its test part alone has 6,500 rows.
  const seeds = bundledSeeds(rows.length, SEEDS);
  for (const seed of seeds) {
    const { train, test } = split(rows.length, seed);
    const trainSet = await datasetOf(op, header, lines, train);
    const testSet = await datasetOf(op, header, lines, test);
    const def = onepassOn(trainSet, testSet, DEFAULT);
    let chosen = { spec: DEFAULT, cv: -1 };
    for (const spec of CANDIDATES) {
      const cv = trainSet.crossValidate(spec, FOLDS, { seed }).mean.accuracy;
      if (cv > chosen.cv + 1e-12) chosen = { spec, cv };
      if (showCandidates)
        perCandidate.get(spec).push([name, onepassOn(trainSet, testSet, spec).accuracy]);
    }
    const best = onepassOn(trainSet, testSet, chosen.spec);
    const batch = batchBaseline(rows, train, test);
    per.push({ def, best, chosen: chosen.spec, batch });
    trainSet.dispose();
    testSet.dispose();
  }
  const mean = (f) => per.reduce((s, p) => s + f(p), 0) / per.length;
  const tally = new Map();
  for (const p of per) tally.set(p.chosen, (tally.get(p.chosen) ?? 0) + 1);
  results.push({
    name,
    rows: rows.length,
    features: rows[0].length - 1,
    defProgressive: mean((p) => p.def.progressive),
    defAccuracy: mean((p) => p.def.accuracy),
    bestProgressive: mean((p) => p.best.progressive),
    bestAccuracy: mean((p) => p.best.accuracy),
    batchAccuracy: mean((p) => p.batch.accuracy),
    chosen: [...tally].sort((a, b) => b[1] - a[1])[0][0],
    diverged: per.some((p) => p.def.diverged || p.best.diverged),
  });
  console.error(`quality: ${name} done`);
}

const pct = (v) => (100 * v).toFixed(1);
const gap = (a, b) => (100 * (b - a)).toFixed(1);
const meanOf = (f) => results.reduce((s, r) => s + f(r), 0) / results.length;
const cell = (spec) => '`' + spec.replace(/\|/g, '\\|') + '`';
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const out = [
  '<!-- quality: begin (written by bench/quality.mjs) -->',
  '',
  '# Learning quality against batch logistic regression',
  '',
  `Made by \`npm run quality${quick ? ' -- --quick' : ''}\` on ${new Date().toISOString().slice(0, 10)} (${cpu}), onepass ${JSON.parse(readFileSync(join(root, 'package.json'))).version}.`,
  `Each data set: ${SEEDS.length} seeded 80/20 split${SEEDS.length > 1 ? 's' : ''} (seeds ${SEEDS.join(', ')}; one split, seed ${SEEDS[0]}, for sets of more than 5,000 rows); the numbers are means over them.`,
  `Default: \`${DEFAULT}\` (what \`onepass run FILE\` uses without --pipeline), one pass in a random order.`,
  `Best: the best of ${CANDIDATES.length} pipelines by ${FOLDS}-fold cross-validation on the training part (the one chosen most often is named).`,
  `Batch: L2 logistic regression by Newton's method to convergence on z-scored features, C in {${C_GRID.join(', ')}} by ${FOLDS}-fold CV on the training part.`,
  'Gap: batch test accuracy minus onepass test accuracy, in points (lower is better).',
  '',
  '| data set | rows | features | default: progressive error % | default: test acc. % | best: progressive error % | best: test acc. % | batch: test acc. % | gap, default | gap, best | chosen most often |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...results.map(
    (r) =>
      `| ${r.name}${r.diverged ? ' (a run diverged)' : ''} | ${r.rows} | ${r.features} | ${pct(r.defProgressive)} | ${pct(r.defAccuracy)} | ${pct(r.bestProgressive)} | ${pct(r.bestAccuracy)} | ${pct(r.batchAccuracy)} | ${gap(r.defAccuracy, r.batchAccuracy)} | ${gap(r.bestAccuracy, r.batchAccuracy)} | ${cell(r.chosen)} |`,
  ),
  `| **mean** | | | ${pct(meanOf((r) => r.defProgressive))} | ${pct(meanOf((r) => r.defAccuracy))} | ${pct(meanOf((r) => r.bestProgressive))} | ${pct(meanOf((r) => r.bestAccuracy))} | ${pct(meanOf((r) => r.batchAccuracy))} | **${gap(
    meanOf((r) => r.defAccuracy),
    meanOf((r) => r.batchAccuracy),
  )}** | **${gap(
    meanOf((r) => r.bestAccuracy),
    meanOf((r) => r.batchAccuracy),
  )}** | |`,
];
if (showCandidates) {
  // Per data set the mean over its splits, then the mean over the data sets (each weighs the same).
  const names = results.map((r) => r.name);
  out.push(
    '',
    '## Every candidate: test accuracy % per data set (mean over its splits) and their mean',
    '',
    `| pipeline | ${names.join(' | ')} | mean |`,
    `|---|${names.map(() => '---:').join('|')}|---:|`,
  );
  const ranked = [...perCandidate].map(([spec, v]) => {
    const per = names.map((n) => {
      const a = v.filter(([name]) => name === n).map(([, acc]) => acc);
      return a.reduce((s, x) => s + x, 0) / a.length;
    });
    return [spec, per, per.reduce((s, x) => s + x, 0) / per.length];
  });
  ranked.sort((a, b) => b[2] - a[2]);
  for (const [spec, per, acc] of ranked)
    out.push(`| ${cell(spec)} | ${per.map(pct).join(' | ')} | ${pct(acc)} |`);
}
out.push('', '<!-- quality: end -->');
const text = out.join('\n') + '\n';
if (check) {
  const drifted = checkQualitySection(root, 'quality', text, {
    subset: true,
    aggregates: { rows: ['**mean**'], columns: ['mean'] },
  });
  if (drifted) process.exit(1);
  console.log(
    `docs/quality.md, quality: the rows of ${CHECK_FILES.join(', ')} are what npm run quality makes now`,
  );
} else {
  if (!quick) writeQualitySection(root, 'quality', text, { first: true });
  console.log(text);
}
