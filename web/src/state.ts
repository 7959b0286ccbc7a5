// The demo's state: one PageState, held by one store (store.ts), the only thing the page's
// modules share. The panels (panels/) derive what they show from it; the actions (data.ts,
// jobs.ts, link.ts) and the worker's messages (messages.ts) replace parts of it. Here: its
// types, its first value, and the rules that derive from it what more than one panel shows (the
// options a Run would send, why Run is off, whether the results shown still belong to the
// setup shown, the status line).
import type { CsvPreview, Onepass, RunResult } from 'onepass';
import type {
  CvRow,
  PredictionSample,
  Progress,
  Result,
  RunOptions,
  Source,
  ToWorker,
} from './protocol';
import { ROLES, type Role, type RoleOptions } from './preview';
import type { Baseline } from './results';
import { sameParts, type Store } from './store';
import { previewTask, resultsTask, type Task, type TaskDefaults } from './tasks';

export type { Role };

/** The head of the data as read for the preview and the menus. */
export interface Head {
  text: string;
  complete: boolean;
}

/** The data chosen and how it is read. */
export interface DataState {
  /** Counts the choices of data: what was read for an older choice is dropped. */
  generation: number;
  source: Source;
  /** The head is being read: the menus are not known yet. */
  reading: boolean;
  head: Head;
  /** The head as a run would read it (with the label chosen), or null when it cannot be. */
  preview: CsvPreview | null;
  /** The label column, by its index in the preview ('' when there is none). */
  label: string;
  /** The positive class ('' when the numeric rule decides: 1 positive, 0 or -1 negative). */
  positive: string;
  /** Every other column's role, as inferred and then as the preview's menus set it. */
  roles: Record<string, Role>;
  /** What reading the head says: notices worth showing, or why it cannot be read. */
  problems: string[];
  /** Why no run can be made of this data ('' when one can): nothing to learn in it. */
  blocker: string;
}

/** The setup as the controls say: the pipelines and the options of a run and of a
 * cross-validation. */
export interface Settings {
  specs: string;
  onError: 'stop' | 'skip';
  /** Class weights of classes (docs/algorithms.md 4.28): none, or balanced. */
  classWeight: 'none' | 'balanced';
  /** Rows of the shuffle buffer (0: file order). */
  shuffleBuffer: number;
  /** As typed. */
  seed: string;
  holdout: number;
  /** Threads of a run; 0: every core. */
  threads: number;
  /** The pipeline to cross-validate ('' or one no longer listed: the first listed). */
  cvSpec: string;
  cvFolds: number;
  cvGrid: string;
}

/** What the worker is doing for the page; the setup is locked meanwhile. */
export type Job = { kind: 'run' | 'cv' | 'score'; paused: boolean } | null;

export type Figures = Omit<Progress, 'series'>;

/** A run and what it gave, with the options it ran with (not what the controls say since). */
export interface RunRecord {
  id: number;
  sourceName: string;
  options: RunOptions;
  /** testing: the stream is done and the holdout test goes on; stopped: a bad row, a source
   * that cannot be read, or the worker failed. */
  phase: 'starting' | 'going' | 'testing' | 'done' | 'cancelled' | 'stopped';
  /** What the label asks, as the preview said when the run started (runTask: as its results
   * say once it has them). */
  task: Task;
  progress: Figures | null;
  /** The curves as they came: per message, per pipeline, [rows, mistakes, rows, ...]. */
  points: Float64Array[][];
  features: string[];
  /** The label's two values of a yes/no run, as the reader took them (null until it says):
   * the names of a binary run's class weights. */
  labels: { positive: string; negative: string } | null;
  /** Only a run that learned rows has results (and models, and a baseline). */
  results: Result[];
  models: string[];
  baseline: Baseline | null;
  holdout: RunResult[];
  holdoutMessage: string;
  /** A run on a number: its pipelines' predictions of a sample of rows, once the worker has
   * made them (null before; no samples, with why, when it could not). */
  sample: { samples: PredictionSample[]; rows: number; message: string } | null;
  problems: string[];
  missingCells: number;
  blocksApart: number;
  /** The rows between the curve's points, as the worker chose (0 until it says). */
  every: number;
}

