// The parser workers' script (docs/design.md, "Every core"): scripts/build.mjs bundles it into
// one file, lib/parse_worker.bundle.js, which a run starts as a Web Worker or a Node worker thread
// (parallel/parser_threads.ts). The worker's side of a run is parallel/worker.ts.
import { serve } from './parallel/worker.js';

void serve();
