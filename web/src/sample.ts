// After a run on a number: each pipeline's final model predicts a sample of the rows, to draw
// its predictions against the true numbers and its residuals. The run itself returns figures,
// not one prediction per row, so the worker reads the data again through one scorer per model
// (the package's csvScorer, which reads the rows as the run did) and keeps a seeded reservoir of
// SAMPLE_ROWS rows: memory stays bounded on a file of any size. Runs in the worker.
import { chunksOf, type Onepass, type ScoredRows } from 'onepass';
import type { PredictionSample, RunOptions } from './protocol';

/** Rows drawn: enough to see the shape of the errors, few enough to draw at once. */
export const SAMPLE_ROWS = 500;
/** Bytes read again at most: a larger file is sampled from its first part (it is said so). */
export const SAMPLE_MAX_BYTES = 64 * 1024 * 1024;

/** A seeded generator of numbers in [0, 1) (mulberry32): the same sample for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Sampled {
  samples: PredictionSample[];
  /** Rows the sample was drawn from. */
  rows: number;
  /** Why there is no sample, or what limits it ('' when nothing does). */
  message: string;
}

/**
 * Predicts a reservoir sample of the rows of `chunks` with each model. `between()` is awaited
 * between chunks: it waits while the page pauses, and says whether the page cancelled. The
 * same rows are drawn for every model: the draw depends on the row's place and the seed only.
 */
export async function sampleRows(
  op: Onepass,
  chunks: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  models: string[],
  options: RunOptions,
  between: () => Promise<boolean>,
): Promise<Sampled> {
  const reading = { label: options.label, onError: 'skip' as const };
  const scorers = models.map((m) => op.csvScorer(m, reading));
  const actual: number[] = [];
  const lines: number[] = [];
  const predicted: number[][] = models.map(() => []);
  const draw = random(options.seed + 1);
  let rows = 0;
  let bytes = 0;
  let message = '';
  /** Takes the rows each scorer gave for the same bytes (the same rows, in order). */
  const take = (scored: ScoredRows[]): boolean => {
    const { targets } = scored[0];
    if (!targets) return false;
    for (let k = 0; k < targets.length; k++) {
      // A row without its number is predicted, but there is nothing to set it against.
      if (!Number.isFinite(targets[k])) continue;
      const slot = rows < SAMPLE_ROWS ? rows : Math.floor(draw() * (rows + 1));
      rows++;
      if (slot >= SAMPLE_ROWS) continue;
      actual[slot] = targets[k];
      lines[slot] = scored[0].lines[k];
      scored.forEach((s, i) => (predicted[i][slot] = s.values?.[k] ?? Number.NaN));
    }
    return true;
  };
  const none = (why: string): Sampled => ({ samples: [], rows: 0, message: why });
  try {
    for await (const chunk of chunksOf(chunks)) {
      if (await between()) return none('cancelled');
      if (!take(scorers.map((s) => s.push(chunk))))
        return none('this version of onepass cannot give the true numbers of the rows it predicts');
      bytes += chunk.length;
      if (bytes >= SAMPLE_MAX_BYTES) {
        message = `drawn from the rows of the first ${SAMPLE_MAX_BYTES / 2 ** 20} MB of the file`;
        break;
      }
    }
    if (!message) take(scorers.map((s) => s.finish()));
  } finally {
    for (const s of scorers) s.dispose();
  }
  return {
    samples: predicted.map((p) => ({
      lines: Float64Array.from(lines),
      actual: Float64Array.from(actual),
      predicted: Float64Array.from(p),
    })),
    rows,
    message,
  };
}
