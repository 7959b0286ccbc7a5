// `npm run quality`, drift (after bench/quality_imbalance.mjs): what the pipeline modifier
// `+drift` (docs/algorithms.md 6.10) buys on streams whose concept changes. The streams are made
// by code (docs/algorithms.md 6.9, op.generateCsv), each with several seeds: SEA with 10% noise
// and sudden changes, the rotating hyperplane (a gradual, endless drift), Agrawal's functions in
// turn, STAGGER's concepts in turn, and Agrawal's function 1 turning into function 3 along a
// sigmoid (STREAMS). On each stream and seed, one run (one parse) of every pipeline of
// pipelinesOf(): onepass's default pipeline without drift handling; the same with
// `+drift(detector=D, action=reset)` for each of the seven detectors (docs/algorithms.md 6.8);
// with `+drift(detector=D, action=background)` for the four that have a warning level; and two
// pipelines without averaging, `zscore | pa2(c=0.1)` and `zscore | logreg`, which forget the
// old concept faster by themselves. The figure is progressive accuracy (docs/algorithms.md 6.1:
// each row predicted before it is learned, in the stream's order), beside the last label and the
// majority class (docs/algorithms.md 6.5) that every run's results carry.
// Writes the "Drift" section of docs/quality.md (after the other sections, which it leaves as
// they are) and prints it. Its building blocks are exported for tests/js/quality_drift.test.mjs;
// the report runs only when the file is run. `--check` (writes nothing;
// tests/js/quality_check.test.mjs runs it): the whole run on CHECK_STREAMS (every stream: the
// run takes about 15 s), compared with the published section (bench/published.mjs).
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { load } from 'onepass';
import { checkQualitySection } from './published.mjs';
import { writeQualitySection } from './report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The seeds of each stream (op.generateCsv's `seed`). */
export const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The detectors of docs/algorithms.md 6.8, in its order. */
export const DETECTORS = ['adwin', 'ddm', 'eddm', 'hddm_a', 'hddm_w', 'page_hinkley', 'kswin'];
/** Those with a warning level (docs/algorithms.md 6.8's table): the only ones whose background
 * learner learns before the drift; with the others `action=background` is a reset. */
export const WARNING_DETECTORS = ['ddm', 'eddm', 'hddm_a', 'hddm_w'];

/** The streams: a name for the tables, the generator's stream, rows and parameters, and in words
 * what changes and where (the rows are 0-based, as docs/algorithms.md 6.9 counts them). */
export const STREAMS = [
  {
    name: 'sea',
    stream: 'sea',
    rows: 50000,
    params: { noise: 0.1, every: 12500 },
    about:
      'SEA (docs/algorithms.md 6.9.1), 10% of the labels flipped, theta = 8, 9, 7, 9.5 in turn: sudden changes at rows 12,500, 25,000 and 37,500',
  },
  {
    name: 'hyperplane',
    stream: 'hyperplane',
    rows: 50000,
    params: { mag_change: 0.001, noise: 0.05 },
    about:
      'rotating hyperplane (6.9.2), 10 features of which 2 drift by 0.001 a row (sigma 0.1), 5% of the labels flipped: a gradual drift on every row',
  },
  {
    name: 'agrawal',
    stream: 'agrawal',
    rows: 50000,
    params: { function: 1, every: 12500 },
    about:
      'Agrawal (6.9.3), functions 1, 2, 3 and 4 in turn, no noise: sudden changes at rows 12,500, 25,000 and 37,500; the functions are not linear in the columns, so a linear learner stays far from 100% on each',
  },
  {
    name: 'stagger',
    stream: 'stagger',
    rows: 8000,
    params: { concept: 1, every: 2000 },
    about:
      'STAGGER (6.9.4), concepts 1, 2, 3 and 1 again, no noise: sudden changes at rows 2,000, 4,000 and 6,000',
  },
  {
    name: 'concept_drift',
    stream: 'concept_drift',
    rows: 10000,
    params: { stream: 'agrawal', concept: 1, drift_concept: 3, position: 5000, width: 1000 },
    about:
      "Agrawal's function 1 turning into function 3 along a sigmoid (6.9.5, River's defaults): half the rows from each at row 5,000, from 12% to 88% over rows 4,500 to 5,500",
  },
];

