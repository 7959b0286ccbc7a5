// The page's worker: started when the page asks (main.ts), its messages applied to the store
// (messages.ts), its failure too.
import { received, workerFailed } from './messages';
import type { FromWorker, ToWorker } from './protocol';
import type { PageStore } from './state';
import workerUrl from './worker.ts?worker&url';

/**
 * Starts the worker; returns how to send it a message. It starts from a blob: URL that only
 * imports the bundled worker script, because a worker made from a blob: URL inherits the page's
 * Content-Security-Policy (the <meta> tag's too) while one loaded from its own URL gets only
 * what the server sends, and most static hosts send none: so "no connection to another origin"
 * holds in the worker on any host. The script itself still comes from the page's own
 * origin.
 */
export function startWorker(store: PageStore): (message: ToWorker) => void {
  const script = new URL(workerUrl, document.baseURI).href;
  const boot = new Blob([`import ${JSON.stringify(script)};`], { type: 'text/javascript' });
  const worker = new Worker(URL.createObjectURL(boot), { type: 'module' });
  worker.onmessage = (event: MessageEvent<FromWorker>) =>
    store.update((s) => received(s, event.data));
  // The worker itself failing (its script not served, a browser that cannot start it): what it
  // was doing ends with the reason, and the page stays usable (every failure).
  worker.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    store.update((s) => workerFailed(s, e.message || 'its script could not be loaded'));
  };
  return (message) => worker.postMessage(message);
}
