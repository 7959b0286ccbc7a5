// The first run after load() in a fresh process, for npm run bench (bench/run.mjs): the
// bench's pipeline on one thread over FILE, timed from after load() and a pause of a second,
// without or (warm) with warmUp() before the pause, in which the engine compiles the optimised
// code (both sides pause: only the warm-up differs). Prints { seconds, rows, peakMb } as JSON.
//   node bench/first_run.mjs FILE cold|warm SPEC CSV_OPTIONS_JSON
import { load } from '../lib/index.js';

const [file, mode, spec, csvOptions] = process.argv.slice(2);
const op = await load();
if (mode === 'warm') op.warmUp([spec]);
await new Promise((resolve) => setTimeout(resolve, 1000));
const t0 = performance.now();
const run = op.csvRunner({ pipelines: [spec], ...JSON.parse(csvOptions) });
await run.pushAll(file, { threads: 1 });
run.finish();
const seconds = (performance.now() - t0) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify({ seconds, rows: run.stats(0).rows, peakMb }));
run.dispose();
