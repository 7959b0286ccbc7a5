// Streams svmlight / libsvm text through several pipelines with one parse.
import type { RawSvmlightRunner } from '../onepass_wasm.mjs';
import { Runner } from './runner.js';
import type { SvmlightInfo } from './types.js';

/** Streams svmlight / libsvm text (sparse rows) through several pipelines with one parse, one
 * wasm call per chunk; each row steps in O(non-zeros) where the pipeline's stages allow. */
export class SvmlightRunner extends Runner<RawSvmlightRunner> {
  /** Counts: rows, positives, skipped lines and their errors, the width, the labels seen. */
  info(): SvmlightInfo {
    return this.raw.info();
  }
}
