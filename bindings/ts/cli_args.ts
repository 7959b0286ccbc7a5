// The CLI's arguments (README.md "The CLI"): options walked one by one, the CSV reading
// flags every command shares, numbers checked, the svmlight format's flags.
import type { CsvReadOptions, SvmlightReadOptions } from './index.js';
import type { CsvFlag } from './onepass_wasm.mjs';

/** A mistake in the command line (exit code 2, with a pointer to --help). */
export class UsageError extends Error {}

/** Walks the arguments: `take(option, value)` handles an option (value() reads the next word)
 * and returns false for one it does not know; other words are positional. */
export function walkArgs(
  args: string[],
  take: (option: string, value: () => string) => boolean,
): string[] {
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (): string => {
      if (i + 1 >= args.length) throw new UsageError(`${a} needs a value`);
      return args[++i];
    };
    if (take(a, value)) continue;
    if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option '${a}'`);
    positional.push(a);
  }
  return positional;
}

/** Takes a CSV reading flag (run, evaluate, predict) into `csv`; false for any other option.
 * The flags are the core's (api/csv_options.hpp, as onepass-native reads them): mostly the
 * kebab-case name of a CSV option (--skip-lines: skipLines), each value as text, which the core
 * checks, naming the option at fault; a switch (--no-header) sets its value. */
export function csvFlag(
  option: string,
  value: () => string,
  csv: CsvReadOptions,
  flags: CsvFlag[],
): boolean {
  const f = flags.find((x) => x.flag === option);
  if (!f) return false;
  (csv as Record<string, unknown>)[f.name] = f.switchValue ?? value();
  return true;
}

/** A number option, checked: `what` says what it takes ("a whole number >= 0"). */
export function numberArg(
  option: string,
  v: string,
  ok: (n: number) => boolean,
  what: string,
): number {
  const n = Number(v);
  if (!ok(n)) throw new UsageError(`${option} takes ${what} (got '${v}')`);
  return n;
}
export const wholeNumber = (n: number): boolean => Number.isInteger(n) && n >= 0;

export function one(positional: string[], what: string): string {
  if (positional.length === 0) throw new UsageError(what);
  if (positional.length > 1) throw new UsageError(`unexpected argument '${positional[1]}'`);
  return positional[0];
}

export function formatArg(v: string): 'csv' | 'svmlight' {
  if (v === 'csv' || v === 'svmlight') return v;
  if (v === 'libsvm') return 'svmlight'; // the same format
  throw new UsageError(`--format is csv, svmlight or libsvm, not '${v}'`);
}

/** The format options of a command, checked: svmlight needs --dims (unless a model gives the
 * width) and takes none of the CSV-only reading flags (nor `csvOnly`, the command's own);
 * --dims and --index-base go with svmlight only. */
export function checkFormat(
  a: { format: 'csv' | 'svmlight'; dims?: number; indexBase?: 0 | 1; csv: CsvReadOptions },
  modelGivesDims: boolean,
  flags: CsvFlag[],
  csvOnly: [string, unknown][] = [],
): void {
  if (a.format === 'csv') {
    if (a.dims !== undefined || a.indexBase !== undefined)
      throw new UsageError('--dims and --index-base go with --format svmlight');
    return;
  }
  if (a.dims === undefined && !modelGivesDims)
    throw new UsageError('--format svmlight needs --dims <number of features>');
  const given = [
    ...flags
      .filter((f) => !f.svmlight)
      .map((f): [string, unknown] => [f.flag, (a.csv as Record<string, unknown>)[f.name]]),
    ...csvOnly,
  ].find(([, v]) => v !== undefined);
  if (given)
    throw new UsageError(`${given[0]} reads CSV files; it does not apply to --format svmlight`);
}

/** --format, --dims and --index-base into `out`; false for any other option. */
export function formatFlag(
  option: string,
  value: () => string,
  out: { format: 'csv' | 'svmlight'; dims?: number; indexBase?: 0 | 1 },
): boolean {
  if (option === '--format') out.format = formatArg(value());
  else if (option === '--dims')
    out.dims = numberArg(option, value(), (n) => wholeNumber(n) && n > 0, 'a whole number > 0');
  else if (option === '--index-base')
    out.indexBase = numberArg(option, value(), (n) => n === 0 || n === 1, '0 or 1') as 0 | 1;
  else return false;
  return true;
}

/** The svmlight reading options of a command's arguments. */
export function svmlightOptions(a: {
  dims?: number;
  indexBase?: 0 | 1;
  csv: CsvReadOptions;
}): SvmlightReadOptions {
  const { positive, onError } = a.csv;
  return { dims: a.dims, indexBase: a.indexBase, positive, onError };
}

export function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
