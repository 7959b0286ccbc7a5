// The CLI's arguments (docs/cli.md). What they mean, and which are mistakes, is the
// core's to say (api/command_line.hpp: the one definition onepass-native reads its words by
// too); here they become the package's options.
import type { CsvReadOptions, SvmlightReadOptions } from '../index.js';
import type { CommandWords, Onepass } from '../api/onepass.js';

/** A mistake in the command line (exit code 2, with a pointer to --help). */
export class UsageError extends Error {}

/** A command's words (the command first), read and checked by the core. */
export class Words {
  readonly #line: CommandWords;

  constructor(
    readonly op: Onepass,
    readonly words: string[],
  ) {
    try {
      this.#line = op.commandLine(words);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }

  /** The input file (the commands that read one have exactly one). */
  get file(): string {
    return this.#line.files[0];
  }
  get files(): string[] {
    return this.#line.files;
  }
  has(flag: string): boolean {
    return flag in this.#line.options;
  }
  /** The last value given, or undefined. */
  value(flag: string): string | undefined {
    return this.#line.options[flag]?.at(-1);
  }
  values(flag: string): string[] {
    return this.#line.options[flag] ?? [];
  }
  /** A number option's value (the core checked its range), or undefined. */
  number(flag: string): number | undefined {
    const v = this.value(flag);
    return v === undefined ? undefined : Number(v);
  }
  get format(): 'csv' | 'svmlight' {
    const f = this.value('--format') ?? 'csv';
    return f === 'csv' ? 'csv' : 'svmlight';
  }

  /** The CSV reading options given, each as text (the core checks the values, naming the
   * option at fault); a switch (--no-header) sets its value. */
  csv(): CsvReadOptions {
    const out: Record<string, unknown> = {};
    for (const f of this.op.csvFlags) {
      const v = this.value(f.flag);
      if (v !== undefined) out[f.name] = f.switchValue ?? v;
    }
    return out as CsvReadOptions;
  }

  /** The svmlight reading options: --dims, --index-base, and the CSV flags svmlight takes. */
  svmlight(): SvmlightReadOptions {
    const { positive, task, onError } = this.csv();
    const indexBase = this.number('--index-base') as 0 | 1 | undefined;
    return { dims: this.number('--dims'), indexBase, positive, task, onError };
  }

  /** The reading flags' rules once the format of the model the command reads is known. */
  checkReading(model: '' | 'csv' | 'svmlight' = '', modelName = ''): void {
    try {
      this.op.checkReading(this.words, model, modelName);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
}

/** `s` padded to n characters; one space after it when it is as long or longer, so that a
 * long figure (1.9e+158) never runs into the next column. */
export function pad(s: string, n: number): string {
  return s.length >= n ? s + ' ' : s + ' '.repeat(n - s.length);
}
