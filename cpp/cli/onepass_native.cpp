// The native build of the CLI's core commands, used to check that the wasm build gives the same
// numbers (tests/js/agreement.test.mjs) and by the native benchmarks. Same output as
// `onepass run --json` / `onepass list --json`:
//   onepass-native run FILE [--pipeline SPEC...] [--every K] [--skip-bad-rows]
//                  [--chunk BYTES] [--shuffle-buffer N --seed S] [--no-header]
//                  [any CSV option as a flag: --label L, --positive V, --delimiter ';',
//                   --categorical a,b, ... (api/csv_options.hpp)]
//   onepass-native list        (the registry as JSON, as `onepass list --json`)
//   onepass-native export MODEL [--onnx FILE] [--weights FILE]   (as `onepass export`)
//   onepass-native merge A.json B.json ... -o MERGED.json           (as `onepass merge`)
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "onepass/api/csv_options.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/linear_export.hpp"
#include "onepass/api/registry_json.hpp"
#include "onepass/api/run_json.hpp"
#include "onepass/io/model_json.hpp"
#include "onepass/race.hpp"
#include "onepass/registry.hpp"

namespace {

int fail(const std::string& message) {
  std::cerr << "onepass-native: " << message << "\n";
  return 2;
}

// The CSV option a flag sets (--skip-lines: skipLines), or null.
const char* csv_flag(const std::string& flag) {
  for (const auto& info : onepass::csv_option_infos()) {
    std::string kebab = "--";
    for (const char* c = info.name; *c; ++c) {
      if (*c >= 'A' && *c <= 'Z')
        kebab += '-', kebab += static_cast<char>(*c - 'A' + 'a');
      else
        kebab += *c;
    }
    if (kebab == flag) return info.name;
  }
  return nullptr;
}

int run(int argc, char** argv) {
  if (argc < 3) return fail("run needs a CSV file");
  const std::string file = argv[2];
  onepass::CsvOptions opt;
  std::vector<std::string> specs;
  std::size_t every = 0;
  std::size_t chunk = 1 << 16;
  std::size_t shuffle_rows = 0;
  std::size_t seed = 1;
  // Whole-number flags, checked as the CSV options are (no exception on "--every abc").
  struct Count {
    const char* flag;
    std::size_t lo, hi;
    std::size_t* out;
  };
  const Count counts[] = {{"--every", 0, std::size_t{1} << 40, &every},
                          {"--chunk", 1, std::size_t{1} << 30, &chunk},
                          {"--shuffle-buffer", 0, std::size_t{1} << 26, &shuffle_rows},
                          {"--seed", 0, ~std::size_t{0}, &seed}};
  auto count_flag = [&](const std::string& flag) -> const Count* {
    for (const Count& c : counts)
      if (flag == c.flag) return &c;
    return nullptr;
  };
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--pipeline" && next(v)) {
      specs.push_back(v);
    } else if (a == "--no-header") {
      opt.header = false;
    } else if (a == "--scale-encoded") {
      opt.scale_encoded = true;
    } else if (csv_flag(a) && next(v)) {
      onepass::Status st = onepass::set_csv_option(opt, csv_flag(a), v);
      if (!st) return fail(st.message());
    } else if (const Count* c = count_flag(a); c && next(v)) {
      onepass::Status st = onepass::whole_number(a, v, c->lo, c->hi, *c->out);
      if (!st) return fail(st.message());
    } else if (a == "--skip-bad-rows") {
      opt.on_error = onepass::ErrorPolicy::skip;
    } else {
      return fail("unknown or incomplete option '" + a + "'");
    }
  }
  if (onepass::Status st = onepass::check_csv_options(opt); !st) return fail(st.message());
  if (specs.empty()) specs.push_back(onepass::kDefaultPipeline);
  auto race = onepass::Race::create(opt, specs, every);
  if (!race) return fail(race.message());
  race.value()->shuffle(shuffle_rows, seed);
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail("cannot open " + file);
  std::vector<char> buf(chunk);
  onepass::Status st = onepass::Status::ok();
  while (st && in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    st = race.value()->push(buf.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (st) st = race.value()->finish();
  if (!st) return fail(file + ": " + st.message());
  for (std::size_t i = 0; i < race.value()->size(); ++i)
    std::cout << onepass::run_result_json(race.value()->pipeline(i),
                                          race.value()->reader().feature_names(),
                                          race.value()->reader().skipped())
              << "\n";
  return 0;
}

int list() {
  std::cout << onepass::registry_json() << "\n";
  return 0;
}

// A whole file as text, or false when it cannot be opened.
bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text.assign((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return true;
}

// The mean of models of one pipeline trained on shards (io/model_json.hpp merge_models).
int merge(int argc, char** argv) {
  std::string out;
  std::vector<std::string> texts;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "-o" || a == "--out") && i + 1 < argc) {
      out = argv[++i];
    } else if (a.rfind("-", 0) == 0) {
      return fail("unknown or incomplete option '" + a + "'");
    } else {
      texts.emplace_back();
      if (!read_file(a, texts.back())) return fail("cannot open " + a);
    }
  }
  if (out.empty()) return fail("merge needs -o merged.json");
  if (texts.empty()) return fail("merge needs model files");
  auto merged = onepass::merge_models(texts);
  if (!merged) {
    fail(merged.message());
    return 1;
  }
  std::ofstream(out, std::ios::binary) << merged.value() << "\n";
  std::cerr << "onepass-native: merged " << texts.size() << " models into " << out << "\n";
  return 0;
}

// The model as ONNX and/or plain weights (api/linear_export.hpp): the same bytes as
// `onepass export`. Usage errors exit 2, a model without a linear form 1, writing nothing.
int export_model(int argc, char** argv) {
  std::string model, onnx, weights;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--onnx" || a == "--weights") && i + 1 < argc)
      (a == "--onnx" ? onnx : weights) = argv[++i];
    else if (model.empty() && a.rfind("--", 0) != 0)
      model = a;
    else
      return fail("unknown or incomplete option '" + a + "'");
  }
  if (model.empty()) return fail("export needs a model file");
  if (onnx.empty() && weights.empty())
    return fail("export needs --onnx FILE and/or --weights FILE");
  std::string text;
  if (!read_file(model, text)) return fail("cannot open " + model);
  auto loaded = onepass::model_from_json(text);
  if (!loaded) {
    fail(model + ": " + loaded.message());
    return 1;
  }
  auto linear = onepass::linear_model(*loaded.value().pipeline, loaded.value().schema);
  if (!linear) {
    fail("no linear export: " + linear.message());
    return 1;
  }
  if (!onnx.empty()) std::ofstream(onnx, std::ios::binary) << onepass::onnx_model(linear.value());
  if (!weights.empty())
    std::ofstream(weights, std::ios::binary) << onepass::linear_model_json(linear.value()) << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "run") return run(argc, argv);
  if (cmd == "list") return list();
  if (cmd == "export") return export_model(argc, argv);
  if (cmd == "merge") return merge(argc, argv);
  return fail(
      "usage: onepass-native run FILE --pipeline SPEC ... | onepass-native list | "
      "onepass-native export MODEL --onnx FILE --weights FILE | "
      "onepass-native merge A.json B.json -o MERGED.json");
}
