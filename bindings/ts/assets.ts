// The package's files that are not its modules, found beside this one: the WebAssembly module
// and the parser workers' script. This file sits at the top of lib/ with them (docs/js.md
// "Using bundlers"): Vite and webpack copy each file a `new URL('./name', import.meta.url)` names
// and rewrite the URL (so each URL is written in that form), and in a bundle that does not,
// import.meta.url is the bundle's, beside which a user copies onepass_wasm.wasm. A bundle in a
// format without import.meta (esbuild's iife or CommonJS output of this build) has no such URL:
// the error then says what to do.

/** An Error naming the fix, when the bundle's format has no import.meta.url. */
function unlocated(file: string, fix: string): Error {
  return new Error(
    `onepass cannot locate its ${file}: this build of onepass is bundled in a format without ` +
      `import.meta.url (an iife or CommonJS bundle). ${fix} (docs/js.md "Using bundlers")`,
  );
}

const located = (): boolean => typeof (import.meta as { url?: unknown }).url === 'string';

/** Where onepass_wasm.wasm is, when load() is given neither its bytes nor its URL. */
export function wasmFileUrl(): URL {
  if (!located())
    throw unlocated(
      'onepass_wasm.wasm',
      "Import 'onepass/inline' (the module inside the JavaScript), or pass load({ wasmUrl }) " +
        'or load({ wasmBinary })',
    );
  return new URL('./onepass_wasm.wasm', import.meta.url);
}

/** Where the parser workers' script is: one bundled file (scripts/build.mjs), which bundlers
 * copy as an asset without following its imports. */
export function parserScriptUrl(): URL {
  if (!located())
    throw unlocated(
      'parse_worker.bundle.js',
      'Keep threads at 1 (the default), which starts no worker',
    );
  return new URL('./parse_worker.bundle.js', import.meta.url);
}
