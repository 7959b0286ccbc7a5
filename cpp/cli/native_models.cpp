// onepass-native list, predict, merge and export: the registry, and what is done with a saved
// model, as the JS CLI does it (the same API underneath, the same output).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/linear_export.hpp"
#include "onepass/api/model_scorer.hpp"
#include "onepass/api/registry_json.hpp"
#include "onepass/io/model_json.hpp"

namespace onepass_native {

int list() {
  std::cout << onepass::registry_json() << "\n";
  return 0;
}

int predict(int argc, char** argv) {
  Args args(argc, argv);
  ReadFlags read;
  std::string model, out_file;
  while (args.next()) {
    if (read.take(args)) continue;
    if (args.is("--model") || args.is("-m"))
      model = args.value();
    else if (args.is("--out") || args.is("-o"))
      out_file = args.value();
    else
      args.other();
  }
  const std::string file =
      args.one("predict needs one CSV or svmlight file (or - for standard input)");
  if (!args.error().empty()) return usage_error(args.error());
  if (model.empty()) return usage_error("predict needs --model model.json");
  if (read.dims_given || read.index_base_given)
    return usage_error(
        "predict reads svmlight rows as the model was trained: no --dims or --index-base");
  std::string text;
  if (!read_file(model, text)) return failure("cannot open " + model);
  auto loaded = onepass::model_from_json(text);
  if (!loaded) return failure(model + ": " + loaded.message());
  // The model reads what it was trained on; --format, when given, must agree.
  if (read.svmlight && !loaded.value().schema.svmlight)
    return usage_error(model + " was trained on a CSV file: predict reads CSV rows with it");
  read.svmlight = loaded.value().schema.svmlight;
  if (std::string e = read.check(true); !e.empty()) return usage_error(e);
  auto made = read.svmlight ? onepass::ModelScorer::svmlight(text, read.svmlight_options())
                            : onepass::ModelScorer::csv(text, read.csv);
  if (!made) return failure(made.message());
  onepass::ModelScorer& scorer = *made.value();
  std::ofstream file_out;
  if (!out_file.empty()) file_out.open(out_file, std::ios::binary);
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
  std::cerr << "onepass-native: " << scorer.rows() << " rows predicted";
  if (scorer.labelled() > 0) {
    char acc[32];
    std::snprintf(acc, sizeof acc, "%.4f",
                  static_cast<double>(scorer.correct()) / static_cast<double>(scorer.labelled()));
    std::cerr << "; accuracy on the " << scorer.labelled() << " labelled rows: " << acc;
  }
  std::cerr << "\n";
  return 0;
}

// The mean of models of one pipeline trained on shards (io/model_json.hpp merge_models).
int merge(int argc, char** argv) {
  Args args(argc, argv);
  std::string out;
  while (args.next()) {
    if (args.is("-o") || args.is("--out"))
      out = args.value();
    else
      args.other();
  }
  if (!args.error().empty()) return usage_error(args.error());
  const std::vector<std::string>& files = args.positional();
  if (out.empty()) return usage_error("merge needs -o merged.json");
  if (files.empty()) return usage_error("merge needs model files");
  std::vector<std::string> texts(files.size());
  for (std::size_t i = 0; i < files.size(); ++i)
    if (!read_file(files[i], texts[i])) return failure("cannot open " + files[i]);
  auto merged = onepass::merge_models(texts);
  if (!merged) return failure(merged.message());
  std::ofstream(out, std::ios::binary) << merged.value() << "\n";
  std::cerr << "onepass-native: merged " << texts.size() << " models into " << out << "\n";
  return 0;
}

// The model as ONNX and/or plain weights (api/linear_export.hpp): the same bytes as
// `onepass export`. Usage errors exit 2, a model without a linear form 1, writing nothing.
int export_model(int argc, char** argv) {
  Args args(argc, argv);
  std::string onnx, weights;
  while (args.next()) {
    if (args.is("--onnx"))
      onnx = args.value();
    else if (args.is("--weights"))
      weights = args.value();
    else
      args.other();
  }
  const std::string model = args.one("export needs a model file");
  if (!args.error().empty()) return usage_error(args.error());
  if (onnx.empty() && weights.empty())
    return usage_error("export needs --onnx FILE and/or --weights FILE");
  std::string text;
  if (!read_file(model, text)) return usage_error("cannot open " + model);
  auto loaded = onepass::model_from_json(text);
  if (!loaded) return failure(model + ": " + loaded.message());
  auto linear = onepass::linear_model(*loaded.value().pipeline, loaded.value().schema);
  if (!linear) return failure("no linear export: " + linear.message());
  if (!onnx.empty()) std::ofstream(onnx, std::ios::binary) << onepass::onnx_model(linear.value());
  if (!weights.empty())
    std::ofstream(weights, std::ios::binary) << onepass::linear_model_json(linear.value()) << "\n";
  return 0;
}

}  // namespace onepass_native
