// Files the CLI reads: text, CSV streams (or standard input), models; messages that name them.
import { createReadStream, readFileSync, statSync, type ReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Onepass } from '../index.js';

export function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new Error(`cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  }
}

/** Refuses a model file larger than a model can be before it is read, with the core's message
 * (its size and the bound) and the file's name. */
function checkModelFile(op: Onepass, file: string): void {
  let bytes = 0;
  try {
    const stat = statSync(file);
    if (stat.isFile()) bytes = stat.size;
  } catch {
    // readText names a file that cannot be read
  }
  const error = op.modelSizeError(bytes);
  if (error) throw inFile(file, new Error(error));
}

/** A model file's text, refused unread when it is larger than a model can be. */
export function readModelText(op: Onepass, file: string): string {
  checkModelFile(op, file);
  return readText(file);
}

/** Opens a CSV (or standard input for "-") as a stream of byte chunks. */
export async function openCsv(file: string): Promise<AsyncIterable<Uint8Array>> {
  const source = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: 1 << 20 });
  await new Promise<void>((resolve, reject) => {
    source.once('error', reject);
    if (file === '-') resolve();
    else source.once('open', () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  });
  return source as AsyncIterable<Uint8Array>;
}

/** What the API reads a CSV from: a regular file by its path, read where it is (a Parquet file
 * by ranges), or standard input or a pipe as the stream opened. */
export async function csvSource(file: string): Promise<string | AsyncIterable<Uint8Array>> {
  const source = await openCsv(file); // says why a file cannot be read
  if (file === '-' || file.includes('\n') || !statSync(file).isFile()) return source;
  (source as ReadStream).destroy();
  return file;
}

export const inFile = (file: string, e: Error): Error =>
  new Error(`${file === '-' ? 'stdin' : basename(file)}: ${e.message}`);

/** Loads a model file, saying which file is at fault: its text, the rows it had learned and
 * what input it reads. */
export function loadModel(
  op: Onepass,
  file: string,
): { text: string; rows: number; input: 'csv' | 'svmlight' } {
  checkModelFile(op, file);
  try {
    const text = readText(file);
    const p = op.loadPipeline(text); // validate now, with the file's name in the message
    const rows = p.stats().rows;
    const input = p.schema.input;
    p.dispose();
    return { text, rows, input };
  } catch (e) {
    throw inFile(file, e as Error);
  }
}

/** Without --pipeline (and --load) a run uses the core's default pipeline, and says so. */
export function orDefault(pipelines: string[], spec: string): void {
  if (pipelines.length > 0) return;
  pipelines.push(spec);
  process.stderr.write(`pipeline: ${spec} (the default; choose with --pipeline)\n`);
}
