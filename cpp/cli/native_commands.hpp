// The native CLI's commands (onepass_native.cpp dispatches to them): the JS CLI's commands with
// the same flags and the same JSON, used to check that the wasm build gives the same numbers
// (tests/js/agreement.test.mjs, native.test.mjs) and by the native benchmarks.
#pragma once

namespace onepass_native {

int run(int argc, char** argv);       // native_run.cpp
int evaluate(int argc, char** argv);  // native_evaluate.cpp
int predict(int argc, char** argv);   // native_models.cpp
int merge(int argc, char** argv);     // native_models.cpp
int export_model(int argc, char** argv);
int list(int argc, char** argv);

}  // namespace onepass_native
