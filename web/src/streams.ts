// The samples made by code: streams whose concept changes at known rows (docs/algorithms.md 6.9),
// written by the package's streamCsv() in this browser, so nothing is downloaded. The page reads
// a head of one for the preview (data.ts), the worker the whole stream for a run (worker.ts).
// Nothing here touches the DOM.
import type { GenerateOptions, Onepass } from 'onepass';
import type { Source } from './protocol';

export interface GeneratedSample {
  /** Its name in the sample menu's value, in links and in the run's record. */
  name: string;
  /** What the sample menu shows. */
  title: string;
  /** What changes in the stream, and when: shown when the sample is chosen. */
  change: string;
  stream: string;
  options: GenerateOptions;
}

/** The generated samples. Each one's schedule is given in rows (SEA's every), so its head is
 * the head of the whole stream. */
export const GENERATED: GeneratedSample[] = [
  {
    name: 'sea (generated)',
    title: 'SEA concepts with 10% noise (drift every 12,500 rows, 50,000 rows)',
    change:
      'The label is 1 when x1 + x2 <= theta, and theta jumps from 8 to 9, 7 and 9.5 at rows ' +
      '12,501, 25,001 and 37,501; 10% of the labels are flipped, and x3 never matters.',
    stream: 'sea',
    options: { rows: 50_000, seed: 1, params: { noise: 0.1, every: 12_500 } },
  },
  {
    name: 'hyperplane (generated)',
    title: 'Rotating hyperplane (slow drift, 20,000 rows)',
    change:
      'The label is 1 on one side of a hyperplane through 10 numbers, and the hyperplane turns ' +
      'a little after every row (2 of its weights move by 0.001, each turning back with ' +
      'probability 0.1), so the concept drifts all along; 5% of the labels are flipped.',
    stream: 'hyperplane',
    options: { rows: 20_000, seed: 1 },
  },
];

export const generatedSample = (name: string): GeneratedSample | undefined =>
  GENERATED.find((g) => g.name === name);

export const generatedSource = (g: GeneratedSample): Source => ({
  kind: 'generated',
  name: g.name,
  stream: g.stream,
  options: g.options,
});

type Generated = Extract<Source, { kind: 'generated' }>;

/** The first `bytes` of the stream's CSV (whole lines) and whether that is all of it: what the
 * preview reads, made without the rest of the stream. */
export function generatedHead(
  op: Onepass,
  source: Generated,
  bytes: number,
): { text: string; complete: boolean } {
  const csv = op.streamCsv(source.stream, source.options);
  try {
    let text = '';
    while (!csv.done && text.length < bytes) text += csv.next();
    return { text, complete: csv.done };
  } finally {
    csv.dispose();
  }
}

let last: { key: string; blob: Blob } | null = null;

/** The whole stream's CSV, as a Blob that a run reads as it reads a File: its size is known, so
 * the run shows its share done. The last one is kept, since a run's holdout test and a
 * cross-validation read the same stream again. */
export function generatedBlob(op: Onepass, source: Generated): Blob {
  const key = JSON.stringify([source.stream, source.options]);
  if (last?.key === key) return last.blob;
  const csv = op.streamCsv(source.stream, source.options);
  try {
    const blob = new Blob([...csv], { type: 'text/csv' });
    last = { key, blob };
    return blob;
  } finally {
    csv.dispose();
  }
}
