// Real-world CSVs in the demo (design.md section 10): the raw UCI Adult file (no header,
// string columns, '?' for missing) dropped as it is, with the roles the reader infers; and a
// Titanic-style file whose roles the user changes in the preview's menus; the Adult file
// gzip-compressed, as users keep it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { readFixture, root } from '../js/helpers.mjs';
import { openPage, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

const roles = (page) =>
  page.$$eval('#preview tr.types td', (tds) =>
    tds.map((td) => td.querySelector('select')?.value ?? td.textContent),
  );
/** Shows the first pipeline's learned weights w in the per-feature panel. */
async function showWeights(page) {
  const value = await page.$$eval(
    '#scales-array option',
    (os) => os.find((o) => / w$/.test(o.textContent))?.value,
  );
  await page.selectOption('#scales-array', value);
}
const firstColumn = (page, sel) =>
  page.$$eval(`${sel} tr td:first-child`, (tds) => tds.map((t) => t.textContent));

test('the raw Adult file runs with the inferred roles and shows weights by name', async () => {
  const { context, page, foreign, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270); // the bundled sample ran first
  await page.setInputFiles('#file', {
    name: 'adult.data',
    mimeType: 'text/csv',
    buffer: gunzipSync(readFixture('adult.data.gz')),
  });
  // No header: the first row is data, the columns are c1..c15, the label the last one.
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'c1');
  assert.deepEqual(await roles(page), [
    'numeric',
    'categorical',
    'numeric',
    'categorical',
    'numeric',
    'categorical',
    'categorical',
    'categorical',
    'categorical',
    'categorical',
    'numeric',
    'numeric',
    'numeric',
    'categorical',
    'label',
  ]);
  assert.equal(await page.$eval('#positive', (s) => s.value), '>50K'); // the minority class
  assert.match(
    await page.$eval('#positive', (s) => s.selectedOptions[0].textContent),
    /of the first 1000 rows/,
  );
  await page.click('#run');
  await resultsShow(page, 3, 32561);
  // The learner's weights carry the levels' names; largest first on request.
  await showWeights(page);
  const names = await firstColumn(page, '#scales');
  assert.ok(names.includes('c2=State-gov'), names.slice(0, 20).join(', '));
  await page.check('#scales-sort');
  const sorted = await page.$$eval('#scales tr td:nth-child(2)', (tds) =>
    tds.map((t) => Math.abs(Number(t.textContent))),
  );
  assert.ok(sorted.every((v, i) => i === 0 || v <= sorted[i - 1]));
  if (shots) await page.screenshot({ path: join(shots, 'adult-raw.png'), fullPage: true });
  // The share link holds the setup, never the user's column names or class values.
  await page.click('#share');
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#p=zscore/);
  assert.doesNotMatch(hash, /c15|50K|label=|positive=/);
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a .csv.gz dropped as it is reads as its CSV: the same preview and rows', async () => {
  const { context, page, foreign, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.setInputFiles('#file', {
    name: 'adult.data.gz',
    mimeType: 'application/gzip',
    buffer: readFixture('adult.data.gz'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'c1');
  assert.equal((await roles(page)).at(-1), 'label');
  assert.equal(await page.$eval('#positive', (s) => s.value), '>50K');
  await page.click('#run');
  await resultsShow(page, 3, 32561); // every row of the decompressed file
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Titanic-style file: the label chosen by name, a role changed in the preview', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  const rows = ['PassengerId,Survived,Pclass,Name,Sex,Age,Ticket,Embarked'];
  const titles = ['Mr.', 'Mrs.', 'Miss.', 'Master.'];
  for (let i = 1; i <= 300; i++) {
    const title = titles[i % 4];
    const survived = title === 'Mr.' ? Number(i % 5 === 0) : Number(i % 4 !== 1 || i % 3 === 0);
    rows.push(
      `${i},${survived},${1 + (i % 3)},"Family${i}, ${title} Given Name",${title === 'Mr.' || title === 'Master.' ? 'male' : 'female'},${i % 7 ? 20 + (i % 50) : ''},T${1000 + i},${'SCQ'[i % 3]}`,
    );
  }
  await page.setInputFiles('#file', {
    name: 'titanic.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n') + '\n'),
  });
  await page.waitForFunction(
    () => document.querySelector('#preview th')?.textContent === 'PassengerId',
  );
  await page.selectOption('#label', { label: 'Survived' });
  await page.waitForFunction(
    () => document.querySelectorAll('#preview tr.types td')[1]?.textContent === 'label',
  );
  assert.deepEqual(await roles(page), [
    'numeric',
    'label',
    'numeric',
    'text',
    'categorical',
    'numeric',
    'ignore',
    'categorical',
  ]);
  // The id is a number but says nothing: ignore it; the title in Name is worth keeping.
  await page.selectOption('#preview select[data-column="PassengerId"]', 'ignore');
  await page.click('#run');
  await resultsShow(page, 3, 300);
  await showWeights(page);
  const names = await firstColumn(page, '#scales');
  assert.ok(!names.includes('PassengerId'));
  assert.ok(names.includes('Sex=male'));
  assert.ok(names.includes('Name:mrs'));
  if (shots) await page.screenshot({ path: join(shots, 'titanic-roles.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a date column is shown as a date and its weekday is learned', async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  // A label that is the weekend (docs/algorithms.md §1.10: an arc of the weekday's circle).
  const rows = ['day,amount,weekend'];
  for (let i = 0; i < 700; i++) {
    const day = new Date(Date.UTC(2023, 0, 1) + ((i * 37) % 700) * 86400000);
    const weekday = day.getUTCDay(); // 0 = Sunday
    rows.push(
      `${day.toISOString().slice(0, 10)},${i % 5},${weekday === 0 || weekday === 6 ? 1 : 0}`,
    );
  }
  await page.setInputFiles('#file', {
    name: 'days.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.join('\n') + '\n'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'day');
  assert.deepEqual(await roles(page), ['date', 'numeric', 'label']);
  assert.match(
    await page.$eval('#preview select[data-column="day"]', (s) => s.title),
    /^all 700 sampled values are dates, written year first/,
  );
  await page.click('#run');
  await resultsShow(page, 3, 700);
  const mistakes = await page.$$eval('#results tbody td[data-key="mistakes"]', (tds) =>
    tds.map((t) => Number(t.textContent)),
  );
  // The majority class alone makes 200 mistakes (2 days in 7); the logistic pipeline far fewer.
  assert.ok(Math.min(...mistakes) < 60, `mistakes ${mistakes}`);
  await showWeights(page);
  const names = await firstColumn(page, '#scales');
  assert.ok(names.includes('day:weekday_sin'), names.join(', '));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a word the preview reads as missing ('n/a?x') is read as missing by the run too", async () => {
  const { context, page, errors } = await openPage(site);
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  const lines = readFileSync(join(root, 'data/heart.csv'), 'utf8').trimEnd().split('\n');
  const cells = lines[5].split(',');
  cells[3] = 'n/a?x'; // resting_bp of the fifth row, line 6
  lines[5] = cells.join(',');
  await page.setInputFiles('#file', {
    name: 'heart-na.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n') + '\n'),
  });
  const menu = '#preview select[data-column="resting_bp"]';
  await page.waitForSelector(menu);
  assert.equal(await page.$eval(menu, (s) => s.value), 'numeric');
  assert.equal(
    await page.$eval(menu, (s) => s.title),
    "269 of 270 sampled values are numbers; 'n/a?x' is read as missing",
  );
  // The run gets every column's role from the menus, and reads the cell as the preview said.
  await page.click('#run');
  await resultsShow(page, 3, 270);
  assert.match(await page.$eval('#status', (e) => e.textContent), /^Done: .*; 1 missing cells/);
  const problems = await page.$$eval('#problems li', (li) => li.map((e) => e.textContent));
  assert.deepEqual(
    problems.filter((p) => /line \d+/.test(p)),
    [],
    'no bad row',
  );
  assert.deepEqual(errors, []);
  await context.close();
});
