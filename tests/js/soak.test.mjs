// npm run soak in its quick form (bench/soak.mjs): a numeric stream and a stream of ever new
// categories and words through the CLI's stdin, and many pipelines through the API, leave memory
// flat after warm-up.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { root } from './helpers.mjs';

test('npm run soak -- --quick: memory stays flat', () => {
  const r = spawnSync(process.execPath, ['--expose-gc', join(root, 'bench/soak.mjs'), '--quick'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^1\. 200,000 rows through the CLI's stdin/m);
  assert.match(r.stdout, /^2\. 10,000 pipelines created, fed and disposed/m);
  // 1.2 million fresh ids and 9.6 million fresh words: 1 number + 100 levels + 64 buckets +
  // 2^12 word buckets: memory stays bounded on an unbounded number of distinct values.
  assert.match(
    r.stdout,
    /^3\. 1,200,000 rows of fresh ids \(categorical\) and fresh words \(text\) .*: \d+ s, 4,261 features;/m,
  );
  assert.match(r.stdout, /^memory flat \(within 16 MB\)$/m);
});
