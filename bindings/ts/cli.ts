#!/usr/bin/env node
// The onepass command (package.json "bin"; docs/cli.md). The commands are in cli/; this
// entry runs one and exits with its code once the output is written.
// First, so that its flag is set before any module compiles: V8's flags hold for every module
// this process compiles, its parser workers' included (cli/baseline_code.ts says when and why).
import './cli/baseline_code.js';
import { main } from './cli/main.js';

// A reader that stops early (onepass list | head -1) closes the pipe: not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const code = await main(process.argv.slice(2));
// Exit once the output is written, instead of when the event loop drains: node would first wait
// for V8's background optimisation of the wasm code, up to 0.1 s after the work is done.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
