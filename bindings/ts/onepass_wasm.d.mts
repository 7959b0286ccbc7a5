// Types of the Embind module built from bindings/embind.cpp (Emscripten 3.1.6 has no
// --emit-tsd, docs/design.md toolchain fact 3, so they are written by hand and kept beside the bindings).
/** A frozen prediction; scores and probabilities for multiclass and regression pipelines. */
export interface RawPrediction {
  label: number;
  probability: number | null;
  scores?: Float64Array;
  probabilities?: Float64Array | null;
}
export interface RawSnapshotPart {
  name: string;
  arrays: Record<string, Float64Array>;
  scalars: Record<string, number>;
}
export interface RawSnapshot {
  scalers: RawSnapshotPart[];
  learner: RawSnapshotPart;
}
/** Class weights (docs/algorithms.md 4.28), where the run has them: the weight the next row of
 * each class would take, by class index (a binary label's: negative, positive). */
export interface RawClassWeights {
  mode: 'balanced' | 'given';
  weights: number[];
}
/** A +drift pipeline's watch (docs/algorithms.md 6.10): its detector, what it does at a drift,
 * the drifts and warnings signalled, and the rows of the first 1,000 drifts. */
export interface RawDriftReport {
  detector: string;
  action: 'report' | 'reset' | 'background';
  drifts: number;
  warnings: number;
  rows: number[];
}
/** What every task's figures have (docs/algorithms.md 6.1, 6.6, 6.7). */
interface RawStatsCommon {
  rows: number;
  /** The pipeline does no better than its baseline: it learned nothing that a constant answer
   * would not give (binary and multiclass: the majority class; regression: the mean). */
  noBetterThanBaseline: boolean;
  /** Over the last `window` rows: the error rate, or a regression's mean absolute error. */
  rollingError: number | null;
  diverged: boolean;
  revertedSteps: number;
  /** What the run says about the pipeline's fit to its input: a learner that needs scaled
   * features with no scaler, one that needs non-negative features given negative ones. */
  warnings: string[];
  classWeights?: RawClassWeights;
  drift?: RawDriftReport;
  /** Each row predicted by the label of the row before it (docs/algorithms.md 6.5), in the
   * order learned; null before any row; absent for regression and svmlight rows. */
  lastLabel?: { error: number; mistakes: number; balancedAccuracy: number | null } | null;
  /** As many mistakes as that baseline or more. */
  noBetterThanLastLabel?: boolean;
}
/** A multiclass pipeline's progressive figures (docs/algorithms.md 6.6). */
export interface RawMulticlassStats extends RawStatsCommon {
  task: 'multiclass';
  /** The class names by index, in the order they first appeared. */
  classes: string[];
  accuracy: number | null;
  error: number | null;
  mistakes: number;
  balancedAccuracy: number | null;
  macroF1: number | null;
  weightedF1: number | null;
  /** null for a learner without probabilities. */
  logLoss: number | null;
  perClass: { class: string; rows: number; precision: number; recall: number; f1: number }[];
  /** confusion[actual][predicted], by class index. */
  confusion: number[][];
  /** Always answering the class most rows had, and its accuracy; null before any row. */
  baseline: { class: string; accuracy: number } | null;
}
/** A regression pipeline's progressive figures (docs/algorithms.md 6.7). */
export interface RawRegressionStats extends RawStatsCommon {
  task: 'regression';
  mae: number | null;
  rmse: number | null;
  /** 1 - SSE/SST around the targets' mean; null while the targets have no spread. */
  r2: number | null;
  targetMean: number | null;
  /** The mean predictor: each row predicted by the mean of the targets before it. */
  baseline: { mae: number; rmse: number; r2: number | null } | null;
}
/** Every task's figures: narrow on `task`. */
export type RawStats = RawBinaryStats | RawMulticlassStats | RawRegressionStats;
/** One tenth [lower, upper) of the probabilities (the last one [0.9, 1]): the rows predicted
 * with a probability in it, their mean probability and their share of positives (null when it
 * has no row). Calibrated probabilities have meanPredicted close to observedRate. */
