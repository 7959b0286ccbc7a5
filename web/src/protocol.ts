// Messages between the page (main.ts) and the streaming Web Worker (worker.ts).
import type { CsvInfo, PipelineResult } from 'onepass';

export type Source = { kind: 'url'; url: string; name: string } | { kind: 'file'; file: File };

export interface RunOptions {
  pipelines: string[];
  label?: string;
  positive?: string;
  onError: 'stop' | 'skip';
}

export type ToWorker =
  | { type: 'start'; source: Source; options: RunOptions }
  | { type: 'score'; source: Source; model: string }
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
    }
  | {
      type: 'scored';
      rows: number;
      labelled: number;
      correct: number;
      predictions: string;
      error?: string;
    }
  | { type: 'failed'; message: string; progress?: Progress; info?: CsvInfo; results?: Result[] };
