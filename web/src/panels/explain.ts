// The explanation panel: after a run, one row of the data explained by one of its pipelines
// (explain.ts): its largest contributions, the rest and the bias, which add up to its score.
import { el, find, findAll, pipelineOption } from '../dom';
import { EXPLAINED, explainRow } from '../explain';
import { pipelineNames } from '../names';
import { type App, learned } from '../state';
import { watch } from '../store';

export function mountExplainPanel(root: HTMLElement, app: App): void {
  const { store, op } = app;
  const registry = op.registry();
  const pipeline = find<HTMLSelectElement>(root, 'explain-pipeline');
  const row = find<HTMLInputElement>(root, 'explain-row');
  const [go] = findAll<HTMLButtonElement>(root, 'explain-go');
  const status = find<HTMLParagraphElement>(root, 'explain-status');
  const table = find<HTMLTableElement>(root, 'explain-table');

  const clear = (said: string): void => {
    status.textContent = said;
    table.replaceChildren();
  };
  // The menu lists the pipelines of the run that learned rows; another run clears what was shown.
  watch(
    store,
    (s) => [learned(s.run) ? s.run.models : null, s.job],
    ([models], s) => {
      const results = learned(s.run) ? s.run.results : [];
      const names = pipelineNames(
        results.map((r) => r.pipeline),
        registry,
      );
      pipeline.replaceChildren(
        ...results.map((r, i) => pipelineOption(names[i], r.pipeline, String(i))),
      );
      go.disabled = !models || s.job !== null;
      clear('');
    },
  );

  go.addEventListener('click', () => {
    const s = store.get();
    if (!learned(s.run)) return;
    const i = Number(pipeline.value);
    const n = Math.floor(Number(row.value));
    const model = s.run.models[i];
    if (!model || !(n >= 1)) return clear('Give a row number from 1.');
    const called = pipeline.selectedOptions[0]?.text ?? s.run.results[i].pipeline;
    const got = explainRow(op, model, s.data.head, n);
    if ('error' in got) return clear(`No explanation: ${got.error}`);
    const e = got.explanation;
    const fixed = (x: number): string => (Number.isNaN(x) ? 'missing' : String(+x.toFixed(4)));
    const head = el('tr');
    head.append(el('th', 'Feature'), el('th', 'Value'), el('th', 'Contribution'));
    const line = (name: string, value: string, c: number): HTMLTableRowElement => {
      const tr = el('tr');
      tr.dataset.contribution = String(c);
      tr.append(el('td', name), el('td', value), el('td', fixed(c)));
      return tr;
    };
    table.replaceChildren(
      head,
      ...e.contributions.map((c) => line(c.feature, fixed(c.value), c.contribution)),
      line('the other features', '', e.rest),
      line('bias', '', e.bias),
    );
    status.dataset.score = String(got.score);
    status.textContent =
      `Row ${n} (line ${got.line}) scores ${fixed(got.score)} with ${called}: ` +
      `its ${EXPLAINED} largest contributions (the weight times the scaled value), the others ` +
      'summed and the bias add up to it.';
  });
}