/** A cross-validation and its rows, with the setup it ran with. */
export interface CvRecord {
  options: RunOptions;
  /** What the label asks, as the controls said when it started, then as the data read for it
   * says: the figures and the best of that task. */
  task: Task;
  folds: number;
  grid: string;
  phase: 'reading' | 'going' | 'done' | 'cancelled' | 'failed';
  done: number;
  total: number;
  rows: CvRow[];
  message: string;
}

/** A saved model loaded to predict with. */
export interface ModelState {
  text: string;
  /** What it is ("Model: zscore | logreg, trained on 270 rows"), or why it cannot be used. */
  described: string;
  error: string;
}

/** The predictions of the loaded model over the chosen data. */
export interface Predictions {
  phase: 'going' | 'done' | 'cancelled' | 'failed';
  rows: number;
  labelled: number;
  correct: number;
  /** Of a model of classes or of a number: what its predictions scored, in words. */
  summary?: string;
  csv: string;
  message: string;
  /** The bad rows setting they were made with (skipped rows are not predicted). */
  onError: Settings['onError'];
}

export interface PageState {
  data: DataState;
  settings: Settings;
  /** The core's default pipeline of each task known so far (the start presets begin with it). */
  defaults: TaskDefaults;
  job: Job;
  run: RunRecord | null;
  crossValidation: CvRecord | null;
  model: ModelState;
  predictions: Predictions | null;
  /** Why the pipelines cannot run, from the last Run pressed ('' when they could). */
  specError: string;
  /** The link last made, and what became of it (shown while the setup still gives it). */
  share: { link: string; status: string };
  /** The page opened on a link made with the sender's own file: it waits for the user's. */
  linkWaiting: boolean;
  /** Why the page's worker failed ('' while it works). */
  workerFailure: string;
  /** The pipeline pointed at or focused in the results (its lines stand out), or null. */
  focus: number | null;
}

export type PageStore = Store<PageState>;

/** What every panel is mounted with: the store, the module, and the worker's mailbox. */
export interface App {
  store: PageStore;
  op: Onepass;
  send: (message: ToWorker) => void;
}

/** A run as it starts: nothing read, learned or said yet. */
export const startingRun = (
  id: number,
  sourceName: string,
  options: RunOptions,
  task: Task = 'binary',
): RunRecord => ({
  id,
  sourceName,
  options,
  phase: 'starting',
  task,
  progress: null,
  points: [],
  features: [],
  labels: null,
  results: [],
  models: [],
  baseline: null,
  holdout: [],
  holdoutMessage: '',
  sample: null,
  problems: [],
  missingCells: 0,
  blocksApart: 0,
  every: 0,
});

export const emptyData = (generation: number, source: Source): DataState => ({
  generation,
  source,
  reading: false,
  head: { text: '', complete: true },
  preview: null,
  label: '',
  positive: '',
  roles: {},
  problems: [],
  blocker: '',
});

export function initialState(
  source: Source,
  specs: string,
  defaults: TaskDefaults = {},
): PageState {
  return {
    data: emptyData(0, source),
    defaults,
    settings: {
      specs,
      onError: 'stop',
      classWeight: 'none',
      shuffleBuffer: 0,
      seed: '1',
      holdout: 0,
      threads: 1,
      cvSpec: '',
      cvFolds: 10,
      cvGrid: '',
    },
    job: null,
    run: null,
    crossValidation: null,
    model: { text: '', described: '', error: '' },
    predictions: null,
    specError: '',
    share: { link: '', status: '' },
    linkWaiting: false,
    workerFailure: '',
    focus: null,
  };
}

/** The cores the browser says it has: the run's threads when parsing on every core. */
export const cores = (): number => Math.max(1, navigator.hardwareConcurrency || 1);

export const sourceName = (s: Source): string => (s.kind === 'file' ? s.file.name : s.name);

/** The pipelines of the specs box, one a line. */
export const specsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

export const seedOf = (settings: Settings): number =>
  Math.max(0, Math.floor(Number(settings.seed) || 0));

