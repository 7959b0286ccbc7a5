// The JavaScript blocks of the README and of every page in docs/ run as written: each block
// becomes a module of its own inside the package (so that `import ... from 'onepass'` resolves
// to it), after a prelude that defines what the pages say the reader brings: `file` and `stream`
// (data/heart.csv), rows for learnMany, and for the later blocks `op`, a trained `runner`, two
// models of one pipeline and a test data set; for the README's browser block, a `document` whose
// file input is given heart.csv as a `File` and whose body collects what is appended. The blocks
// run in a folder of their own, which holds the files the quick start names: train.csv and
// test.csv (two parts of heart.csv) and new.csv (rows of it without the label column).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { cli, dataFile, root } from './helpers.mjs';

const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const blocks = PAGES.flatMap((page) =>
  [...readFileSync(join(root, page), 'utf8').matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m, i) => ({
    page,
    n: i + 1,
    code: m[1],
  })),
);

// The browser's page, as much of it as the README's browser block uses: the input's change
// handler is called with heart.csv as the file picked, and what it appends is kept.
const documentStub = `
const appended = [];
const picked = [];
const document = {
  querySelector: () => ({
    set onchange(handler) {
      const file = new File([readFileSync(heart)], 'heart.csv', { type: 'text/csv' });
      picked.push(handler({ target: { files: [file] } }));
    },
  }),
  body: { append: (...items) => appended.push(...items) },
};
`;
const documentCheck = `
await Promise.all(picked);
if (picked.length !== 1 || !/^test accuracy 0\\.\\d+$/.test(appended[0]))
  throw new Error('the page showed ' + JSON.stringify(appended));
`;

const prelude = (block) => `
import { load as loadForPrelude } from 'onepass';
import { createReadStream, readFileSync } from 'node:fs';
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

test('the README and the pages have their JavaScript blocks', () => {
  const count = (page) => blocks.filter((b) => b.page === page).length;
  assert.ok(count('README.md') >= 2, 'the quick start for Node and the browser');
  for (const page of ['docs/js.md', 'docs/models.md', 'docs/evaluation.md'])
    assert.ok(count(page) >= 1, page);
});

for (const { page, n, code } of blocks) {
  test(`${page}: JavaScript block ${n} runs as written`, async () => {
    const browser = code.includes('document.');
    const file = join(dir, `${page.replace(/\W/g, '_')}_${n}.mjs`);
    writeFileSync(
      file,
      prelude(code) + (browser ? documentStub : '') + code + (browser ? documentCheck : ''),
    );
    await import(pathToFileURL(file).href);
  });
}

test("the README's command-line quick start runs as written", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### The command line'), readme.indexOf('### Node'));
  const [, shell] = /^```sh\n([\s\S]*?)^```$/m.exec(section);
  const commands = shell
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
  assert.equal(commands.length, 3, shell);
  for (const command of commands) {
    assert.match(command, /^npx onepass /);
    const out = cli(command.split(/\s+/).slice(2)); // no quoted words in these lines
    assert.equal(out.status, 0, `${command}: ${out.stderr}`);
  }
  assert.ok(existsSync('model.json'));
  const predictions = readFileSync('predictions.csv', 'utf8').trim().split('\n');
  const rows = readFileSync('new.csv', 'utf8').trim().split('\n').length; // with its header
  assert.equal(predictions.length, rows, 'a header and a row for each row of new.csv');
});
