// The CSV options are declared once, in the core's table (cpp/src/api/csv_options.cpp): the
// TypeScript interface CsvReadOptions names exactly the table's options, every whole-number
// option carries its bounds to JavaScript and the core enforces them, and a value the table
// refuses is refused the same way through the API.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { load } from '../../lib/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const op = await load();

// The members of an interface of a declaration file, by name, with their type's text.
function interfaceMembers(file, name) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const found = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === name);
  assert.ok(found, `interface ${name} in ${file}`);
  return new Map(found.members.map((m) => [m.name.getText(source), m.type.getText(source)]));
}

test("CsvReadOptions names exactly the core table's options", () => {
  const members = interfaceMembers(join(root, 'lib/api/types.d.ts'), 'CsvReadOptions');
  const table = op.csvFlags.map((f) => f.name);
  assert.deepEqual([...members.keys()].sort(), [...table].sort());
});

test('every whole-number option carries its bounds, and the core holds to them', () => {
  const members = interfaceMembers(join(root, 'lib/api/types.d.ts'), 'CsvReadOptions');
  const numbers = [...members].filter(([, type]) => type === 'number').map(([name]) => name);
  assert.ok(numbers.length >= 6, numbers.join());
  for (const name of numbers) {
    const flag = op.csvFlags.find((f) => f.name === name);
    assert.ok(Number.isInteger(flag.min) && Number.isInteger(flag.max), name);
    assert.ok(flag.min <= flag.max, name);
    const csv = 'a,label\n1,1\n2,0\n';
    const past = () => op.csvRunner({ pipelines: ['perceptron'], [name]: flag.max + 1 });
    assert.throws(
      past,
      new RegExp(
        `${name} \\(CLI ${flag.flag}\\) must be a whole number from ${flag.min} to ${flag.max}`,
      ),
    );
    const at = op.csvRunner({ pipelines: ['perceptron'], [name]: flag.max });
    at.push(new TextEncoder().encode(csv));
    at.dispose();
  }
  for (const flag of op.csvFlags)
    if (!numbers.includes(flag.name)) assert.equal(flag.min, undefined, flag.name);
});
