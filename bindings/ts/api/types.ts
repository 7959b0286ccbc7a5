// The public types of the package (docs/js.md): what the core reports, the
// options of each call, and the figures of evaluations. The classes are in their own files.
import type { ArrowTable } from './arrow.js';
import type {
  RawBinaryStats,
  RawMulticlassStats,
  RawRegressionStats,
  RawCsvInfo,
  RawCsvPreview,
  RawMetrics,
  RawSvmlightInfo,
  RawSnapshot,
  RawSnapshotPart,
  RawStats,
  RawEntry,
  RawParam,
  RawStreamEntry,
  RawSchema,
  RawRun,
  RawCv,
  RawCurve,
  RawReliabilityBin,
  RowExplanation,
} from '../onepass_wasm.mjs';

export type Snapshot = RawSnapshot;

/** A stage of a snapshot with plain number arrays (for JSON.stringify). */
export interface PlainSnapshotPart {
  name: string;
  arrays: Record<string, number[]>;
  scalars: Record<string, number>;
}
/** A snapshot with plain number arrays instead of Float64Arrays, ready for JSON. */
export interface PlainSnapshot {
  scalers: PlainSnapshotPart[];
  learner: PlainSnapshotPart;
}

/** The snapshot with its Float64Arrays as plain arrays: what JSON.stringify writes as lists. */
export function plainSnapshot(s: Snapshot): PlainSnapshot {
  const part = (p: RawSnapshot['learner']): PlainSnapshotPart => ({
    name: p.name,
    arrays: Object.fromEntries(Object.entries(p.arrays).map(([k, v]) => [k, Array.from(v)])),
    scalars: p.scalars,
  });
  return { scalers: s.scalers.map(part), learner: part(s.learner) };
}
export type SnapshotPart = RawSnapshotPart;
export type RegistryEntry = RawEntry;
export type RegistryParam = RawParam;
/** A stream made by code with concept drift (Onepass.streams(); docs/algorithms.md 6.9). */
export type StreamEntry = RawStreamEntry;
/** The stream Onepass.generateCsv() and streamCsv() write. */
export interface GenerateOptions {
  /** Rows to write, from 1 to 10^9. */
  rows: number;
  /** The stream's seed (default 1): the same seed, parameters and rows give the same bytes. */
  seed?: number;
  /** The stream's parameters (StreamEntry.params), as { noise: 0.1 } or as the CLI's --param
   * takes them, ['noise=0.1']. */
  params?: Record<string, string | number | boolean> | string[];
}
export type CsvInfo = RawCsvInfo;
/**
 * The head of a CSV as a run would read it: each column's role and why, the first rows'
 * cells, the detected delimiter, the label values of the sampled rows (most frequent first)
 * and the positive class the run would use.
 */
export type CsvPreview = RawCsvPreview;
/** Counts of an svmlight stream: rows, skipped lines and their errors, the width, labels. */
export type SvmlightInfo = RawSvmlightInfo;
/** What a model was trained on: feature names in order and the label mapping. */
export type ModelSchema = RawSchema;
/** A pipeline's linear form in the raw features' units (Pipeline.linearWeights()). */
export interface LinearWeights {
  format: 'onepass-linear';
  version: 1;
  spec: string;
  features: string[];
  /** margin = sum_j coef[j] * x[j] + intercept; the label is positive when margin >= 0. */
  coef: number[];
  intercept: number;
  /** The value standing for a missing cell of each feature (null: any value does). */
  missing: (number | null)[];
  /** logistic: probability of the positive class = 1 / (1 + exp(-margin)). */
  link: 'logistic' | 'identity';
  positive: string;
  negative: string;
}

/** A model file (docs/models.md): a versioned JSON object; pass it to loadPipeline(). */
export type ModelJSON = { format: 'onepass-model'; version: number; spec: string } & Record<
  string,
  unknown
>;
/** A model as an object or as the JSON text of one. */
export type ModelInput = ModelJSON | string;

/** How merge() weighs the models (docs/algorithms.md §3.4). By default each model weighs as the
 * rows it learned (FedAvg's n_k / n), and learners with a per-coordinate confidence (adagrad,
 * ftrl, arow, scw) merge each weight by it. */
/** A scorer's decision threshold (docs/algorithms.md 6.5): a row is predicted positive when its
 * probability (a model that gives one; a number in (0, 1)), or else its margin, is at least it.
 * Without it: 0.5, or a margin of 0. Refused for multiclass and regression models. */
export interface ThresholdOption {
  threshold?: number;
}

