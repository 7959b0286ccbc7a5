// Beside the downloads: the CLI command and the JavaScript that make the run shown again on the
// user's machine (reproduce.ts), in a disclosure, each with a copy button. Shown once a run has
// read all of its data; a run cancelled or stopped part way is not what they would make.
import { find, findAll } from '../dom';
import { reproduce, reproducedSource } from '../reproduce';
import { type App, complete, learned } from '../state';
import { watch } from '../store';

export function mountReproduce(root: HTMLElement, app: App): void {
  const { store } = app;
  const box = find<HTMLDetailsElement>(root, 'reproduce');
  const [note, status] = findAll<HTMLParagraphElement>(root, 'reproduce-note', 'copy-status');
  const [cli, js] = findAll<HTMLElement>(root, 'reproduce-cli', 'reproduce-js');
  const [copyCli, copyJs] = findAll<HTMLButtonElement>(root, 'copy-cli', 'copy-js');
  watch(
    store,
    (s) => [s.run?.id, s.run?.phase, s.data.source],
    (_, s) => {
      const run = s.run;
      box.hidden = !learned(run) || !complete(run);
      status.textContent = '';
      if (box.hidden || !run) return;
      const source = reproducedSource(s.data.source);
      const snippets = reproduce(run.options, source, run.every, app.op.csvFlags);
      cli.textContent = snippets.cli;
      js.textContent = snippets.js;
      const data =
        source.kind === 'generated'
          ? `They make the stream again (${source.name}) first.`
          : `Run them in the folder of your copy of ${source.name}.`;
      const models =
        run.options.pipelines.length === 1
          ? 'both write its model file (onepass-model-1.json)'
          : 'the JavaScript writes every model file (onepass-model-1.json, ...)';
      note.textContent =
        `${data} With the same pipelines, column roles and options as this run, they print ` +
        `the same figures, and ${models}, as the downloads here.`;
    },
  );
  const copy = (button: HTMLButtonElement, from: HTMLElement, what: string): void => {
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(from.textContent ?? '').then(
        () => (status.textContent = `${what} copied.`),
        () => (status.textContent = `${what} could not be copied: select it and copy it.`),
      );
    });
  };
  copy(copyCli, cli, 'The command');
  copy(copyJs, js, 'The JavaScript');
}
