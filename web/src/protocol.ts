// Messages between the page (main.ts) and the streaming Web Worker (worker.ts).
import type {
  CsvInfo,
  CsvReadOptions,
  CvResult,
  GenerateOptions,
  PipelineResult,
  RunResult,
} from 'onepass';
import type { Task } from './tasks';
import type { RoleOptions } from './preview';

/** A bundled sample (by URL), the user's own file, or a sample made by code in the worker
 * (streams.ts: the stream's name and options, as the package's streamCsv() takes them). */
export type Source =
  | { kind: 'url'; url: string; name: string }
  | { kind: 'file'; file: File }
  | { kind: 'generated'; name: string; stream: string; options: GenerateOptions };

export interface RunOptions {
  pipelines: string[];
  label?: string;
  positive?: string;
  /** How to read the file: the column roles as the preview's menus say, header detection. */
  reading: RoleOptions & Pick<CsvReadOptions, 'header'>;
  onError: 'stop' | 'skip';
  /** Class weights (docs/algorithms.md 4.28): 'balanced' weighs each class by the inverse of
   * its share of the rows so far; absent: every row counts once. */
  classWeight?: 'balanced';
  /** Rows of the shuffle buffer (0: file order). */
  shuffleBuffer: number;
  seed: number;
  /** Share of rows held out for a test after the stream (0: none). */
  holdout: number;
  /** Threads of the run: one learns, the others parse (1: one thread does both). */
  threads: number;
}

/** How a run reads its data, as the API's CSV options: the same for the run's runner, for the
 * holdout's dataset, and for the CLI and JavaScript that make the run again (reproduce.ts). */
export function readingOf(
  options: RunOptions,
): CsvReadOptions & Pick<RunOptions, 'onError' | 'classWeight'> {
  const { reading, label, positive, onError, classWeight } = options;
  return { label, positive, ...reading, onError, classWeight };
}

/** The holdout test of a run (docs/evaluation.md): a seeded share of the rows, the training part
 * learned in a shuffled order, as `onepass evaluate --holdout F --seed S --shuffle` does. */
export function holdoutOf(options: RunOptions): {
  testFraction: number;
  seed: number;
  shuffle: true;
} {
  return { testFraction: options.holdout, seed: options.seed, shuffle: true };
}

/** Files up to this size can be held in memory for the holdout test. */
export const HOLDOUT_MAX_BYTES = 64 * 1024 * 1024;

export type ToWorker =
  | { type: 'start'; source: Source; options: RunOptions }
  /** onError: what to do with a bad row, as the data panel says (a row without its label is one). */
  | { type: 'score'; source: Source; model: string; onError: 'stop' | 'skip' }
  | {
      type: 'cross-validate';
      source: Source;
      options: RunOptions;
      spec: string;
      folds: number;
      /** A parameter grid (every combination is cross-validated), or '' for the spec alone. */
      grid: string;
    }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' };

export interface SeriesUpdate {
  /** New curve points since the last message: [rows, y, rows, y, ...], y the cumulative
   * mistakes (classes) or absolute error (a number). */
  points: Float64Array;
}

export interface Progress {
  rows: number;
  bytes: number;
  /** Total bytes of the source when known, else 0. */
  total: number;
  elapsedMs: number;
  series: SeriesUpdate[];
}

/** Per-pipeline results without the heavy snapshot arrays of scalers. */
export type Result = PipelineResult;

/** A pipeline's final predictions of a sample of the rows of a number, beside the true
 * numbers (the same rows for every pipeline of a run). */
export interface PredictionSample {
  /** The line of each row in the file (the header is line 1). */
  lines: Float64Array;
  actual: Float64Array;
  predicted: Float64Array;
}

export type FromWorker =
  | { type: 'started'; features: string[]; label: string; pipelines: string[] }
  | ({ type: 'progress' } & Progress)
  | {
      type: 'done';
      progress: Progress;
      info: CsvInfo;
      results: Result[];
      /** The model file of each pipeline (JSON text). */
      models: string[];
      cancelled: boolean;
      /** Blocks that parser workers parsed (0: the run parsed on one thread). */
      blocksApart: number;
      /** The rows between the curve's points (option every): a model file keeps its points. */
      every: number;
    }
  | {
      type: 'scored';
      rows: number;
      labelled: number;
      correct: number;
      /** Of a model of classes or of a number: what its predictions scored, in words. */
      summary?: string;
      predictions: string;
      error?: string;
    }
  | { type: 'failed'; message: string; progress?: Progress; info?: CsvInfo; results?: Result[] }
  | { type: 'holdout'; runs: RunResult[]; message?: string }
  /** After a run on a number: each pipeline's predictions of a sample of the rows (none, with
   * why, when they cannot be made), drawn from `rows` rows. */
  | { type: 'sample'; samples: PredictionSample[]; rows: number; message: string }
  | { type: 'cv-progress'; done: number; total: number }
  /** task: the label's, as the data read for it says (absent when it could not be read). */
  | { type: 'cv'; rows: CvRow[]; folds: number; task?: Task; message?: string };

/** One spec's k-fold cross-validation: the mean and sample deviation of each metric. */
export interface CvRow {
  spec: string;
  mean: CvResult['mean'];
  sd: CvResult['sd'];
  divergedFolds: number;
}
