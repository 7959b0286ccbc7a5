// The CSV that Onepass.warmUp() streams through pipelines (docs/design.md, "Warming up", and
// toolchain fact 10): a WebAssembly engine first runs a function on code compiled quickly and
// recompiles it optimised, in the background, once it has run enough; these rows run the
// reader's paths (numbers of the forms users' files have, empty cells, a categorical column,
// labels) and the pipelines' steps enough for that.

/** Rows and numeric columns of the warm-up CSV: about 200 KB, enough for V8 (node 20,
 * Chromium) to mark the reader's and the stages' functions hot, and short enough to take tens
 * of milliseconds on the unoptimised code. */
const ROWS = 2000;
const NUMBERS = 12;
const LEVELS = ['red', 'green', 'blue'];

/** The warm-up CSV: a header, then rows of NUMBERS numbers (%.7g-like, integers, zeros,
 * exponents, negatives, now and then an empty cell), a categorical column and a 0/1 label.
 * The same bytes every call (a fixed pseudo-random sequence). */
export function warmUpCsv(): Uint8Array {
  let state = 12345;
  // A linear congruential generator: the text is reproducible, and no Math.random is needed.
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const header = [...Array(NUMBERS)].map((_, j) => `x${j + 1}`);
  const lines = [[...header, 'colour', 'label'].join(',')];
  for (let i = 0; i < ROWS; i++) {
    const cells: string[] = [];
    let margin = 0;
    for (let j = 0; j < NUMBERS; j++) {
      const text = numberText((next() - 0.5) * 8, next());
      // The label follows the numbers as written (a missing one counts 0), with some noise.
      margin += (j % 2 ? 1 : -0.5) * (Number(text) || 0);
      cells.push(text);
    }
    cells.push(LEVELS[i % LEVELS.length]);
    cells.push(margin + next() - 0.5 > 0 ? '1' : '0');
    lines.push(cells.join(','));
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

/** A number as users' files write it, the form chosen by `u` in [0, 1). */
function numberText(v: number, u: number): string {
  if (u < 0.6) return v.toPrecision(7); // 1.205175, -0.9148725
  if (u < 0.75) return String(Math.round(v * 10)); // integers
  if (u < 0.85) return '0';
  if (u < 0.95) return (v * 1e-5).toExponential(2); // -3.21e-5
  if (u < 0.99) return v.toFixed(2);
  return ''; // a missing value
}
