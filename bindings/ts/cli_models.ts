// `onepass predict`, `merge` and `export`: what is done with a saved model.
import { createWriteStream, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { load, type CsvReadOptions } from './index.js';
import { csvFlag, formatFlag, checkFormat, one, UsageError, walkArgs } from './cli_args.js';
import { inFile, loadModel, openCsv, readText } from './cli_io.js';

export async function predict(args: string[]): Promise<void> {
  const op = await load();
  let modelFile: string | undefined, out: string | undefined;
  const a: { format: 'csv' | 'svmlight'; dims?: number; indexBase?: 0 | 1; csv: CsvReadOptions } = {
    format: 'csv',
    csv: {},
  };
  const files = walkArgs(args, (o, value) => {
    if (csvFlag(o, value, a.csv, op.csvFlags) || formatFlag(o, value, a)) return true;
    if (o === '--model' || o === '-m') modelFile = value();
    else if (o === '--out' || o === '-o') out = value();
    else return false;
    return true;
  });
  const file = one(files, 'predict needs one CSV or svmlight file (or - for standard input)');
  if (!modelFile) throw new UsageError('predict needs --model model.json');
  if (a.dims !== undefined || a.indexBase !== undefined)
    throw new UsageError(
      'predict reads svmlight rows as the model was trained: no --dims or --index-base',
    );
  const model = loadModel(op, modelFile);
  // The model reads what it was trained on; --format, when given, must agree.
  if (a.format === 'svmlight' && model.input === 'csv')
    throw new UsageError(
      `${basename(modelFile)} was trained on a CSV file: predict reads CSV rows with it`,
    );
  a.format = model.input;
  checkFormat(a, true, op.csvFlags);
  const scorer =
    model.input === 'svmlight'
      ? op.svmlightScorer(model.text, { positive: a.csv.positive, onError: a.csv.onError })
      : op.csvScorer(model.text, a.csv);
  const fileOut = out ? createWriteStream(out) : null;
  const sink: NodeJS.WritableStream = fileOut ?? process.stdout;
  sink.write(scorer.csvHeader);
  const write = async (r: ReturnType<typeof scorer.push>): Promise<void> => {
    if (!sink.write(scorer.toCsv(r))) await new Promise((resolve) => sink.once('drain', resolve));
  };
  let counts;
  try {
    for await (const chunk of await openCsv(file)) await write(scorer.push(chunk));
    await write(scorer.finish());
    counts = { rows: scorer.rows, labelled: scorer.labelled, correct: scorer.correct };
  } catch (e) {
    throw inFile(file, e as Error);
  } finally {
    scorer.dispose();
  }
  if (fileOut) await new Promise((resolve) => fileOut.end(resolve));
  const { rows, labelled, correct } = counts;
  const acc = labelled
    ? `; accuracy on the ${labelled} labelled rows: ${(correct / labelled).toFixed(4)}`
    : '';
  process.stderr.write(`onepass: ${rows} rows predicted${acc}\n`);
}

export async function merge(args: string[]): Promise<void> {
  let out: string | undefined;
  const rest = walkArgs(args, (a, value) => {
    if (a !== '--out' && a !== '-o') return false;
    out = value();
    return true;
  });
  if (!out) throw new UsageError('merge needs -o merged.json');
  if (rest.length === 0) throw new UsageError('merge needs model files');
  const op = await load();
  writeFileSync(out, op.mergeJSON(rest.map(readText)) + '\n');
  process.stderr.write(`onepass: merged ${rest.length} models into ${out}\n`);
}

export async function exportModel(args: string[]): Promise<void> {
  let onnx: string | undefined;
  let weights: string | undefined;
  const rest = walkArgs(args, (a, value) => {
    if (a === '--onnx') onnx = value();
    else if (a === '--weights') weights = value();
    else return false;
    return true;
  });
  const modelFile = one(rest, 'export needs a model file');
  if (!onnx && !weights) throw new UsageError('export needs --onnx FILE and/or --weights FILE');
  const op = await load();
  // dispose() rather than `using`: Node before 18.18 and 20.4 has no Symbol.dispose, and the
  // package says it runs on Node 18 (package.json engines).
  const p = op.loadPipeline(readText(modelFile));
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
