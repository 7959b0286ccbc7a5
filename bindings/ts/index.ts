// onepass: one-pass online binary classifiers and feature scalers, in WebAssembly.
// The public API (docs/js.md; docs/api.md is generated from these declarations): load(), then pipelines and CSV runners. The
// API is in api/, a class a file; this entry says what the package exports.
export { load, type Onepass } from './api/onepass.js';
export type { LoadOptions } from './shared/module.js';
export type { Limits } from './onepass_wasm.mjs';
export { WasmOwned } from './api/owned.js';
export { Pipeline } from './api/pipeline.js';
export { Dataset, type DatasetOptions } from './api/dataset.js';
export type {
  FitOptions,
  FitResult,
  TestedFitOptions,
  TestFigures,
  TestProtocol,
} from './api/fit.js';
export type { PredictOptions, Predictions } from './api/predict.js';
export { Scorer, CsvScorer } from './api/scorer.js';
export { Runner } from './api/runner.js';
export { CsvRunner } from './api/csv_runner.js';
export { SvmlightRunner } from './api/svmlight_runner.js';
export { StreamCsv } from './api/stream_csv.js';
export { chunksOf, decompressed, isGzip, isZstd, zstdRefusal } from './api/sources.js';
export { isParquet } from './api/parquet.js';
export { isArrowFile, isArrowStream, isArrowTable, useArrow } from './api/arrow.js';
export type { ArrowBatch, ArrowField, ArrowTable } from './api/arrow.js';
export { ALGORITHMS_DOC, algorithmsAnchor, algorithmsRef } from './api/docs.js';
export { plainSnapshot } from './api/types.js';
export type * from './api/types.js';
