// Whether a command runs on V8's baseline WebAssembly code alone (Liftoff, `--liftoff-only`):
// a small input is read before the optimising compiler (TurboFan) has made the hot functions
// faster, and the process then waits at its exit for the compiles in progress (design.md,
// toolchain fact 10). Only `run` and `predict` qualify, whose work follows their input's size;
// `evaluate` passes over its input once per fold and grid point, and `generate` reads none.
// Importing this module sets the flag (cli.ts imports it first, before any module compiles).
import * as fs from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { encodedFile } from '../api/sources.js';

/** Plain files of at most this many bytes in all run on baseline code: below it baseline code
 * measured faster on numeric and string files with the default pipeline and with a light one;
 * by about 24 MB of 28 numeric columns the default pipeline's learning (its full covariances)
 * evens them out, and larger files are slower so (docs/bench.md, measurements). */
export const BASELINE_CODE_BYTES = 8 * 1024 * 1024;

/** The errors of a word that names no file (an option's value): any other keeps the default. */
const NAMES_NO_FILE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

/** Whether `onepass argv...` runs best on baseline code: `run` or `predict` whose words name
 * plain files of at most BASELINE_CODE_BYTES in all. The words are only looked up as paths
 * (what they mean is the core's to say): a word naming no file is passed over, and standard
 * input ('-'), a pipe, a device or a compressed or binary file (api/sources.ts encodedFile) keep
 * V8's default, as does a path that cannot be looked up. */
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
      stat = fs.statSync(word);
    } catch (e) {
      if (NAMES_NO_FILE.has((e as NodeJS.ErrnoException).code ?? '')) continue;
      return false;
    }
    if (stat.isDirectory()) continue;
    // A compressed or binary file's rows are more than its size shows.
    if (!stat.isFile() || encodedFile(fs, word)) return false;
    bytes += stat.size;
    files += 1;
  }
  return files > 0 && bytes <= BASELINE_CODE_BYTES;
}

if (runsOnBaselineCode(process.argv.slice(2))) setFlagsFromString('--liftoff-only');
