// The native CLI's commands (onepass_native.cpp dispatches to them): the JS CLI's commands with
// the same flags and the same JSON, used to check that the wasm build gives the same numbers
// (tests/js/agreement.test.mjs, native.test.mjs) and by the native benchmarks.
// Each is given the words after the program's name as the core read them
// (api/command_line.hpp), and returns the exit code.
#pragma once

#include "onepass/api/command_line.hpp"

namespace onepass_native {

int run(onepass::CommandLine line);       // native_run.cpp
int evaluate(onepass::CommandLine line);  // native_evaluate.cpp
int predict(onepass::CommandLine line);   // native_models.cpp
int merge(onepass::CommandLine line);     // native_models.cpp
int export_model(onepass::CommandLine line);
int list(onepass::CommandLine line);
int generate(onepass::CommandLine line);  // native_generate.cpp

}  // namespace onepass_native