/** Every column's role as the preview's menus say (the label column has none). */
export function roleOptions(data: DataState): RoleOptions {
  const out = Object.fromEntries(ROLES.map((r) => [r, [] as string[]])) as Record<Role, string[]>;
  for (const c of data.preview?.columns ?? [])
    if (c.role !== 'label') out[data.roles[c.name] ?? (c.role as Role)].push(c.name);
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v.length > 0)) as RoleOptions;
}

/** The label column as a run names it: by its name in the preview's header, which the snippets
 * that make the run again then show; by its index while no preview names it, or when its name
 * is the reader's own cN (a file without a header, or an empty name), which a run looks for
 * among the first line's cells before it decides there is no header. */
export function labelOf(data: DataState): string | undefined {
  if (!data.label) return undefined;
  const name = data.preview?.columns[Number(data.label)]?.name;
  return name && name !== `c${Number(data.label) + 1}` ? name : data.label;
}

/** The options a run of these pipelines would take, as the controls say. */
export function runOptionsOf(s: PageState, pipelines: string[]): RunOptions {
  const { data, settings } = s;
  return {
    pipelines,
    label: labelOf(data),
    positive: data.positive || undefined,
    reading: { ...roleOptions(data), header: 'auto' },
    onError: settings.onError,
    // A number has no classes: the core refuses class weights for it.
    ...(settings.classWeight === 'balanced' && dataTask(data) !== 'regression'
      ? { classWeight: 'balanced' as const }
      : {}),
    shuffleBuffer: settings.shuffleBuffer,
    seed: seedOf(settings),
    holdout: settings.holdout,
    threads: settings.threads || cores(),
  };
}

/** The pipeline the cross-validation menu names: the one chosen, or the first listed. */
export function cvSpecOf(s: PageState): string {
  const specs = specsOf(s.settings.specs);
  return specs.includes(s.settings.cvSpec) ? s.settings.cvSpec : (specs[0] ?? '');
}

/** Why Run (and cross-validation, and predicting) is off for the data ('' when it is on). */
export function dataBlocker(s: PageState): string {
  if (s.data.reading) return `reading ${sourceName(s.data.source)}…`;
  return s.linkWaiting ? LINK_WAITS : s.data.blocker;
}

/** The task of the data as the controls say: the preview's, or one class against the rest. */
export const dataTask = (data: DataState): Task => previewTask(data.preview, data.positive);

/** The task of a run: its results' once it has them, else the one it started with. */
export const runTask = (run: RunRecord): Task =>
  run.results.length ? resultsTask(run.results) : run.task;

/** The task the results and charts are of: the run's, or with no run the data's (so that an
 * empty table has the columns the next run will fill). */
export const shownTask = (s: PageState): Task => (s.run ? runTask(s.run) : dataTask(s.data));

/** A run learned rows: only then has it results to show, marks, models and downloads. */
export const learned = (run: RunRecord | null): run is RunRecord =>
  run !== null && run.results.length > 0;

/** The run read all of its data (it was not cancelled or stopped): only then are its
 * pipelines compared (the marks best and no better than the majority class). */
export const complete = (run: RunRecord): boolean =>
  run.phase === 'done' || run.phase === 'testing';

const sameReading = (a: RunOptions, b: RunOptions): boolean =>
  a.label === b.label &&
  a.positive === b.positive &&
  a.onError === b.onError &&
  JSON.stringify(a.reading) === JSON.stringify(b.reading);

/** What differs between the setup a result was made with and the one shown now. */
function changes(then: RunOptions, now: RunOptions): string[] {
  const out: string[] = [];
  if (!sameParts(then.pipelines, now.pipelines)) out.push('the pipelines');
  if (!sameReading(then, now)) out.push('how the data is read');
  if (then.classWeight !== now.classWeight) out.push('the class weights');
  if (then.shuffleBuffer !== now.shuffleBuffer) out.push('the row order');
  // The seed shuffles the rows and splits the holdout: without either it changes nothing.
  const seeded = then.shuffleBuffer > 0 || then.holdout > 0;
  if (seeded && then.seed !== now.seed) out.push('the seed');
  if (then.holdout !== now.holdout) out.push('the holdout');
  return out;
}

