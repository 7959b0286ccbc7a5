// The registry as JSON, defined once for every front end: `onepass-native list` prints it, the
// wasm module hands it to the JS API (registry()) and through it to `onepass list --json` and the
// demo's builder. Each entry: name, kind, summary, spec (its docs/algorithms.md section),
// source, probability, needs, params [{ name, kind, default, range, min, max (null when
// unbounded), minExclusive, maxExclusive, choices, help }].
#pragma once

#include <string>

namespace onepass {

std::string registry_json();

}  // namespace onepass
