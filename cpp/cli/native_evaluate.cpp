// onepass-native evaluate: the lines of `onepass evaluate --json`, written by the same API
// (api/dataset.hpp evaluation_line_json): a holdout, k folds (and a learning curve) or a test
// file, with a grid search.
#include <algorithm>
#include <iostream>
#include <memory>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/core/parse_number.hpp"
#include "onepass/eval/metrics.hpp"

namespace onepass_native {

namespace {

using onepass::Dataset;
using onepass::Result;

// The data set of a file: read as `like` was when given (a test file), else by the flags.
Result<std::unique_ptr<Dataset>> load(const std::string& file, const ReadFlags& read,
                                      const Dataset* like) {
  auto made =
      like ? (read.svmlight ? Dataset::svmlight_like(*like, read.svmlight_options())
                            : Dataset::csv_like(*like, read.csv))
           : (read.svmlight ? Dataset::svmlight(read.svmlight_options()) : Dataset::csv(read.csv));
  if (!made) return made;
  Dataset& d = *made.value();
  const onepass::Status st = read_in_chunks(
      file, 1 << 16, [&](const char* data, std::size_t n) { return d.push(data, n); },
      [&] { return d.finish(); });
  if (!st) return st;
  return made;
}

// The comma-separated fractions of --curve.
std::vector<double> fractions(Args& args) {
  const std::string text = args.value();
  std::vector<double> out;
  std::size_t b = 0;
  for (;;) {
    const std::size_t e = text.find(',', b);
    const std::string part = text.substr(b, e == std::string::npos ? e : e - b);
    double v = 0;
    if (onepass::parse_number(part, v) != onepass::NumberParse::ok || !(v > 0 && v <= 1))
      args.mistake("--curve takes fractions in (0, 1] (got '" + part + "')");
    out.push_back(v);
    if (e == std::string::npos) return out;
    b = e + 1;
  }
}

// The names of --metrics, each one the core knows (eval/metrics.hpp metric_names).
void check_metrics(Args& args) {
  const std::string text = args.value();
  const std::vector<std::string>& known = onepass::metric_names();
  std::size_t b = 0;
  for (;;) {
    const std::size_t e = text.find(',', b);
    const std::string name = text.substr(b, e == std::string::npos ? e : e - b);
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string all;
      for (const auto& k : known) all += (all.empty() ? "" : ", ") + k;
      args.mistake("--metrics: unknown metric '" + name + "'; the metrics are: " + all);
    }
    if (e == std::string::npos) return;
    b = e + 1;
  }
}

}  // namespace

int evaluate(int argc, char** argv) {
  using Kind = onepass::EvaluationProtocol::Kind;
  Args args(argc, argv);
  ReadFlags read;
  std::vector<std::string> specs;
  onepass::EvaluationProtocol protocol;
  onepass::EvaluationOptions options;
  int protocols = 0;
  std::string test_file;
  while (args.next()) {
    if (read.take(args)) continue;
    if (args.is("--pipeline") || args.is("-p")) {
      specs.push_back(args.value());
    } else if (args.is("--holdout")) {
      options.test_fraction = args.fraction();
      ++protocols;
    } else if (args.is("--folds")) {
      protocol.kind = Kind::cross_validation;
      protocol.folds = args.count(2, std::size_t{1} << 20);
      ++protocols;
    } else if (args.is("--test")) {
      protocol.kind = Kind::test_file;
      test_file = protocol.test_name = args.value();
      ++protocols;
    } else if (args.is("--seed")) {
      options.eval.seed = args.count(0, onepass::kMaxCount);
    } else if (args.is("--shuffle")) {
      options.eval.shuffle = true;
    } else if (args.is("--grid")) {
      options.grid = args.value();
    } else if (args.is("--select")) {
      options.select = args.value();
    } else if (args.is("--optimistic")) {
      options.optimistic = true;
    } else if (args.is("--validation")) {
      options.validation = args.fraction();
    } else if (args.is("--curve")) {
      protocol.curve = fractions(args);
    } else if (args.is("--metrics")) {
      check_metrics(args);            // the table's columns: the JSON has every metric
    } else if (!args.is("--json")) {  // the output is JSON lines either way
      args.other();
    }
  }
  const std::string file = args.one("evaluate needs a CSV or svmlight file");
  if (!args.error().empty()) return usage_error(args.error());
  if (std::string e = read.check(false); !e.empty()) return usage_error(e);
  if (protocols > 1) return usage_error("choose one of --holdout, --folds and --test");
  if (onepass::Status st = onepass::check_evaluation(protocol, options); !st)
    return usage_error(st.message());
  if (specs.empty()) specs.push_back(onepass::kDefaultPipeline);
  auto data = load(file, read, nullptr);
  if (!data) return failure(data.message());
  Result<std::unique_ptr<Dataset>> test = std::unique_ptr<Dataset>();
  if (!test_file.empty()) test = load(test_file, read, data.value().get());
  if (!test) return failure(test.message());
  for (const auto& spec : specs) {
    auto line =
        onepass::evaluation_line_json(*data.value(), test.value().get(), spec, protocol, options);
    if (!line) return failure(line.message());
    std::cout << line.value() << "\n";
  }
  return 0;
}

}  // namespace onepass_native
