// The loaded module's API (Onepass): the registry, pipelines, runners, scorers, data sets and
// the streams made by code.
import { fail } from '../shared/errors.js';
import { loadModule, type LoadOptions } from '../shared/module.js';
import type { CsvFlag, Limits, RawModule, RawScorer } from '../onepass_wasm.mjs';
import {
  checkCounts,
  countOption,
  checkDims,
  checkKeys,
  checkSpecs,
  isSpecList,
  modelText,
  pushBytes,
} from './checks.js';
import { Dataset, type DatasetOptions } from './dataset.js';
import {
  fit,
  type FitOptions,
  type FitResult,
  type TestedFitOptions,
  type TestFigures,
} from './fit.js';
import { predict, type PredictOptions, type Predictions } from './predict.js';
import { Pipeline } from './pipeline.js';
import { Scorer } from './scorer.js';
import { StreamCsv } from './stream_csv.js';
import { CsvRunner } from './csv_runner.js';
import { SvmlightRunner } from './svmlight_runner.js';
import { sourceChunks } from './sources.js';
import { warmUpCsv } from './warm_up.js';
import type {
  CsvOptions,
  CsvPreview,
  CsvReadOptions,
  CsvSource,
  CsvInfo,
  GenerateOptions,
  MetricValues,
  MergeOptions,
  ModelInput,
  ModelJSON,
  PipelineOptions,
  PipelineResult,
  RegistryEntry,
  StreamEntry,
  StreamOptions,
  SvmlightOptions,
  SvmlightReadOptions,
  ThresholdOption,
  ExplainOption,
} from './types.js';

/** @internal A CLI's command line as the core read it: its positional words, and each option
 * given by its long flag with its values in order (a switch: 'true'). */
export interface CommandWords {
  command: string;
  files: string[];
  options: Record<string, string[]>;
}

