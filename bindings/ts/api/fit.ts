// Onepass.fit: the common task in one call. A CSV runner learns the source in one pass and gives
// the model and its progressive figures. When asked, the core's evaluation (Dataset) learns the
// same rows again in memory, with the same spec and in the same order, and gives the test
// figures, so that no metric is defined twice (tests/js/fit.test.mjs holds its model equal to the
// runner's).
import { fail } from '../shared/errors.js';
import { checkKeys } from './checks.js';
import type { CsvRunner } from './csv_runner.js';
import type { Dataset, DatasetOptions } from './dataset.js';
import { sourceChunks } from './sources.js';
import type {
  CsvInfo,
  CsvOptions,
  CsvReadOptions,
  CsvSource,
  MetricValues,
  ModelJSON,
  PipelineResult,
  RunResult,
} from './types.js';

/** What fit takes besides the CSV options, which both sources are read with. */
export interface FitOptions extends CsvReadOptions {
  /** The pipeline's spec, e.g. 'zscore | logreg'. Default: the default pipeline of the task the
   * label asks for (as csvRunner without pipelines). */
  pipeline?: string;
  /** A second source to test the model on (a test file), read as the training source was: the
   * same columns matched by name, the same categorical levels and label values. */
  test?: CsvSource;
  /** Or the share of the training rows to hold out, in (0, 1); true: the core's default
   * (evaluationDefaults.testFraction). The split is seeded and keeps the class shares, as
   * `onepass evaluate` makes it. */
  holdout?: number | true;
  /** Seed of the holdout's split (default: evaluationDefaults.seed). */
  seed?: number;
  /** Curve point of the progressive figures every `every` rows (0: none). */
  every?: number;
  /** Also keep the progressive error and log-loss of the last `window` rows. */
  window?: number;
  /** Threads reading the training source (StreamOptions.threads); the results are the same. */
  threads?: number;
}

/** How the test rows were chosen: a test source, or a seeded holdout of the training rows. */
export type TestProtocol =
  { kind: 'test-file' } | { kind: 'holdout'; testFraction: number; seed: number; stratified: true };

/** The test figures: the metrics of the label's task by name (MetricValues: accuracy, f1, auc...
 * of a yes/no label; accuracy, macroF1, baselineAccuracy... of classes; mae, rmse, r2... of a
 * number), the rows tested and how they were chosen. */
export type TestFigures = MetricValues & {
  protocol: TestProtocol;
  /** Rows tested, and rows the tested model learned. */
  rows: number;
  trainRows: number;
  /**
   * Whether these are the figures of the returned model. true for a test source. false for a
   * holdout: the figures are those of the same pipeline that learned the other rows in the same
   * order, and the returned model then learned every row (as one refits on all the data after
   * estimating on a split), so that no row is wasted.
   */
  ofModel: boolean;
  /** The evaluation's whole result: the training part's figures, the test curves, and a
   * multiclass label's confusion matrix where the core gives them. */
  run: RunResult;
};

/** fit's options that ask for test figures: a test source or a holdout. */
export type TestedFitOptions = FitOptions & ({ test: CsvSource } | { holdout: number | true });

/** What fit returns; `T`, the type of its test figures, is TestFigures when the options ask for
 * them (TestedFitOptions), so that `test.accuracy` type-checks without a null check. */
export interface FitResult<T extends TestFigures | null = TestFigures | null> {
  /** The model file (as CsvRunner.toJSON): loadPipeline, csvScorer, predict and both CLIs read it;
   * JSON.stringify it to save it. */
  model: ModelJSON;
  /** Progressive validation over the training source (every row predicted, then learned), as
   * CsvRunner.results()[0]. */
  progressive: PipelineResult;
  /** The test figures, or null without test or holdout. */
  test: T;
  /** What reading the training source decided and met: columns and their roles, notices, rows,
   * skipped rows with their line and column, warnings (as CsvRunner.info()). */
  info: CsvInfo;
}

/** The calls fit makes (those of Onepass). */
export interface FitMakers {
  csvRunner(options: CsvOptions): CsvRunner;
  loadDataset(source: CsvSource, options?: DatasetOptions): Promise<Dataset>;
  readonly evaluationDefaults: { testFraction: number; seed: number };
}

