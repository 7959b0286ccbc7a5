// Composing pipelines: presets from the papers, and a builder whose controls are generated from
// the registry (names, parameters, defaults, ranges, help), so the page never lists a learner
// or parameter by hand.
import type { RegistryEntry, RegistryParam } from 'onepass';
import { algorithmsLink, el } from './dom';
import type { Task, TaskDefaults } from './tasks';

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
/** A preset: its title, its pipelines and, where a run of it surprises, what to expect. */
type Presets = Record<string, { title: string; specs: string[]; note?: string }>;

const DRIFT_TITLE = 'Streams that change: the default, and with a drift detector';
/** A learner with a drift detector beside it (docs/algorithms.md 6.10): ADWIN resetting it at a
 * drift, and DDM swapping in the learner trained since its warning. Beside the same learner
 * without one, on a stream whose concept changes (the generated samples), they show what
 * watching for a drift is worth. */
const withDrift = (learner: string): string[] => [
  `${learner} +drift(action=reset)`,
  `${learner} +drift(detector=ddm,action=background)`,
];

/** A start preset: the core's default of the task (left out while it is not known), then
 * others, each once. */
const start = (title: string, defaultPipeline: string | undefined, others: string[]) => ({
  title,
  specs: [...new Set([defaultPipeline ?? '', ...others].filter(Boolean))],
});

/** The presets of yes/no labels; the first starts with the core's default pipeline
 * (docs/quality.md). */