export interface Onepass {
  /** Every learner, scaler and modifier with its parameters, defaults, ranges and help. */
  registry(): RegistryEntry[];
  /** The same as text, as the core writes it (what `onepass list --json` prints). */
  registryJSON(): string;
  /**
   * The pipeline to use when the user chooses none (the CLI without --pipeline, the demo's
   * first run): chosen on the bundled data sets against batch logistic regression
   * (docs/quality.md).
   */
  readonly defaultPipeline: string;
  /** The evaluation protocols' defaults (the core's): a holdout's test share, a grid search's
   * validation share, the seed, and k of Precision@k. */
  readonly evaluationDefaults: {
    testFraction: number;
    validation: number;
    seed: number;
    k: number;
  };
  /** @internal A CLI's words, the command first, read and checked by the core
   * (api/command_line.hpp: both CLIs' one definition); throws the first mistake. */
  commandLine(words: string[]): CommandWords;
  /** @internal The reading flags' rules once the format of the model the command reads is
   * known ('' for none); throws the mistake. */
  checkReading(words: string[], model: '' | 'csv' | 'svmlight', modelName: string): void;
  /** @internal What both CLIs say when a bad row stopped a run with --save and the model of the
   * rows learned before it is written (api/runners.hpp saved_before_stop). */
  savedBeforeStop(rows: number, file: string): string;
  /** @internal "" when a model file of this many bytes may be read, else why not (the core's
   * one check, models/model_json.hpp check_model_size): a CLI asks before it reads a file. */
  modelSizeError(bytes: number): string;
  /** @internal The CSV options with their CLI flags (api/csv_options.hpp). */
  readonly csvFlags: CsvFlag[];
  /**
   * Reads the head of a CSV (its first bytes, or all of it with complete: true) as a run
   * with the same options would, without learning: roles, first rows, label values. Pass at
   * least the first 1,000 rows, which a run samples to infer roles.
   */
  previewCsv(
    head: Uint8Array | string,
    options?: CsvReadOptions & { complete?: boolean; rows?: number },
  ): CsvPreview;
  /** Builds a pipeline from a spec string; throws an Error saying what is accepted. */
  pipeline(spec: string, options?: PipelineOptions): Pipeline;
  csvRunner(options: CsvOptions): CsvRunner;
  /** Sparse rows from svmlight / libsvm text ("label index:value ..." lines), in chunks. */
  svmlightRunner(options: SvmlightOptions): SvmlightRunner;
  /** A pipeline from a model file, ready to predict or to learn further. */
  loadPipeline(model: ModelInput): Pipeline;
  /** Parameter mixing of models of the same pipeline trained on shards of a stream: each
   * weighs as the rows it learned, or as `options` say (docs/algorithms.md §3.4). */
  merge(models: ModelInput[], options?: MergeOptions): ModelJSON;
  /** The same merged model as text, as the core writes it (what `onepass merge` writes). */
  mergeJSON(models: ModelInput[], options?: MergeOptions): string;
  /** The WebAssembly heap: its size in bytes (it grows as needed and never shrinks) and the
   * bytes held by live objects (pipelines, runners, data sets, scorers), which dispose() gives
   * back at once and a forgotten object gives back some time after it is collected. */
  memory(): { heapBytes: number; inUseBytes: number };
  /** The names of the metrics of evaluations, in the core's order (MetricValues' keys). */
  metricNames(): (keyof MetricValues)[];
  /** The core's bounds, each refused with a message past it: the widest row (maxDims, 2^24
   * features), the rolling window (maxWindow rows) and a run's shuffle buffer
   * (maxShuffleBuffer rows). */
  limits(): Limits;
  /** Every combination of a parameter grid ("eta0=0.01,0.1;lambda=0,1e-4") applied to a spec,
   * each parameter to the stage that declares it (the learner first), as spec strings. */
  gridSpecs(spec: string, grid: string): string[];
  /** Reads a labelled CSV (or, with format: 'svmlight', svmlight rows) into memory for
   * holdout, cross-validation and learning curves. */
  loadDataset(source: CsvSource, options?: DatasetOptions): Promise<Dataset>;
  /** Frozen predictions of a model over CSV bytes (label column optional); with `explain`,
   * each row's largest contributions to its score (docs/algorithms.md 1.9). */
  csvScorer(model: ModelInput, options?: CsvReadOptions & ThresholdOption & ExplainOption): Scorer;
  /** Frozen predictions of a model trained on svmlight rows over svmlight bytes. */
  svmlightScorer(
    model: ModelInput,
    options?: Pick<SvmlightReadOptions, 'positive' | 'onError'> & ThresholdOption & ExplainOption,
  ): Scorer;
  /**
   * Warms the engine up: streams a short synthetic CSV (2,000 rows, about 200 KB) through
   * `pipelines` (default: the default pipeline; for a model, its `spec`) and discards what they
   * learned. A WebAssembly engine runs a function first on quickly compiled code and compiles
   * it optimised in the background once it has run enough; without this, the first run after
   * load() starts on the slow code (docs/design.md, "Warming up"). The rows have numbers of
   * every form, empty cells and a categorical column, read by csvRunner's push(): the CSV
   * reader and the pipelines' steps are warmed, not text columns, quoted fields or svmlight.
   * Worth calling once when there is idle time between load() and a first large run, on the
   * thread that loaded the module (parser workers share its code); any run warms the engine as
   * well. It blocks the thread meanwhile (one pipeline: about 50 ms in node, 100 ms in
   * Chromium; more with many; in a browser, call it in a worker); the optimised code is ready
   * some hundreds of milliseconds later. Throws as csvRunner does for a bad spec.
   */
  warmUp(pipelines?: string[]): void;
  /** The streams made by code with concept drift (docs/algorithms.md 6.9): each one's name,
   * what it is and when its concept changes, and its parameters with their defaults, ranges and
   * help. */
  streams(): StreamEntry[];
  /** The same as text, as the core writes it (what `onepass generate --list --json` prints). */
  streamsJSON(): string;
  /** @internal The same as both CLIs' `generate --list` prints it. */
  streamsText(): string;
  /**
   * A stream made by code as CSV text: a header (its columns, then `label`), then a line per row,
   * numbers as their shortest text, categories as their levels' text, the label 1 or 0; the same
   * bytes as `onepass generate` for the same name, rows, seed and parameters. Throws the core's
   * message for an unknown stream, rows outside [1, 10^9] or a parameter unknown or out of its
   * range. A long stream is a long string: streamCsv() gives it a piece at a time.
   */
  generateCsv(name: string, options: GenerateOptions): string;
  /** The same CSV a piece at a time (StreamCsv: about a megabyte of whole lines each); dispose()
   * it when done. Throws as generateCsv() does. */
  streamCsv(name: string, options: GenerateOptions): StreamCsv;
  /**
   * The common task in one call: learns a CSV source in one pass with one pipeline (default: the
   * default pipeline of the label's task) and returns the model, its progressive figures and,
   * with `test` (a second source) or `holdout` (a share of the rows), its test figures. With
   * either, the training rows are also held in memory for the evaluation. Throws as runCsv and
   * loadDataset do (a bad row: its line and column).
   */
  fit(source: CsvSource, options: TestedFitOptions): Promise<FitResult<TestFigures>>;
  fit(source: CsvSource, options?: FitOptions): Promise<FitResult>;
  /**
   * A model's predictions for every row of a source, the last one included (a file without a
   * final line break too), with the accuracy when the rows have the label column. For a stream
   * that goes on, csvScorer's push() gives the rows as they come.
   */
  predict(model: ModelInput, source: CsvSource, options?: PredictOptions): Promise<Predictions>;
  /** Streams a whole source through pipelines. */
  runCsv(
    source: CsvSource,
    options: CsvOptions & Pick<StreamOptions, 'threads'>,
  ): Promise<{ info: CsvInfo; results: PipelineResult[] }>;
}

