// The few lines that make a run of the page again on the user's machine: a CLI command
// (docs/cli.md) and a JavaScript program on the npm package (docs/js.md), both from the options
// the run was made with (its RunRecord's, not what the controls say since) and the data's name.
// Both read the file as the page did (the column roles the preview's menus gave, the label, the
// positive class, bad rows, class weights, the shuffle buffer and its seed) and learn the same
// pipelines, so they print the same figures and write the same model files, byte for byte
// (tests/js/reproduce.test.mjs runs them). A stream made by code is made again first, by name.
import type { GenerateOptions, Onepass } from 'onepass';
import { holdoutOf, readingOf, type RunOptions, type Source } from './protocol';

/** What the data was: a file of that name, or a stream made by code (and written to that name). */
export type ReproducedSource =
  | { kind: 'file'; name: string }
  | { kind: 'generated'; name: string; stream: string; options: GenerateOptions };

export interface Reproduction {
  /** Shell commands, one a line: `npx onepass ...`. */
  cli: string;
  /** A Node ES module that imports `onepass`. */
  js: string;
}

/** The data of a run as the snippets name it. */
export function reproducedSource(source: Source): ReproducedSource {
  if (source.kind === 'generated')
    return {
      kind: 'generated',
      name: `${source.stream}.csv`,
      stream: source.stream,
      options: source.options,
    };
  return { kind: 'file', name: source.kind === 'file' ? source.file.name : source.name };
}

/** A word for a POSIX shell: as it is when it needs no quotes, else in single quotes. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The CSV options of the run (readingOf: the worker's own), without those that say the
 * default: the label, the positive class, the column roles, bad rows and class weights. */
function readingOptions(o: RunOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(readingOf(o))) {
    if (value === undefined || (key === 'header' && value === 'auto')) continue;
    if (key === 'onError' && value === 'stop') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** The package's CSV options, each with its CLI flag (Onepass.csvFlags: the core's one table,
 * which docs/cli.md lists). */
export type CsvFlags = Onepass['csvFlags'];

/** The run's CSV options as CLI words: a switch (--no-header, --skip-bad-rows) when the option
 * has its value, else the flag and the value (a list of columns joined by commas). */
function cliFlags(o: RunOptions, flags: CsvFlags): string[] {
  return Object.entries(readingOptions(o)).flatMap(([key, value]) => {
    const flag = flags.find((f) => f.name === key);
    if (!flag) throw new Error(`no CLI flag for the run's option ${key}`);
    if (flag.switchValue !== undefined)
      return String(value) === flag.switchValue ? [flag.flag] : [];
    return [flag.flag, shellWord(Array.isArray(value) ? value.join(',') : String(value))];
  });
}

function generateCommand(source: ReproducedSource & { kind: 'generated' }): string {
  const { rows, seed, params } = source.options;
  const words = ['npx onepass generate', source.stream, '--rows', String(rows)];
  if (seed !== undefined) words.push('--seed', String(seed));
  for (const [k, v] of Object.entries(params ?? {})) words.push('--param', shellWord(`${k}=${v}`));
  words.push('-o', shellWord(source.name));
  return words.join(' ');
}

/** The CLI commands of the run: `onepass run` (with `--save` when it has one pipeline: the
 * model file the page downloads) and, with a holdout, `onepass evaluate` of the same split. */
function cliOf(o: RunOptions, source: ReproducedSource, every: number, flags: CsvFlags): string {
  const file = shellWord(source.name);
  const pipelines = o.pipelines.flatMap((p) => ['--pipeline', shellWord(p)]);
  const reading = cliFlags(o, flags);
  const lines: string[] = [];
  if (source.kind === 'generated') lines.push(generateCommand(source));
  const shuffle =
    o.shuffleBuffer > 0
      ? ['--shuffle-buffer', String(o.shuffleBuffer), '--seed', String(o.seed)]
      : [];
  const save = o.pipelines.length === 1 ? ['--save', 'onepass-model-1.json'] : [];
  lines.push(
    [
      'npx onepass run',
      file,
      ...pipelines,
      ...reading,
      ...shuffle,
      '--every',
      String(every),
      ...save,
      '--json',
    ].join(' '),
  );
  if (o.holdout > 0)
    lines.push(
      [
        'npx onepass evaluate',
        file,
        ...pipelines,
        ...reading,
        '--holdout',
        String(holdoutOf(o).testFraction),
        '--seed',
        String(holdoutOf(o).seed),
        '--shuffle',
        '--json',
      ].join(' '),
    );
  return lines.join('\n');
}

const js = (value: unknown): string => JSON.stringify(value);

/** The JavaScript program of the run: the same runner the page's worker makes, its figures
 * printed and its model files written as the page names them; with a holdout, the same test. */
function jsOf(o: RunOptions, source: ReproducedSource, every: number): string {
  const reading = readingOptions(o);
  const options = Object.entries(reading)
    .map(([k, v]) => `  ${k}: ${js(v)},`)
    .join('\n');
  const lines = [
    "import { load } from 'onepass';",
    "import { writeFileSync } from 'node:fs';",
    '',
    'const op = await load();',
    `const file = ${js(source.name)};`,
  ];
  if (source.kind === 'generated')
    lines.push(`writeFileSync(file, op.generateCsv(${js(source.stream)}, ${js(source.options)}));`);
  lines.push(
    `const pipelines = ${js(o.pipelines)};`,
    `const reading = {${options ? `\n${options}\n` : ''}};`,
    `const run = op.csvRunner({ ...reading, pipelines, shuffleBuffer: ${o.shuffleBuffer}, seed: ${o.seed}, every: ${every} });`,
    'await run.pushAll(file);',
    'run.finish();',
    'run.results().forEach((r, i) => {',
    '  console.log(JSON.stringify({ pipeline: r.pipeline, rows: r.rows, mistakes: r.mistakes, error: r.error }));',
    '  writeFileSync(`onepass-model-${i + 1}.json`, run.modelJSON(i));',
    '});',
    'run.dispose();',
  );
  if (o.holdout > 0)
    lines.push(
      `// The holdout: ${Math.round(o.holdout * 100)}% of the rows held out (seeded), the rest learned shuffled`,
      'const data = await op.loadDataset(file, reading);',
      'for (const p of pipelines) {',
      `  const held = data.holdout(p, ${js(holdoutOf(o))});`,
      '  console.log(JSON.stringify({ pipeline: p, ...held.test }));',
      '}',
      'data.dispose();',
    );
  return lines.join('\n');
}

/** The CLI commands and the JavaScript that make this run again on `source`; `flags`: the
 * loaded package's csvFlags. */
export function reproduce(
  options: RunOptions,
  source: ReproducedSource,
  every: number,
  flags: CsvFlags,
): Reproduction {
  return { cli: cliOf(options, source, every, flags), js: jsOf(options, source, every) };
}