/** Each row's largest contributions to its score (docs/algorithms.md 1.9): `true` for 5, or how
 * many (1 to 1000). Refused for learners whose score is not w.z + b (the Winnow family, nag, fs,
 * fs1). */
export interface ExplainOption {
  explain?: boolean | number;
}

export type { RowExplanation };

export interface MergeOptions {
  /** The element-wise mean of every stage's state, each model alike (merge before it weighed
   * the models). Not with `weights`. */
  mean?: boolean;
  /** One weight per model, in the order given, in place of the rows each learned (a driver
   * that knows the rows each worker learned in a round): finite numbers >= 0, not all 0. */
  weights?: number[];
  /** The model every one of them continued from (a round of parameter mixing, docs/algorithms.md
   * 6.12: clients that loaded the last merged model): each then weighs as the rows it learned
   * since, and the merged model counts the base's rows once. */
  base?: ModelInput;
}

/** Progressive-validation figures of a pipeline (spec 6.1): every row predicted before learned. */
export type Stats = RawStats & {
  /** [rows, mistakes] pairs recorded every `every` rows (regression: [rows, cumulative absolute
   * error]). */
  curve: Float64Array;
  /** With a `window`: the error over the last `window` rows at each curve point, as [rows,
   * error] pairs (regression: the mean absolute error; NaN at a point of a model saved before
   * points kept it). Absent without a window. */
  rollingCurve?: Float64Array;
};
export type { RawBinaryStats, RawMulticlassStats, RawRegressionStats };
/** A bin of a reliability (calibration) curve: `calibration` of a yes/no pipeline that gives
 * probabilities (docs/algorithms.md 6.5). */
export type ReliabilityBin = RawReliabilityBin;

export interface PipelineOptions {
  /** What its labels are (docs/algorithms.md 1.8). Default: the task its learner learns
   * (softmax: multiclass; linreg: regression; a binary learner: binary; a binary learner with
   * 'multiclass' learns one-vs-rest). learnOne then takes a class index or a number. */
  task?: 'binary' | 'multiclass' | 'regression';
  /** Record a point of the cumulative-mistakes curve every `every` rows (0: none). */
  every?: number;
  /** Feature names, saved in the model file (default x1, x2, ...). */
  features?: string[];
  /** Also keep the error and log-loss of the last `window` rows (rollingError, rollingLogLoss),
   * and the error of the last `window` rows at each curve point (rollingCurve). */
  window?: number;
  /** Class weights (docs/algorithms.md 4.28), as CsvReadOptions' classWeight: 'balanced', or
   * weights by the labels learnOne takes: { '1': 5, '-1': 1 } for yes/no labels, { '0': 1,
   * '2': 10 } by class index; a class not named weighs 1. */
  classWeight?: 'balanced' | string | Record<string, number>;
}

/**
 * What runCsv, pushAll and loadDataset read: a ReadableStream (File.stream(), a fetch body) or
 * any async iterable of Uint8Array chunks, one Uint8Array, a Blob (a File), a string of CSV text,
 * in Node a file path (a string without a line break), or an Arrow table (apache-arrow's Table),
 * read as the CSV text it holds. Bytes are told by their first bytes: gzip, zstd, Parquet and
 * Arrow IPC are read as the CSV text they hold.
 */
export type CsvSource =
  ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Uint8Array | Blob | string | ArrowTable;

