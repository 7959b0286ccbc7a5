// Runs over a stream, defined once for every front end (the wasm module's CsvRunner and
// SvmlightRunner, its parser workers, `onepass run` and `onepass-native run`): new pipelines or
// saved models trained further (which options read the stream as the models' training files
// were read, and the check that one parse can feed them all), and a pipeline's result and model
// file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/svmlight_runner.hpp"

namespace onepass {

// The options that read a CSV as the first model's training file was read (its features by
// name, its encoder growing, its label and positive class) where the caller left them unset.
// A parser worker reads with them too. Errors name the model ("model 1: ...").
Status read_as_models(const std::vector<std::string>& models, CsvOptions& options);

// A runner that trains the saved models further on a CSV, read with read_as_models' options:
// the models must share their features (one parse feeds them all). Each model is parsed once.
Result<std::unique_ptr<CsvRunner>> resume_csv_runner(CsvOptions options,
                                                     const std::vector<std::string>& models);
// The same for models of svmlight rows: they must share their width and index base.
Result<std::unique_ptr<SvmlightRunner>> resume_svmlight_runner(
    SvmlightOptions options, const std::vector<std::string>& models);

// A runner of new pipelines (specs), or of the saved models trained further when models are
// given; every K rows a curve point, and a rolling window of `window` rows.
Result<std::unique_ptr<CsvRunner>> start_csv_runner(const CsvOptions& options,
                                                    const std::vector<std::string>& specs,
                                                    const std::vector<std::string>& models,
                                                    std::uint64_t every = 0,
                                                    std::uint64_t window = 0);
Result<std::unique_ptr<SvmlightRunner>> start_svmlight_runner(
    const SvmlightOptions& options, const std::vector<std::string>& specs,
    const std::vector<std::string>& models, std::uint64_t every = 0, std::uint64_t window = 0);

// Pipeline i's result as `onepass run --json` prints it (api/run_json.hpp), with the features'
// names (a CSV's columns; none for svmlight rows) and the rows the reader skipped. RunnerType is
// CsvRunner or SvmlightRunner, here and below: runners.cpp defines each once and instantiates both
// (the four functions above are the same code over the runner type there too).
template <class RunnerType>
std::string run_result_json(const RunnerType& runner, std::size_t i);
// Pipeline i's progressive figures so far (api/run_json.hpp stats_json), a multiclass label's
// classes by name.
template <class RunnerType>
std::string stats_json(const RunnerType& runner, std::size_t i);
// Pipeline i as a model file, with the schema of what the reader read.
template <class RunnerType>
std::string model_json(const RunnerType& runner, std::size_t i);
// The same, as the front ends write it: refused when its text would pass the bound of a model
// file (models/model_json.hpp model_file_text), before anything is written.
template <class RunnerType>
Result<std::string> model_file(const RunnerType& runner, std::size_t i);

// What both CLIs say when a bad row stopped a run with --save: the rows learned before it are
// kept, and their model is written to `file` all the same.
std::string saved_before_stop(std::uint64_t rows, const std::string& file);

}  // namespace onepass
