// onepass-native run: the same JSON lines as `onepass run --json` (api/run_json.hpp), from a
// CSV or svmlight rows, new pipelines or saved models trained further (--load), the first
// written as a model file with --save.
#include <fstream>
#include <iostream>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/races.hpp"
#include "onepass/api/run_json.hpp"
#include "onepass/io/model_json.hpp"
#include "onepass/race.hpp"
#include "onepass/sparse_race.hpp"

namespace onepass_native {

namespace {

// Streams the file through the race, prints each pipeline's result, and writes the first as a
// model file when `save` names one.
template <class RaceType>
int race_through(onepass::Result<std::unique_ptr<RaceType>> made, const std::string& file,
                 std::size_t chunk, const std::string& save) {
  if (!made) return failure(made.message());
  RaceType& race = *made.value();
  const onepass::Status st = read_in_chunks(
      file, chunk, [&](const char* data, std::size_t n) { return race.push(data, n); },
      [&] { return race.finish(); });
  if (!st) return failure(st.message());
  for (std::size_t i = 0; i < race.size(); ++i)
    std::cout << onepass::run_result_json(race, i) << "\n";
  if (!save.empty()) std::ofstream(save, std::ios::binary) << onepass::model_json(race, 0) << "\n";
  return 0;
}

}  // namespace

int run(int argc, char** argv) {
  Args args(argc, argv);
  ReadFlags read;
  std::vector<std::string> specs;
  std::size_t every = 0, chunk = 1 << 16, shuffle_rows = 0, seed = onepass::kDefaultSeed;
  bool shuffle_given = false;
  std::string save, load;
  while (args.next()) {
    if (read.take(args)) continue;
    if (args.is("--pipeline") || args.is("-p")) {
      specs.push_back(args.value());
    } else if (args.is("--every")) {
      every = args.count(0, onepass::kMaxCount);
    } else if (args.is("--chunk")) {
      chunk = args.count(1, std::size_t{1} << 30);
    } else if (args.is("--shuffle-buffer")) {
      shuffle_rows = args.count(0, std::size_t{1} << 26);
      shuffle_given = true;
    } else if (args.is("--save")) {
      save = args.value();
    } else if (args.is("--load")) {
      load = args.value();
    } else if (args.is("--seed")) {
      seed = args.count(0, onepass::kMaxCount);
    } else if (args.is("--threads")) {
      args.count(1, 256);  // checked as onepass checks it; one thread here, the same results
    } else if (!args.is("--json") && !args.is("--quiet") && !args.is("-q")) {
      // JSON lines either way, and no progress line to quiet
      args.other();
    }
  }
  const std::string file = args.one("run needs a CSV or svmlight file (or - for standard input)");
  if (!args.error().empty()) return usage_error(args.error());
  if (!load.empty() && !specs.empty())
    return usage_error("--load trains a saved model further; it takes no --pipeline");
  if (!save.empty() && specs.size() > 1)
    return usage_error("--save writes one model: give exactly one --pipeline");
  std::vector<std::string> models;
  if (!load.empty()) {
    models.emplace_back();
    if (!read_file(load, models[0])) return failure("cannot open " + load);
    // The model reads what it was trained on.
    auto loaded = onepass::model_from_json(models[0]);
    if (!loaded) return failure(load + ": " + loaded.message());
    read.svmlight = read.svmlight || loaded.value().schema.svmlight;
  }
  if (std::string e = read.check(!load.empty()); !e.empty()) return usage_error(e);
  if (read.svmlight && shuffle_given)
    return usage_error("--shuffle-buffer reads CSV files; it does not apply to --format svmlight");
  if (specs.empty() && models.empty()) specs.push_back(onepass::kDefaultPipeline);
  if (read.svmlight)
    return race_through(onepass::start_sparse_race(read.svmlight_options(), specs, models, every),
                        file, chunk, save);
  if (onepass::Status st = onepass::check_csv_options(read.csv); !st)
    return usage_error(st.message());
  auto race = onepass::start_race(read.csv, specs, models, every);
  if (race) race.value()->shuffle(shuffle_rows, seed);
  return race_through(std::move(race), file, chunk, save);
}

}  // namespace onepass_native
