// The TypeScript package has no import cycle (scripts/ts_layout.mjs), and the check finds one:
// on a few files written for it, where every kind of import closes a cycle (a type import, a
// re-export, an import for its effects, a dynamic import, across folders), and where an import
// that is only words in a comment or a string does not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { importCycles } from '../../scripts/ts_layout.mjs';
import { root } from './helpers.mjs';

const script = join(root, 'scripts/ts_layout.mjs');

test('bindings/ts has no import cycle', () => {
  const r = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /no import cycle among the \d+ files of bindings\/ts/);
  assert.deepEqual(importCycles(join(root, 'bindings/ts')), []);
});

test('the check finds the cycles of a few files, and only those', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-ts-layout-'));
  const files = {
    // a -> sub/b -> c -> a: a type import, a re-export from a folder up, an import for effects
    'a.ts': "import type { C } from './sub/b.js';\nexport type A = C;\n",
    'sub/b.ts': "export { type C } from '../c.js';\n",
    'c.ts': "import './a.js';\nexport type C = number;\n",
    // f -> g -> f through a dynamic import
    'f.ts': "export const f = async () => (await import('./g.js')).g;\n",
    'g.ts': "import { f } from './f.js';\nexport const g = f;\n",
    // d -> e only: e names d in a comment and a string, not in an import
    'd.ts': "import { e } from './e.js';\nexport const d = e;\n",
    'e.ts':
      "// import { d } from './d.js';\n" + 'export const e = "import { d } from \'./d.js\'";\n',
    // imports of packages and of Node's modules are not files of the set
    'h.ts': "import { readFileSync } from 'node:fs';\nimport ts from 'typescript';\n",
  };
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    assert.deepEqual(importCycles(dir), [
      ['a.ts', 'sub/b.ts', 'c.ts', 'a.ts'],
      ['f.ts', 'g.ts', 'f.ts'],
    ]);
    const r = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    assert.equal(r.status, 1, 'a cycle fails the check');
    assert.match(r.stderr, /import cycle: a\.ts -> sub\/b\.ts -> c\.ts -> a\.ts/);
    assert.match(r.stderr, /import cycle: f\.ts -> g\.ts -> f\.ts/);
    assert.match(r.stderr, /2 import cycle\(s\)/);
    // The cycle broken: the check passes.
    writeFileSync(join(dir, 'c.ts'), 'export type C = number;\n');
    writeFileSync(join(dir, 'g.ts'), 'export const g = 1;\n');
    assert.deepEqual(importCycles(dir), []);
    assert.equal(spawnSync(process.execPath, [script, dir]).status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
