// Runs over a stream that continue saved models, defined once for every front end (the wasm
// module's CsvRunner and SvmlightRunner, its parser workers, `onepass run --load` and
// `onepass-native run --load`): which options read the stream as the models' training files
// were read, and the check that one parse can feed them all.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "onepass/core/status.hpp"
#include "onepass/race.hpp"
#include "onepass/sparse_race.hpp"

namespace onepass {

// The options that read a CSV as the first model's training file was read (its features by
// name, its encoder growing, its label and positive class) where the caller left them unset.
// A parser worker reads with them too. Errors name the model ("model 1: ...").
Status read_as_models(const std::vector<std::string>& models, CsvOptions& options);

// A race that trains the saved models further on a CSV, read with read_as_models' options:
// the models must share their features (one parse feeds them all). Each model is parsed once.
Result<std::unique_ptr<Race>> resume_race(CsvOptions options,
                                          const std::vector<std::string>& models);
// The same for models of svmlight rows: they must share their width and index base.
Result<std::unique_ptr<SparseRace>> resume_sparse_race(SvmlightOptions options,
                                                       const std::vector<std::string>& models);

}  // namespace onepass
