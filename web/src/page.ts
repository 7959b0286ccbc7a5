// The page's state, one source of truth: what is chosen and what the last run gave, read and
// written by the page's modules (data, views, running, link, models); and the page's elements
// and constants. main.ts only wires them.
import type { Onepass } from 'onepass';
import type { RunOptions, Source } from './protocol';
import { emptyRun, type RunState } from './results';

export const DATASETS = [
  { file: 'heart.csv', title: 'Statlog heart (270 rows, 13 features)' },
  { file: 'diabetes.csv', title: 'Pima diabetes (768 rows, 8 features)' },
  { file: 'diabetes_na.csv', title: 'Pima diabetes with missing cells (768 rows)' },
  { file: 'breast_cancer_wdbc.csv', title: 'Breast cancer, diagnostic (569 rows, 30 features)' },
  { file: 'breast_cancer_wisconsin.csv', title: 'Breast cancer, original (699 rows, 9 features)' },
  { file: 'ionosphere.csv', title: 'Ionosphere (351 rows, 34 features)' },
  { file: 'sonar.csv', title: 'Sonar, sorted by class (208 rows, 60 features)' },
  { file: 'liver.csv', title: 'BUPA liver (345 rows, 6 features)' },
];
// The head read for the preview: enough for the 1,000 rows a run samples to infer roles.
export const PREVIEW_BYTES = 1024 * 1024;
export const MAX_PREVIEW_BYTES = 64 * 1024 * 1024;
/** The cores the browser says it has: the run's threads when parsing on every core. */
export const CORES = Math.max(1, navigator.hardwareConcurrency || 1);

export const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
export const ui = {
  dataset: $<HTMLSelectElement>('dataset'),
  file: $<HTMLInputElement>('file'),
  drop: $<HTMLDivElement>('drop'),
  sourceName: $<HTMLParagraphElement>('source-name'),
  label: $<HTMLSelectElement>('label'),
  positive: $<HTMLSelectElement>('positive'),
  onError: $<HTMLSelectElement>('on-error'),
  order: $<HTMLSelectElement>('order'),
  threads: $<HTMLSelectElement>('threads'),
  seed: $<HTMLInputElement>('seed'),
  preview: $<HTMLTableElement>('preview'),
  preset: $<HTMLSelectElement>('preset'),
  applyPreset: $<HTMLButtonElement>('apply-preset'),
  specs: $<HTMLTextAreaElement>('specs'),
  builder: $<HTMLDivElement>('builder'),
  catalogue: $<HTMLDivElement>('catalogue'),
  holdout: $<HTMLSelectElement>('holdout'),
  run: $<HTMLButtonElement>('run'),
  pause: $<HTMLButtonElement>('pause'),
  cancel: $<HTMLButtonElement>('cancel'),
  share: $<HTMLButtonElement>('share'),
  shareStatus: $<HTMLParagraphElement>('share-status'),
  specError: $<HTMLParagraphElement>('spec-error'),
  bar: $<HTMLProgressElement>('bar'),
  status: $<HTMLParagraphElement>('status'),
  problems: $<HTMLUListElement>('problems'),
  results: $<HTMLTableElement>('results'),
  holdoutStatus: $<HTMLParagraphElement>('holdout-status'),
  baseline: $<HTMLParagraphElement>('baseline'),
  cvPipeline: $<HTMLSelectElement>('cv-pipeline'),
  cvFolds: $<HTMLSelectElement>('cv-folds'),
  cvGrid: $<HTMLInputElement>('cv-grid'),
  cvRun: $<HTMLButtonElement>('cv-run'),
  cvStatus: $<HTMLParagraphElement>('cv-status'),
  cvResults: $<HTMLTableElement>('cv-results'),
  holdoutCurves: $<HTMLDivElement>('holdout-curves'),
  exportJson: $<HTMLButtonElement>('export-json'),
  exportCurve: $<HTMLButtonElement>('export-curve'),
  exportPng: $<HTMLButtonElement>('export-png'),
  modelFile: $<HTMLInputElement>('model-file'),
  score: $<HTMLButtonElement>('score'),
  exportPredictions: $<HTMLButtonElement>('export-predictions'),
  scoreStatus: $<HTMLParagraphElement>('score-status'),
};

/** A bundled sample, by absolute URL: the worker resolves relative URLs against its own. */
export const sample = (file: string): Source => ({
  kind: 'url',
  url: new URL(file, document.baseURI).href,
  name: file,
});

/** What the page holds between events. */
export interface PageState {
  /** The module, once loaded (main.ts). */
  op: Onepass;
  /** The data chosen, and its head as read for the preview and the menus. */
  source: Source;
  head: { text: string; complete: boolean };
  /** The last run's feature names and pipeline specs. */
  features: string[];
  pipelines: string[];
  /** What the last run gave (results.ts): results, holdout runs, majority-class baseline. */
  run: RunState;
  /** The last run's model files, one per pipeline (after Cancel too). */
  lastModels: string[];
  /** A model file loaded to predict with, and its predictions as CSV. */
  modelText: string;
  predictions: string;
  /** The cumulative-mistakes curve of the run: rows, and each pipeline's mistakes. */
  curveRows: number[];
  curveMistakes: number[][];
  paused: boolean;
  /** How the run (or cross-validation) under way, or the last one, reads and runs the data:
   * what its results are shown with, whatever the controls say since. */
  options: RunOptions;
  /** Why the page's worker failed ("" while it works). */
  workerFailure: string;
}

export const page: PageState = {
  op: undefined as unknown as Onepass,
  source: sample(DATASETS[0].file),
  head: { text: '', complete: true },
  features: [],
  pipelines: [],
  run: emptyRun(),
  lastModels: [],
  modelText: '',
  predictions: '',
  curveRows: [],
  curveMistakes: [],
  paused: false,
  options: {
    pipelines: [],
    reading: {},
    onError: 'stop',
    shuffleBuffer: 0,
    seed: 0,
    holdout: 0,
    threads: 1,
  },
  workerFailure: '',
};
