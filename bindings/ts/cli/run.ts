// `onepass run`: a stream through pipelines with one parse (docs/cli.md).
import { type ReadStream, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  load,
  type CsvInfo,
  type CsvReadOptions,
  type CsvRunner,
  type Onepass,
  type PipelineResult,
  type SvmlightRunner,
} from '../index.js';
import { decompressed } from '../api/sources.js';
import { coreCount } from '../parallel/cores.js';
import { Words } from './args.js';
import { inFile, loadModel, openCsv, orDefault } from './files.js';
import { progressLine } from './progress.js';
import { labelsText, resultTable } from './run_table.js';

/** --threads by default: every core, up to 4 (one learns, three parse). Beyond three parsers
 * learning is the bound (docs/bench.md estimates it from the per-row costs), and each worker
 * costs a module instance's memory. */
const DEFAULT_THREADS = (cores: number): number => Math.min(cores, 4);

interface RunArgs {
  words: Words;
  file: string;
  format: 'csv' | 'svmlight';
  pipelines: string[];
  shuffleBuffer?: number;
  seed?: number;
  save?: string;
  load?: string;
  csv: CsvReadOptions;
  every: number;
  window: number;
  json: boolean;
  quiet: boolean;
  threads?: number;
}

/** The run's options from its words (the core checked them: api/command_line.hpp). */
function runArgs(w: Words): RunArgs {
  return {
    words: w,
    file: w.file,
    format: w.format,
    pipelines: w.values('--pipeline'),
    shuffleBuffer: w.number('--shuffle-buffer'),
    seed: w.number('--seed'),
    save: w.value('--save'),
    load: w.value('--load'),
    csv: w.csv(),
    every: w.number('--every') ?? 0,
    window: w.number('--window') ?? 0,
    json: w.has('--json'),
    quiet: w.has('--quiet'),
    threads: w.number('--threads'),
  };
}

/** The run's input and runner: a CSV or an svmlight one, of the pipelines given or of the model
 * to train further (whose input decides the format); and the rows that model had learned. The
 * model is read first, then the input opened, then the runner made: the first fault is named. */
async function startRunner(
  op: Onepass,
  a: RunArgs,
): Promise<{
  source: AsyncIterable<Uint8Array>;
  csv: CsvRunner | null;
  svm: SvmlightRunner | null;
  learnedBefore: number;
}> {
  let models: string[] = [];
  let learnedBefore = 0;
  if (a.load) {
    const loaded = loadModel(op, a.load);
    models = [loaded.text];
    learnedBefore = loaded.rows;
    a.format = loaded.input; // the model reads what it was trained on
    a.words.checkReading(loaded.input, basename(a.load));
  }
  const source = await openCsv(a.file);
  try {
    return { source, ...runnerOf(op, a, models), learnedBefore };
  } catch (e) {
    (source as { destroy?(): void }).destroy?.();
    throw e;
  }
}

function runnerOf(
  op: Onepass,
  a: RunArgs,
  models: string[],
): { csv: CsvRunner | null; svm: SvmlightRunner | null } {
  const onError = a.csv.onError ?? 'stop';
  if (a.format === 'csv') {
    const csv = op.csvRunner({
      ...a.csv,
      pipelines: a.pipelines,
      models,
      every: a.every,
      window: a.window,
      onError,
      shuffleBuffer: a.shuffleBuffer,
      seed: a.seed,
    });
    return { csv, svm: null };
  }
  const svm = op.svmlightRunner({
    ...a.words.svmlight(),
    ...(models.length ? { models } : { pipelines: a.pipelines }),
    every: a.every,
    window: a.window,
    onError,
  });
  return { csv: null, svm };
}