export interface RawReliabilityBin {
  lower: number;
  upper: number;
  count: number;
  meanPredicted: number | null;
  observedRate: number | null;
}
export interface RawBinaryStats extends RawStatsCommon {
  task: 'binary';
  mistakes: number;
  error: number;
  accuracy: number | null;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  logLoss: number | null;
  /** (TPR + TNR)/2; null while the rows have one class. */
  balancedAccuracy: number | null;
  /** 2TP/(2TP + FP + FN); 0 when TP = 0. */
  f1: number;
  /** Always answering the class most rows had (positive: true for the positive class, on a tie
   * too), and its error; null before any row. */
  baseline: { positive: boolean; error: number } | null;
  rollingLogLoss: number | null;
  /** The reliability curve of the progressive probabilities (docs/algorithms.md 6.5), for a
   * pipeline that gives probabilities (a logistic learner, or any learner with +platt or
   * +temperature, as the default). */
  calibration?: RawReliabilityBin[];
}
export interface RawParam {
  name: string;
  kind: 'real' | 'integer' | 'boolean' | 'choice';
  default: string;
  range: string;
  /** null when unbounded. */
  min: number | null;
  /** null when unbounded. */
  max: number | null;
  minExclusive: boolean;
  maxExclusive: boolean;
  choices: string[];
  help: string;
}
export interface RawEntry {
  name: string;
  kind: 'learner' | 'scaler' | 'modifier';
  /** The short name people read ("PA-II" for pa2, "z-score" for zscore, "averaging" for avg),
   * as it reads inside a sentence; never empty, and no two of one kind the same. */
  title: string;
  summary: string;
  spec: string;
  source: string;
  probability: boolean;
  /** Learners: what their input must be ("" for anything), e.g. "non-negative features (put
   * minmax first)". */
  needs: string;
  /** A learner's task (a binary learner also learns classes, one against the rest); "" for
   * scalers and modifiers. */
  task: 'binary' | 'multiclass' | 'regression' | '';
  /** Learners: whether +avg, +vote, +platt and +temperature may wrap it (not leader, whose
   * members are averaged and calibrated already); false for scalers and modifiers. */
  takesModifiers: boolean;
  params: RawParam[];
  /** +drift only (docs/algorithms.md 6.10): each detector its `detector` parameter names, with
   * the parameters it takes in the same parentheses (docs/algorithms.md 6.8). */
  detectors?: RawDetectorEntry[];
}
/** A drift detector as the registry lists it under +drift (docs/algorithms.md 6.8). */
export interface RawDetectorEntry {
  name: string;
  /** The short name people read ("ADWIN", "Page-Hinkley"); never empty, no two the same. */
  title: string;
  summary: string;
  spec: string;
  source: string;
  params: RawParam[];
}
/** A stream made by code (api/streams.hpp streams_json; docs/algorithms.md 6.9): its name, a
 * sentence on what it is and how its concept changes, its section of docs/algorithms.md
 * ("6.9.1"), and its parameters, declared as a stage's are. */