/** The options of csvRunner and runCsv besides the CSV options. */
const RUNNER_KEYS = ['pipelines', 'models', 'every', 'window', 'shuffleBuffer', 'seed'];
/** How svmlight text is read (SvmlightReadOptions). */
const SVMLIGHT_KEYS = ['dims', 'indexBase', 'positive', 'task', 'onError'];

/** The loaded module as the API's methods use it: the raw module, how its parser workers load
 * the same one, and the CSV options the core reads (api/csv_options.hpp): the one list of their
 * names. */
interface Loaded {
  raw: RawModule;
  source: LoadOptions;
  csvFlags: CsvFlag[];
  csvKeys: string[];
}

/** Loads the WebAssembly module. Works in Node 18+ (ESM), browsers and Web Workers. */
export async function load(options: LoadOptions = {}): Promise<Onepass> {
  const { raw, source } = await loadModule(options);
  const csvFlags = raw.csvOptionInfos();
  const m: Loaded = { raw, source, csvFlags, csvKeys: csvFlags.map((o) => o.name) };
  const api: Onepass = {
    ...coreMethods(m),
    ...pipelineMethods(m),
    ...scorerMethods(m),
    loadDataset: (source, opts) => loadDataset(m, source, opts),
    ...runnerMethods(m),
    ...streamMethods(m),
    warmUp: (pipelines) => warmUp(api, pipelines),
    runCsv: (source, opts) => runCsv(api, source, opts),
    // Its overloads say what fit.ts makes sure of: test figures when the options ask for them.
    fit: ((source: CsvSource, opts?: FitOptions) =>
      fit(api, m.csvKeys, source, opts)) as Onepass['fit'],
    predict: async (model, source, opts) => predict(csvScorer(m, 'predict', model, opts), source),
  };
  return api;
}

/** A raw object initialised by one call that returns "" or the error; on an error it is freed
 * and the error thrown. An init that throws (Embind refusing a value of the wrong type) frees
 * it too. */
function initialised<T extends { delete(): void }>(obj: T, init: (o: T) => string): T {
  let err: string;
  try {
    err = init(obj);
  } catch (e) {
    obj.delete();
    throw e;
  }
  if (err) {
    obj.delete();
    fail(err);
  }
  return obj;
}

/** What the core says of itself and reads for the front ends: the registry, its defaults, the
 * heap, metric names and grids, a CLI's words, a CSV's head. */
