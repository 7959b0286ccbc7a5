// docs/bench.md as npm run bench writes it (bench/run.mjs): the table of the run with the date
// and the machine, the stages' costs, and below them the hand-written section of the figures
// that design choices rest on, kept as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const KEPT_SECTION = '## Measurements behind design choices';

function keptSection(root) {
  const file = join(root, 'docs/bench.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = text.indexOf(KEPT_SECTION);
  return at < 0 ? '' : '\n' + text.slice(at);
}

/** Writes docs/bench.md: `table`, `stageTable` and `widthTable` are the run's, `rows` x
 * `features` its generated file of `mb` MB, each figure the median of `runs` runs. */
export function writeBenchDoc(root, { rows, features, mb, runs, table, stageTable, widthTable }) {
  const kept = keptSection(root);
  const machine = `${cpus()[0].model}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`;
  writeFileSync(
    join(root, 'docs/bench.md'),
    `# Benchmarks\n\nMade by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} on ${machine}.\n` +
      `Data: ${rows} generated rows x ${features} numeric features (${mb.toFixed(0)} MB; bench/data.mjs): numbers as %.7g writes them,\n` +
      `integers, exact zeros, negatives, exponents (-3.2e-05) and 0.3% empty cells; median of ${runs} runs, spread = fastest-slowest.\n` +
      `Whole-process rows include starting the process; in-process rows load the module once. Every figure\n` +
      `is from the machine named above, in one run of the bench. "Cores busy": processor time (all threads of the\n` +
      `process, or all Chromium processes) over the run's time, the median of the runs: a run near the machine's cores\n` +
      `can go faster only by doing less. Runs compared in a ratio are measured in rounds (each round runs each once,\n` +
      `the CLI, native and in-process rows of the first file together), and a ratio is the median over rounds of the\n` +
      `two runs' times, so that the machine's drift touches both sides alike.\n` +
      `Browser rows: memory is the growth of all Chromium processes' anonymous and shared memory while the file streams\n` +
      `(resident: with the pages of Chromium's own code it maps in on first use); median of 3 runs and their range.\n\n${table}\n\n` +
      '## What one row costs in each stage\n\nGoogle Benchmark (bench/cpp/update_bench.cpp), native: one progressive step of a pipeline\n' +
      "of the learner alone or averaged (predict, record, learn), a scaler's update and transform. Sparse\n" +
      'rows have 20 non-zeros. logreg (also with weight decay, lambda = 1), perceptron, the PA family,\n' +
      'arow, scw1, scw2, adagrad, nag and ftrl (also averaged, except logreg with weight decay), and the\n' +
      'scalers maxabs, l1 and l2 step in\n' +
      'O(non-zeros): the same cost with 1,000 or 100,000 features, and arow_full too past 512 features.\n' +
      'The other learners learn the row made dense, so their cost grows with the features.\n\n' +
      `${stageTable}\n\n` +
      'arow_full keeps the whole covariance while the input has at most 512 features, so its step\n' +
      'costs O(n^2) in the width n (docs/algorithms.md 4.31); past 512 it steps as arow does. Its cost\n' +
      'on dense rows as the width grows, beside the diagonal arow (the same benchmark):\n\n' +
      `${widthTable}\n` +
      kept,
  );
}

/** Writes `text`, a section of docs/quality.md that opens with `<!-- NAME: begin` and closes
 * with `<!-- NAME: end -->` (the quality scripts' own), in place of that section, or when the
 * file has none yet after the others (before them with `first`, bench/quality.mjs's, which
 * opens the page): each script rewrites its part and leaves the rest. */
export function writeQualitySection(root, name, text, { first = false } = {}) {
  const path = join(root, 'docs/quality.md');
  const doc = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const begin = doc.indexOf(`<!-- ${name}: begin`);
  const endMark = `<!-- ${name}: end -->`;
  const end = doc.indexOf(endMark);
  writeFileSync(
    path,
    begin >= 0 && end > begin
      ? doc.slice(0, begin) + text + doc.slice(end + endMark.length + 1)
      : first
        ? text + (doc.trim() ? '\n' + doc.trimStart() : '')
        : doc.trimEnd() + '\n\n' + text,
  );
}