export interface RawStreamEntry {
  name: string;
  summary: string;
  section: string;
  params: RawParam[];
}
export interface RawSchema {
  features: string[];
  label: string;
  positive: string;
  negative: string;
  /** What the model reads: CSV rows, or svmlight rows (features by index from indexBase). */
  input: 'csv' | 'svmlight';
  indexBase?: 0 | 1;
  /** What the label asks (docs/algorithms.md 1.8); a multiclass model's classes by index. */
  task: 'binary' | 'multiclass' | 'regression';
  classes: string[];
}
export interface RawPipeline {
  init(spec: string, every: number, window: number, task: string): string;
  initModel(text: string): string;
  /** The option classWeight's text, before the first row: "" or the error. */
  setClassWeights(text: string): string;
  /** The model file, or { error } when its text would pass the bound of a model file. */
  toJson(features: string[] | undefined): string | { error: string };
  toOnnx(features: string[] | undefined): { onnx?: Uint8Array; error?: string };
  linearWeights(features: string[] | undefined): { weights?: string; error?: string };
  schema(): RawSchema;
  inputBuffer(n: number): Float64Array;
  labelBuffer(n: number): Float64Array;
  /** A failed batch says why (error) and, when a row is at fault, which (row). */
  learnMany(count: number, dims: number): { predictions: Int8Array; error?: string; row?: number };
  offsetBuffer(n: number): Uint32Array;
  indexBuffer(n: number): Uint32Array;
  learnSparseMany(
    count: number,
    dims: number,
  ): { predictions: Int8Array; error?: string; row?: number };
  scoreSparseMany(
    count: number,
    dims: number,
  ): { scores: Float64Array; error?: string; row?: number };
  score(dims: number): number | string;
  predict(dims: number): RawPrediction | string;
  finish(): void;
  hasProbability(): boolean;
  dims(): number;
  spec(): string;
  canonical(): string;
  stats(): RawStats;
  /** The curve's points past `afterRows` rows (-1: all), as [rows, value] pairs. */
  curve(afterRows: number): Float64Array;
  /** With a window: each curve point's windowed error as [rows, error] pairs (NaN at a point a
   * model saved before points kept it); null without a window. */
  windowCurve(): Float64Array | null;
  snapshot(): RawSnapshot;
  delete(): void;
}
export interface RawCsvInfo {
  features: string[];
  label: string;
  positiveLabel: string;
  negativeLabel: string;
  rows: number;
  positives: number;
  skipped: number;
  missingCells: number;
  bytes: number;
  lines: number;
  errors: { line: number; column: number; message: string }[];
  warnings: string[];
  /** The delimiter used (given or detected). */
  delimiter: string;
  /** Each column's role and why (inferred from the first rows, set by option, or the model's). */
  columns: {
    name: string;
    role: 'label' | 'numeric' | 'categorical' | 'text' | 'ignore' | 'date';
    reason: string;
  }[];
  /** What the reader decided for you: the positive class it chose, the columns it ignores. */
  notices: string[];
}
export interface RawCsvPreview {
  columns: RawCsvInfo['columns'];
  rows: string[][];
  delimiter: string;
  notices: string[];
  labelValues: { value: string; count: number }[];
  positive: string;
  /** The numeric rule applies: 1 is positive, 0 or -1 negative (the core's one label rule). */
  numericLabels: boolean;
  /** What a run would learn (docs/algorithms.md 1.8; notices say why) and its default. */
  task: 'binary' | 'multiclass' | 'regression';
  defaultPipeline: string;
  /** Data rows read in the head (label values are counted over the first 1,000). */
  headRows: number;
  /** The rows a run samples to infer the roles (option sampleRows, default 1,000): a head with
   * fewer rows may infer them otherwise. */
  sampleRows: number;
}
/** What both runners (CSV, svmlight) have. */
export interface RawRunner {
  init(options: object): string;
  chunkBuffer(n: number): Uint8Array;
  push(n: number): RawStatus;
  finish(): RawStatus;
  size(): number;
  spec(i: number): string;
  canonical(i: number): string;
  hasProbability(i: number): boolean;
  stats(i: number): RawStats;
  curve(i: number, afterRows: number): Float64Array;
  windowCurve(i: number): Float64Array | null;
  snapshot(i: number): RawSnapshot;
  resultJson(i: number): string;
  /** The model file, or { error } when its text would pass the bound of a model file. */
  toJson(i: number): string | { error: string };
  delete(): void;
}
export interface RawCsvRunner extends RawRunner {
  info(): RawCsvInfo;
  /** 1: parser workers may read the next blocks; 0: not yet; -1: never (encoded columns). */
  readApartState(): 1 | 0 | -1;
  apartBuffer(rows: number): { x: Float64Array; y: Int8Array };
  learnApart(counts: RawApartCounts): RawStatus;
  /** A runner on two threads: each pipeline's group (pipelines sharing scalers learn together). */
  groups(): number[];
  /** Which pipelines learn here (empty: all). */
  setLearning(mask: boolean[]): RawStatus;
  runState(i: number): Float64Array;
  loadRunState(i: number, state: Float64Array): RawStatus;
  /** Milliseconds spent parsing and in each pipeline's steps (rows in file order). */
  costs(): { parse: number; pipelines: number[] };
}
/** What a parser worker counted in a block of whole records it read apart. */
export interface RawApartCounts {
  rows: number;
  bytes: number;
  lines: number;
  positives: number;
  missing: number;
}
export interface RawBlockParser {
  init(options: object): string;
  chunkBuffer(n: number): Uint8Array;
  head(n: number): string;
  read(n: number): (RawApartCounts & { x: Float64Array; y: Int8Array }) | null;
  /** The rows read() read, learned by a runner of this thread. */
  learnInto(runner: RawCsvRunner): RawStatus;
  delete(): void;
}
export interface RawSvmlightInfo {
  dims: number;
  positiveLabel: string;
  negativeLabel: string;
  rows: number;
  positives: number;
  skipped: number;
  bytes: number;
  lines: number;
  errors: { line: number; column: number; message: string }[];
}
export interface RawSvmlightRunner extends RawRunner {
  info(): RawSvmlightInfo;
}
/** A stream's CSV a piece at a time (api/streams.hpp StreamCsv). */
export interface RawStreamCsv {
  /** "" or the error; params as "name=value" words; seed undefined: the core's default. */
  init(name: string, params: string[], rows: number, seed: number | undefined): string;
  /** About a megabyte of whole lines, the header first; "" once every row was given. */
  next(): string;
  done(): boolean;
  rows(): number;
  delete(): void;
}
/** A row's largest contributions to its score (docs/algorithms.md 1.9). */
export interface RowExplanation {
  /** The largest |contribution| first: feature name and index, raw value (NaN: missing), w_j z_j. */
  contributions: { feature: string; index: number; value: number; contribution: number }[];
  rest: number; // the sum of the contributions not listed
  bias: number; // bias + rest + the contributions listed is the score
}

