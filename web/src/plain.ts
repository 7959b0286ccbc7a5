// The results in plain words for someone new to the field: a line for each column of the
// results table (shown as its heading's tooltip and listed under the table), and the rule that
// keeps a run too short to mean anything from naming a best pipeline.

/** What each figure of the progressive columns says, in one line. */
const HELP: Record<string, string> = {
  pipeline:
    'the steps that read your rows: scalers that put the columns on a common scale, then a learner that learns one row at a time',
  rows: 'how many rows the pipeline has scored and learned from',
  mistakes: 'how many rows it answered wrongly, each scored before it learned from that row',
  error:
    'the share of rows answered wrongly, each row scored before the model learned from it (lower is better)',
  logLoss:
    'how sure it was of the right answer, for learners that give probabilities (lower is better)',
  precision: 'of the rows it called positive, the share that were',
  recall: 'of the positive rows, the share it found',
  balanced:
    "the mean over the classes of the share of each class's rows it got right: answering one class always scores no more than 0.5 with two classes",
  tp: 'true positives: positive rows it called positive',
  fp: 'false positives: negative rows it called positive',
  tn: 'true negatives: negative rows it called negative',
  fn: 'false negatives: positive rows it called negative',
  accuracy: 'the share of rows it put in the right class',
  macroF1: 'the mean over the classes of F1, precision and recall together',
  mae: "how far a prediction is from the true number on average, in the label's units",
  rmse: 'the same with large errors weighing more',
  r2: "the share of the label's variation the predictions explain (0: no more than the mean)",
  f1: 'precision and recall together',
  auc: 'the chance that a positive row gets a higher score than a negative one (0.5: guessing)',
};

/** A column's one-line meaning ('' for one without): a test column's is its figure's, of the
 * rows held out. */
export function columnHelp(key: string): string {
  const test = /^test([A-Z].*)$/.exec(key);
  if (!test) return HELP[key] ?? '';
  const figure = test[1].charAt(0).toLowerCase() + test[1].slice(1);
  const help = HELP[figure];
  return help ? `on the held-out test rows, never learned from: ${help}` : '';
}

/** The fewest rows a run must score before a pipeline can be called the best: on fewer, the
 * difference between two pipelines is a handful of rows, which chance alone gives. */
export const MIN_RANKED_ROWS = 30;

/** Why no pipeline is ranked on `rows` rows ('' when they are enough). */
export function tooFewRows(rows: number): string {
  return rows < MIN_RANKED_ROWS
    ? `No pipeline is marked best: ${rows} scored rows are too few to tell pipelines apart (at least ${MIN_RANKED_ROWS} are needed).`
    : '';
}