/** How a CSV is read (the same options in csvRunner, runCsv, loadDataset and csvScorer). */
export interface CsvReadOptions {
  /** Label column: a header name or a 0-based index (-1: last). Default: the last column. */
  label?: string | number;
  /**
   * The label value of the positive class. Default: 1 for numeric labels (1 vs 0 or -1);
   * for other labels a value named 1, yes, y, true, positive or pos, else the minority class of the
   * first rows (info().notices says which).
   */
  positive?: string;
  /**
   * What the label asks (docs/algorithms.md 1.8): 'binary', 'multiclass' (classes) or
   * 'regression' (a number). Default: decided from the sampled labels (info().notices says why).
   */
  task?: 'binary' | 'multiclass' | 'regression';
  /**
   * Class weights (docs/algorithms.md 4.28): 'balanced' weighs each class by the inverse of its
   * share of the rows so far; { yes: 5, no: 1 } (or 'yes=5,no=1') by the label's values, a class
   * not named weighing 1. Each weight in [0.01, 100]. Saved with the model. Default: every row 1.
   */
  classWeight?: 'balanced' | string | Record<string, number>;
  /** "stop" (default): the first bad row ends the stream; "skip": bad rows are counted. */
  onError?: 'stop' | 'skip';
  /**
   * false: the first line is data; columns are named c1, c2, ... 'auto': decided from the
   * first rows (a header unless the numeric columns have numbers in the first line too).
   */
  header?: boolean | 'auto';
  /**
   * One character, or 'tab'. Default: detected from the first records (',', ';', tab, '|': the
   * one that splits them into the steadiest number of fields), held until two in a row split
   * alike (usually the header and the first row), or 10 of them.
   */
  delimiter?: string;
  /**
   * The decimal separator of numbers, '.' or ','. Default: ',' when the sampled rows write
   * numbers so ("1,5") and none with a point, and the delimiter is not ','; else '.'.
   */
  decimal?: '.' | ',';
  /** Lines to pass over before the header (or the first row). */
  skipLines?: number;
  /** Lines that start with this character are passed over (e.g. '|' or '#'). */
  comment?: string;
  /**
   * Cells that also stand for a missing value, besides the defaults: '', '?', NA, N/A, n/a, NaN,
   * nan, -NaN, -nan, null, NULL, None, <NA>, #NA, #N/A, '#N/A N/A', and a spreadsheet's error
   * values (#DIV/0!, #VALUE!, #REF!, #NAME?, #NUM!, #NULL!, #SPILL!, #CALC!).
   */
  missing?: string[];
  /** false: only the cells of `missing` stand for a missing value, not the defaults. */
  defaultMissing?: boolean;
  /** Characters trimmed from both ends of label values ('.' reads '>50K.' as '>50K'). */
  labelTrim?: string;
  /** Column roles by name; other columns' roles are inferred from the first sampleRows rows. */
  numeric?: string[];
  categorical?: string[];
  text?: string[];
  ignore?: string[];
  /**
   * Columns of dates and times (ISO 8601, or year-first and day/month orders the sample proves):
   * each gives the days since 1970 and the weekday, month and hour as sine and cosine
   * (docs/algorithms.md §1.10).
   */
  date?: string[];
  /** Rows read to infer column roles (default 1000; 0: every column is numeric). */
  sampleRows?: number;
  /** Named values per categorical column before further values are hashed (default 1000). */
  maxLevels?: number;
  /** Hashed buckets per categorical column past maxLevels (default 64). */
  levelBuckets?: number;
  /** 2^textBits hashed word buckets per text column (default 18). */
  textBits?: number;
  /**
   * true: the pipelines' scalers scale the categorical and text features too (online scalers
   * only; a warm-up scaler such as lp refuses). Default: they reach the learner as they are.
   */
  scaleEncoded?: boolean;
  /** The longest record in bytes (default 1 MB): a stray quote cannot swallow the stream. */
  maxRecordBytes?: number;
  /** The most columns a file may have (default 100,000). */
  maxFields?: number;
}

export interface CsvOptions extends CsvReadOptions {
  /** Pipeline spec strings, e.g. "zscore | logreg(eta0=0.1)". One parse feeds all of them.
   * None (and no models): the default pipeline of the task the label asks for. */
  pipelines?: string[];
  /** Or models to train further (all trained on the same features, matched by header name). */
  models?: ModelInput[];
  /** Curve point every `every` rows (0: none). */
  every?: number;
  /** Also keep the error and log-loss of the last `window` rows, and that error at each curve
   * point (rollingCurve). */
  window?: number;
  /** Shuffle the rows through a buffer of this many rows (bounded memory); default: file order. */
  shuffleBuffer?: number;
  /** Seed of the shuffle (default 1). */
  seed?: number;
}

/** How svmlight / libsvm text is read (runners, scorers, data sets). */
export interface SvmlightReadOptions {
  /** The number of features (required, except with models, which know theirs: a stream's
   * largest index is known only at its end). */
  dims?: number;
  /** The index of the first feature in the file: 1 (svmlight, libsvm; default) or 0. A model
   * reads indices as its training file did. */
  indexBase?: 0 | 1;
  /** The label value of the positive class. Default: numeric labels, 1 vs 0 or -1 (or the
   * model's positive class). */
  positive?: string;
  /** What the labels are (docs/algorithms.md 1.8): "binary" (default), "multiclass" (classes
   * named by number or name, as LIBSVM's multiclass files have them) or "regression" (a
   * number); svmlight text is not sampled to decide it. A model reads as it learned. */
  task?: 'binary' | 'multiclass' | 'regression';
  /** "stop" (default): the first bad line ends the stream; "skip": bad lines are counted. */
  onError?: 'stop' | 'skip';
}

