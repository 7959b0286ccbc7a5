// How many threads a machine can run at once, for a run's default number of threads.
import { isNode, nodeModule } from '../shared/node.js';

/** The number of cores (Node), or the browser's hardwareConcurrency; at least 1. */
export async function coreCount(): Promise<number> {
  if (isNode) {
    const os = await nodeModule<typeof import('node:os')>('os');
    return Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
  }
  const n = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator
    ?.hardwareConcurrency;
  return Math.max(1, n ?? 1);
}
