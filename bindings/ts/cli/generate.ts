// `onepass generate`: a stream made by code with concept drift (docs/algorithms.md 6.9) as CSV,
// or with --list the streams there are; the bytes of `onepass-native generate`, both written by
// the core (api/streams.hpp).
import { createWriteStream, openSync } from 'node:fs';
import { load } from '../index.js';
import { Words } from './args.js';

export async function generate(args: string[]): Promise<void> {
  const op = await load();
  // The stream's name, rows and parameters are checked with the words (api/command_line.hpp).
  const w = new Words(op, ['generate', ...args]);
  if (w.has('--list')) {
    process.stdout.write(w.has('--json') ? op.streamsJSON() + '\n' : op.streamsText());
    return;
  }
  const csv = op.streamCsv(w.file, {
    rows: w.number('--rows')!,
    seed: w.number('--seed'),
    params: w.values('--param'),
  });
  const out = w.value('--out');
  // Opened now: a path that cannot be written is a message, not a stream's late error event.
  let fd: number | undefined;
  try {
    if (out) fd = openSync(out, 'w');
  } catch (e) {
    csv.dispose();
    const err = e as NodeJS.ErrnoException;
    // The words of onepass-native generate's message (native_generate.cpp).
    throw new Error(
      `cannot write ${out}: ${err.code === 'ENOENT' ? 'its folder does not exist' : err.message}`,
    );
  }
  const sink: NodeJS.WritableStream = out ? createWriteStream('', { fd }) : process.stdout;
  try {
    for (const piece of csv)
      if (!sink.write(piece)) await new Promise((resolve) => sink.once('drain', resolve));
  } finally {
    csv.dispose();
  }
  if (out)
    await new Promise((resolve) => (sink as ReturnType<typeof createWriteStream>).end(resolve));
}
