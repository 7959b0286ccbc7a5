// The tree's layout checks (scripts/layout.mjs, run by scripts/lint.mjs): a front end that
// includes a core header around onepass/api is named with file and line, and so is a source file
// over the size bound; the repository itself passes both. Needs no build.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MAX_LINES, doorProblems, sizeProblems } from '../../scripts/layout.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

function tree(files) {
  const dir = mkdtempSync(join(tmpdir(), 'onepass-layout-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test('the repository keeps its front ends behind onepass/api and its files small', () => {
  assert.deepEqual(doorProblems(root), []);
  assert.deepEqual(sizeProblems(root, ['cpp', 'bindings', 'web/src', 'scripts']), []);
});

test('an include around the door is named; the API, own files and system headers pass', () => {
  const dir = tree({
    'cpp/src/io/csv_reader.hpp': '#pragma once\n',
    'cpp/cli/args.hpp': '#pragma once\n',
    'cpp/cli/run.cpp':
      '#include <vector>\n#include "args.hpp"\n#include "onepass/api/runners.hpp"\n' +
      '#include "io/csv_reader.hpp"\n',
    'bindings/wasm/convert.hpp': '#pragma once\n',
    'bindings/embind.cpp': '#include "wasm/convert.hpp"\n  #  include "core/status.hpp"\n',
  });
  try {
    const problems = doorProblems(dir, ['bindings/embind.cpp', 'bindings/wasm', 'cpp/cli']);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0], /^bindings\/embind\.cpp:2: includes "core\/status\.hpp"/);
    assert.match(problems[1], /^cpp\/cli\/run\.cpp:4: includes "io\/csv_reader\.hpp", around/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a source file over the bound is named with its length', () => {
  const dir = tree({
    'cpp/src/big.cpp': 'int x;\n'.repeat(MAX_LINES + 1),
    'cpp/src/ok.cpp': 'int y;\n'.repeat(MAX_LINES),
    'cpp/src/notes.md': 'text\n'.repeat(MAX_LINES * 2),
  });
  try {
    const problems = sizeProblems(dir, ['cpp']);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], new RegExp(`big\\.cpp: ${MAX_LINES + 1} lines`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