/** fit's options besides the CSV options (FitOptions). */
const FIT_KEYS = ['pipeline', 'test', 'holdout', 'seed', 'every', 'window', 'threads'];

/** Onepass.fit: learns `source` in one pass, then tests as asked. */
export async function fit(
  api: FitMakers,
  csvKeys: string[],
  source: CsvSource,
  options: FitOptions = {},
): Promise<FitResult> {
  checkKeys('fit', options, [...csvKeys, ...FIT_KEYS]);
  const { pipeline, test, holdout, seed, every, window, threads, ...read } = options;
  if (pipeline !== undefined && typeof pipeline !== 'string')
    fail(
      `fit: option pipeline is one spec string, e.g. 'zscore | logreg' (got ${typeof pipeline})`,
    );
  if (test !== undefined && holdout !== undefined)
    fail('fit takes either options.test (a test source) or options.holdout (a share), not both');
  if (holdout !== undefined && holdout !== true && typeof holdout !== 'number')
    fail(
      `fit: option holdout is the share of rows to hold out, e.g. 0.2, or true (got ${typeof holdout})`,
    );
  const tested = test !== undefined || holdout !== undefined;
  const runner = api.csvRunner({
    ...read,
    pipelines: pipeline === undefined ? undefined : [pipeline],
    every,
    window,
  });
  try {
    // The evaluation reads the training rows again from memory: they are kept as they pass.
    const kept: Uint8Array[] = [];
    await runner.pushAll(tested ? keeping(source, kept) : source, { threads });
    runner.finish();
    const progressive = runner.results()[0];
    // The canonical spec names every parameter: the evaluation would otherwise set a learner's
    // horizon n to the training size, and learn another model than the runner's.
    const figures = tested
      ? await testFigures(api, kept, progressive.canonical, read, { test, holdout, seed })
      : null;
    return { model: runner.toJSON(0), progressive, test: figures, info: runner.info() };
  } finally {
    runner.dispose();
  }
}

/** The source's chunks, each also copied into `kept` (a reader may reuse its buffer). */
async function* keeping(source: CsvSource, kept: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for await (const chunk of sourceChunks(source)) {
    kept.push(chunk.slice());
    yield chunk;
  }
}

async function* replay(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}

/** The core's evaluation of `spec` on the training rows and a test source or a holdout. */
async function testFigures(
  api: FitMakers,
  trainBytes: Uint8Array[],
  spec: string,
  read: CsvReadOptions,
  how: Pick<FitOptions, 'test' | 'holdout' | 'seed'>,
): Promise<TestFigures> {
  const train = await api.loadDataset(replay(trainBytes), read);
  try {
    if (how.test === undefined) return holdoutFigures(api, train, spec, how);
    const test = await testSource(api, how.test, read, train);
    try {
      const run = train.evaluateOn(test, spec, { seed: how.seed });
      return figures(run, { kind: 'test-file' }, true);
    } finally {
      test.dispose();
    }
  } finally {
    train.dispose();
  }
}

function holdoutFigures(
  api: FitMakers,
  train: Dataset,
  spec: string,
  how: Pick<FitOptions, 'holdout' | 'seed'>,
): TestFigures {
  const defaults = api.evaluationDefaults;
  const testFraction = how.holdout === true ? defaults.testFraction : how.holdout;
  // Its range is the evaluation's to check, with the core's message.
  const run = train.holdout(spec, { testFraction, seed: how.seed });
  const protocol = {
    kind: 'holdout',
    testFraction: testFraction as number,
    seed: how.seed ?? defaults.seed,
    stratified: true,
  } as const;
  return figures(run, protocol, false);
}

/** The test source read as the training rows were; its errors say that they are the test
 * source's (their line and column are of that source). */
async function testSource(
  api: FitMakers,
  source: CsvSource,
  read: CsvReadOptions,
  train: Dataset,
): Promise<Dataset> {
  try {
    return await api.loadDataset(source, { ...read, like: train });
  } catch (e) {
    if (e instanceof Error) e.message = `the test source: ${e.message}`;
    throw e;
  }
}

function figures(run: RunResult, protocol: TestProtocol, ofModel: boolean): TestFigures {
  return { ...run.test, protocol, rows: run.nTest, trainRows: run.nTrain, ofModel, run };
}
