// Checks and conversions at the boundary that every class shares: option keys and counts,
// widths, bytes handed to the module a slice at a time, models as text.
import { fail } from '../shared/errors.js';
import type { ModelInput } from './types.js';
import type { RawStatus } from '../onepass_wasm.mjs';

/** A model as the core reads it: its text, or an object written as JSON. An object that JSON
 * cannot write (a cycle, nesting deeper than the engine's stack) is refused with a message, as
 * the core refuses a file nested deeper than 64 levels, not with the engine's own error. */
export function modelText(model: ModelInput): string {
  if (typeof model === 'string') return model;
  try {
    return JSON.stringify(model);
  } catch (e) {
    const why = e instanceof RangeError ? 'it is nested too deeply' : (e as Error).message;
    return fail(`not a valid onepass model: the object cannot be written as JSON (${why})`);
  }
}

/** Largest slice of a chunk copied into wasm memory at once. */
const MAX_SLICE = 1 << 20;

/** Hands bytes to a raw CSV consumer (runner, scorer, data set): copied into its buffer in
 * wasm memory a slice at a time, one call per slice; throws the error that stopped it. */
export function pushBytes(
  raw: { chunkBuffer(n: number): Uint8Array; push(n: number): RawStatus },
  chunk: Uint8Array,
): void {
  // Text would otherwise fail in subarray() as "chunk.subarray is not a function".
  if (!(chunk instanceof Uint8Array))
    fail(
      `push takes bytes, a Uint8Array (got ${typeof chunk}); for text, ` +
        'push(new TextEncoder().encode(text)), or runCsv(text)',
    );
  for (let at = 0; at < chunk.length; at += MAX_SLICE) {
    const part = chunk.subarray(at, Math.min(chunk.length, at + MAX_SLICE));
    raw.chunkBuffer(part.length).set(part);
    const err = raw.push(part.length);
    if (err) fail(err);
  }
}

/** The core's bounds (op.limits(), api/limits.hpp), checked here before anything is copied into
 * wasm memory; tests/js/csv_options.test.mjs holds them equal to the core's. */
export const MAX_DIMS = 2 ** 24;
export const MAX_WINDOW = 10_000_000;
export const MAX_SHUFFLE_BUFFER = 10_000_000;

export function checkDims(dims: number, what = 'dims'): void {
  if (!Number.isInteger(dims) || dims <= 0 || dims > MAX_DIMS)
    fail(`${what} must be a whole number from 1 to ${MAX_DIMS} (got ${String(dims)})`);
}

/** Refuses option keys that nothing reads (a typo would be silently ignored), naming them. */
export function checkKeys(where: string, options: object, allowed: Iterable<string>): void {
  const known = new Set(allowed);
  for (const key of Object.keys(options))
    if (!known.has(key))
      fail(`${where}: unknown option '${key}'; the options are: ${[...known].join(', ')}`);
}

/** Whether `specs` is a list of spec strings (a string alone, or a number in the list, would
 * otherwise reach the core as something else). */
export function isSpecList(specs: unknown): specs is string[] {
  return Array.isArray(specs) && specs.every((p) => typeof p === 'string');
}

/** The option pipelines: undefined, or a list of spec strings. */
export function checkSpecs(pipelines: unknown): void {
  if (pipelines !== undefined && !isSpecList(pipelines))
    fail("option pipelines must be a list of spec strings, e.g. ['zscore | logreg']");
}

/** A count option (every, window, shuffleBuffer, seed): undefined, or a whole number from 0 to
 * max; the message names the option. */
export function countOption(name: string, value: unknown, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    fail(`option ${name} must be a whole number from 0 to ${max} (got ${String(value)})`);
  return value;
}

/** every and window of a pipeline or runner; shuffleBuffer and seed of a CSV runner. */
export function checkCounts(o: {
  every?: unknown;
  window?: unknown;
  shuffleBuffer?: unknown;
  seed?: unknown;
}): void {
  countOption('every', o.every, Number.MAX_SAFE_INTEGER);
  countOption('window', o.window, MAX_WINDOW);
  countOption('shuffleBuffer', o.shuffleBuffer, MAX_SHUFFLE_BUFFER);
  countOption('seed', o.seed, Number.MAX_SAFE_INTEGER);
}

export function toFloat64(values: ArrayLike<number>): Float64Array {
  return values instanceof Float64Array ? values : Float64Array.from(values);
}

/** The windowed errors of a pipeline's curve points as Stats carries them: rollingCurve with a
 * window, nothing without one. */
export function rollingCurve(points: Float64Array | null): { rollingCurve?: Float64Array } {
  return points ? { rollingCurve: points } : {};
}