/** Options of Onepass.svmlightRunner: sparse rows from svmlight / libsvm text. */
export interface SvmlightOptions extends SvmlightReadOptions {
  /** Pipeline spec strings; one parse feeds all of them. */
  pipelines?: string[];
  /** Or models trained on svmlight rows, to train further. */
  models?: ModelInput[];
  /** Curve point every `every` rows (0: none). */
  every?: number;
  /** Also keep the error and log-loss of the last `window` rows, and that error at each curve
   * point (rollingCurve). */
  window?: number;
}

export type PipelineResult = Stats & {
  pipeline: string;
  canonical: string;
  hasProbability: boolean;
  snapshot: Snapshot;
};

/** Rows scored by a Scorer: margins, predicted labels, probabilities when the model has them,
 * the file's labels (0 when it has none) and the line of each row. */
export interface ScoredRows {
  scores: Float64Array;
  predictions: Int8Array;
  probabilities: Float64Array | null;
  labels: Int8Array;
  lines: Float64Array;
  /** A multiclass or regression model (docs/algorithms.md 1.8): each row's class index (into
   * schema.classes) or number; scores then hold the predicted class's score or the number, and
   * probabilities the predicted class's. Null for a binary model. */
  values?: Float64Array | null;
  /** Every class's probability, K per row, for multiclass learners that have them. */
  classProbabilities?: Float64Array | null;
  /** The file's class index or number of each row (NaN where the row has none). */
  targets?: Float64Array | null;
  /** Each row's largest contributions (option explain; else null). */
  explanations?: RowExplanation[] | null;
}

/** Metric values by name, camelCase as the rest of the API; null where undefined (AUC with one
 * class). A yes/no label's: accuracy, error, precision, recall, f1, balancedAccuracy, logLoss,
 * tp, fp, tn, fn, and of scored rows auc and pAtK. A multiclass label's: accuracy, error,
 * balancedAccuracy, macroF1, weightedF1, logLoss, baselineAccuracy. A number's: mae, rmse, r2,
 * baselineMae, baselineRmse, baselineR2. */
export type MetricValues = RawMetrics;
export type RunResult = Omit<RawRun, 'error' | 'testCurves'> & {
  /** The test part's ROC curve (the true-positive rate at false-positive rates 0, 0.01, ...,
   * 1) and precision-recall curve (interpolated precision at recalls 0, 0.01, ..., 1); empty
   * when the test part has one class. */
  testCurves: { roc: Float64Array; pr: Float64Array };
};
export type CvResult = Omit<RawCv, 'error' | 'folds'> & { folds: RunResult[] };
export type CurveResult = Omit<RawCurve, 'error'>;

export interface EvalOptions {
  /** Seed of the splits and of the training order (default 1). */
  seed?: number;
  /** Shuffle the training order (S0's randomised one pass); default: file order. */
  shuffle?: boolean;
  /** Keep the class shares in splits and folds (default true, D-EVAL-1). */
  stratified?: boolean;
  /** k of Precision@k (default 20). */
  k?: number;
  /** Grid search, e.g. "lambda=0,0.01,0.1;mu=0,1" (holdout and given test sets). */
  grid?: string;
  /** The metric the grid search selects on (default accuracy; r2 for a number). */
  select?: string;
  /** Share of the training part held out for selection (default 0.2). */
  validation?: number;
  /** Select on the test part, as S0 did: optimistic, and labelled so in the result. */
  optimistic?: boolean;
  /** A yes/no label's decision threshold tuned for this metric on the validation part (a model
   * trained on the rest of the training part), then the test scored at it (holdout and given
   * test sets; docs/algorithms.md 6.2). The result's `threshold` says which and its value. */
  tuneThreshold?: 'f1' | 'balancedAccuracy' | 'accuracy';
}

/** How pushAll reads: parser workers, and a callback after each chunk. */
export interface StreamOptions {
  /** Threads in all (docs/design.md, "Every core"): 1 parses and learns on this thread; with
   * more, threads - 1 parser workers (worker threads in Node, Web Workers in browsers) parse
   * the stream while this thread learns. The results are the same bit for bit. In Node a file
   * given by its path is read by the workers themselves. Default 1. */
  threads?: number;
  /** Called as the source is read, with the bytes read so far; a promise it returns is
   * awaited before reading on (a pause). */
  onProgress?: (bytes: number) => void | Promise<void>;
}