const binaryPresets = (defaultPipeline?: string): Presets => ({
  start: start('The default and two others to start with', defaultPipeline, [
    'zscore | logreg',
    'perceptron',
  ]),
  // The default beside itself with drift handling (docs/algorithms.md 6.10).
  drift: start(DRIFT_TITLE, defaultPipeline, defaultPipeline ? withDrift(defaultPipeline) : []),
  s0: {
    title: "The Feature Scaling paper's 18 methods",
    specs: S0.flatMap((s) => [s, `${s} +avg`]),
    // The FS learners scale inside the learner (docs/algorithms.md 4.3-4.6): the paper runs
    // them on the raw columns, so no scaler comes before them, and each row costs them more.
    note:
      'Slow by design: 36 pipelines, among them the FS learners, which learn how to scale ' +
      'every raw (unscaled) column as they go; a run takes about 15 times as long as the ' +
      "default's.",
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
    title: 'Stronger learners beyond the papers: AROW (diagonal and full), SCW, AdaGrad, NAG, FTRL',
    // NAG is scale-free (it needs no scaler); the others learn on z-scored features.
    specs: [
      'zscore | arow',
      'zscore | arow_full',
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

/** The presets of classes: the core's default for them first (docs/algorithms.md 1.8, as the
 * preview names it), the multiclass learners, and yes/no learners, each learning one class
 * against the rest. */
const multiclassPresets = (defaultPipeline?: string): Presets => ({
  start: start('The default for classes and two others to start with', defaultPipeline, [
    'zscore | mpa2 +avg',
    'zscore | logreg',
  ]),
  drift: start(DRIFT_TITLE, defaultPipeline, withDrift('zscore | mpa2 +avg')),
  multiclass: {
    title: 'Every learner of classes, plain and averaged',
    specs: ['softmax', 'mpa', 'mpa1', 'mpa2', 'mperceptron'].flatMap((s) => [
      `zscore | ${s}`,
      `zscore | ${s} +avg`,
    ]),
  },
  rest: {
    title: 'Yes/no learners, one class against the rest',
    specs: ['logreg', 'pa2(c=0.1) +avg', 'arow', 'adagrad', 'perceptron +avg'].map(
      (s) => `zscore | ${s}`,
    ),
  },
  scalers: {
    title: 'One learner, many scalers',
    specs: ['softmax', 'zscore', 'minmax', 'robust', 'pareto'].map((s) =>
      s === 'softmax' ? s : `${s} | softmax`,
    ),
  },
});

/** The presets of a number: the core's default for one first (docs/algorithms.md 1.8, as the
 * preview names it). */
const regressionPresets = (defaultPipeline?: string): Presets => ({
  start: start('The default for a number and two others to start with', defaultPipeline, [
    'zscore | linreg',
    'zscore | huber',
  ]),
  regression: {
    title: 'Every learner of a number, plain and averaged',
    specs: ['pareg', 'pareg1', 'pareg2', 'linreg', 'huber'].flatMap((s) => [
      `zscore | ${s}`,
      `zscore | ${s} +avg`,
    ]),
  },
  scalers: {
    title: 'One learner, many scalers',
    specs: ['linreg', 'zscore', 'minmax', 'robust', 'pareto'].map((s) =>
      s === 'linreg' ? s : `${s} | linreg`,
    ),
  },
});

/** The presets of a task (the preset menu offers those of the data's task), its start preset
 * beginning with the core's default of the task. */
export function presets(defaults: TaskDefaults, task: Task = 'binary'): Presets {
  if (task === 'multiclass') return multiclassPresets(defaults.multiclass);
  if (task === 'regression') return regressionPresets(defaults.regression);
  return binaryPresets(defaults.binary);
}

/**
 * The pipelines after the data's task became `task`: a start preset of any task, as the page
 * set it, becomes this task's, so that a first run on classes or a number runs their defaults;
 * pipelines the user wrote or chose stay as they are.
 */
export function specsForTask(specs: string, task: Task, defaults: TaskDefaults): string {
  const lines = specs
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
  const starts = (['binary', 'multiclass', 'regression'] as const)
    .filter((t) => defaults[t])
    .map((t) => presets(defaults, t).start.specs.join('\n'));
  return starts.includes(lines) ? presets(defaults, task).start.specs.join('\n') : specs;
}

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

/** The menu of stages a pipeline is built from: scalers, then learners. */
function stageMenu(registry: RegistryEntry[]): HTMLSelectElement {
  const stage = el('select');
  stage.id = 'builder-stage';
  for (const kind of ['scaler', 'learner'] as const) {
    const group = el('optgroup');
    group.label = `${kind}s`;
    for (const e of registry.filter((x) => x.kind === kind))
      group.append(new Option(`${e.name}: ${e.summary}`, e.name));
    stage.append(group);
  }
  return stage;
}

/** The menu of modifiers the registry lists (+avg, +vote, +platt, +temperature, +drift), none chosen. */
function modifierMenu(registry: RegistryEntry[]): HTMLSelectElement {
  const modifier = el('select');
  modifier.id = 'builder-modifier';
  for (const e of registry.filter((x) => x.kind === 'modifier'))
    modifier.append(new Option(`+${e.name}: ${e.summary}`, e.name));
  modifier.prepend(new Option('no modifier', ''));
  modifier.value = '';
  return modifier;
}

/** A row of the builder, or a labelled control. */
function row(...children: (Node | string)[]): HTMLDivElement {
  const r = el('div');
  r.className = 'row';
  r.append(...children);
  return r;
}
function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = el('label', text);
  label.append(control);
  return label;
}
function button(text: string, id?: string): HTMLButtonElement {
  const b = el('button', text);
  b.type = 'button';
  if (id) b.id = id;
  return b;
}

/** What a stage is, with its section of docs/algorithms.md, its paper and what it needs. */
function stageHelp(e: RegistryEntry): (Node | string)[] {
  return [
    `${e.summary}. See `,
    algorithmsLink(e.spec),
    e.source ? `; ${e.source}.` : '.',
    e.needs ? ` Needs ${e.needs}.` : '',
  ];
}

/** The stage builder: pick a scaler or learner, set its parameters, add it; when the pipeline
 * ends with a learner, add it (with +avg or +vote) to the list of pipelines. lock(true) keeps
 * it from adding one (while the list is locked). */
export function mountBuilder(
  host: HTMLElement,
  registry: RegistryEntry[],
  addSpec: (spec: string) => void,
): { lock(locked: boolean): void } {
  const stage = stageMenu(registry);
  const modifier = modifierMenu(registry);
  const params = el('div');
  params.className = 'row params';
  const help = el('p');
  help.className = 'note';
  help.id = 'builder-help';
  const preview = el('code');
  preview.id = 'builder-preview';
  const addStage = button('Add this stage', 'builder-add-stage');
  const addPipeline = button('Add the pipeline', 'builder-add-pipeline');
  const clear = button('Start over');
  let stages: string[] = [];
  let readers: (() => string | null)[] = [];
  let lastIsLearner = false;
  // The learner just added takes +avg, +vote, +platt and +temperature (leader does not:
  // RegistryEntry.takesModifiers); +drift watches any learner.
  let takesModifiers = true;
  let locked = false;

  const render = (): void => {
    const e = registry.find((x) => x.name === stage.value);
    if (!e) return;
    const controls = e.params.map((p) => paramControl(p, `param-${e.name}-${p.name}`));
    readers = controls.map((c) => c.read);
    params.replaceChildren(...controls.map((c) => c.node));
    help.replaceChildren(...stageHelp(e));
  };
  const show = (): void => {
    preview.textContent = stages.length ? stages.join(' | ') : '(no stage yet)';
    addPipeline.disabled = !lastIsLearner || locked;
    addStage.disabled = lastIsLearner;
    for (const option of modifier.options)
      option.disabled = !takesModifiers && option.value !== '' && option.value !== 'drift';
    if (modifier.selectedOptions[0]?.disabled) modifier.value = '';
  };
  const startOver = (): void => {
    stages = [];
    lastIsLearner = false;
    takesModifiers = true;
    show();
  };
  stage.addEventListener('change', render);
  addStage.addEventListener('click', () => {
    const e = registry.find((x) => x.name === stage.value);
    if (!e) return;
    const set = readers.map((r) => r()).filter((v): v is string => v !== null);
    stages.push(set.length ? `${e.name}(${set.join(',')})` : e.name);
    lastIsLearner = e.kind === 'learner';
    takesModifiers = !lastIsLearner || e.takesModifiers;
    show();
  });
  addPipeline.addEventListener('click', () => {
    addSpec(stages.join(' | ') + (modifier.value ? ` +${modifier.value}` : ''));
    startOver();
  });
  clear.addEventListener('click', startOver);
  host.replaceChildren(
    row(labelled('Stage', stage), addStage),
    help,
    params,
    row(el('span', 'Pipeline so far: '), preview),
    row(labelled('Modifier', modifier), addPipeline, clear),
  );
  render();
  show();
  return {
    lock(on) {
      locked = on;
      show();
    },
  };
}