export interface RawScorer {
  init(model: string, options: object): string;
  setThreshold(t: number): string;
  explain(count: unknown): string;
  chunkBuffer(n: number): Uint8Array;
  push(n: number): RawStatus;
  finish(): RawStatus;
  take(): {
    scores: Float64Array;
    predictions: Int8Array;
    probabilities: Float64Array | null;
    labels: Int8Array;
    lines: Float64Array;
    values: Float64Array | null;
    classProbabilities: Float64Array | null;
    targets: Float64Array | null;
    explanations: RowExplanation[] | null;
  };
  csvHeader(): string;
  csvLines(
    scores: Float64Array,
    predictions: Int8Array,
    probabilities: Float64Array | null,
    lines: Float64Array,
    values: Float64Array | null,
    classProbabilities: Float64Array | null,
    explanations: RowExplanation[] | null,
  ): string;
  hasProbability(): boolean;
  hasLabels(): boolean;
  schema(): RawSchema;
  counts(): {
    rows: number;
    labelled: number;
    correct: number;
    positive: string;
    negative: string;
    skipped: number;
  };
  errors(): string[];
  summary(): string;
  delete(): void;
}
/** Metric values by name (core/eval/metrics.hpp metric_names: one list for every front end);
 * null where undefined (AUC with one class, log-loss of a learner without probabilities). */
/** An evaluation's figures by name (api/dataset.hpp; eval/task_metrics.hpp names them), null
 * where undefined. Which keys a run has depends on its label's task (RawRun.task). */