function coreMethods({
  raw,
  csvFlags,
}: Loaded): Pick<
  Onepass,
  | 'registry'
  | 'registryJSON'
  | 'defaultPipeline'
  | 'evaluationDefaults'
  | 'csvFlags'
  | 'commandLine'
  | 'checkReading'
  | 'savedBeforeStop'
  | 'modelSizeError'
  | 'previewCsv'
  | 'memory'
  | 'metricNames'
  | 'limits'
  | 'gridSpecs'
> {
  return {
    registry: () => JSON.parse(raw.registryJson()) as RegistryEntry[],
    registryJSON: () => raw.registryJson(),
    defaultPipeline: raw.defaultPipeline(),
    evaluationDefaults: raw.evaluationDefaults(),
    csvFlags,
    commandLine(words) {
      const line = raw.commandLine(words);
      return 'error' in line ? fail(line.error) : line;
    },
    checkReading(words, model, modelName) {
      const err = raw.checkReading(words, model, modelName);
      if (err) fail(err);
    },
    savedBeforeStop: (rows, file) => raw.savedBeforeStop(rows, file),
    modelSizeError: (bytes) => raw.modelSizeError(bytes),
    previewCsv(head, opts = {}) {
      const { complete, ...rest } = opts;
      const text = typeof head === 'string' ? head : new TextDecoder().decode(head);
      const label = rest.label === undefined ? undefined : String(rest.label);
      const r = raw.previewCsv(text, complete ?? false, { ...rest, label });
      if ('error' in r) fail(r.error);
      return r as CsvPreview;
    },
    memory: () => raw.memory(),
    metricNames: () => raw.metricNames(),
    limits: () => raw.limits(),
    gridSpecs(spec, grid) {
      const out = raw.gridSpecs(spec, grid);
      return out.specs ?? fail(out.error ?? 'not a grid');
    },
  };
}

/** Pipelines from specs and from models, and models merged. */
function pipelineMethods({
  raw,
}: Loaded): Pick<Onepass, 'pipeline' | 'loadPipeline' | 'merge' | 'mergeJSON'> {
  const mergeJSON = (models: ModelInput[], options: MergeOptions = {}): string => {
    checkKeys('merge', options, ['mean', 'weights', 'base']);
    const { mean = false, weights = [], base } = options;
    if (typeof mean !== 'boolean') fail(`merge: mean is true or false (got ${typeof mean})`);
    // The core checks the values (finite, >= 0, one per model, not all 0).
    if (!Array.isArray(weights) || weights.some((w) => typeof w !== 'number'))
      fail('merge: weights is an array of numbers, one per model');
    const out = raw.merge(models.map(modelText), {
      mean,
      weights,
      base: base === undefined ? '' : modelText(base),
    });
    if (out.error !== undefined) fail(out.error);
    return out.model as string;
  };
  return {
    pipeline(spec, opts = {}) {
      if (typeof spec !== 'string')
        fail(`pipeline takes a spec string, e.g. 'zscore | logreg' (got ${typeof spec})`);
      checkKeys('pipeline', opts, ['every', 'window', 'features', 'task', 'classWeight']);
      checkCounts(opts);
      const weights = classWeightText(opts.classWeight);
      const p = initialised(new raw.Pipeline(), (o) => {
        const error = o.init(spec, opts.every ?? 0, opts.window ?? 0, opts.task ?? '');
        return error || (weights ? o.setClassWeights(weights) : '');
      });
      return new Pipeline(p, opts.features);
    },
    loadPipeline(model) {
      return new Pipeline(initialised(new raw.Pipeline(), (o) => o.initModel(modelText(model))));
    },
    merge: (models, options) => JSON.parse(mergeJSON(models, options)) as ModelJSON,
    mergeJSON,
  };
}

/** The option classWeight as the core reads it: 'balanced', or { '1': 5 } as '1=5'. */
function classWeightText(w: PipelineOptions['classWeight']): string {
  if (w === undefined || typeof w === 'string') return w ?? '';
  if (typeof w !== 'object' || w === null)
    fail(`option classWeight must be 'balanced', a string or an object (got ${typeof w})`);
  return Object.entries(w)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
}

