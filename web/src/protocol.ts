// Messages between the page (main.ts) and the streaming Web Worker (worker.ts).
import type { CsvInfo, CsvReadOptions, CvResult, PipelineResult, RunResult } from 'onepass';

export type Source = { kind: 'url'; url: string; name: string } | { kind: 'file'; file: File };

export interface RunOptions {
  pipelines: string[];
  label?: string;
  positive?: string;
  /** How to read the file: the column roles as the preview's menus say, header detection. */
  reading: Pick<CsvReadOptions, 'numeric' | 'categorical' | 'text' | 'ignore' | 'header'>;
  onError: 'stop' | 'skip';
  /** Rows of the shuffle buffer (0: file order). */
  shuffleBuffer: number;
  seed: number;
  /** Share of rows held out for a test after the stream (0: none). */
  holdout: number;
  /** Threads of the run: one learns, the others parse (1: one thread does both). */
  threads: number;
}

/** Files up to this size can be held in memory for the holdout test. */
export const HOLDOUT_MAX_BYTES = 64 * 1024 * 1024;

export type ToWorker =
  | { type: 'start'; source: Source; options: RunOptions }
  | { type: 'score'; source: Source; model: string }
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
  mistakes: number;
  /** New curve points since the last message: [rows, mistakes, rows, mistakes, ...]. */
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
    }
  | {
      type: 'scored';
      rows: number;
      labelled: number;
      correct: number;
      predictions: string;
      error?: string;
    }
  | { type: 'failed'; message: string; progress?: Progress; info?: CsvInfo; results?: Result[] }
  | { type: 'holdout'; runs: RunResult[]; message?: string }
  | { type: 'cv-progress'; done: number; total: number }
  | { type: 'cv'; rows: CvRow[]; folds: number; message?: string };

/** One spec's k-fold cross-validation: the mean and sample deviation of each metric. */
export interface CvRow {
  spec: string;
  mean: CvResult['mean'];
  sd: CvResult['sd'];
  divergedFolds: number;
}
