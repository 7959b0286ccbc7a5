// The demo page: choose data and pipelines, stream the rows through them in a Web Worker, watch
// the cumulative and recent error, read and sort the results, inspect what was learned per
// feature, download models, curves and charts, and share the setup as a link (never the data).
// The page uses only the onepass package's public API (the learning happens in worker.ts).
//
// This is the only module that does anything when it is loaded: it makes the store of the
// page's state (state.ts), starts the worker, mounts each panel on its section of the page
// (panels/), applies a shared link and makes the first run. Every panel shows what the state
// says and changes the state, never another panel.
import { load } from 'onepass';
import { chooseData, DATASETS, sample } from './data';
import { find } from './dom';
import { mountGuide } from './guide';
import { startRun } from './jobs';
import { applyLink } from './link';
import { mountBreakdownPanel } from './panels/breakdown';
import { mountCrossValidationPanel } from './panels/crossvalidation';
import { mountChartsPanel } from './panels/charts';
import { mountDataPanel } from './panels/data';
import { mountExplainPanel } from './panels/explain';
import { mountModelPanel } from './panels/model';
import { mountPipelinesPanel } from './panels/pipelines';
import { mountResultsPanel } from './panels/results';
import { mountRunPanel } from './panels/run';
import { mountScalesPanel } from './panels/scales';
import { presets } from './compose';
import { type App, initialState } from './state';
import { createStore } from './store';
import { startWorker } from './worker_link';
import './style.css';

async function main(): Promise<void> {
  mountGuide(document); // at once: it needs no module
  const store = createStore(initialState(sample(DATASETS[0].file), ''));
  const send = startWorker(store); // it loads its module while the page loads its own
  const op = await load();
  const defaults = { binary: op.defaultPipeline };
  const specs = presets(defaults).start.specs.join('\n');
  store.update((s) => ({ defaults, settings: { ...s.settings, specs } }));
  const app: App = { store, op, send };
  for (const [id, mount] of [
    ['data-panel', mountDataPanel],
    ['pipelines-panel', mountPipelinesPanel],
    ['run-panel', mountRunPanel],
    ['results-panel', mountResultsPanel],
    ['breakdown-panel', mountBreakdownPanel],
    ['charts-panel', mountChartsPanel],
    ['scales-panel', mountScalesPanel],
    ['cv-panel', mountCrossValidationPanel],
    ['explain-panel', mountExplainPanel],
    ['model-panel', mountModelPanel],
  ] as const)
    mount(find(document, id), app);

  const link = await applyLink(app);
  if (link === 'none') await chooseData(app, store.get().data.source);
  // Nothing runs on data the sender did not mean: the recipient brings their own file.
  if (link === 'wait') store.update({ linkWaiting: true });
  else startRun(app); // the chosen (or bundled) dataset streams as soon as the page opens
}

void main();
