// Loaded with `node --import` before the JS CLI by tests/js/zstd.test.mjs: the CLI's Node then
// has DecompressionStream('zstd'), as a browser that reads zstd has (zstd_helpers.mjs).
import { installZstd } from './zstd_helpers.mjs';

installZstd();
