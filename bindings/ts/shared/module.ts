// Loading the WebAssembly module, for load() (api/onepass.ts) and the parser workers
// (parallel/worker.ts): where its bytes come from, and an error that says what to do when they
// cannot be had.
import createOnepassModule from '../onepass_wasm.mjs';
import type { RawModule } from '../onepass_wasm.mjs';
import { wasmFileUrl } from '../assets.js';
import { guardAborts } from './aborts.js';
import { fail } from './errors.js';
import { isNode, nodeModule } from './node.js';

export interface LoadOptions {
  /** The .wasm bytes; in Node they are read from the package when not given. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm file is (default: the package's, beside its index.js, as
   * `new URL('./onepass_wasm.wasm', import.meta.url)`): a URL the browser fetches, or in Node a
   * path or file: URL. For bundlers that do not copy the file: `import wasmUrl from
   * 'onepass/onepass_wasm.wasm?url'` (Vite) or the bundler's asset import, then
   * `load({ wasmUrl })`. */
  wasmUrl?: string;
  /** @internal A compiled module, as the run hands it to its parser workers: V8 shares a
   * module's compiled (and tiered-up) code between the threads that instantiate it. */
  wasmModule?: WebAssembly.Module;
}

/** The raw module, and how another thread loads the same one (LoadOptions for a worker). */
export async function loadModule(
  options: LoadOptions = {},
): Promise<{ raw: RawModule; source: LoadOptions }> {
  // The package's own file is located only when neither the bytes nor a URL are given: a bundle
  // of onepass/inline in a format without import.meta has no location, and needs none.
  const given = options.wasmBinary
    ? 'the wasmBinary given'
    : options.wasmModule
      ? 'the module given'
      : options.wasmUrl;
  const wasmUrl = given === undefined ? wasmFileUrl() : undefined;
  let wasmBinary = options.wasmBinary;
  const where = given ?? wasmUrl!.href;
  const cannotLoad = (why: string): never =>
    fail(
      `onepass could not load its WebAssembly module from ${where}: ${why}. A bundler that does ` +
        'not copy onepass_wasm.wasm beside its output, or a server that answers with a page ' +
        "instead of the file, causes this: serve the package's onepass_wasm.wasm (exported as " +
        "'onepass/onepass_wasm.wasm') and pass load({ wasmUrl }), or its bytes as " +
        'load({ wasmBinary }) (docs/js.md "Using bundlers")',
    );
  if (!wasmBinary && !options.wasmModule && isNode) {
    // docs/design.md, toolchain fact 2: in Node the loader's fetch() of a file path fails; pass the bytes.
    const fs = await nodeModule<typeof import('node:fs')>('fs');
    const file = options.wasmUrl?.startsWith('file:') ? new URL(options.wasmUrl) : options.wasmUrl;
    try {
      wasmBinary = fs.readFileSync(file ?? wasmUrl!);
    } catch (e) {
      cannotLoad((e as Error).message);
    }
  }
  const locate = options.wasmUrl ?? wasmUrl?.href ?? 'onepass_wasm.wasm';
  // docs/design.md, toolchain fact 9: with nothing alive in Node's event loop, the task that
  // settles a compile or an instantiation runs while Node drains V8's platform, which then waits
  // for every background job: a run started right after load() stalled until each function it
  // had made hot was compiled optimised (first run after load(), 1,000 rows: about 100 ->
  // 30-75 ms, AMD EPYC). A timer kept alive meanwhile (never due) brings the task through the loop.
  const keepLoopAlive = isNode ? setInterval(() => undefined, 1 << 30) : undefined;
  try {
    const compiled = options.wasmModule ?? (await compile(wasmBinary, locate));
    // Emscripten waits for `done`: a failed instantiation must end the wait too.
    let failed: (e: unknown) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => (failed = reject));
    const raw = await Promise.race([
      createOnepassModule({
        // An abort's own line ("Aborted()") is not printed: guardAborts throws an Error that
        // says what it means.
        printErr: (line: string) => {
          if (!line.startsWith('Aborted(')) console.warn(line);
        },
        // Emscripten's loader makes the file's URL from import.meta.url unless it is told where
        // the file is; instantiateWasm below fetches nothing, so this only keeps it from failing
        // in a bundle without import.meta.
        locateFile: () => locate,
        instantiateWasm: (imports, done) => {
          WebAssembly.instantiate(compiled, imports)
            .then((i) => done(i, compiled))
            .catch(failed);
          return {};
        },
      }),
      failure,
    ]);
    return { raw: guardAborts(raw, raw.limits().maxRunBytes), source: { wasmModule: compiled } };
  } catch (e) {
    return cannotLoad(e instanceof Error ? e.message : String(e));
  } finally {
    clearInterval(keepLoopAlive);
  }
}

/** Compiles the module from its bytes, or while it downloads (falling back to its bytes when the
 * server does not send it as application/wasm). */
async function compile(
  bytes: ArrayBuffer | Uint8Array | undefined,
  url: string,
): Promise<WebAssembly.Module> {
  if (bytes) return WebAssembly.compile(bytes as BufferSource);
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(response.clone());
  } catch {
    return WebAssembly.compile(await response.arrayBuffer());
  }
}
