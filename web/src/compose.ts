// Composing pipelines: presets from the papers, and a builder whose controls are generated from
// the registry (names, parameters, defaults, ranges, help), so the page never lists a learner
// or parameter by hand.
import type { RegistryEntry, RegistryParam } from 'onepass';
import { algorithmsLink, el } from './dom';

// The papers ran PA, PA-I, PA-II, Perceptron and ROMMA without a bias (D-BIAS): their presets
// turn off the bias these learners have by default.
const noBias = (s: string) => `${s}(bias=false)`;
const S0 = [
  'logreg',
  'zscore | logreg',
  'fs',
  'fs1',
  'fs2',
  'fs3',
  ...['pa', 'pa1', 'pa2'].map(noBias),
];
/** The presets; the first starts with the core's default pipeline (docs/quality.md). */
export const presets = (
  defaultPipeline: string,
): Record<string, { title: string; specs: string[] }> => ({
  start: {
    title: 'The default and two others to start with',
    specs: [defaultPipeline, 'zscore | logreg', 'perceptron'],
  },
  s0: {
    title: "The Feature Scaling paper's 18 methods",
    specs: S0.flatMap((s) => [s, `${s} +avg`]),
  },
  s4: {
    title: "The Single Pass paper's learners, plain and voted",
    specs: ['mbw', 'winnow', 'bwinnow', noBias('carvalho_pa'), noBias('romma')].flatMap((s) => [
      `minmax | ${s}`,
      `minmax | ${s} +avg`,
    ]),
  },
  pater: {
    title: 'PATER against PA (z-scored, as the PATER paper)',
    specs: ['pater1', 'pater2', 'wpater1', 'wpater2', noBias('pa'), noBias('perceptron')].map(
      (s) => `zscore | ${s}`,
    ),
  },
  beyond: {
    title: 'Stronger learners beyond the papers: AROW, SCW, AdaGrad, NAG, FTRL',
    // NAG is scale-free (it needs no scaler); the others learn on z-scored features.
    specs: [
      'zscore | arow',
      'zscore | scw1',
      'zscore | scw2',
      'zscore | adagrad',
      'nag',
      'zscore | ftrl',
      'zscore | logreg',
    ],
  },
  scalers: {
    title: 'One learner, many scalers',
    specs: [
      'logreg',
      'zscore',
      'minmax',
      'robust',
      'pareto',
      'ash(warmup=100)',
      'lp(warmup=100)',
    ].map((s) => (s === 'logreg' ? s : `${s} | logreg`)),
  },
});

/** A labelled control for one parameter; returns the element and a reader of "name=value" (or
 * null when the value is the default, to keep specs short). */
function paramControl(
  p: RegistryParam,
  id: string,
): { node: HTMLElement; read: () => string | null } {
  const label = el('label');
  label.title = `${p.help} (${p.range})`;
  label.append(el('span', p.name));
  let input: HTMLInputElement | HTMLSelectElement;
  if (p.kind === 'choice') {
    input = el('select');
    for (const c of p.choices) input.append(new Option(c, c));
    input.value = p.default;
  } else if (p.kind === 'boolean') {
    input = el('input');
    input.type = 'checkbox';
    input.checked = p.default === 'true';
  } else {
    input = el('input');
    input.type = 'number';
    input.value = p.default;
    input.step = p.kind === 'integer' ? '1' : 'any';
    if (Number.isFinite(p.min)) input.min = String(p.min);
    if (Number.isFinite(p.max)) input.max = String(p.max);
  }
  input.id = id;
  input.setAttribute('aria-description', p.help);
  label.append(input);
  const read = (): string | null => {
    const v =
      input instanceof HTMLInputElement && input.type === 'checkbox'
        ? String(input.checked)
        : input.value;
    return v === p.default ? null : `${p.name}=${v}`;
  };
  return { node: label, read };
}

/** The stage builder: pick a scaler or learner, set its parameters, add it; when the pipeline
 * ends with a learner, add it (with +avg or +vote) to the list of pipelines. */
export function mountBuilder(
  host: HTMLElement,
  registry: RegistryEntry[],
  addSpec: (spec: string) => void,
): void {
  const stage = el('select');
  stage.id = 'builder-stage';
  for (const kind of ['scaler', 'learner'] as const) {
    const group = el('optgroup');
    group.label = `${kind}s`;
    for (const e of registry.filter((x) => x.kind === kind))
      group.append(new Option(`${e.name}: ${e.summary}`, e.name));
    stage.append(group);
  }
  const params = el('div');
  params.className = 'row params';
  const help = el('p');
  help.className = 'note';
  help.id = 'builder-help';
  const preview = el('code');
  preview.id = 'builder-preview';
  const modifier = el('select');
  modifier.id = 'builder-modifier';
  for (const e of registry.filter((x) => x.kind === 'modifier'))
    modifier.append(new Option(`+${e.name}: ${e.summary}`, e.name));
  modifier.prepend(new Option('no averaging', ''));
  modifier.value = '';
  const addStage = el('button', 'Add this stage');
  const addPipeline = el('button', 'Add the pipeline');
  const clear = el('button', 'Start over');
  for (const b of [addStage, addPipeline, clear]) b.type = 'button';
  addStage.id = 'builder-add-stage';
  addPipeline.id = 'builder-add-pipeline';
  let stages: string[] = [];
  let readers: (() => string | null)[] = [];
  let lastIsLearner = false;

  const render = (): void => {
    const e = registry.find((x) => x.name === stage.value);
    if (!e) return;
    const controls = e.params.map((p) => paramControl(p, `param-${e.name}-${p.name}`));
    readers = controls.map((c) => c.read);
    params.replaceChildren(...controls.map((c) => c.node));
    help.replaceChildren(
      `${e.summary}. See `,
      algorithmsLink(e.spec),
      e.source ? `; ${e.source}.` : '.',
      e.needs ? ` Needs ${e.needs}.` : '',
    );
  };
  const show = (): void => {
    preview.textContent = stages.length ? stages.join(' | ') : '(no stage yet)';
    addPipeline.disabled = !lastIsLearner;
    addStage.disabled = lastIsLearner;
  };
  stage.addEventListener('change', render);
  addStage.addEventListener('click', () => {
    const e = registry.find((x) => x.name === stage.value);
    if (!e) return;
    const set = readers.map((r) => r()).filter((v): v is string => v !== null);
    stages.push(set.length ? `${e.name}(${set.join(',')})` : e.name);
    lastIsLearner = e.kind === 'learner';
    show();
  });
  addPipeline.addEventListener('click', () => {
    addSpec(stages.join(' | ') + (modifier.value ? ` +${modifier.value}` : ''));
    stages = [];
    lastIsLearner = false;
    show();
  });
  clear.addEventListener('click', () => {
    stages = [];
    lastIsLearner = false;
    show();
  });
  const stageLabel = el('label', 'Stage');
  stageLabel.append(stage);
  const modLabel = el('label', 'Averaging');
  modLabel.append(modifier);
  const row1 = el('div');
  row1.className = 'row';
  row1.append(stageLabel, addStage);
  const row2 = el('div');
  row2.className = 'row';
  const previewLabel = el('span', 'Pipeline so far: ');
  row2.append(previewLabel, preview);
  const row3 = el('div');
  row3.className = 'row';
  row3.append(modLabel, addPipeline, clear);
  host.replaceChildren(row1, help, params, row2, row3);
  render();
  show();
}