/** A scorer's decision threshold (api/scorer.hpp set_threshold), once its init succeeded: ""
 * or the error. */
function thresholded(s: RawScorer, initError: string, threshold: number | undefined): string {
  if (initError || threshold === undefined) return initError;
  if (typeof threshold !== 'number')
    return `threshold is a number (a probability, or a margin), not ${typeof threshold}`;
  const err = s.setThreshold(threshold);
  return err && `--threshold: ${err}`;
}

/** A scorer's explanations (api/scorer.hpp explain), once its init and threshold succeeded: ""
 * or the error. The core reads the value: true for its default count (docs/algorithms.md 1.9),
 * or a count. */
function explained(s: RawScorer, before: string, explain: boolean | number | undefined): string {
  if (before || explain === undefined || explain === false) return before;
  const err = s.explain(explain);
  return err && `--explain: ${err}`;
}

/** A model's frozen predictions over CSV bytes, for the call named `where` (csvScorer, predict). */
function csvScorer(
  { raw, csvKeys }: Loaded,
  where: string,
  model: ModelInput,
  opts: CsvReadOptions & ThresholdOption & ExplainOption = {},
): Scorer {
  const { threshold, explain, ...csv } = opts;
  checkKeys(where, csv, [...csvKeys, 'threshold', 'explain']);
  const label = csv.label === undefined ? undefined : String(csv.label);
  const s = initialised(new raw.Scorer(), (o) =>
    explained(o, thresholded(o, o.init(modelText(model), { ...csv, label }), threshold), explain),
  );
  return new Scorer(s);
}

/** A model's frozen predictions over CSV or svmlight bytes. */
function scorerMethods(m: Loaded): Pick<Onepass, 'csvScorer' | 'svmlightScorer'> {
  const { raw } = m;
  return {
    csvScorer: (model, opts) => csvScorer(m, 'csvScorer', model, opts),
    svmlightScorer(model, opts = {}) {
      const { threshold, explain, ...svm } = opts;
      checkKeys('svmlightScorer', svm, ['positive', 'onError', 'threshold', 'explain']);
      const s = initialised(new raw.Scorer(), (o) =>
        explained(
          o,
          thresholded(o, o.init(modelText(model), { ...svm, format: 'svmlight' }), threshold),
          explain,
        ),
      );
      return new Scorer(s);
    },
  };
}

/** Onepass.loadDataset: a CSV, or svmlight rows, read whole into a data set. */
async function loadDataset(
  { raw, csvKeys }: Loaded,
  source: CsvSource,
  opts: DatasetOptions = {},
): Promise<Dataset> {
  let init: object;
  if (opts.format === 'svmlight') {
    checkKeys('loadDataset', opts, [...SVMLIGHT_KEYS, 'format', 'like']);
    if (!opts.like) checkDims(opts.dims ?? NaN, 'option dims');
    init = opts;
  } else {
    checkKeys('loadDataset', opts, [...csvKeys, 'format', 'like']);
    init = { ...opts, label: opts.label === undefined ? undefined : String(opts.label) };
  }
  const like = opts.like;
  const d = initialised(new raw.Dataset(), (o) =>
    like ? o.initLike(init, like.raw) : o.init(init),
  );
  try {
    for await (const chunk of sourceChunks(source)) pushBytes(d, chunk);
    const err = d.finish();
    if (err) fail(err);
  } catch (e) {
    d.delete();
    throw e;
  }
  return new Dataset(d);
}