export interface RawMetrics {
  /** Yes/no and multiclass labels (docs/algorithms.md 6.5, 6.6). */
  accuracy?: number | null;
  error?: number | null;
  balancedAccuracy?: number | null;
  logLoss?: number | null;
  /** Yes/no labels only (6.5). */
  precision?: number | null;
  recall?: number | null;
  f1?: number | null;
  tp?: number | null;
  fp?: number | null;
  tn?: number | null;
  fn?: number | null;
  /** Of scored rows only (train and test parts, folds), not of progressive validation. */
  auc?: number | null;
  /** Precision at k (option k, default 20), of scored rows only. */
  pAtK?: number | null;
  /** Multiclass labels only (6.6): F1 averaged over the classes present, and weighted by their
   * rows; the accuracy of the majority class (of the training part, for held-out rows). */
  macroF1?: number | null;
  weightedF1?: number | null;
  baselineAccuracy?: number | null;
  /** Regression targets only (6.7), beside the mean predictor's (the training part's mean, for
   * held-out rows). */
  mae?: number | null;
  rmse?: number | null;
  r2?: number | null;
  baselineMae?: number | null;
  baselineRmse?: number | null;
  baselineR2?: number | null;
}
export interface RawRun {
  spec: string;
  /** What the label is (docs/algorithms.md 1.8): the metrics' keys follow from it. */
  task: 'binary' | 'multiclass' | 'regression';
  /** A multiclass label's classes, in the model's order, and the final model's counts on the
   * test rows: the confusion matrix (rows: actual classes, columns: predicted) and the
   * per-class figures (6.6). */
  classes?: string[];
  confusion?: number[][];
  perClass?: { class: string; rows: number; precision: number; recall: number; f1: number }[];
  nTrain: number;
  nTest: number;
  progressive: RawMetrics;
  train: RawMetrics;
  test: RawMetrics;
  /** Whether the divergence guard reverted steps while training, and how many. */
  diverged: boolean;
  revertedSteps: number;
  /** What may make these figures mislead, as a run says it: the pipeline's own warnings and a
   * training part of one class. */
  warnings: string[];
  /** As the JSON gives them (api/dataset.hpp); the Dataset class makes them Float64Arrays. */
  testCurves: { roc: number[]; pr: number[] };
  /** A tuned decision threshold (EvalOptions.tuneThreshold): the test rows are predicted
   * positive from a score (the probability, or else the margin) at least `value`; `validation`
   * is the metric's value where it was tuned. */
  threshold?: { value: number | null; tunedFor: string; validation: number | null };
  grid?: {
    best: string;
    select: string;
    optimistic: boolean;
    candidates: { spec: string; score: number | null }[];
  };
  error?: string;
}
export interface RawCv {
  folds: RawRun[];
  mean: RawMetrics;
  sd: RawMetrics;
  /** Folds whose training diverged (reverted steps). */
  /** The metrics defined in fewer folds than there are, and in how many (docs/algorithms.md
   * 6.3): recall needs a positive row in the fold, precision a row predicted positive. */
  definedFolds: Record<string, number>;
  divergedFolds: number;
  error?: string;
}
export interface RawCurve {
  points: { fraction: number; dataShare: number; mean: RawMetrics }[];
  error?: string;
}
export interface RawDataset {
  init(options: object): string;
  chunkBuffer(n: number): Uint8Array;
  push(n: number): RawStatus;
  finish(): RawStatus;
  size(): number;
  features(): string[];
  notices(): string[];
  warnings(shuffled: boolean): string[];
  width(): number;
  task(): 'binary' | 'multiclass' | 'regression';
  classes(): string[];
  defaultPipeline(): string;
  holdout(spec: string, options: object): RawRun;
  withTest(spec: string, test: RawDataset, options: object): RawRun;
  initLike(options: object, train: RawDataset): string;
  crossValidate(spec: string, folds: number, options: object): RawCv;
  learningCurve(spec: string, folds: number, fractions: number[], options: object): RawCurve;
  /** One line of `onepass evaluate --json` (api/dataset.hpp evaluation_line_json). */
  evaluationLine(
    spec: string,
    protocol: { kind: string; folds?: number; curve?: number[]; test?: string },
    options: object,
    test?: RawDataset,
  ): { line?: string; error?: string };
  delete(): void;
}
/** The core's bounds (api/limits.hpp), each enforced by the core with an error. */
export interface Limits {
  /** The widest row, in features (a pipeline's dims, svmlight's dims). */
  maxDims: number;
  /** The rolling window of progressive figures, in rows. */
  maxWindow: number;
  /** A run's shuffle buffer, in rows. */
  maxShuffleBuffer: number;
  /** A multiclass label's classes (docs/algorithms.md 1.8). */
  maxClasses: number;
  /** A multiclass model's weights: its classes times its features. */
  maxTaskWeights: number;
  /** A class weight, given or balanced (docs/algorithms.md 4.28); 1 / it the smallest. */
  maxClassWeight: number;
  /** The drift rows a +drift pipeline keeps (every drift is counted; docs/algorithms.md 6.10). */
  maxDriftEvents: number;
  /** The rows of a generated stream (docs/algorithms.md 6.9). */
  maxStreamRows: number;
  /** The points a progressive curve keeps; past them it thins (docs/algorithms.md 6.1). */
  maxCurvePoints: number;
  /** The text of a model file, in bytes: kMaxDims inputs at 32 bytes a number (2^29). */
  maxModelBytes: number;
  /** What a run's pipelines may hold, in bytes: the module's memory maximum (2^31), against
   * which a run is refused before it is built (pipeline/run_memory.hpp). */
  maxRunBytes: number;
}
/** A CSV option (api/csv_options.hpp): its name in the API, its flag in the CLIs (a switch
 * sets switchValue), whether svmlight rows take it too, and a whole-number option's bounds. */
