// A run that a bad row stops keeps what it learned before it, in both CLIs: with --save the model
// of those rows is written all the same and said so (exit code 1 still); with no row learned,
// nothing is written. The saved model loads and scores like a model saved after a clean run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, root } from './helpers.mjs';

const native = (args) => {
  const r = spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

// 1,500 rows of a noisy linear rule, then a row whose label is a third class (line 1502).
function stoppedFile() {
  const lines = ['a,b,label'];
  let s = 7;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  for (let i = 0; i < 1500; i++) {
    const a = next();
    const b = next();
    lines.push(`${a.toFixed(4)},${b.toFixed(4)},${a + 0.5 * b > 0 ? 'yes' : 'no'}`);
  }
  lines.push('0.1,0.2,maybe', '0.3,0.4,yes');
  return lines.join('\n') + '\n';
}

for (const [name, run, prefix] of [
  ['onepass', cli, 'onepass'],
  ['onepass-native', native, 'onepass-native'],
]) {
  test(`${name} run --save keeps the model of the rows learned before a bad row`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'onepass-stop-'));
    try {
      const data = join(dir, 'stopped.csv');
      const model = join(dir, 'model.json');
      writeFileSync(data, stoppedFile());
      const r = run(['run', data, '--positive', 'yes', '-p', 'zscore | logreg', '--save', model]);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stderr, /line 1502/);
      assert.ok(
        r.stderr.includes(
          `${prefix}: what was learned is kept: the model of the 1500 rows learned before the ` +
            `stop is saved to ${model}`,
        ),
        r.stderr,
      );
      const saved = JSON.parse(readFileSync(model, 'utf8'));
      assert.match(saved.spec, /^zscore \| logreg\(/);
      // It scores the rows it learned from, as any model does.
      const good = join(dir, 'good.csv');
      writeFileSync(good, stoppedFile().split('\n').slice(0, 1501).join('\n') + '\n');
      const p = run(['predict', good, '--model', model]);
      assert.equal(p.status, 0, p.stderr);
      assert.equal(p.stdout.trim().split('\n').length, 1501); // header and 1,500 rows
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`${name} run --save writes nothing when no row was learned`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'onepass-stop-'));
    try {
      const data = join(dir, 'bad.csv');
      const model = join(dir, 'model.json');
      writeFileSync(data, 'a,b,label\n1,2\n3,4,yes\n5,6,no\n');
      // The first data row lacks a field: the run stops before it learns anything.
      const r = run(['run', data, '--positive', 'yes', '--save', model]);
      assert.equal(r.status, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /is saved to/);
      assert.equal(existsSync(model), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
