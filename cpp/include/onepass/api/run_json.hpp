// One pipeline's result as JSON, defined once for every front end: `onepass-native run` prints
// it, and the wasm module hands it to the JS API (CsvRunner/SvmlightRunner.resultJSON) and
// through it to `onepass run --json`, one object per line. Keys: pipeline, canonical, rows,
// mistakes, error, logLoss (null before any probability), features, weights, bias, arrays (the
// learner's state), scalers [{ name, arrays }], diverged, warnings, skipped (bad rows the
// reader left out), curve [[rows, mistakes], ...].
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "onepass/pipeline.hpp"

namespace onepass {

std::string run_result_json(const Pipeline& p, const std::vector<std::string>& features,
                            std::uint64_t skipped);

}  // namespace onepass
