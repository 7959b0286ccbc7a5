// Written by scripts/build.mjs: lib/onepass_wasm.wasm as base64, for onepass/inline.
export declare const wasmBase64: string;
