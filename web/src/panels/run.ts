// Panel 3, the run: the holdout and threads options, Run, Pause and Cancel, the pipelines'
// error, the progress bar, the status line and the problems. Run is off, with the reason in
// the status line, while there is nothing in the data to learn.
import { el, find, findAll } from '../dom';
import { cancel, startRun, togglePause } from '../jobs';
import { cores, dataBlocker, problemsOf, type Settings, statusOf } from '../state';
import type { App } from '../state';
import { watch } from '../store';

export function mountRunPanel(root: HTMLElement, app: App): void {
  const { store } = app;
  const [holdout, threads] = findAll<HTMLSelectElement>(root, 'holdout', 'threads');
  const [run, pause, stop] = findAll<HTMLButtonElement>(root, 'run', 'pause', 'cancel');
  const [specError, status] = findAll<HTMLParagraphElement>(root, 'spec-error', 'status');
  const bar = find<HTMLProgressElement>(root, 'bar');
  const problems = find<HTMLUListElement>(root, 'problems');
  threads.options[1].text = `all ${cores()} cores`;
  run.setAttribute('aria-describedby', 'status');

  const settings = (fields: Partial<Settings>): void =>
    store.update((s) => ({ settings: { ...s.settings, ...fields } }));
  holdout.addEventListener('change', () => settings({ holdout: Number(holdout.value) }));
  threads.addEventListener('change', () => settings({ threads: Number(threads.value) }));
  run.addEventListener('click', () => startRun(app));
  pause.addEventListener('click', () => togglePause(app));
  stop.addEventListener('click', () => cancel(app));
  // The page's first tab stop leads here: Run itself, or the panel's first control while Run
  // is off. It leaves the link's address (the setup's place) as it is.
  document.querySelector('a.skip')?.addEventListener('click', (e) => {
    e.preventDefault();
    const to = run.disabled ? holdout : run;
    to.focus();
    to.scrollIntoView({ block: 'nearest' });
  });

  watch(
    store,
    (s) => [s.settings.holdout, s.settings.threads],
    ([h, t]) => {
      holdout.value = String(h);
      threads.value = String(t);
    },
  );
  watch(
    store,
    (s) => [s.job, dataBlocker(s)],
    (_, s) => {
      const job = s.job;
      const blocked = dataBlocker(s);
      run.disabled = job !== null || blocked !== '';
      run.title = blocked && !job ? `Run is off: ${blocked}` : '';
      stop.disabled = !job;
      // Cross-validation learns each fold from memory at once: it cannot be paused.
      pause.disabled = !job || job.kind === 'cv';
      pause.textContent = job?.paused ? 'Resume' : 'Pause';
      pause.setAttribute('aria-pressed', String(job?.paused ?? false));
      holdout.disabled = job !== null;
      threads.disabled = job !== null;
    },
  );
  watch(
    store,
    (s) => s.specError,
    (text) => (specError.textContent = text),
  );
  watch(
    store,
    (s) => [s.run?.progress, s.run?.phase],
    (_, s) => {
      const p = s.run?.progress;
      bar.max = p?.total || 1;
      // A whole stream fills the bar, also when its size was unknown.
      const whole = s.run?.phase === 'done' || s.run?.phase === 'testing';
      bar.value = whole ? bar.max : p?.total ? p.bytes : 0;
    },
  );
  watch(store, statusOf, (text, s) => {
    status.textContent = text;
    // Why Run is off is said as a problem.
    status.classList.toggle('error', !s.job && s.data.blocker !== '');
  });
  watch(store, problemsOf, (list) => problems.replaceChildren(...list.map((m) => el('li', m))));
}