/** The pipelines of one run, in the tables' order: a key, the spec, and what it is. */
export function pipelinesOf(defaultSpec) {
  return [
    { key: 'default', spec: defaultSpec, kind: 'default' },
    ...DETECTORS.map((d) => ({
      key: `${d}/reset`,
      spec: `${defaultSpec} +drift(detector=${d},action=reset)`,
      kind: 'drift',
      detector: d,
      action: 'reset',
    })),
    ...WARNING_DETECTORS.map((d) => ({
      key: `${d}/background`,
      spec: `${defaultSpec} +drift(detector=${d},action=background)`,
      kind: 'drift',
      detector: d,
      action: 'background',
    })),
    { key: 'pa2', spec: 'zscore | pa2(c=0.1)', kind: 'reference' },
    { key: 'logreg', spec: 'zscore | logreg', kind: 'reference' },
  ];
}

/** The CSV text of a stream for a seed, as `onepass generate` writes it. */
export function streamText(op, stream, seed) {
  return op.generateCsv(stream.stream, { rows: stream.rows, seed, params: stream.params });
}

/** Every pipeline over one stream and seed, in one run (one parse, the file's order): per
 * pipeline its progressive accuracy and, with +drift, its drifts and the rows that signalled a warning; and the last
 * label's and the majority class's accuracy on the same rows. */
export async function runStream(op, stream, seed, pipelines) {
  const text = streamText(op, stream, seed);
  const { info, results } = await op.runCsv(text, { pipelines: pipelines.map((p) => p.spec) });
  if (info.rows !== stream.rows || info.skipped)
    throw new Error(`${stream.name}: ${info.rows} rows read, ${info.skipped} skipped`);
  // The baselines depend on the rows and their order only: the same beside every pipeline.
  const { lastLabel, baseline } = results[0];
  for (const r of results)
    if (r.lastLabel.mistakes !== lastLabel.mistakes || r.baseline.error !== baseline.error)
      throw new Error(`${stream.name}: the baselines differ between pipelines`);
  return {
    lastLabel: 1 - lastLabel.error,
    majority: 1 - baseline.error,
    runs: results.map((r) => ({
      accuracy: r.accuracy,
      drifts: r.drift ? r.drift.drifts : null,
      warnings: r.drift ? r.drift.warnings : null,
      diverged: r.diverged,
    })),
  };
}

const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;

/** One stream's figures over its seeds (`per`: runStream's answers, one per seed): per pipeline
 * the mean, lowest and highest accuracy, the mean gain over the default (paired by seed), the
 * seeds it beats the default on, and the mean drifts and warning rows. */
export function summarize(stream, pipelines, per) {
  const def = pipelines.findIndex((p) => p.key === 'default');
  return {
    stream,
    seeds: per.length,
    lastLabel: mean(per.map((s) => s.lastLabel)),
    majority: mean(per.map((s) => s.majority)),
    rows: pipelines.map((p, k) => {
      const acc = per.map((s) => s.runs[k].accuracy);
      const gains = per.map((s) => s.runs[k].accuracy - s.runs[def].accuracy);
      return {
        ...p,
        accuracy: mean(acc),
        low: Math.min(...acc),
        high: Math.max(...acc),
        gain: mean(gains),
        won: gains.filter((g) => g > 0).length,
        drifts: p.kind === 'drift' ? mean(per.map((s) => s.runs[k].drifts)) : null,
        warnings: p.kind === 'drift' ? mean(per.map((s) => s.runs[k].warnings)) : null,
        diverged: per.some((s) => s.runs[k].diverged),
      };
    }),
  };
}

/** The streams --check recomputes. */
export const CHECK_STREAMS = STREAMS.map((s) => s.name);

