// A model file is bounded before it is read (core/limits.hpp kMaxModelBytes) and its learner's
// parts before its document is built (models/model_shape.hpp), in both CLIs and the API.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, rmSync, openSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { load } from 'onepass';
import { cli, root } from './helpers.mjs';

const op = await load();
const dir = mkdtempSync(join(tmpdir(), 'onepass-model-size-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const native = (args) =>
  spawnSync(join(root, 'build/native/onepass-native'), args, { encoding: 'utf8' });

test('a model file past the bound is refused unread, with its size and the bound', () => {
  assert.equal(op.limits().maxModelBytes, 2 ** 29);
  // A sparse file: its size is past the bound, its bytes are never written (nor read).
  const big = join(dir, 'big.json');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, 2 ** 29 + 1);
  closeSync(fd);
  const message =
    /the model file is 536870913 bytes, more than a model file may be \(536870912 bytes: 2\^24 inputs at 32 bytes a number, about the longest text JavaScript holds\); it is not read/;
  writeFileSync(join(dir, 'rows.csv'), 'a,label\n1,1\n2,0\n');
  for (const args of [
    ['predict', join(dir, 'rows.csv'), '--model', big],
    ['run', join(dir, 'rows.csv'), '--load', big],
    ['merge', big, big, '--out', join(dir, 'merged.json')],
  ]) {
    for (const r of [cli(args), native(args)]) {
      assert.equal(r.status, 1, `${args[0]}: ${r.stderr}`);
      assert.match(r.stderr, message);
    }
  }
});

test('a learner part longer than the header allows is refused before the document is built', () => {
  const p = op.pipeline('zscore | logreg');
  p.learnOne([1, 2], 1);
  const good = p.toJSON();
  p.dispose();
  const loaded = op.loadPipeline(good);
  loaded.dispose();
  // Edited and signed again, as a hostile file would be: merge signs what it merges.
  const long = JSON.parse(op.mergeJSON([good]));
  long.learner.params = new Array(100000).fill(0.5);
  delete long.checksum;
  assert.throws(
    () => op.loadPipeline(long),
    /a part of its learner holds 100000 numbers, more than its dims \(2\), width \(0\) and outputs \(0\) allow \(97\)/,
  );
});
