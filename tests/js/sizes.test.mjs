// The sizes the documentation states are the built files' (lib/, gzip by node's zlib at its
// highest level, bundles by esbuild minified): each figure is found in its page by its sentence
// and must be within TOLERANCE of what is measured now, so that a module that grows or shrinks
// fails here until the pages say so. KB and MB are 1,000 and 1,000,000 bytes, KiB 1,024.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { root } from './helpers.mjs';

const TOLERANCE = 0.03;

const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** What esbuild makes of `source` for a browser, minified, as one file (its bytes). */
async function bundled(source, conditions) {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: root },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    ...(conditions ? { conditions } : {}),
  });
  return result.outputFiles[0].contents;
}

async function measure() {
  const wasm = readFileSync(join(root, 'lib/onepass_wasm.wasm'));
  // The package as it resolves for bundlers (package.json "exports"): the file build, asked
  // for with a condition of Vite's, and the inline build, esbuild's default.
  const fileJs = await bundled("export { load } from 'onepass';", ['production']);
  const inlineJs = await bundled("export { load } from 'onepass';");
  const hyparquet = await bundled("export * from 'hyparquet';");
  return {
    wasmKiB: wasm.length / 1024,
    wasmGzKB: gzipped(wasm) / 1e3,
    fileJsGzKB: gzipped(fileJs) / 1e3,
    fileMB: (fileJs.length + wasm.length) / 1e6,
    fileGzKB: (gzipped(fileJs) + gzipped(wasm)) / 1e3,
    inlineMB: inlineJs.length / 1e6,
    inlineGzKB: gzipped(inlineJs) / 1e3,
    hyparquetKB: hyparquet.length / 1e3,
    hyparquetGzKB: gzipped(hyparquet) / 1e3,
  };
}

const NUMBER = String.raw`([\d,]+(?:\.\d+)?)`;
// Each stated figure: its page, the sentence that states it (with one number, or several in
// order) and what is measured for each number.
const FIGURES = [
  {
    page: 'docs/js.md',
    pattern: String.raw`its size hint for the ${NUMBER} KiB \`\.wasm\` asset`,
    measured: ['wasmKiB'],
  },
  {
    page: 'docs/js.md',
    pattern: String.raw`The inline build costs ${NUMBER} MB instead of ${NUMBER} MB \(${NUMBER} KB instead of ${NUMBER} KB gzipped`,
    measured: ['inlineMB', 'fileMB', 'inlineGzKB', 'fileGzKB'],
  },
  {
    page: 'docs/js.md',
    pattern: String.raw`hyparquet \(${NUMBER} KB minified, ${NUMBER} KB gzipped, as esbuild bundles it\)`,
    measured: ['hyparquetKB', 'hyparquetGzKB'],
  },
  {
    page: 'docs/speed.md',
    pattern: String.raw`The package a page downloads is ${NUMBER} KB gzipped \(the \`\.wasm\` module ${NUMBER} KB and ${NUMBER} KB of\s+JavaScript`,
    measured: ['fileGzKB', 'wasmGzKB', 'fileJsGzKB'],
  },
];

/** The figures a page's text states, or why they cannot be read. */
function stated(text, figure) {
  const found = [...text.matchAll(new RegExp(figure.pattern, 'g'))];
  if (found.length !== 1) return { problem: `${found.length} sentences match ${figure.pattern}` };
  return { numbers: found[0].slice(1).map((n) => Number(n.replaceAll(',', ''))) };
}

/** The figures that differ from the measurements by more than the tolerance. */
function differences(pages, sizes) {
  const out = [];
  for (const figure of FIGURES) {
    const { problem, numbers } = stated(pages[figure.page], figure);
    if (problem) {
      out.push(`${figure.page}: ${problem}`);
      continue;
    }
    figure.measured.forEach((key, i) => {
      const off = Math.abs(numbers[i] - sizes[key]) / sizes[key];
      if (off > TOLERANCE)
        out.push(
          `${figure.page}: states ${numbers[i]} for ${key}, measured ${sizes[key].toFixed(2)}`,
        );
    });
  }
  return out;
}

const pages = Object.fromEntries(
  [...new Set(FIGURES.map((f) => f.page))].map((p) => [p, readFileSync(join(root, p), 'utf8')]),
);
const sizes = await measure();

test("the sizes the pages state are the built files' (within 3%)", () => {
  assert.deepEqual(differences(pages, sizes), []);
});

test('a figure off by more than the tolerance, or not found, fails', () => {
  // Sizes exactly as the pages state them (each key as first stated), so that this test of the
  // comparison holds however far the built files have moved from the pages since they were
  // written (the test above is the one that says so).
  const exact = {};
  for (const figure of FIGURES)
    figure.measured.forEach((key, i) => {
      exact[key] ??= stated(pages[figure.page], figure).numbers[i];
    });
  assert.deepEqual(differences(pages, exact), []);
  const grown = { ...exact, wasmKiB: exact.wasmKiB * 1.05 };
  assert.match(differences(pages, grown).join('\n'), /docs\/js\.md: states [\d.]+ for wasmKiB/);
  const near = { ...exact, wasmKiB: exact.wasmKiB * 1.02 };
  assert.deepEqual(differences(pages, near), []);
  const reworded = { ...pages, 'docs/speed.md': 'The package is small.' };
  assert.match(differences(reworded, sizes).join('\n'), /docs\/speed\.md: 0 sentences match/);
});