export async function run(args: string[]): Promise<void> {
  const op = await load();
  const a = runArgs(new Words(op, ['run', ...args]));
  if (!a.load) a.words.checkReading();
  // A CSV without --pipeline runs the default of its label's task, said once the task is known.
  const byDefault = !a.load && a.pipelines.length === 0;
  if (a.format !== 'csv') orDefault(a.pipelines, op.defaultPipeline);
  for (const spec of a.pipelines) op.pipeline(spec).dispose(); // spec errors before file errors
  const { source, csv, svm, learnedBefore } = await startRunner(op, a);
  const runner = csv ?? svm!;
  let info, results, summary;
  let lines: string[] = [];
  try {
    const progress = progressLine(a.quiet ? null : process.stderr, a.file);
    const onProgress = (bytes: number) => progress?.update(bytes, () => runner.stats(0).rows);
    if (csv) {
      // A regular file by its path: parser workers read its ranges themselves (the stream
      // opened above only checked that it can be read). Standard input, a pipe or a FIFO is
      // read from that stream, once.
      const regular = a.file !== '-' && !a.file.includes('\n') && statSync(a.file).isFile();
      const input = regular ? a.file : source;
      if (regular) (source as ReadStream).destroy();
      await csv.pushAll(input, {
        threads: a.threads ?? DEFAULT_THREADS(await coreCount()),
        onProgress,
      });
    } else {
      let bytes = 0;
      for await (const chunk of decompressed(source)) {
        runner.push(chunk);
        onProgress((bytes += chunk.length));
      }
    }
    progress?.done();
    runner.finish();
    results = runner.results();
    if (byDefault && !a.quiet)
      process.stderr.write(
        `pipeline: ${results[0].pipeline} (the default for ${taskWords(results[0].task)}; ` +
          'choose with --pipeline)\n',
      );
    if (a.json) lines = results.map((_, i) => runner.resultJSON(i));
    if (csv) {
      info = csv.info();
      summary = `${info.features.length} features, label '${info.label}'`;
      if (a.save) writeFileSync(a.save, csv.modelJSON(0) + '\n');
    } else {
      const i = svm!.info();
      info = { ...i, warnings: [] as string[] };
      summary = `${i.dims} features, sparse`;
      if (a.save) writeFileSync(a.save, svm!.modelJSON(0) + '\n');
    }
  } catch (e) {
    // A run stopped by a bad row keeps what it learned before it: with --save its model is
    // written all the same, and said so; the exit code still says the run failed.
    const learned = runner.stats(0).rows;
    if (a.save && learned > 0 && e instanceof Error) {
      writeFileSync(a.save, runner.modelJSON(0) + '\n');
      e.message += `\nonepass: ${op.savedBeforeStop(learned, a.save)}`;
    }
    // A sparse file read as CSV fails on its first line: say what it probably is.
    const svm = a.format === 'csv' && /\.(svm|svmlight|libsvm)$/i.test(a.file);
    const hint = svm ? ' (this looks like an svmlight file: add --format svmlight --dims D)' : '';
    throw inFile(a.file, new Error((e as Error).message + hint));
  } finally {
    runner.dispose();
  }
  report(a, info, results, lines, summary, learnedBefore);
}

/** A task in words, for the note on the default pipeline. */
function taskWords(task: string): string {
  return task === 'binary' ? 'yes/no labels' : task === 'multiclass' ? 'classes' : 'a number';
}

/** What a run prints: warnings, notes and skipped rows on stderr; the JSON lines, or a table. */
function report(
  a: RunArgs,
  info: Pick<
    CsvInfo,
    'warnings' | 'errors' | 'rows' | 'skipped' | 'positiveLabel' | 'negativeLabel'
  > & {
    notices?: string[];
  },
  results: PipelineResult[],
  lines: string[],
  summary: string,
  learnedBefore: number,
): void {
  for (const w of info.warnings) process.stderr.write(`onepass: warning: ${w}\n`);
  for (const r of results)
    for (const w of r.warnings) process.stderr.write(`onepass: warning: ${r.pipeline}: ${w}\n`);
  for (const n of info.notices ?? []) process.stderr.write(`onepass: note: ${n}\n`);
  for (const e of info.errors) process.stderr.write(`onepass: skipped ${e.message}\n`);
  if (a.json) {
    for (const line of lines) process.stdout.write(line + '\n');
    return;
  }
  process.stdout.write(
    `${a.file}: ${info.rows} rows, ${summary} (${labelsText(results, info)})` +
      (info.skipped ? `, ${info.skipped} bad rows skipped` : '') +
      '\nprogressive validation: each row predicted before it is learned' +
      (a.load
        ? `; the counts include the ${learnedBefore} rows ${basename(a.load)} had learned before`
        : '') +
      '\n\n',
  );
  process.stdout.write(resultTable(results, info));
}
