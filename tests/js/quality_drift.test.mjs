// npm run quality, drift (bench/quality_drift.mjs): on SEA with 10% noise (docs/algorithms.md
// 6.9.1), `+drift(action=reset)` (docs/algorithms.md 6.10) beats the same pipeline without it;
// the last label and the majority class it reports are those of the generated labels, counted
// here by hand (docs/algorithms.md 6.5); its summaries are the means, extremes and paired gains of
// the seeds' figures; and its tables have a complete row for every pipeline. The report itself is
// not run here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from 'onepass';
import {
  BEGIN,
  DETECTORS,
  END,
  STREAMS,
  WARNING_DETECTORS,
  pipelinesOf,
  report,
  runStream,
  streamText,
  summarize,
  verdict,
} from '../../bench/quality_drift.mjs';

const op = await load();
const pipelines = pipelinesOf(op.defaultPipeline);
const at = (key) => pipelines.findIndex((p) => p.key === key);
// SEA's four concepts a quarter of the rows each (every=0): changes at rows 5,000, 10,000, 15,000.
const SEA = { name: 'sea', stream: 'sea', rows: 20000, params: { noise: 0.1 } };

test('the pipelines: the default, a reset per detector, a background per warning level', () => {
  assert.equal(pipelines.length, 1 + DETECTORS.length + WARNING_DETECTORS.length + 2);
  assert.equal(pipelines[0].spec, op.defaultPipeline);
  assert.equal(new Set(pipelines.map((p) => p.spec)).size, pipelines.length);
  for (const d of DETECTORS)
    assert.equal(
      pipelines[at(`${d}/reset`)].spec,
      `${op.defaultPipeline} +drift(detector=${d},action=reset)`,
    );
  for (const d of WARNING_DETECTORS) assert.ok(at(`${d}/background`) > 0, d);
  // Every stream of the report is one the generator knows, with parameters it accepts.
  for (const s of STREAMS) op.generateCsv(s.stream, { rows: 10, seed: 1, params: s.params });
});

test('on SEA with 10% noise, +drift(action=reset) beats the default; the baselines are the labels', async () => {
  const result = await runStream(op, SEA, 1, pipelines);
  const plain = result.runs[at('default')];
  const reset = result.runs[at('adwin/reset')];
  assert.equal(plain.drifts, null);
  assert.ok(reset.drifts >= 1, `${reset.drifts} drifts`);
  assert.ok(reset.accuracy > plain.accuracy, `${reset.accuracy} against ${plain.accuracy}`);
  // And the same +drift with its defaults written out by nobody: detector=adwin.
  const { results } = await op.runCsv(streamText(op, SEA, 1), {
    pipelines: [`${op.defaultPipeline} +drift(action=reset)`],
  });
  assert.equal(results[0].accuracy, reset.accuracy);

  // The labels by hand: a mistake where a label differs from the one before it, and on the
  // first row, which has none before it.
  const labels = streamText(op, SEA, 1)
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.at(-1));
  assert.equal(labels.length, SEA.rows);
  let mistakes = 1;
  for (let i = 1; i < labels.length; i++) if (labels[i] !== labels[i - 1]) mistakes++;
  assert.equal(result.lastLabel, 1 - mistakes / labels.length);
  const ones = labels.filter((y) => y === '1').length;
  assert.equal(result.majority, Math.max(ones, labels.length - ones) / labels.length);
  // With runs of about two labels on a stream of 10% noise, the last label is near a coin's.
  assert.ok(result.lastLabel > 0.45 && result.lastLabel < 0.6, String(result.lastLabel));
});

test("a stream's summary is the seeds' means, extremes and gains paired by seed", () => {
  const two = pipelines.slice(0, 2);
  const seed = (a, b, drifts) => ({
    lastLabel: 0.5,
    majority: 0.6,
    runs: [
      { accuracy: a, drifts: null, warnings: null, diverged: false },
      { accuracy: b, drifts, warnings: 0, diverged: false },
    ],
  });
  const s = summarize(SEA, two, [seed(0.8, 0.9, 3), seed(0.7, 0.65, 1)]);
  assert.equal(s.seeds, 2);
  const [plain, reset] = s.rows;
  assert.ok(Math.abs(plain.accuracy - 0.75) < 1e-12);
  assert.deepEqual([plain.low, plain.high, plain.won], [0.7, 0.8, 0]);
  assert.ok(Math.abs(reset.gain - (0.1 - 0.05) / 2) < 1e-12);
  assert.equal(reset.won, 1);
  assert.equal(reset.drifts, 2);
  assert.equal(plain.drifts, null);
  // A gain counts as the table shows it: +0.04 points is a tie, +0.06 a win.
  assert.deepEqual([0.0004, 0.0006, -0.0006, 0].map(verdict), [0, 1, -1, 0]);
});

test('the tables have a complete row for every pipeline and stream', async () => {
  const small = [
    { ...SEA, rows: 3000 },
    { ...STREAMS.find((s) => s.name === 'stagger'), rows: 2000, params: { every: 500 } },
  ];
  const results = [];
  for (const stream of small) {
    const per = [];
    for (const seed of [1, 2]) per.push(await runStream(op, stream, seed, pipelines));
    results.push(summarize(stream, pipelines, per));
  }
  const text = report(results, op.defaultPipeline, performance.now());
  assert.ok(text.startsWith(BEGIN) && text.trimEnd().endsWith(END));
  const lines = text.split('\n');
  const cells = (line) =>
    line
      .replace(/\\\|/g, '/')
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  for (const r of results) {
    const head = lines.indexOf(`### ${r.stream.name}`);
    assert.ok(head > 0, r.stream.name);
    const rows = lines.slice(head + 6, head + 6 + pipelines.length).map(cells);
    assert.equal(lines[head + 6 + pipelines.length], '');
    rows.forEach((c, k) => {
      const p = pipelines[k];
      assert.equal(c.length, 8, lines[head + 6 + k]);
      for (const j of [1, 2, 3]) assert.match(c[j], /^\d+\.\d$/, `${p.key}: ${c}`);
      if (p.kind === 'default') assert.deepEqual(c.slice(4), ['', '', '', '']);
      else {
        assert.match(c[4], /^([+-]\d+\.\d|0\.0)$/, `${p.key}: ${c}`);
        assert.match(c[5], /^(\*\*yes\*\*|tie|no) \(\d of 2\)$/, `${p.key}: ${c}`);
      }
      assert.equal(c[6] !== '', p.kind === 'drift', `${p.key}: ${c}`);
      assert.equal(c[7] !== '', WARNING_DETECTORS.includes(p.detector), `${p.key}: ${c}`);
    });
    assert.ok(
      lines.includes(
        `Last label: ${(100 * r.lastLabel).toFixed(1)}%. Majority class: ${(100 * r.majority).toFixed(1)}%.`,
      ),
    );
  }
  const head = lines.findIndex((l) => l.startsWith('| pipeline | sea | stagger | mean |'));
  assert.ok(head > 0);
  const summary = lines.slice(head + 2, head + 1 + pipelines.length).map(cells);
  assert.equal(lines[head + 1 + pipelines.length], '');
  for (const c of summary) {
    assert.equal(c.length, 5);
    for (const j of [1, 2, 3]) assert.match(c[j], /^([+-]\d+\.\d|0\.0)$/, String(c));
    assert.match(c[4], /^\d of 2$/);
  }
});
