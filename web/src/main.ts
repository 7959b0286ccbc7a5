// The demo page: choose data and pipelines, stream the rows through them in a Web Worker, watch
// the cumulative and recent error, read and sort the results, inspect what was learned per
// feature, download models, curves and charts, and share the setup as a link (never the data).
// The page uses only the onepass package's public API (the learning happens in worker.ts).
// This module only wires: the state is page.ts's, and each concern has its module (data,
// views, run_control, messages, link, models, catalogue).
import { load } from 'onepass';
import { catalogue } from './catalogue';
import { mountBuilder, presets } from './compose';
import { chooseSource, wireData } from './data';
import { applyLink } from './link';
import { listen } from './messages';
import { wireModels } from './models';
import { DATASETS, page, ui } from './page';
import { start, wireRun, worker } from './run_control';
import './style.css';

async function main(): Promise<void> {
  listen(worker);
  for (const d of DATASETS) ui.dataset.append(new Option(d.title, d.file));
  page.op = await load();
  const op = page.op;
  const PRESETS = presets(op.defaultPipeline);
  for (const [key, p] of Object.entries(PRESETS))
    ui.preset.append(new Option(`${p.title} (${p.specs.length})`, key));
  ui.specs.value = PRESETS.start.specs.join('\n');
  const registry = op.registry();
  catalogue(ui.catalogue, registry);
  mountBuilder(ui.builder, registry, (spec) => {
    ui.specs.value = (ui.specs.value.trim() ? ui.specs.value.trim() + '\n' : '') + spec;
  });

  ui.applyPreset.addEventListener('click', () => {
    ui.specs.value = PRESETS[ui.preset.value].specs.join('\n');
  });
  wireData();
  wireRun();
  wireModels();

  const link = await applyLink();
  if (link === 'none') await chooseSource(page.source);
  if (link === 'wait') {
    // Nothing runs on data the sender did not mean: the recipient brings their own file.
    await chooseSource(page.source);
    ui.status.textContent =
      "This link's setup was made with the sender's own file, which a link never carries: " +
      'choose your file in step 1, then Run.';
    return;
  }
  start(op); // the chosen (or bundled) dataset streams as soon as the page opens
}

void main();
