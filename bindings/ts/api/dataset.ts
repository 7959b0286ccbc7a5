// A labelled data set held in memory for the evaluation protocols (holdout, k-fold, curves).
import type { RawDataset, RawRun } from '../onepass_wasm.mjs';
import { fail } from '../shared/errors.js';
import { checkKeys, countOption } from './checks.js';
import { WasmOwned } from './owned.js';
import type {
  CsvReadOptions,
  CurveResult,
  CvResult,
  EvalOptions,
  RunResult,
  SvmlightReadOptions,
} from './types.js';

/** The evaluation options' types (EvalOptions, and a holdout's testFraction). */
const EVAL_TYPES: Record<string, string> = {
  seed: 'number',
  shuffle: 'boolean',
  stratified: 'boolean',
  k: 'number',
  grid: 'string',
  select: 'string',
  validation: 'number',
  optimistic: 'boolean',
  tuneThreshold: 'string',
  testFraction: 'number',
};

/** The evaluation options, checked at the boundary (a typo, or a string for a number, would
 * otherwise be a silently different protocol): their keys and types; `testFraction` only where
 * a holdout takes it. */
function evalOptions<T extends EvalOptions>(options: T, holdout = false): T {
  const keys = Object.keys(EVAL_TYPES).filter((k) => holdout || k !== 'testFraction');
  checkKeys('evaluation', options, keys);
  for (const [key, value] of Object.entries(options))
    if (value !== undefined && typeof value !== EVAL_TYPES[key])
      fail(`option ${key} must be a ${EVAL_TYPES[key]} (got ${JSON.stringify(value)})`);
  countOption('seed', options.seed, Number.MAX_SAFE_INTEGER);
  return options;
}

function checked<T extends { error?: string }>(r: T): Omit<T, 'error'> {
  if (r.error !== undefined) fail(r.error);
  return r;
}

/** A number of folds: a whole number of at least 2 (the core would take 2.5 as 2). */
function checkFolds(folds: unknown): void {
  if (typeof folds !== 'number' || !Number.isInteger(folds) || folds < 2)
    fail(`folds must be a whole number of at least 2 (got ${String(folds)})`);
}

/** A run as the JSON gives it, its curves as Float64Arrays. */
function withCurveArrays(r: Omit<RawRun, 'error'>): RunResult {
  const { roc, pr } = r.testCurves;
  return { ...r, testCurves: { roc: Float64Array.from(roc), pr: Float64Array.from(pr) } };
}

/** How loadDataset reads its source: CSV options, or svmlight ones with format: 'svmlight';
 * like: a test file read as this training data set was read (features, levels, labels,
 * width). */
export type DatasetOptions =
  | (CsvReadOptions & { format?: 'csv'; like?: Dataset })
  | (SvmlightReadOptions & { format: 'svmlight'; like?: Dataset });

/** How `onepass evaluate` tests (api/dataset.hpp EvaluationProtocol). */
export interface EvaluationProtocol {
  kind: 'holdout' | 'cross-validation' | 'test-file';
  folds?: number;
  /** Fractions of a learning curve over the folds. */
  curve?: number[];
  /** The test file's name, as given (with kind test-file). */
  test?: string;
}

/** A labelled CSV held in memory for the evaluation protocols (spec 6.2-6.4): yes/no labels,
 * classes or numbers (docs/algorithms.md 1.8), each with its own metrics. */
export class Dataset extends WasmOwned<RawDataset> {
  /** @internal use Onepass.loadDataset() */
  constructor(raw: RawDataset) {
    super(raw);
  }

  /** @internal */
  get raw(): RawDataset {
    return this.held('data set');
  }

  get size(): number {
    return this.raw.size();
  }
  /** Feature names (none for svmlight rows, whose features are indices). */
  get features(): string[] {
    return this.raw.features();
  }
  /** What reading the file decided, as a run's info().notices says it: each column's role and
   * why, the positive class, a decimal comma. */
  get notices(): string[] {
    return this.raw.notices();
  }
  /** What may make an evaluation of this data mislead: one class only, bad rows skipped, and
   * unless the training order is shuffled (`shuffle`, as EvalOptions), labels in long runs
   * (a file sorted by class). */
  warnings(shuffle = false): string[] {
    return this.raw.warnings(shuffle);
  }
  /** The number of features a pipeline sees. */
  get width(): number {
    return this.raw.width();
  }
  /** What the label is (docs/algorithms.md 1.8), as a run decides it: the evaluations learn and
   * measure that task. */
  get task(): 'binary' | 'multiclass' | 'regression' {
    return this.raw.task();
  }
  /** A multiclass label's classes, in the order they first appeared (empty otherwise). */
  get classes(): string[] {
    return this.raw.classes();
  }
  /** The default pipeline of this label's task (api/defaults.hpp), as a run without pipelines
   * would learn it. */
  get defaultPipeline(): string {
    return this.raw.defaultPipeline();
  }

  /** Seeded split, one pass over the training part, then the test part (spec 6.2). */
  holdout(spec: string, options: EvalOptions & { testFraction?: number } = {}): RunResult {
    return withCurveArrays(checked(this.raw.holdout(spec, evalOptions(options, true))));
  }
  /** Trains on this data set and tests on another (a given train/test pair). */
  evaluateOn(test: Dataset, spec: string, options: EvalOptions = {}): RunResult {
    return withCurveArrays(checked(this.raw.withTest(spec, test.raw, evalOptions(options))));
  }
  /** k-fold cross-validation with consistent seeded folds, AUC per fold averaged (spec 6.3). */
  crossValidate(spec: string, folds: number, options: EvalOptions = {}): CvResult {
    checkFolds(folds);
    const cv = checked(this.raw.crossValidate(spec, folds, evalOptions(options)));
    return { ...cv, folds: cv.folds.map(withCurveArrays) };
  }
  /** Nested training subsets of each training fold, tested on that fold (spec 6.4). */
  learningCurve(
    spec: string,
    folds: number,
    fractions: number[],
    options: EvalOptions = {},
  ): CurveResult {
    checkFolds(folds);
    return checked(this.raw.learningCurve(spec, folds, fractions, evalOptions(options)));
  }

  /** @internal One line of `onepass evaluate --json`, as `onepass-native evaluate` prints it
   * (api/dataset.hpp evaluation_line_json): the protocol and its result for one pipeline. */
  evaluationLine(
    spec: string,
    protocol: EvaluationProtocol,
    options: EvalOptions & { testFraction?: number },
    test?: Dataset,
  ): string {
    const r = this.raw.evaluationLine(spec, protocol, options, test?.raw);
    if (r.error !== undefined) fail(r.error);
    return r.line as string;
  }
}
