// Whether a command runs on V8's baseline WebAssembly code alone (Liftoff, `--liftoff-only`):
// a small input is read before the optimising compiler (TurboFan) has made the hot functions
// faster, and the process then waits at its exit for the compiles in progress (design.md,
// toolchain fact 10). Only `run` and `predict` qualify, whose work follows their input's size;
// `evaluate` passes over its input once per fold and grid point, and `generate` reads none.
// Importing this module sets the flag (cli.ts imports it first, before any module compiles).
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { isArrowFile, isArrowStream } from '../api/arrow.js';
import { isParquet } from '../api/parquet.js';
import { isGzip, isZstd } from '../api/sources.js';

/** Plain files of at most this many bytes in all run on baseline code: below it baseline code
 * measured faster on numeric and string files with the default pipeline and with a light one;
 * by about 24 MB of 28 numeric columns the default pipeline's learning (its full covariances)
 * evens them out, and larger files are slower so (docs/bench.md, measurements). */
export const BASELINE_CODE_BYTES = 8 * 1024 * 1024;

/** The errors of a word that names no file (an option's value): any other keeps the default. */
const NAMES_NO_FILE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

/** The first bytes of a file: enough for every format's magic number. */
function head(file: string): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const bytes = new Uint8Array(8);
    return bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** Whether the bytes are compressed or binary: their rows are more than their size shows. */
function packed(bytes: Uint8Array): boolean {
  return (
    isGzip(bytes) || isZstd(bytes) || isParquet(bytes) || isArrowFile(bytes) || isArrowStream(bytes)
  );
}

/** Whether `onepass argv...` runs best on baseline code: `run` or `predict` whose words name
 * plain files of at most BASELINE_CODE_BYTES in all. The words are only looked up as paths
 * (what they mean is the core's to say): a word naming no file is passed over, and standard
 * input ('-'), a pipe, a device or a compressed or binary file keep V8's default, as does any
 * doubt. */
export function runsOnBaselineCode(argv: string[], arch = process.arch): boolean {
  const [command, ...words] = argv;
  // With --liftoff-only an operation Liftoff lacks is fatal, not handed to TurboFan: only where
  // Liftoff compiles the whole module (x64, arm64).
  if (arch !== 'x64' && arch !== 'arm64') return false;
  if (command !== 'run' && command !== 'predict') return false;
  let bytes = 0;
  let files = 0;
  for (const word of words) {
    if (word === '-') return false;
    let stat;
    try {
      stat = statSync(word);
    } catch (e) {
      if (NAMES_NO_FILE.has((e as NodeJS.ErrnoException).code ?? '')) continue;
      return false;
    }
    if (stat.isDirectory()) continue;
    if (!stat.isFile()) return false;
    try {
      if (packed(head(word))) return false;
    } catch {
      return false;
    }
    bytes += stat.size;
    files += 1;
  }
  return files > 0 && bytes <= BASELINE_CODE_BYTES;
}

if (runsOnBaselineCode(process.argv.slice(2))) setFlagsFromString('--liftoff-only');
