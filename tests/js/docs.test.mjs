// docs/algorithms.md and the code's citations of it (scripts/citations.mjs, also run by
// scripts/lint.mjs): every "spec N.N", "§N.N" and D-XX-N code in the repository resolves, and the
// check fails, naming file and line, on one that does not. Needs no build.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  ALGORITHMS_DOC,
  checkRepository,
  designIndex,
  documentIndex,
  findCitations,
  unresolved,
} from '../../scripts/citations.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(join(root, ALGORITHMS_DOC), 'utf8');
// Written in pieces, so that this file itself cites nothing that does not exist.
const SPEC = 'sp' + 'ec';
const D = 'D' + '-';

test('every citation in the repository resolves to docs/algorithms.md', () => {
  const r = checkRepository(root);
  assert.deepEqual(r.problems, []);
  assert.ok(r.citations > 400, `only ${r.citations} citations found: is the scan looking?`);
});

test('the page has every section of its numbering and the decisions it registers', () => {
  const { sections, decisions, problems } = documentIndex(doc);
  assert.deepEqual(problems, []);
  const expected = [
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    ...[1, 2, 3, 4, 5, 6].map((m) => `1.${m}`),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((m) => `2.${m}`),
    '3.1',
    '3.2',
    ...Array.from({ length: 15 }, (_, i) => `4.${i + 1}`),
    ...Array.from({ length: 10 }, (_, i) => `5.${i + 1}`),
    ...[1, 2, 3, 4, 5].map((m) => `6.${m}`),
    ...[1, 2, 3, 4, 5].map((m) => `7.${m}`),
    ...Array.from({ length: 13 }, (_, i) => `9.${i + 1}`),
  ];
  for (const s of expected) assert.ok(sections.has(s), `section ${s} missing`);
  for (const d of ['D-TIE', 'D-BIAS', 'D-DIV', 'D-LR-1', 'D-PATER-4', 'D-AS-6', 'D-EVAL-3'])
    assert.ok(decisions.has(d), `${d} missing`);
});

test('citations are found in their written forms', () => {
  const ids = (text) => findCitations(text).map((c) => `${c.kind[0]}:${c.id}`);
  assert.deepEqual(ids(`// ${SPEC} 4.1, 4.3 and ${SPEC} 5.6b`), ['s:4.1', 's:4.3', 's:5.6']);
  assert.deepEqual(ids(`${SPEC} 4.11-4.13`), ['s:4.11', 's:4.12', 's:4.13']);
  assert.deepEqual(ids(`(${SPEC} 9), ${SPEC} section 2.`), ['s:9', 's:2']);
  assert.deepEqual(ids('docs/algorithms.md §4.15'), ['s:4.15']);
  // A third level (the drift detectors' 6.8.1 ...), alone and in a list.
  assert.deepEqual(ids(`${SPEC} 6.8.1 and ${SPEC} 6.8, 6.8.2`), ['s:6.8.1', 's:6.8', 's:6.8.2']);
  assert.deepEqual(ids(`${D}TIE, ${D}PATER-1..3 (${D}AS-6)`), [
    'd:D-TIE',
    'd:D-PATER-1',
    'd:D-PATER-2',
    'd:D-PATER-3',
    'd:D-AS-6',
  ]);
  // Not citations: a variable named spec, a number after other words, a generic code pattern.
  assert.deepEqual(ids("Pipeline::build(spec, 10, 25); the spec's 4 rules; D-XX-N"), []);
});

test('an unresolvable citation fails with its file and line', () => {
  const index = documentIndex(doc);
  const fake = [
    {
      path: 'cpp/src/fake.cpp',
      text: `// fine: ${SPEC} 4.1\n// ${SPEC} 4.99 does not exist\n// nor ${D}NOPE-3\n`,
    },
  ];
  const problems = unresolved(fake, index);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], /^cpp\/src\/fake\.cpp:2: .*section 4\.99/);
  assert.match(problems[1], new RegExp(`^cpp/src/fake\\.cpp:3: .*decision ${D}NOPE-3`));
});

test('citations by file name resolve too: docs/algorithms.md and docs/design.md parts', () => {
  // Spelled in parts so that this file's own text is not taken for citations.
  const [alg, des] = ['algorithms' + '.md', 'design' + '.md'];
  const index = {
    ...documentIndex(doc),
    design: designIndex(readFileSync(join(root, 'docs', des), 'utf8')),
  };
  const fake = [
    {
      path: 'web/src/fake.ts',
      text: `// ${alg} 2.9 and ${des} 10.5, ${des} 10\n// ${alg} 4.99\n// ${des} 10.99\n`,
    },
  ];
  const problems = unresolved(fake, index);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(
    problems[0],
    /^web\/src\/fake\.ts:2: .*section 4\.99, which docs\/algorithms\.md lacks/,
  );
  assert.match(
    problems[1],
    /^web\/src\/fake\.ts:3: .*section 10\.99, which docs\/design\.md lacks/,
  );
});

test('an anchor without its heading is a problem of the page', () => {
  const broken = '<a id="s4-1"></a>\n\n### 4.2 Not the section the anchor names\n';
  assert.equal(documentIndex(broken).problems.length, 1);
  const third = '<a id="s6-8-1"></a>\n\n#### 6.8.2 Not the section the anchor names\n';
  assert.equal(documentIndex(third).problems.length, 1);
  assert.deepEqual(
    [...documentIndex('<a id="s6-8-1"></a>\n\n#### 6.8.1 ADWIN\n').sections],
    ['6.8.1'],
  );
  const decision = `| <a id="d-lr-1"></a>${D}LR-2 | mismatched |`;
  assert.equal(documentIndex(decision).problems.length, 1);
});