async function main(check) {
  const started = performance.now();
  const op = await load();
  const pipelines = pipelinesOf(op.defaultPipeline);
  const results = [];
  for (const stream of STREAMS.filter((s) => !check || CHECK_STREAMS.includes(s.name))) {
    const per = [];
    for (const seed of SEEDS) per.push(await runStream(op, stream, seed, pipelines));
    results.push(summarize(stream, pipelines, per));
    console.error(
      `quality drift: ${stream.name} done (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  const text = report(results, op.defaultPipeline, started);
  if (check) {
    const subset = CHECK_STREAMS.length < STREAMS.length;
    const drifted = checkQualitySection(root, 'quality_drift', text, {
      subset,
      aggregates: { columns: ['mean', 'streams beaten'] },
    });
    if (drifted) process.exit(1);
    console.log(
      `docs/quality.md, quality_drift: ${subset ? `the rows of ${CHECK_STREAMS.join(', ')}` : 'every row'} are what npm run quality makes now`,
    );
    return;
  }
  writeQualitySection(root, 'quality_drift', text);
  console.log(text);
}

// ------------------------------------------------------------------ the report
export const BEGIN = '<!-- quality_drift: begin';
export const END = '<!-- quality_drift: end -->';
const pct = (v) => (100 * v).toFixed(1);
/** Points with a sign; a gain that rounds to 0 is shown, and counted, as the tie it looks like. */
const points = (v) => {
  const s = (100 * v).toFixed(1);
  return Number(s) === 0 ? '0.0' : (v > 0 ? '+' : '') + s;
};
/** 1, 0 or -1: whether a gain over the default is above, at or below 0 as the tables show it. */
export const verdict = (gain) => Math.sign(Number(points(gain)));
const n0 = (v) => v.toLocaleString('en-US');
/** A spec as code; in a table cell its bars escaped, which a code span elsewhere would show. */
const code = (s, cell) => '`' + (cell ? s.replace(/\|/g, '\\|') : s) + '`';
const count = (v) => (v === null ? '' : v < 10 ? v.toFixed(1) : v.toFixed(0));

/** What the tables (`cell`) and the notes call a pipeline. */
export function nameOf(p, cell = true) {
  if (p.kind === 'default') return `${code(p.spec, cell)} (default, no drift handling)`;
  if (p.kind === 'drift') return `+drift: ${p.detector}, ${p.action}`;
  return `${code(p.spec, cell)} (no averaging, no drift handling)`;
}
const noted = (p) => nameOf(p, false);

/** The section of docs/quality.md: one table per stream, the summary of gains, and notes read
 * off the numbers. `started` (performance.now()) gives the run's time. */
export function report(results, defaultSpec, started) {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const seeds = results[0]?.seeds ?? 0;
  const out = [
    `${BEGIN} (written by bench/quality_drift.mjs) -->`,
    '',
    '## Drift',
    '',
    `Made by \`npm run quality\` (bench/quality_drift.mjs) on ${new Date().toISOString().slice(0, 10)} (${cpu}), onepass ${version}, in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    `Streams made by code (docs/algorithms.md 6.9; \`onepass generate\`, JS \`op.generateCsv\`), each with ${seeds === SEEDS.length ? `seeds ${SEEDS[0]} to ${SEEDS.at(-1)}` : `${seeds} seed${seeds === 1 ? '' : 's'}`}; the numbers are means over the seeds:`,
    '',
    ...results.map(
      ({ stream: s }) =>
        `- **${s.name}**: ${n0(s.rows)} rows, \`${s.stream}\` with ${Object.entries(s.params)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}; ${s.about}.`,
    ),
    '',
    `Every pipeline learns the stream in one pass, in its order (all the pipelines of a stream and seed in one run, one parse). The default is \`${defaultSpec}\`, without drift handling; \`+drift: D, reset\` is \`${defaultSpec} +drift(detector=D,action=reset)\`: a drift replaces the learner by a fresh one (the scalers keep their scales); \`+drift: D, background\` is the same with \`action=background\`: a learner built at the first warning learns the rows in warning and takes over at the drift (docs/algorithms.md 6.10). The detectors have River's defaults (docs/algorithms.md 6.8) and read the default learner's mistakes. The two pipelines without averaging are references that forget by themselves.`,
    '',
    'Columns:',
    '',
    '- **accuracy %**: progressive accuracy (docs/algorithms.md 6.1: each row predicted before it is learned), the mean over the seeds, then the lowest and the highest seed.',
    "- **vs default**: the accuracy minus the default's on the same seed, in points, averaged over the seeds. **beats default**: yes when that mean is above 0 as shown (at least +0.1), tie when it shows as 0.0, no below; then the seeds on which the accuracy is above the default's.",
    "- **drifts**, **warning rows**: the drifts signalled and the rows on which the detector signalled a warning (detectors with a warning level), means over the seeds. A detector's drifts are not the same with reset and background: what it reads, the learner's mistakes, differs.",
    '- **last label**: each row predicted by the label of the row before it (docs/algorithms.md 6.5, "The last label"); **majority class**: the stream\'s majority class predicted for every row (docs/algorithms.md 6.5, "Baseline"). Both from the runs\' results.',
  ];
  for (const r of results) {
    out.push(
      '',
      `### ${r.stream.name}`,
      '',
      `Last label: ${pct(r.lastLabel)}%. Majority class: ${pct(r.majority)}%.`,
      '',
      '| pipeline | accuracy % | lowest | highest | vs default | beats default | drifts | warning rows |',
      '|---|---:|---:|---:|---:|---|---:|---:|',
    );
    for (const p of r.rows)
      out.push(
        `| ${nameOf(p)}${p.diverged ? ' (diverged)' : ''} | ${pct(p.accuracy)} | ${pct(p.low)} | ${pct(p.high)} | ${p.kind === 'default' ? '' : points(p.gain)} | ${p.kind === 'default' ? '' : `${['no', 'tie', '**yes**'][verdict(p.gain) + 1]} (${p.won} of ${r.seeds})`} | ${count(p.drifts)} | ${WARNING_DETECTORS.includes(p.detector) ? count(p.warnings) : ''} |`,
      );
  }
  // The summary: each stream weighs the same, whatever its rows.
  const others = results[0]?.rows.filter((p) => p.kind !== 'default') ?? [];
  out.push(
    '',
    '### Gain over the default, per stream',
    '',
    "Accuracy minus the default's, in points (means over the seeds), their mean over the streams (each stream weighs the same), and the streams on which it is above 0 as shown:",
    '',
    `| pipeline | ${results.map((r) => r.stream.name).join(' | ')} | mean | streams beaten |`,
    `|---|${results.map(() => '---:').join('|')}|---:|---:|`,
  );
  const gainsOf = (key) => results.map((r) => r.rows.find((p) => p.key === key).gain);
  for (const p of others) {
    const gains = gainsOf(p.key);
    out.push(
      `| ${nameOf(p)} | ${gains.map(points).join(' | ')} | ${points(mean(gains))} | ${gains.filter((g) => verdict(g) > 0).length} of ${gains.length} |`,
    );
  }
  out.push('', ...notes(results, others, gainsOf), '', END);
  return out.join('\n') + '\n';
}

/** What the tables say in words: the configurations that lost on every stream, the best one per
 * stream, and the pipelines below the last label or the majority class. */
function notes(results, others, gainsOf) {
  const out = [
    "Why the default loses on changing streams: `+avg` predicts with the mean of the weights over every row since the learner started (docs/algorithms.md 3.1), which still holds the old concepts long after a change; a reset or a background learner's takeover starts that mean afresh.",
    '',
  ];
  const worse = others.filter((p) => gainsOf(p.key).every((g) => verdict(g) < 0));
  const better = others.filter((p) => gainsOf(p.key).every((g) => verdict(g) > 0));
  out.push(
    better.length
      ? `- Better than the default on every stream: ${better.map(noted).join('; ')}.`
      : '- No configuration beats the default on every stream.',
    worse.length
      ? `- Worse than the default on every stream: ${worse.map(noted).join('; ')}.`
      : '- No configuration is worse than the default on every stream.',
  );
  const best = results.map((r) => {
    const top = r.rows.reduce((a, b) => (b.accuracy > a.accuracy ? b : a));
    return `${r.stream.name}: ${noted(top)}, ${pct(top.accuracy)}%`;
  });
  out.push(`- The best pipeline per stream (by mean accuracy): ${best.join('; ')}.`);
  const below = [];
  for (const r of results)
    for (const p of r.rows) {
      const under = [];
      if (p.accuracy <= r.lastLabel) under.push('the last label');
      if (p.accuracy <= r.majority) under.push('the majority class');
      if (under.length) below.push(`${noted(p)} on ${r.stream.name} (${under.join(' and ')})`);
    }
  out.push(
    below.length
      ? `- No better than a baseline (mean accuracy at or below the baseline's): ${below.join('; ')}.`
      : '- Every pipeline beats the last label and the majority class on every stream.',
  );
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.includes('--check'));
