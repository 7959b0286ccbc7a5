// The registry as JSON, defined once for every front end: `onepass-native list` prints it, the
// wasm module hands it to the JS API (registry()) and through it to `onepass list --json` and the
// demo's builder. Each entry: name, kind, summary, spec (its docs/algorithms.md section),
// source, probability, needs, task, params [{ name, kind, default, range, min, max (null when
// unbounded), minExclusive, maxExclusive, choices, help }]. The last entry is the modifier
// +drift (docs/algorithms.md 6.10): its params are its own (detector, action, scalers), and
// detectors [{ name, summary, spec, source, params }] gives each detector's parameters, which
// follow in the same parentheses (docs/algorithms.md 6.8).
#pragma once

#include <string>

namespace onepass {

std::string registry_json();

}  // namespace onepass
