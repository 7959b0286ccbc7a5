// The README and the pages of docs/ link to each other by file and heading: every relative link
// names a file of the repository, and every #anchor a heading of its page (as GitHub makes a
// heading's anchor) or an <a id> of it. Needs no build.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'node:test';
import { root } from './helpers.mjs';

const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The anchors of a Markdown page: its headings' (GitHub's rule: lower case, punctuation but
 * hyphens dropped, spaces to hyphens, -1, -2... for repeats) and its <a id>s. Headings inside
 * fenced blocks are not headings. */
function anchors(markdown) {
  const out = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1]);
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

/** The links of a page that do not resolve, as "page: link". */
function broken(page, read, exists = (path) => existsSync(join(root, path))) {
  const text = read(page);
  const out = [];
  for (const m of text.matchAll(/\]\(([^)\s:#]*)(?:#([^)\s]+))?\)/g)) {
    const [, file, anchor] = m;
    const target = file ? normalize(join(dirname(page), file)) : page;
    if (file && !exists(target)) out.push(`${page}: ${file} does not exist`);
    else if (anchor && target.endsWith('.md') && !anchors(read(target)).has(anchor))
      out.push(`${page}: ${file}#${anchor} names no heading of ${target}`);
  }
  return out;
}

const read = (page) => readFileSync(join(root, page), 'utf8');

test('every link of the README and docs/ names a file and a heading that exist', () => {
  assert.ok(PAGES.includes('docs/cli.md'));
  assert.deepEqual(
    PAGES.flatMap((page) => broken(page, read)),
    [],
  );
});

test('a link to a missing file or heading is found', () => {
  const pages = {
    'docs/a.md': '# A page\n\n## Using bundlers\n\n[ok](#using-bundlers) [no](#nowhere)\n',
    'docs/b.md': '[ok](a.md#a-page) [no](a.md#using) [gone](missing.md)\n',
  };
  const fake = (page) => pages[page] ?? read(page);
  const exists = (path) => path in pages;
  assert.deepEqual(broken('docs/a.md', fake), [
    'docs/a.md: #nowhere names no heading of docs/a.md',
  ]);
  assert.deepEqual(
    anchors('# The demo (`web/`)\n## Q?\n## Q?\n'),
    new Set(['the-demo-web', 'q', 'q-1']),
  );
  assert.deepEqual(broken('docs/b.md', fake, exists), [
    'docs/b.md: a.md#using names no heading of docs/a.md',
    'docs/b.md: missing.md does not exist',
  ]);
});
