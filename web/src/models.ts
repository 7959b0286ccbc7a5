// A saved model: loaded, checked, and used to predict the chosen data in the worker.
import { download } from './exports';
import { page, ui } from './page';
import type { ToWorker } from './protocol';
import { setRunning, worker } from './run_control';

/** A saved model: loaded, checked, and used to predict the chosen data. */
export function wireModels(): void {
  ui.modelFile.addEventListener('change', async () => {
    const f = ui.modelFile.files?.[0];
    if (!f) return;
    page.modelText = await f.text();
    try {
      const p = page.op.loadPipeline(page.modelText); // check it now, with a clear message
      ui.scoreStatus.textContent = `Model: ${p.spec}, trained on ${p.stats().rows.toLocaleString()} rows.`;
      p.dispose();
      ui.score.disabled = false;
    } catch (e) {
      ui.scoreStatus.textContent = `This file cannot be used: ${(e as Error).message}`;
      page.modelText = '';
      ui.score.disabled = true;
    }
  });
  ui.score.addEventListener('click', () => {
    ui.exportPredictions.disabled = true;
    ui.scoreStatus.textContent = 'Predicting…';
    setRunning(true);
    worker.postMessage({
      type: 'score',
      source: page.source,
      model: page.modelText,
    } satisfies ToWorker);
  });
  ui.exportPredictions.addEventListener('click', () =>
    download('onepass-predictions.csv', new Blob([page.predictions], { type: 'text/csv' })),
  );
}
