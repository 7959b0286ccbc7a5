// The errors the package throws from the core's failures and from files it cannot read.
import type { RawStatus } from '../onepass_wasm.mjs';

/** Throws the core's error: a message, or a row's error, whose Error also carries `line` and
 * `column` (1-based; column 0 when the whole row is at fault) as numbers. */
export function fail(error: RawStatus): never {
  if (typeof error === 'string') throw new Error(error);
  throw Object.assign(new Error(error.message), { line: error.line, column: error.column });
}

/** The error of a file that cannot be opened or read, naming it. */
export function cannotRead(path: string, e: unknown): never {
  fail(`cannot read the file '${path}': ${(e as Error).message}`);
}

/** A model file's text from the core, or its refusal thrown (a text past the bound of a model
 * file, which could not be read back: docs/limits.md). */
export function modelText(made: string | { error: string }): string {
  if (typeof made !== 'string') fail(made.error);
  return made;
}