function listed(parts: string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Why the run shown is no longer the run of the setup shown ('' while it is). The data is
 * not among the reasons: other data clears the run. */
export function staleness(s: PageState): string {
  if (!s.run || s.job) return ''; // the setup is locked while the worker works
  const what = changes(s.run.options, runOptionsOf(s, specsOf(s.settings.specs)));
  return what.length
    ? `Out of date: ${listed(what)} changed since this run. Run again for results of the setup above.`
    : '';
}

/** The same for the cross-validation shown. */
export function cvStaleness(s: PageState): string {
  const cv = s.crossValidation;
  if (!cv || s.job) return '';
  const now = runOptionsOf(s, [cvSpecOf(s)]);
  const what: string[] = [];
  if (cv.options.pipelines[0] !== now.pipelines[0]) what.push('the pipeline');
  if (!sameReading(cv.options, now)) what.push('how the data is read');
  if (cv.options.classWeight !== now.classWeight) what.push('the class weights');
  if (cv.options.seed !== now.seed) what.push('the seed');
  if (cv.folds !== s.settings.cvFolds) what.push('the folds');
  if (cv.grid.trim() !== s.settings.cvGrid.trim()) what.push('the grid');
  return what.length ? `Out of date: ${listed(what)} changed since.` : '';
}

/** The same for the predictions shown: the bad rows setting is the one option they take (other
 * data or another model clears them). */
export function predictionsStaleness(s: PageState): string {
  const p = s.predictions;
  if (!p || s.job || p.onError === s.settings.onError) return '';
  return (
    'Out of date: the bad rows setting changed since these predictions. ' +
    'Predict again for those of the setup above.'
  );
}

/** Rows, rate (the worker's reading time, pauses left out) and bytes; the time left only while
 * the run goes on (not when it ended or is paused). */
export function formatRate(p: Figures, going: boolean): string {
  const s = p.elapsedMs / 1000;
  const rate = s > 0 ? Math.round(p.rows / s) : 0;
  const mb = (p.bytes / 1e6).toFixed(p.bytes < 1e6 ? 3 : 1);
  const eta = p.total && p.bytes && s > 0 ? (p.total - p.bytes) / (p.bytes / s) : 0;
  const left = going && eta > 0.05 ? `, about ${eta.toFixed(1)} s left` : '';
  return `${p.rows.toLocaleString()} rows, ${rate.toLocaleString()} rows/s, ${mb} MB read${left}`;
}

/** Why a link made with the sender's own file runs nothing until data is chosen. */
export const LINK_WAITS =
  "this link's run was made with the sender's own file, which a link cannot carry: " +
  'choose your file (or a sample) in step 1, then Run';

/** The status line of a run. */
function runStatus(run: RunRecord, paused: boolean): string {
  const p = run.progress;
  if (run.phase === 'starting' || (run.phase === 'going' && !p)) return 'Starting…';
  if (run.phase === 'going' && p) return (paused ? 'Paused: ' : '') + formatRate(p, !paused);
  if (run.phase === 'stopped') return p ? `Stopped after ${formatRate(p, false)}` : 'Stopped';
  const ended = run.phase === 'cancelled' ? 'Cancelled' : 'Done';
  if (!p) return ended;
  if (!learned(run)) return `${ended}: no row was learned (${formatRate(p, false)})`;
  const missing = run.missingCells
    ? `; ${run.missingCells.toLocaleString()} missing cells (learned as missing values)`
    : '';
  const parsers = run.blocksApart
    ? `; parsed by ${run.options.threads} threads (${run.blocksApart} blocks in parser workers)`
    : '';
  return `${ended}: ${formatRate(p, false)}${missing}${parsers}`;
}

/** The status line: the run shown, or why none can be made, or what the page waits for. */
export function statusOf(s: PageState): string {
  const blocked = s.job ? '' : dataBlocker(s);
  if (blocked)
    return s.data.reading ? `Reading ${sourceName(s.data.source)}…` : `Cannot run: ${blocked}`;
  if (s.run) return runStatus(s.run, s.job?.paused ?? false);
  return '';
}

/** The problems listed under the run: the run's own, or before any run, the data's. */
export const problemsOf = (s: PageState): string[] => (s.run ? s.run.problems : s.data.problems);
