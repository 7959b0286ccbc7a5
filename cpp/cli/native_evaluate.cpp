// onepass-native evaluate: the lines of `onepass evaluate --json`, written by the same API
// (api/dataset.hpp evaluation_line_json): a holdout, k folds (and a learning curve) or a test
// file, with a grid search.
#include <iostream>
#include <memory>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/defaults.hpp"

namespace onepass_native {

namespace {

using onepass::Dataset;
using onepass::Result;

// The data set of a file: read as `like` was when given (a test file), else by the flags.
Result<std::unique_ptr<Dataset>> load(const std::string& file, const Reading& read,
                                      const Dataset* like) {
  auto made = like ? (read.svmlight ? Dataset::svmlight_like(*like, read.svm)
                                    : Dataset::csv_like(*like, read.csv))
                   : (read.svmlight ? Dataset::svmlight(read.svm) : Dataset::csv(read.csv));
  if (!made) return made;
  Dataset& d = *made.value();
  const onepass::Status st = read_in_chunks(
      file, 1 << 16, [&](const char* data, std::size_t n) { return d.push(data, n); },
      [&] { return d.finish(); });
  if (!st) return st;
  return made;
}

}  // namespace

int evaluate(onepass::CommandLine line) {
  if (onepass::Status st = onepass::check_reading(line, "", ""); !st)
    return usage_error(st.message());
  auto reading = reading_of(line);
  if (!reading) return usage_error(reading.message());
  const Reading& read = reading.value();
  onepass::EvaluationProtocol protocol;
  onepass::EvaluationOptions options;
  onepass::evaluation_of(line, protocol, options);
  std::vector<std::string> specs = line.options["--pipeline"];
  const std::string file = line.files[0], test_file = line.value("--test");
  auto data = load(file, read, nullptr);
  if (!data) return failure(data.message());
  if (specs.empty()) specs.push_back(onepass::default_pipeline(data.value()->task()));
  Result<std::unique_ptr<Dataset>> test = std::unique_ptr<Dataset>();
  if (!test_file.empty()) test = load(test_file, read, data.value().get());
  if (!test) return failure(test.message());
  for (const auto& w : data.value()->warnings(options.eval.shuffle))
    std::cerr << "onepass-native: warning: " << w << "\n";
  if (test.value())
    for (const auto& w : test.value()->warnings(true))
      std::cerr << "onepass-native: warning: " << test_file << ": " << w << "\n";
  for (const auto& n : data.value()->notices()) std::cerr << "onepass-native: note: " << n << "\n";
  for (const auto& spec : specs) {
    auto line =
        onepass::evaluation_line_json(*data.value(), test.value().get(), spec, protocol, options);
    if (!line) return failure(line.message());
    std::cout << line.value() << "\n";
  }
  return 0;
}

}  // namespace onepass_native
