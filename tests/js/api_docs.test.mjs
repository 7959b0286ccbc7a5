// docs/api.md is what TypeDoc makes from the TypeScript now (scripts/api-docs.mjs, npm run docs):
// a declaration or comment changed without the page fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { API_DOC, generatedApiDoc } from '../../scripts/api-docs.mjs';

test('docs/api.md is what TypeDoc makes from bindings/ts (npm run docs)', () => {
  const generated = generatedApiDoc();
  const page = readFileSync(API_DOC, 'utf8');
  // Every export of the package has its heading, so the comparison is with a whole page.
  for (const name of ['load', 'Pipeline', 'CsvRunner', 'FitOptions', 'LoadOptions', 'chunksOf'])
    assert.match(generated, new RegExp(`^#{2,4} ${name}\\b`, 'm'), name);
  assert.ok(page === generated, 'docs/api.md differs from what TypeDoc makes: run npm run docs');
});