export interface CsvFlag {
  name: string;
  flag: string;
  switchValue?: string;
  svmlight: boolean;
  min?: number;
  max?: number;
}
/** What a push or finish returns (convert.hpp status_value): "" when it went well, the
 * message, or a row's error with where it is (1-based line; column 0: the whole row). */
export type RawStatus = string | { message: string; line: number; column: number };
export interface RawModule {
  Dataset: new () => RawDataset;
  /** The registry as JSON text (api/registry_json.hpp): RawEntry[]. */
  registryJson(): string;
  commandLine(
    words: string[],
  ): { command: string; files: string[]; options: Record<string, string[]> } | { error: string };
  checkReading(words: string[], model: string, modelName: string): string;
  previewCsv(head: string, complete: boolean, options: object): RawCsvPreview | { error: string };
  csvOptionInfos(): CsvFlag[];
  defaultPipeline(): string;
  evaluationDefaults(): { testFraction: number; validation: number; seed: number; k: number };
  merge(
    models: string[],
    options: { mean: boolean; weights: number[]; base: string },
  ): { model?: string; error?: string };
  memory(): { heapBytes: number; inUseBytes: number };
  metricNames(): (keyof RawMetrics)[];
  limits(): Limits;
  /** "" when a model file of this many bytes may be read, else why not (the core's check). */
  modelSizeError(bytes: number): string;
  savedBeforeStop(rows: number, file: string): string;
  gridSpecs(spec: string, grid: string): { specs?: string[]; error?: string };
  /** The streams made by code as JSON text: RawStreamEntry[]. */
  streamsJson(): string;
  /** The same as both CLIs' `generate --list` prints it. */
  streamsText(): string;
  StreamCsv: new () => RawStreamCsv;
  Scorer: new () => RawScorer;
  Pipeline: new () => RawPipeline;
  CsvRunner: new () => RawCsvRunner;
  BlockParser: new () => RawBlockParser;
  SvmlightRunner: new () => RawSvmlightRunner;
}
export default function createOnepassModule(options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  /** Where the module's own messages go (Emscripten's err()). */
  printErr?: (line: string) => void;
  /** Emscripten's hook: instantiate the module with these imports, then call done. */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}): Promise<RawModule>;
