// onepass-native run: the same JSON lines as `onepass run --json` (api/run_json.hpp), from a
// CSV or svmlight rows, new pipelines or saved models trained further (--load), the first
// written as a model file with --save.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/models.hpp"
#include "onepass/api/run_json.hpp"
#include "onepass/api/runners.hpp"

namespace onepass_native {

namespace {

// The bytes read at a time.
constexpr std::size_t kChunk = 1 << 16;

// What the reader says of the data, on stderr in the JS CLI's words (the core's, csv_schema.cpp
// and the runner's warnings): what may mislead, then why each column got its role and the label
// its task. Rows of svmlight have no such notes.
void print_notes(const onepass::CsvRunner& runner) {
  for (const auto& w : runner.warnings()) std::cerr << "onepass-native: warning: " << w << "\n";
  for (const auto& n : runner.reader().notices())
    std::cerr << "onepass-native: note: " << n << "\n";
}
void print_notes(const onepass::SvmlightRunner&) {}

// Streams the file through the runner, prints each pipeline's result, and writes the first as a
// model file when `save` names one. A run stopped by a bad row keeps what it learned before it:
// the model is written all the same, and said so; the exit code still says the run failed.
template <class RunnerType>
int run_through(onepass::Result<std::unique_ptr<RunnerType>> made, const std::string& file,
                const std::string& save) {
  if (!made) return failure(made.message());
  RunnerType& runner = *made.value();
  const onepass::Status st = read_in_chunks(
      file, kChunk, [&](const char* data, std::size_t n) { return runner.push(data, n); },
      [&] { return runner.finish(); });
  if (!st) {
    const std::uint64_t learned = runner.pipeline(0).rows();
    if (save.empty() || learned == 0) return failure(st.message());
    const onepass::Result<std::string> model = onepass::model_file(runner, 0);
    if (!model) return failure(st.message() + "\nonepass-native: " + model.message());
    std::ofstream(save, std::ios::binary) << model.value() << "\n";
    return failure(st.message() + "\nonepass-native: " + onepass::saved_before_stop(learned, save));
  }
  print_notes(runner);
  for (std::size_t i = 0; i < runner.size(); ++i)
    std::cout << onepass::run_result_json(runner, i) << "\n";
  if (!save.empty()) {
    const onepass::Result<std::string> model = onepass::model_file(runner, 0);  // or why not
    if (!model) return failure(model.message());
    std::ofstream(save, std::ios::binary) << model.value() << "\n";
  }
  return 0;
}

}  // namespace

int run(onepass::CommandLine line) {
  std::vector<std::string> specs = line.options["--pipeline"];
  const std::string file = line.files[0], save = line.value("--save"), load = line.value("--load");
  std::vector<std::string> models;
  std::string model_format;
  if (!load.empty()) {
    ModelFile saved = read_model(load);
    if (!saved.model) return saved.status;
    model_format = saved.model->schema.svmlight ? "svmlight" : "csv";
    models.push_back(std::move(saved.text));
  }
  if (onepass::Status st =
          onepass::check_reading(line, model_format, std::filesystem::path(load).filename());
      !st)
    return usage_error(st.message());
  auto reading = reading_of(line);
  if (!reading) return usage_error(reading.message());
  Reading& read = reading.value();
  // The model reads what it was trained on.
  read.svmlight = read.svmlight || model_format == "svmlight";
  const std::size_t every = std::strtoull(line.value("--every", "0").c_str(), nullptr, 10);
  const std::size_t window = std::strtoull(line.value("--window", "0").c_str(), nullptr, 10);
  if (read.svmlight)
    return run_through(onepass::start_svmlight_runner(read.svm, specs, models, every, window), file,
                       save);
  if (onepass::Status st = onepass::check_csv_options(read.csv); !st)
    return usage_error(st.message());
  auto runner = onepass::start_csv_runner(read.csv, specs, models, every, window);
  if (runner)
    if (onepass::Status st = runner.value()->shuffle(
            std::strtoull(line.value("--shuffle-buffer", "0").c_str(), nullptr, 10),
            std::strtoull(line.value("--seed", std::to_string(onepass::kDefaultSeed)).c_str(),
                          nullptr, 10));
        !st)
      return usage_error(st.message());
  return run_through(std::move(runner), file, save);
}

}  // namespace onepass_native
