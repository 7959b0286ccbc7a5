// The benchmark's generated files (deterministic, written once under bench/data/, not committed).
// Their numbers look like the files people hold: written as C's %.7g would write them
// (1.205175, 0.9148725, -3.2e-05, 12), with integers, many exact zeros, negatives, a few
// exponents and a few empty cells, so that no parser is timed on numbers of one fixed width.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

export const FEATURES = 28;

export function lcg(seed) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** x with at most 7 significant digits and no trailing zeros, as printf's %.7g; JavaScript
 * switches to exponent form below 1e-6 where C does below 1e-4, so small values are written
 * the C way (2 digits of exponent). */
export function g7(x) {
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a < 1e-4 || a >= 1e7) {
    const [m, e] = x.toExponential(6).split('e');
    const exp = Number(e);
    const mant = m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m;
    return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(Number(x.toPrecision(7)));
}

/** Column j's kind: HIGGS-like continuous values (most columns), small counts, b-tag-like
 * columns that are 0 half the time, and one column of tiny values (written with exponents). */
const kindOf = (j) => (j % 7 === 3 ? 'count' : j % 7 === 5 ? 'tag' : j === 13 ? 'tiny' : 'real');

function cell(kind, r) {
  const u = r() * 4 - 2;
  if (kind === 'count') return Math.floor(r() * r() * 40);
  if (kind === 'tag') return r() < 0.5 ? 0 : Number((1 + r() * 2).toPrecision(7));
  if (kind === 'tiny') return u * 3e-5;
  return u * (0.5 + r());
}

/** A CSV of `rows` rows: FEATURES features (kindOf), 0.3% of cells empty, and a 0/1 label from a
 * linear rule with noise. */
export function generate(path, rows) {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  writeSync(fd, [...Array(FEATURES)].map((_, j) => `f${j + 1}`).join(',') + ',label\n');
  const r = lcg(42);
  const kinds = [...Array(FEATURES)].map((_, j) => kindOf(j));
  for (let done = 0; done < rows;) {
    let block = '';
    for (let i = 0; i < 10000 && done < rows; i++, done++) {
      let z = 0;
      const cells = [];
      for (let j = 0; j < FEATURES; j++) {
        const x = cell(kinds[j], r);
        if (r() < 0.003) {
          cells.push('');
          continue;
        }
        cells.push(g7(x));
        z += (kinds[j] === 'tiny' ? x * 3e4 : kinds[j] === 'count' ? x / 10 : x) * ((j % 5) - 2);
      }
      block += cells.join(',') + ',' + (z + r() - 0.5 > 0 ? 1 : 0) + '\n';
    }
    writeSync(fd, block);
  }
  closeSync(fd);
}

/** A CSV of about `bytes` bytes like the files people hold (design.md section 10): 8 numbers,
 * 3 categorical columns (5, 50 and 2,000 levels), a short text of 3 to 8 words from a
 * 500-word vocabulary and a 0/1 label that depends on all of them. Returns its row count. */
export function generateMixed(path, bytes) {
  const countFile = `${path}.rows`;
  if (existsSync(path) && existsSync(countFile)) return Number(readFileSync(countFile, 'utf8'));
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  const header = [...Array(8)]
    .map((_, j) => `n${j + 1}`)
    .concat(['kind', 'state', 'shop', 'note', 'label']);
  writeSync(fd, header.join(',') + '\n');
  const r = lcg(7);
  const words = [...Array(500)].map((_, i) => `w${i.toString(36)}`);
  let written = 0,
    rows = 0;
  while (written < bytes) {
    let block = '';
    for (let i = 0; i < 10000; i++, rows++) {
      let z = 0;
      const cells = [];
      for (let j = 0; j < 8; j++) {
        const x = (r() * 4 - 2) * (j + 1);
        cells.push(j % 3 === 0 ? String(Math.round(x * 10)) : x.toPrecision(1 + (j % 7)));
        z += (x / (j + 1)) * ((j % 5) - 2);
      }
      const kind = Math.floor(r() * 5),
        state = Math.floor(r() * 50),
        shop = Math.floor(r() * 2000);
      z += kind - 2 + (state % 7) / 3 - 1;
      const n = 3 + Math.floor(r() * 6);
      const note = [];
      for (let k = 0; k < n; k++) {
        const w = Math.floor(r() * r() * 500);
        note.push(words[w]);
        z += w < 20 ? 0.5 : 0;
      }
      cells.push(`k${kind}`, `S${state}`, `shop-${shop}`, note.join(' '));
      block += cells.join(',') + ',' + (z + r() - 0.5 > 0 ? 1 : 0) + '\n';
    }
    writeSync(fd, block);
    written += Buffer.byteLength(block);
  }
  closeSync(fd);
  writeFileSync(countFile, String(rows));
  return rows;
}
