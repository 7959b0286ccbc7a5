// Included last by the streams' sources: no fused multiply-add in what follows, so that a * b + c
// rounds twice, as written, on every target. A build for a CPU with FMA (arm64, or x86 with
// -march=native) would otherwise fuse some of them, and a seed would give other bits there
// (docs/algorithms.md 6.9). The project's own builds (x86-64, wasm) do not fuse; this keeps it so
// for any other.
#pragma once

#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif
