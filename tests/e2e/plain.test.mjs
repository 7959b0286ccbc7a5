// The demo in plain words and readable at any scale: each pipeline has a readable name made
// from the registry, its exact spec one hover or click away; each column and chart is
// explained in a line; the baseline is a line on both charts, and each pipeline can be shown as
// its difference from it; the axes of a six-digit run keep their tick labels clear of the axis
// title and the last x label inside the chart; the learned-scales panel opens on the weights,
// largest first; a run of a few rows names no best pipeline and says why; a link made with the
// sender's own file opens no sample in its place and says what it needs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openPage, resultsShow, shots, startSite } from './helpers.mjs';

let site;
before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.close();
});

/** A CSV of `rows` rows of two numbers and a 0/1 label (the label follows the first number,
 * with noise). */
function csv(rows) {
  const lines = ['a,b,label'];
  let s = 5;
  const r = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < rows; i++) {
    const a = r() * 9;
    lines.push([a.toFixed(2), (r() * 5).toFixed(2), a + r() * 3 > 6 ? 1 : 0].join(','));
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** The heart sample's default run, on opening. */
async function opened(viewport) {
  const o = await openPage(site, viewport);
  await o.page.goto(`${site.origin}/`);
  await resultsShow(o.page, 3, 270);
  return o;
}

/** What a chart draws (its uPlot instance): series labels and data. */
const drawn = (page, id) =>
  page.$eval(`#${id}`, (host) => ({
    labels: host.uplot.series.map((s) => s.label),
    data: host.uplot.data.map((d) => Array.from(d)),
  }));

test('each pipeline has a readable name from the registry, its exact spec a hover or a click away', async () => {
  const { context, page, errors } = await opened();
  const cells = await page.$$eval('#results tbody tr', (rows) =>
    rows.map((r) => {
      const cell = r.querySelector('td[data-key="pipeline"]');
      return {
        spec: r.dataset.pipeline,
        name: cell.querySelector('.pipeline-name').textContent,
        title: cell.querySelector('.pipeline-name').title,
        code: cell.querySelector('details.spec code').textContent,
      };
    }),
  );
  assert.deepEqual(
    cells.map((c) => c.name),
    ['Leader of three, z-score', 'SGD logistic regression, z-score', 'Perceptron'],
  );
  // The exact spec, with every parameter, on hover and under the disclosure.
  assert.equal(cells[0].title, 'zscore | leader(width=64)');
  for (const c of cells) {
    assert.equal(c.code, c.title);
    assert.ok(c.title.startsWith(c.spec.split('(')[0]), `${c.title} is the spec of ${c.spec}`);
  }
  await page.click('#results tbody tr:first-child details.spec summary');
  assert.equal(await page.isVisible('#results tbody tr:first-child details.spec code'), true);
  // The same names in the charts' legends.
  assert.deepEqual(
    (await drawn(page, 'chart')).labels.slice(1, 4),
    cells.map((c) => c.name),
  );

  // The 18 methods of the Feature Scaling paper: 18 names, no two the same, none a raw spec.
  await page.selectOption('#preset', 's0');
  await page.click('#apply-preset');
  await page.click('#run');
  await resultsShow(page, 18, 270);
  const names = await page.$$eval('#results .pipeline-name', (n) => n.map((x) => x.textContent));
  assert.equal(new Set(names).size, 18, names.join('; '));
  // A spec's marks: a pipe, a parameter's '=', a stage's name against its '(' (a title may
  // have an aside, 'learned sigmoid scaling (FS)').
  for (const n of names) assert.doesNotMatch(n, /[|=]|\w\(|^[a-z]/, n);
  for (const n of ['SGD logistic regression', 'SGD logistic regression, z-score, averaging'])
    assert.ok(names.includes(n), `${n} in ${names.join('; ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the columns, the charts and the baseline are said in plain words', async () => {
  const { context, page, errors } = await opened();
  const words = async (sel) => (await page.textContent(sel)).replace(/\s+/g, ' ');
  const plain = await words('#results-plain');
  assert.match(plain, /pipeline: scalers, then an online learner/);
  assert.match(plain, /Progressive error: each row is scored before the model learns from it/);
  assert.match(
    await words('.tagline'),
    /Online learners, models that learn from one row at a time/,
  );
  assert.match(
    await page.textContent('#baseline'),
    /^Baseline: always answering the most common label \(-1\) errs on 0\.4444/,
  );
  // Every column heading has its line, as a tooltip and in the list under the table.
  const heads = await page.$$eval('#results thead th', (t) =>
    t.map((th) => ({ text: th.textContent, title: th.title })),
  );
  const described = heads.filter((h) => h.text !== 'model');
  for (const h of described) assert.ok(h.title.length > 20, `${h.text} is explained`);
  const listed = await page.$$eval('#columns-help li', (l) => l.map((x) => x.textContent));
  assert.equal(listed.length, described.length);
  assert.match(
    listed.find((l) => l.startsWith('progressive error')),
    /scored before the model learned/,
  );
  if (shots) {
    await page.click('#results-panel summary:has-text("What the columns mean")');
    await page.click('#results tbody tr:first-child details.spec summary');
    await page.locator('#results-panel').screenshot({ path: join(shots, 'plain-names.png') });
  }
  // Both charts say what they show, and what the dashed line is.
  assert.match(await words('#chart-explain'), /each row predicted before it is learned/);
  assert.match(await words('#chart-howto'), /grey dashed line is the baseline/);
  assert.match(await words('#rolling-explain'), /grey dashed line is the baseline/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the baseline is a line on both charts, and the difference view draws each pipeline less it', async () => {
  const { context, page, errors } = await opened();
  await page.waitForSelector('#chart[data-reference^="baseline"]');
  const total = await drawn(page, 'chart');
  const recent = await drawn(page, 'rolling');
  const error = 0.4444444444444444;
  for (const [what, d, at] of [
    ['cumulative', total, (x) => error * x],
    ['recent', recent, () => error],
  ]) {
    assert.equal(d.labels.at(-1), 'baseline: always answering -1', what);
    const [x, base] = [d.data[0], d.data.at(-1)];
    assert.equal(x.at(-1), 270);
    for (let k = 0; k < x.length; k++) assert.ok(Math.abs(base[k] - at(x[k])) < 1e-9, what);
  }
  // The difference from the baseline: each pipeline's line minus the baseline's, which is 0.
  assert.equal(await page.isEnabled('#chart-view'), true);
  await page.selectOption('#chart-view', 'difference');
  await page.waitForSelector('#chart[data-view="difference"]');
  for (const [id, before] of [
    ['chart', total],
    ['rolling', recent],
  ]) {
    const after = await drawn(page, id);
    const base = before.data.at(-1);
    for (let i = 1; i < before.data.length - 1; i++)
      after.data[i].forEach((v, k) => {
        const want = before.data[i][k] - base[k];
        if (Number.isNaN(want)) assert.ok(v == null || Number.isNaN(v));
        else assert.ok(Math.abs(v - want) < 1e-9, `${id} series ${i} row ${k}`);
      });
    assert.ok(
      after.data.at(-1).every((v) => v === 0),
      `${id}: the baseline is the zero line`,
    );
  }
  assert.match(await page.getAttribute('#chart', 'data-y-label'), /cumulative mistakes/);
  // The 18 methods, told apart by their differences.
  await page.selectOption('#preset', 's0');
  await page.click('#apply-preset');
  await page.click('#run');
  await resultsShow(page, 18, 270);
  await page.waitForSelector('#chart[data-reference^="baseline"][data-view="difference"]');
  const many = await drawn(page, 'chart');
  assert.equal(many.labels.length, 20, 'rows, 18 pipelines, the baseline');
  if (shots)
    await page.locator('#charts-panel').screenshot({ path: join(shots, 'difference-view.png') });
  await page.selectOption('#chart-view', 'values');
  await page.waitForSelector('#chart[data-view="values"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a number to predict: the baseline line is the mean's absolute error", async () => {
  const { context, page, errors } = await opened();
  const lines = ['a,b,y'];
  for (let i = 0; i < 400; i++)
    lines.push(`${i % 17},${(i * 7) % 11},${(2 * (i % 17) + ((i * 7) % 5)).toFixed(1)}`);
  await page.setInputFiles('#file', {
    name: 'numbers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n') + '\n'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  const n = (await page.inputValue('#specs')).split('\n').length;
  await page.click('#run');
  await resultsShow(page, n, 400);
  await page.waitForSelector('#chart[data-reference="baseline: the mean of the labels before"]');
  const mae = Number(await page.textContent('#results tfoot tr.baseline-row td[data-key="mae"]'));
  const total = await drawn(page, 'chart');
  const recent = await drawn(page, 'rolling');
  assert.ok(Math.abs(total.data.at(-1).at(-1) - mae * 400) < 0.0001 * 400, `${mae} x 400`);
  assert.ok(recent.data.at(-1).every((v) => Math.abs(v - mae) < 0.0001));
  assert.deepEqual(errors, []);
  await context.close();
});

/** Where a chart draws its axes' text (the canvas holds it): the left edge of the y tick
 * labels and the right edge of the y axis title, the right edge of the last x label and the
 * chart's width, in CSS pixels, measured in the axes' own fonts. */
const axesBoxes = (page, id) =>
  page.$eval(`#${id}`, (host) => {
    const u = host.uplot;
    const ratio = devicePixelRatio;
    const widest = (axis, texts) => {
      u.ctx.save();
      u.ctx.font = u.axes[axis].font[0];
      const w = Math.max(0, ...texts.map((t) => u.ctx.measureText(t).width));
      u.ctx.restore();
      return w / ratio;
    };
    const [x, y] = u.axes;
    const plotLeft = u.bbox.left / ratio;
    const yValues = y._values.filter((v) => v != null);
    const xValues = x._values.filter((v) => v != null);
    const lastSplit = x._splits[x._values.lastIndexOf(xValues.at(-1))];
    return {
      yValues,
      xValues,
      yTicksLeft: plotLeft - y.ticks.size - y.gap - widest(1, yValues),
      // The title is drawn turned a quarter left, its glyphs to the left of this line.
      yTitleRight: y._lpos,
      xLastRight: plotLeft + u.valToPos(lastSplit, 'x') + widest(0, [xValues.at(-1)]) / 2,
      width: u.width,
    };
  });

test('at a six-digit count the tick labels are compact, clear of the axis title, and the last x label is inside the chart', async () => {
  const { context, page, errors } = await opened({ width: 1000, height: 900 });
  await page.setInputFiles('#file', {
    name: 'big.csv',
    mimeType: 'text/csv',
    buffer: csv(250_000),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#run');
  await resultsShow(page, 3, 250000);
  await page.waitForSelector('#chart[data-rows="250000"][data-reference^="baseline"]');
  for (const id of ['chart', 'rolling']) {
    const b = await axesBoxes(page, id);
    if (process.env.SHOW_AXES) console.log(id, b);
    assert.ok(
      b.xValues.some((v) => /^\d+(\.\d+)?k$/.test(v)),
      `${id}: ${b.xValues}`,
    );
    assert.ok(
      b.yTicksLeft >= b.yTitleRight,
      `${id}: y labels ${b.yValues} from ${b.yTicksLeft}px, the title to ${b.yTitleRight}px`,
    );
    assert.ok(b.xLastRight <= b.width, `${id}: last x label to ${b.xLastRight}px of ${b.width}px`);
  }
  const y = (await axesBoxes(page, 'chart')).yValues;
  assert.ok(
    y.some((v) => /k$/.test(v)),
    `cumulative mistakes in thousands: ${y}`,
  );
  if (shots) await page.locator('#charts-panel').screenshot({ path: join(shots, 'big-axes.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the learned-scales panel opens on the weights, largest first', async () => {
  const { context, page, errors } = await opened();
  assert.match(await page.inputValue('#scales-array'), /^learner \(leader\): w$/);
  assert.equal(await page.isChecked('#scales-sort'), true);
  const sizes = await page.$$eval('#scales tr td:nth-child(2)', (t) =>
    t.map((x) => Math.abs(Number(x.textContent))),
  );
  assert.equal(sizes.length, 13);
  assert.ok(
    sizes.every((v, i) => i === 0 || v <= sizes[i - 1]),
    sizes.join(', '),
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file of four rows read to its end names no pipeline best, and says why', async () => {
  const { context, page, errors } = await opened();
  await page.setInputFiles('#file', {
    name: 'four.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b,label\n1,5,1\n3,1,-1\n5,4,1\n7,0,-1\n'),
  });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#run');
  await resultsShow(page, 3, 4);
  await page.waitForFunction(() =>
    /^Done: 4 rows/.test(document.querySelector('#status').textContent),
  );
  assert.equal(await page.locator('#results .mark').count(), 0);
  assert.match(
    await page.textContent('#baseline'),
    /No pipeline is marked best: 4 scored rows are too few to tell pipelines apart \(at least 30 are needed\)\.$/,
  );
  if (shots) await page.locator('#results-panel').screenshot({ path: join(shots, 'few-rows.png') });
  // Thirty rows are enough: a best pipeline is named again.
  await page.setInputFiles('#file', { name: 'more.csv', mimeType: 'text/csv', buffer: csv(300) });
  await page.waitForFunction(() =>
    document.querySelector('#source-name').textContent.startsWith('more.csv'),
  );
  await page.click('#run');
  await resultsShow(page, 3, 300);
  assert.doesNotMatch(await page.textContent('#baseline'), /too few/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link of the sender's own file opens no sample in its place and asks for the user's data", async () => {
  const { context, page, errors } = await opened();
  await page.setInputFiles('#file', { name: 'mine.csv', mimeType: 'text/csv', buffer: csv(200) });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  await page.click('#share');
  const hash = await page.evaluate(() => location.hash);
  const other = await context.newPage();
  await other.goto(`${site.origin}/${hash}`);
  await other.waitForFunction(() =>
    /sender's own file/.test(document.querySelector('#status').textContent),
  );
  await other.waitForTimeout(500); // nothing is read meanwhile
  const said = {
    status: await other.textContent('#status'),
    source: await other.textContent('#source-name'),
    sample: await other.$eval('#dataset', (d) => d.selectedOptions[0]?.textContent),
    columns: await other.locator('#preview th').count(),
    results: await other.locator('#results tbody tr').count(),
    run: await other.$eval('#run', (b) => b.disabled),
  };
  assert.deepEqual(said, {
    status:
      "Cannot run: this link's run was made with the sender's own file, which a link cannot carry: choose your file (or a sample) in step 1, then Run",
    source:
      "No data chosen: this link's run was made with the sender's own file, which a link cannot carry: choose your file (or a sample) in step 1, then Run.",
    sample: 'none yet: choose your file or a sample',
    columns: 0,
    results: 0,
    run: true,
  });
  // The user's own file: the link's pipelines run on it.
  await other.setInputFiles('#file', {
    name: 'theirs.csv',
    mimeType: 'text/csv',
    buffer: csv(150),
  });
  await other.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  assert.equal(await other.$eval('#run', (b) => b.disabled), false);
  assert.doesNotMatch(await other.textContent('#status'), /sender/);
  await other.click('#run');
  await resultsShow(other, 3, 150);
  await other.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a decimal comma is said beside the file name, as the reader decided it', async () => {
  const { context, page, errors } = await opened();
  await page.setInputFiles('#file', {
    name: 'comma.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a;b;label\n1,5;2,25;1\n3,75;1,5;0\n2,5;0,5;1\n4,25;3,5;0\n'),
  });
  await page.waitForFunction(() =>
    /decimal comma/.test(document.querySelector('#source-name')?.textContent ?? ''),
  );
  assert.match(
    await page.textContent('#source-name'),
    /^comma\.csv: [\d.]+ MB, read in chunks in this browser\. numbers are read with a decimal comma, as the sampled rows write them \(.1,5.; option decimal, CLI --decimal\)$/,
  );
  // A file written with points says nothing of the kind.
  await page.setInputFiles('#file', { name: 'points.csv', mimeType: 'text/csv', buffer: csv(40) });
  await page.waitForFunction(() => document.querySelector('#preview th')?.textContent === 'a');
  assert.doesNotMatch(await page.textContent('#source-name'), /decimal/);
  assert.deepEqual(errors, []);
  await context.close();
});
