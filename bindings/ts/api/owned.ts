// What every object holding wasm memory shares (WasmOwned): dispose(), `using`, and a
// finalizer for what nobody disposed.
import { fail } from '../shared/errors.js';

/** Frees the wasm memory of an object its owner forgot to dispose(), once the garbage collector
 * has collected the owner (a safety net: collection may come late, or not before the page
 * ends; dispose() or `using` frees it at once). */
const finalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<{ delete(): void }>((raw) => release(raw))
    : null;

/** Frees a raw object; one of a module that stopped (shared/aborts.ts) has nothing left to free,
 * and its error must not escape a dispose() or the finalizer. */
function release(raw: { delete(): void }): void {
  try {
    raw.delete();
  } catch (e) {
    if (!(e instanceof WebAssembly.RuntimeError)) throw e;
  }
}

/** What every object holding wasm memory shares: dispose() (and `using`, Symbol.dispose) frees
 * it at once; otherwise it is freed some time after the object is collected. */
export class WasmOwned<R extends { delete(): void }> {
  #raw: R | null;

  /** @internal */
  constructor(raw: R) {
    this.#raw = raw;
    finalizer?.register(this, raw, this);
  }

  /** The raw object, or an Error saying that `what` was disposed. */
  protected held(what: string): R {
    return this.#raw ?? fail(`this ${what} was disposed`);
  }

  /** Frees the wasm memory now (later calls do nothing). */
  dispose(): void {
    if (!this.#raw) return;
    finalizer?.unregister(this);
    release(this.#raw);
    this.#raw = null;
  }

  /** `using p = op.pipeline(...)` disposes p at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }
}
