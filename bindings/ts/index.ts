// onepass: one-pass online binary classifiers and feature scalers, in WebAssembly.
// The public API (README.md "The JavaScript API"): load(), then pipelines and CSV runners. Each
// class is in its own file; this one says what the package exports.
export { load, type Onepass } from './onepass.js';
export type { LoadOptions } from './module.js';
export { WasmOwned } from './owned.js';
export { Pipeline } from './pipeline.js';
export { Dataset } from './dataset.js';
export { Scorer, CsvScorer } from './scorer.js';
export { Runner } from './runner.js';
export { CsvRunner } from './csv_runner.js';
export { SvmlightRunner } from './svmlight_runner.js';
export { chunksOf } from './sources.js';
export { ALGORITHMS_DOC, algorithmsAnchor, algorithmsRef } from './docs.js';
export { plainSnapshot } from './types.js';
export type * from './types.js';
