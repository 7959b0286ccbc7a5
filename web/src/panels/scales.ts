// The panel of what each pipeline of the run shown learned per feature (scales.ts draws it).
import { find } from '../dom';
import { pipelineNames } from '../names';
import { ScalesView } from '../scales';
import { type App, staleness } from '../state';
import { watch } from '../store';

export function mountScalesPanel(root: HTMLElement, app: App): void {
  const registry = app.op.registry();
  const view = new ScalesView(
    find(root, 'scales-pipeline'),
    find(root, 'scales-array'),
    find(root, 'scales'),
    find(root, 'shaping'),
    find<HTMLInputElement>(root, 'scales-sort'),
  );
  watch(
    app.store,
    (s) => [s.run?.results, s.run?.features],
    (_, s) => {
      const results = s.run?.results ?? [];
      // Each pipeline by its readable name, as the results call it.
      const names = pipelineNames(
        results.map((r) => r.pipeline),
        registry,
      );
      view.show(
        results.map((r, i) => ({
          pipeline: names[i],
          snapshot: r.snapshot,
          classes: r.task === 'multiclass' ? r.classes : undefined,
        })),
        s.run?.features ?? [],
      );
    },
  );
  // Of the run shown: dimmed with it when the setup changed since (the results say why).
  watch(
    app.store,
    (s) => staleness(s) !== '',
    (old) => root.classList.toggle('stale', old),
  );
}
