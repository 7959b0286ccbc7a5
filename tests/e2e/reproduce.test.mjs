// "Run it on your machine" beside the downloads (web/src/panels/reproduce.ts): after
// the page's first run it offers the CLI command and the JavaScript of that run, copyable; run
// here as the page shows them, on the same file, they give the page's figures, and the
// JavaScript writes the model files the page downloads, byte for byte.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dataFile, jsonLines, root } from '../js/helpers.mjs';
import { openPage, readDownload, resultsShow, shots, startSite } from './helpers.mjs';

let site;
let dir;
before(async () => {
  site = await startSite();
  dir = mkdtempSync(join(tmpdir(), 'onepass-reproduce-e2e-'));
});
after(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the page's run, made again by its CLI command and its JavaScript, gives the same figures and models", async () => {
  const { context, page, foreign, errors } = await openPage(site);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  await page.goto(`${site.origin}/`);
  await resultsShow(page, 3, 270);
  await page.waitForSelector('#reproduce:not([hidden])');
  assert.equal(await page.$eval('#reproduce', (d) => d.open), false, 'closed until asked');
  await page.click('#reproduce summary');
  const cli = await page.$eval('#reproduce-cli', (e) => e.textContent);
  const js = await page.$eval('#reproduce-js', (e) => e.textContent);
  assert.match(cli, /^npx onepass run heart\.csv --pipeline 'zscore \| leader' /);
  // The label column by its name, as the preview's menu shows it, not by its place.
  assert.match(cli, / --label label /);
  assert.match(js, /^ {2}label: "label",$/m);

  // Copy puts the command on the clipboard, and says so.
  await page.click('#copy-cli');
  await page.waitForFunction(() => document.querySelector('#copy-status').textContent !== '');
  assert.equal(await page.$eval('#copy-status', (e) => e.textContent), 'The command copied.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), cli);
  if (shots) {
    await page.$eval('#reproduce', (e) => e.scrollIntoView());
    await page.screenshot({ path: join(shots, 'reproduce-run.png') });
  }

  const mistakes = await page.$$eval('#results tbody td[data-key="mistakes"]', (tds) =>
    tds.map((t) => Number(t.textContent)),
  );
  const models = [];
  for (let i = 0; i < 3; i++) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#results tbody button.download-model').nth(i).click(),
    ]);
    assert.equal(download.suggestedFilename(), `onepass-model-${i + 1}.json`);
    models.push(await readDownload(download));
  }

  // In a folder with the user's copy of the file, and the package as node_modules/onepass.
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'onepass'), 'dir');
  copyFileSync(dataFile('heart.csv'), join(dir, 'heart.csv'));
  const cliJs = join(root, 'lib/cli.js');
  const ran = execFileSync('sh', ['-c', cli.replace(/^npx onepass /, `node '${cliJs}' `)], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.deepEqual(
    jsonLines(ran).map((l) => l.mistakes),
    mistakes,
    "the CLI's mistakes are the page's",
  );
  writeFileSync(join(dir, 'again.mjs'), js);
  execFileSync(process.execPath, ['again.mjs'], { cwd: dir });
  for (let i = 0; i < 3; i++)
    assert.equal(
      readFileSync(join(dir, `onepass-model-${i + 1}.json`), 'utf8'),
      models[i],
      `model ${i + 1}: the JavaScript writes the file the page downloads`,
    );
  assert.deepEqual(foreign(), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
  await context.close();
});
