// The onepass command line (docs/cli.md): a command's words to the command that runs
// them (one file each: run, evaluate, models, generate), list, --help and --version, and the exit
// code.
import { readFileSync } from 'node:fs';
import { ALGORITHMS_DOC, algorithmsRef, load, type RegistryEntry } from '../index.js';
import { pad, UsageError, Words } from './args.js';
import { evaluate } from './evaluate.js';
import { generate } from './generate.js';
import { exportModel, merge, predict } from './models.js';
import { run } from './run.js';
import { USAGE } from './usage.js';

/** The package's version, from its package.json (next to lib/ in the installed package; this
 * module is lib/cli/main.js). */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function describeParams(params: RegistryEntry['params'], indent: string): string[] {
  return params.map(
    (p) => `${indent}${pad(p.name, 10)} default ${pad(p.default, 8)} ${p.range}: ${p.help}`,
  );
}

function describe(e: RegistryEntry): string {
  const needs = e.needs ? [`    needs      ${e.needs}`] : [];
  // +drift: each detector with the parameters it takes in the same parentheses.
  const detectors = (e.detectors ?? []).flatMap((d) => [
    `    detector=${d.name}: ${d.summary} (${algorithmsRef(d.spec)})`,
    ...describeParams(d.params, '      '),
  ]);
  return [
    `  ${pad(e.name, 12)} ${e.summary} (${algorithmsRef(e.spec)})`,
    ...needs,
    ...describeParams(e.params, '    '),
    ...detectors,
  ].join('\n');
}

async function list(args: string[]): Promise<void> {
  const op = await load();
  const words = new Words(op, ['list', ...args]);
  const entries = op.registry();
  if (words.has('--json')) {
    process.stdout.write(op.registryJSON() + '\n');
    return;
  }
  for (const kind of ['learner', 'scaler', 'modifier'] as const) {
    process.stdout.write(`${kind}s:\n`);
    for (const e of entries.filter((x) => x.kind === kind))
      process.stdout.write(describe(e) + '\n');
    process.stdout.write('\n');
  }
  process.stdout.write(
    `Each section (§) and decision code (D-...) above is described in ${ALGORITHMS_DOC}.\n` +
      `default pipeline (run and evaluate without --pipeline): ${op.defaultPipeline}\n`,
  );
}

/** Runs the command of `argv` (the words after `onepass`); returns the exit code: 0, 1 for a
 * failure, 2 for a mistake in the command line. */
export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  const HELP = ['--help', '-h', 'help'];
  try {
    // `onepass run --help`: the usage, as for `onepass --help`.
    if (HELP.includes(cmd) || (cmd && rest.some((w) => w === '--help' || w === '-h')))
      process.stdout.write(USAGE + '\n');
    else if (cmd === 'run') await run(rest);
    else if (cmd === 'predict') await predict(rest);
    else if (cmd === 'evaluate') await evaluate(rest);
    else if (cmd === 'merge') await merge(rest);
    else if (cmd === 'export') await exportModel(rest);
    else if (cmd === 'list') await list(rest);
    else if (cmd === 'generate') await generate(rest);
    else if (cmd === '--version' || cmd === '-v') process.stdout.write(`${version()}\n`);
    else throw new UsageError(cmd ? `unknown command '${cmd}'` : 'no command given');
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const hint = e instanceof UsageError ? ' (onepass --help shows the usage)' : '';
    process.stderr.write(`onepass: ${message}${hint}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
}
