// onepass-native list, predict, merge and export: the registry, and what is done with a saved
// model, as the JS CLI does it (the same API underneath, the same output).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/linear_export.hpp"
#include "onepass/api/models.hpp"
#include "onepass/api/registry_json.hpp"
#include "onepass/api/scorer.hpp"

namespace onepass_native {

// JSON with or without --json; the words were checked (onepass_native.cpp).
int list(onepass::CommandLine) {
  std::cout << onepass::registry_json() << "\n";
  return 0;
}

int predict(onepass::CommandLine line) {
  const std::string file = line.files[0], model = line.value("--model"),
                    out_file = line.value("--out");
  const ModelFile saved = read_model(model);
  if (!saved.model) return saved.status;
  // The model reads what it was trained on; --format, when given, must agree.
  const bool svmlight = saved.model->schema.svmlight;
  if (onepass::Status st = onepass::check_reading(line, svmlight ? "svmlight" : "csv",
                                                  std::filesystem::path(model).filename());
      !st)
    return usage_error(st.message());
  auto reading = reading_of(line);
  if (!reading) return usage_error(reading.message());
  Reading& read = reading.value();
  read.svmlight = svmlight;
  auto made = read.svmlight ? onepass::Scorer::svmlight(saved.text, read.svm)
                            : onepass::Scorer::csv(saved.text, read.csv);
  if (!made) return failure(made.message());
  onepass::Scorer& scorer = *made.value();
  // --threshold was checked as a number; the scorer says what it may be for this model.
  if (line.has("--threshold"))
    if (onepass::Status st =
            scorer.set_threshold(std::strtod(line.value("--threshold").c_str(), nullptr));
        !st)
      return failure("--threshold: " + st.message());
  // docs/algorithms.md 1.9: --explain was checked as a count; the scorer says whether this
  // model's predictions split into contributions.
  if (line.has("--explain"))
    if (onepass::Status st =
            scorer.explain(std::strtoull(line.value("--explain").c_str(), nullptr, 10));
        !st)
      return failure("--explain: " + st.message());
  std::ofstream file_out;
  if (onepass::Status st = open_output(out_file, file_out); !st) return failure(st.message());
  std::ostream& out = out_file.empty() ? std::cout : file_out;
  out << scorer.csv_header();
  const onepass::Status st = read_in_chunks(
      file, 1 << 16,
      [&](const char* data, std::size_t n) {
        const onepass::Status pushed = scorer.push(data, n);
        out << scorer.csv_lines(scorer.take());
        return pushed;
      },
      [&] {
        const onepass::Status done = scorer.finish();
        out << scorer.csv_lines(scorer.take());
        return done;
      });
  if (!st) return failure(st.message());
  for (const auto& e : scorer.errors())
    std::cerr << "onepass-native: skipped " << e.message << "\n";
  std::cerr << "onepass-native: " << scorer.summary() << "\n";
  return 0;
}

// Models of one pipeline trained on shards merged, each weighed by its rows, by --weights, or
// alike with --mean (models/model_json.hpp merge_models, docs/algorithms.md 3.4).
int merge(onepass::CommandLine line) {
  const std::vector<std::string>& files = line.files;
  const std::string out = line.value("--out");
  std::vector<std::string> texts(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (const onepass::Status size = check_model_file(files[i]); !size)
      return failure(size.message());
    if (!read_file(files[i], texts[i])) return failure("cannot open " + files[i]);
  }
  onepass::MergeOptions options = onepass::merge_options_of(line);
  if (line.has("--base")) {
    const std::string base = line.value("--base");
    if (const onepass::Status size = check_model_file(base); !size) return failure(size.message());
    if (!read_file(base, options.base)) return failure("cannot open " + base);
  }
  auto merged = onepass::merge_models(texts, options);
  if (!merged) return failure(merged.message());
  std::ofstream(out, std::ios::binary) << merged.value() << "\n";
  std::cerr << "onepass-native: merged " << texts.size() << " models into " << out << "\n";
  return 0;
}

// The model as ONNX and/or plain weights (api/linear_export.hpp): the same bytes as
// `onepass export`. Usage errors exit 2, a model without a linear form 1, writing nothing.
int export_model(onepass::CommandLine line) {
  const std::string model = line.files[0], onnx = line.value("--onnx"),
                    weights = line.value("--weights");
  const ModelFile saved = read_model(model, usage_error);
  if (!saved.model) return saved.status;
  auto linear = onepass::linear_model(*saved.model->pipeline, saved.model->schema);
  if (!linear) return failure("no linear export: " + linear.message());
  if (!onnx.empty()) std::ofstream(onnx, std::ios::binary) << onepass::onnx_model(linear.value());
  if (!weights.empty())
    std::ofstream(weights, std::ios::binary) << onepass::linear_model_json(linear.value()) << "\n";
  return 0;
}

}  // namespace onepass_native
