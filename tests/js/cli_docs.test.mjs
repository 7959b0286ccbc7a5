// docs/cli.md, "Every command and flag": its usage block is what `onepass --help` prints, every
// flag the CLI accepts is on the page (the usage's, the CSV reading options' of the core, and the
// commands' own, as cpp/src/api/command_line.cpp defines them), and its table of CSV reading
// flags names the API option each one is.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from '../../lib/index.js';
import { cli, root } from './helpers.mjs';

const page = readFileSync(join(root, 'docs/cli.md'), 'utf8');
const op = await load();

test('the usage block of docs/cli.md is what onepass --help prints', () => {
  const section = page.slice(page.indexOf('## Every command and flag'));
  const block = /^```text\n([\s\S]*?)\n^```$/m.exec(section);
  assert.ok(block, 'a ```text block after "## Every command and flag"');
  const help = cli(['--help']);
  assert.equal(help.status, 0, help.stderr);
  assert.equal(block[1], help.stdout.trimEnd());
});

test('every flag the CLI accepts is on the page', () => {
  const help = cli(['--help']).stdout;
  const commandLine = readFileSync(join(root, 'cpp/src/api/command_line.cpp'), 'utf8');
  const flags = new Set(
    [...help.matchAll(/--[a-z][a-z0-9-]*/g), ...commandLine.matchAll(/"(--[a-z][a-z0-9-]*)"/g)].map(
      (m) => m[1] ?? m[0],
    ),
  );
  for (const f of op.csvFlags) flags.add(f.flag);
  assert.ok(flags.size > 50, `${flags.size} flags found: is the scan looking?`);
  const missing = [...flags].filter((f) => !new RegExp(`${f}(?![a-z0-9-])`).test(page));
  assert.deepEqual(missing, []);
});

test("the table of CSV reading flags names each flag's API option", () => {
  const rows = new Map(
    [...page.matchAll(/^\| `(--[a-z0-9-]+)` \| `(\w+)` \|/gm)].map((m) => [m[1], m[2]]),
  );
  for (const f of op.csvFlags) assert.equal(rows.get(f.flag), f.name, f.flag);
  assert.equal(rows.size, op.csvFlags.length, 'no row for a flag the core does not have');
});
