// A stray quote that never closes costs its own line, not a megabyte of rows: skipping bad rows,
// both CLIs read on at the line after it and count the lines passed over (io/csv_resync.hpp).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cli, root } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'onepass-stray-quote-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('200,000 rows with one stray quote: all others learned, one line passed over', () => {
  const lines = ['a,b,label'];
  for (let i = 1; i <= 200000; i++) lines.push(`${i % 97},${i % 13},${i % 2}`);
  lines[1001] = '"5,1,0'; // row 1001, line 1002: a quote that never closes
  const file = join(dir, 'stray.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  const args = ['run', file, '--pipeline', 'perceptron', '--skip-bad-rows', '--json'];
  const js = cli(args);
  const native = spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
  for (const r of [js, native]) {
    assert.equal(r.status, 0, r.stderr);
    const result = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((o) => o.rows !== undefined);
    // Before: the quote swallowed rows to the 1 MiB bound (38,682 of 199,999 learned).
    assert.equal(result.rows, 199999);
    assert.equal(result.skipped, 1);
  }
});
