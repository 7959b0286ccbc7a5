// The README's JavaScript blocks run as written: each block becomes a module of its
// own inside the package (so that `import ... from 'onepass'` resolves to it), after a prelude
// that defines what the README says the reader brings: `file` and `stream` (data/heart.csv),
// rows for learnMany, and for the later blocks `op`, a trained `runner`, two models of one
// pipeline and a test data set. The blocks run in a folder of their own, which holds the files
// the first block names: train.csv and test.csv (two parts of heart.csv) and new.csv (rows of it
// without the label column).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { dataFile, root } from './helpers.mjs';

const blocks = [
  ...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/^```js\n([\s\S]*?)^```$/gm),
].map((m) => m[1]);

const prelude = (block) => `
import { load as loadForPrelude } from 'onepass';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
const heart = ${JSON.stringify(dataFile('heart.csv'))};
const file = { stream: () => Readable.toWeb(createReadStream(heart)) };
const stream = createReadStream(heart);
const rowsFloat64 = Float64Array.from([63, 1, 145, 50, 0, 120]);
const labelsInt8 = Int8Array.from([1, -1]);
const opForPrelude = await loadForPrelude();
${block.includes('const op =') ? '' : 'const op = opForPrelude; // objects of one load() work together'}
const runner = await (async () => {
  const r = opForPrelude.csvRunner({ pipelines: ['zscore | logreg'] });
  for await (const chunk of createReadStream(heart)) r.push(chunk);
  r.finish();
  return r;
})();
const [modelA, modelB] = [runner.toJSON(0), runner.toJSON(0)];
const testData = await opForPrelude.loadDataset(heart);
`;

const dir = join(root, 'build', 'readme-snippets');
mkdirSync(dir, { recursive: true });
const [header, ...rows] = readFileSync(dataFile('heart.csv'), 'utf8').trimEnd().split('\n');
const csv = (lines) => lines.join('\n') + '\n';
writeFileSync(join(dir, 'train.csv'), csv([header, ...rows.slice(0, 200)]));
writeFileSync(join(dir, 'test.csv'), csv([header, ...rows.slice(200)]));
const withoutLabel = (line) => line.slice(0, line.lastIndexOf(','));
writeFileSync(join(dir, 'new.csv'), csv([header, ...rows.slice(200)].map(withoutLabel)));
process.chdir(dir);

test('the README has its JavaScript blocks', () => {
  assert.ok(blocks.length >= 3, `${blocks.length} blocks`);
});

for (const [i, block] of blocks.entries()) {
  test(`README JavaScript block ${i + 1} runs as written`, async () => {
    const file = join(dir, `block${i + 1}.mjs`);
    writeFileSync(file, prelude(block) + block);
    await import(pathToFileURL(file).href);
  });
}