/** Runners of CSV and svmlight streams through several pipelines, or models trained further. */
function runnerMethods({
  raw,
  source,
  csvKeys,
}: Loaded): Pick<Onepass, 'csvRunner' | 'svmlightRunner'> {
  return {
    csvRunner(opts) {
      checkCounts(opts ?? {});
      checkKeys('csvRunner', opts ?? {}, [...csvKeys, ...RUNNER_KEYS]);
      checkSpecs(opts?.pipelines);
      const specs = opts?.pipelines ?? [];
      const models = opts?.models ?? [];
      // No pipelines (and no models): the default pipeline of the task the label asks for.
      if (specs.length > 0 && models.length > 0)
        fail('csvRunner takes either options.pipelines or options.models, not both');
      const label = opts.label === undefined ? undefined : String(opts.label);
      const init = { ...opts, models: models.map(modelText), label };
      const r = initialised(new raw.CsvRunner(), (o) => o.init(init));
      return new CsvRunner(r, { options: init, source });
    },
    svmlightRunner(opts) {
      checkKeys('svmlightRunner', opts ?? {}, [
        ...SVMLIGHT_KEYS,
        ...RUNNER_KEYS.filter((k) => k !== 'shuffleBuffer' && k !== 'seed'),
      ]);
      checkSpecs(opts?.pipelines);
      const specs = opts?.pipelines ?? [];
      const models = opts?.models ?? [];
      if (specs.length === 0 && models.length === 0)
        fail(
          'svmlightRunner needs pipeline specs in options.pipelines (or models in options.models)',
        );
      if (specs.length > 0 && models.length > 0)
        fail('svmlightRunner takes either options.pipelines or options.models, not both');
      checkCounts(opts);
      if (models.length === 0 || opts.dims !== undefined)
        checkDims(opts.dims ?? NaN, 'option dims');
      return new SvmlightRunner(
        initialised(new raw.SvmlightRunner(), (o) =>
          o.init({ ...opts, models: models.map(modelText) }),
        ),
      );
    },
  };
}

/** The streams made by code: their catalog, and their CSV whole or a piece at a time. */
function streamMethods({
  raw,
}: Loaded): Pick<Onepass, 'streams' | 'streamsJSON' | 'streamsText' | 'generateCsv' | 'streamCsv'> {
  const streamCsv = (name: string, opts: GenerateOptions): StreamCsv => {
    if (typeof name !== 'string')
      fail(`a stream's name is a string, e.g. 'sea' (got ${typeof name})`);
    checkKeys('streamCsv', opts ?? {}, ['rows', 'seed', 'params']);
    // Whole numbers here; their bounds are the core's, with its message (rows in [1, 10^9]).
    const rows = countOption('rows', opts?.rows, Number.MAX_SAFE_INTEGER);
    if (rows === undefined) fail('a stream needs options.rows, the rows to write');
    const seed = countOption('seed', opts.seed, Number.MAX_SAFE_INTEGER);
    const params = opts.params ?? {};
    const words = Array.isArray(params)
      ? params.map(String)
      : Object.entries(params).map(([k, v]) => `${k}=${String(v)}`);
    return new StreamCsv(initialised(new raw.StreamCsv(), (o) => o.init(name, words, rows, seed)));
  };
  return {
    streams: () => JSON.parse(raw.streamsJson()) as StreamEntry[],
    streamsJSON: () => raw.streamsJson(),
    streamsText: () => raw.streamsText(),
    generateCsv(name, opts) {
      const csv = streamCsv(name, opts);
      try {
        return [...csv].join('');
      } finally {
        csv.dispose();
      }
    },
    streamCsv,
  };
}

/** Onepass.warmUp: the warm-up CSV through a runner of `pipelines`, discarded. */
function warmUp(api: Onepass, pipelines = [api.defaultPipeline]): void {
  if (!isSpecList(pipelines) || pipelines.length === 0)
    fail("warmUp takes a list of one or more spec strings, e.g. ['zscore | logreg']");
  const runner = api.csvRunner({ pipelines });
  try {
    runner.push(warmUpCsv());
    runner.finish();
  } finally {
    runner.dispose();
  }
}

/** Onepass.runCsv: a whole source through a runner made and disposed of here. */
async function runCsv(
  api: Onepass,
  source: CsvSource,
  opts: CsvOptions & Pick<StreamOptions, 'threads'>,
): Promise<{ info: CsvInfo; results: PipelineResult[] }> {
  const { threads, ...csvOptions } = opts ?? {};
  const runner = api.csvRunner(csvOptions);
  try {
    await runner.pushAll(source, { threads });
    runner.finish();
    return { info: runner.info(), results: runner.results() };
  } finally {
    runner.dispose();
  }
}
