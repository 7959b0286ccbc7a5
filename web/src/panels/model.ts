// The saved-model panel: a model file loaded and checked, its predictions over the chosen data
// (paused and cancelled as a run), and their download. Predictions of other data or of
// another model are never offered, and those of another bad rows setting are marked out of date.
import { find, findAll } from '../dom';
import { downloadPredictions, loadModel, startScoring } from '../jobs';
import { type App, dataBlocker, type PageState, predictionsStaleness } from '../state';
import { watch } from '../store';

function said(s: PageState): string {
  const p = s.predictions;
  if (p?.phase === 'going') return 'Predicting…';
  if (p?.phase === 'cancelled') return 'Prediction cancelled.';
  if (p?.phase === 'failed') return `Could not predict: ${p.message}`;
  if (p?.phase === 'done' && p.summary) return `${p.summary}.`;
  if (p?.phase === 'done') {
    const acc = p.labelled
      ? `; accuracy ${(p.correct / p.labelled).toFixed(4)} on the ${p.labelled} labelled rows ` +
        '(if the model learned from these rows, this is how well it fits them, not how well ' +
        'it does on new ones)'
      : '';
    return `${p.rows.toLocaleString()} rows predicted${acc}.`;
  }
  return s.model.error ? `This file cannot be used: ${s.model.error}` : s.model.described;
}

export function mountModelPanel(root: HTMLElement, app: App): void {
  const { store } = app;
  const file = find<HTMLInputElement>(root, 'model-file');
  const [score, exportPredictions] = findAll<HTMLButtonElement>(
    root,
    'score',
    'export-predictions',
  );
  const status = find<HTMLParagraphElement>(root, 'score-status');

  // Picking the file picked before is a choice too (it may have changed since).
  file.addEventListener('click', () => (file.value = ''));
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (f) loadModel(app, await f.text());
  });
  score.addEventListener('click', () => startScoring(app));
  exportPredictions.addEventListener('click', () => downloadPredictions(app));

  watch(
    store,
    (s) => [said(s), predictionsStaleness(s)],
    ([text, old]) => {
      status.textContent = old ? `${text} ${old}` : text;
      status.classList.toggle('stale-note', old !== '');
    },
  );
  watch(
    store,
    (s) => [s.job, s.model.text, dataBlocker(s), s.predictions?.phase],
    (_, s) => {
      score.disabled = s.job !== null || !s.model.text || dataBlocker(s) !== '';
      exportPredictions.disabled = s.predictions?.phase !== 'done';
      file.disabled = s.job !== null;
    },
  );
}
