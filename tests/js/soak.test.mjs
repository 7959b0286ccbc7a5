// npm run soak in its quick form (bench/soak.mjs): a stream through the CLI's stdin and many
// pipelines through the API leave memory flat after warm-up.
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
  assert.match(r.stdout, /^memory flat \(within 16 MB\)$/m);
});
