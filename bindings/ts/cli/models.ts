// `onepass predict`, `merge` and `export`: what is done with a saved model.
import { createWriteStream, openSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { sourceChunks } from '../api/sources.js';
import { load } from '../index.js';
import { Words } from './args.js';
import { csvSource, inFile, loadModel, readModelText } from './files.js';

export async function predict(args: string[]): Promise<void> {
  const op = await load();
  const w = new Words(op, ['predict', ...args]);
  const file = w.file;
  const modelFile = w.value('--model')!;
  const out = w.value('--out');
  const model = loadModel(op, modelFile);
  // The model reads what it was trained on; --format, when given, must agree.
  w.checkReading(model.input, basename(modelFile));
  const csv = w.csv();
  // The core checked that --threshold is a number (api/command_line.cpp); the scorer checks
  // what it may be for this model.
  const given = w.value('--threshold');
  const threshold = given === undefined ? {} : { threshold: Number(given) };
  // --explain [N]: the core gave its count, the default when no number followed
  // (api/command_line.cpp); the scorer says whether this model can be explained.
  const count = w.number('--explain');
  const explain = count === undefined ? {} : { explain: count };
  const scorer =
    model.input === 'svmlight'
      ? op.svmlightScorer(model.text, {
          positive: csv.positive,
          onError: csv.onError,
          ...threshold,
          ...explain,
        })
      : op.csvScorer(model.text, { ...csv, ...threshold, ...explain });
  // Opened now: a path that cannot be written is a message, not a stream's late error event.
  let fd: number | undefined;
  try {
    if (out) fd = openSync(out, 'w');
  } catch (e) {
    scorer.dispose();
    const err = e as NodeJS.ErrnoException;
    // The words of onepass-native predict's message (native_models.cpp).
    throw new Error(
      `cannot write ${out}: ${err.code === 'ENOENT' ? 'its folder does not exist' : err.message}`,
    );
  }
  const fileOut = out ? createWriteStream('', { fd }) : null;
  const sink: NodeJS.WritableStream = fileOut ?? process.stdout;
  sink.write(scorer.csvHeader);
  const write = async (r: ReturnType<typeof scorer.push>): Promise<void> => {
    if (!sink.write(scorer.toCsv(r))) await new Promise((resolve) => sink.once('drain', resolve));
  };
  let summary: string;
  let failure: Error | null = null;
  try {
    for await (const chunk of sourceChunks(await csvSource(file))) await write(scorer.push(chunk));
    await write(scorer.finish());
    for (const e of scorer.errors) process.stderr.write(`onepass: skipped ${e}\n`);
    summary = scorer.summary;
  } catch (e) {
    // The rows predicted before a bad row are written, as onepass-native writes them.
    const scored = (e as { scored?: ReturnType<typeof scorer.push> }).scored;
    if (scored) await write(scored);
    failure = inFile(file, e as Error);
    summary = '';
  } finally {
    scorer.dispose();
  }
  if (fileOut) await new Promise((resolve) => fileOut.end(resolve));
  if (failure) throw failure;
  process.stderr.write(`onepass: ${summary}\n`);
}

export async function merge(args: string[]): Promise<void> {
  const op = await load();
  const w = new Words(op, ['merge', ...args]);
  const out = w.value('--out')!;
  // The core checked that --weights' parts are numbers (api/command_line.cpp); merge checks
  // what they may be (docs/algorithms.md §3.4).
  const weights = w.value('--weights')?.split(',').map(Number);
  const base = w.value('--base');
  const options = {
    mean: w.has('--mean'),
    ...(weights ? { weights } : {}),
    ...(base ? { base: readModelText(op, base) } : {}),
  };
  writeFileSync(
    out,
    op.mergeJSON(
      w.files.map((f) => readModelText(op, f)),
      options,
    ) + '\n',
  );
  process.stderr.write(`onepass: merged ${w.files.length} models into ${out}\n`);
}

export async function exportModel(args: string[]): Promise<void> {
  const op = await load();
  const w = new Words(op, ['export', ...args]);
  const [modelFile, onnx, weights] = [w.file, w.value('--onnx'), w.value('--weights')];
  // dispose() rather than `using`: Node before 18.18 and 20.4 has no Symbol.dispose, and the
  // package says it runs on Node 18 (package.json engines).
  const p = op.loadPipeline(readModelText(op, modelFile));
  try {
    // Both are made before either is written: a pipeline without a linear form writes nothing.
    const bytes = onnx ? p.toONNX() : undefined;
    const plain = weights ? p.linearWeightsJSON() : undefined;
    if (onnx && bytes) writeFileSync(onnx, bytes);
    if (weights && plain) writeFileSync(weights, plain + '\n');
    const wrote = [onnx, weights].filter(Boolean).join(' and ');
    process.stderr.write(
      `onepass: exported ${p.spec} (${p.schema.features.length} features) to ${wrote}\n`,
    );
  } finally {
    p.dispose();
  }
}
