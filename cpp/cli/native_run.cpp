// onepass-native run: the same JSON lines as `onepass run --json` (api/run_json.hpp), from a
// CSV or svmlight rows.
#include <iostream>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/run_json.hpp"
#include "onepass/race.hpp"
#include "onepass/sparse_race.hpp"

namespace onepass_native {

namespace {

std::vector<std::string> feature_names_of(const onepass::CsvReader& r) {
  return r.feature_names();
}
std::vector<std::string> feature_names_of(const onepass::SvmlightReader&) {
  return {};
}

// Streams the file through the race and prints each pipeline's result.
template <class RaceType>
int race_through(onepass::Result<std::unique_ptr<RaceType>> made, const std::string& file,
                 std::size_t chunk) {
  if (!made) return usage_error(made.message());
  RaceType& race = *made.value();
  const onepass::Status st = read_in_chunks(
      file, chunk, [&](const char* data, std::size_t n) { return race.push(data, n); },
      [&] { return race.finish(); });
  if (!st) return failure(st.message());
  for (std::size_t i = 0; i < race.size(); ++i)
    std::cout << onepass::run_result_json(race.pipeline(i), feature_names_of(race.reader()),
                                          race.reader().skipped())
              << "\n";
  return 0;
}

}  // namespace

int run(int argc, char** argv) {
  Args args(argc, argv);
  ReadFlags read;
  std::vector<std::string> specs;
  std::size_t every = 0, chunk = 1 << 16, shuffle_rows = 0, seed = 1;
  bool shuffle_given = false;
  while (args.next()) {
    if (read.take(args)) continue;
    if (args.is("--pipeline") || args.is("-p")) {
      specs.push_back(args.value());
    } else if (args.is("--every")) {
      every = args.count(0, std::size_t{1} << 40);
    } else if (args.is("--chunk")) {
      chunk = args.count(1, std::size_t{1} << 30);
    } else if (args.is("--shuffle-buffer")) {
      shuffle_rows = args.count(0, std::size_t{1} << 26);
      shuffle_given = true;
    } else if (args.is("--seed")) {
      seed = args.count(0, ~std::size_t{0});
    } else if (!args.is("--json")) {  // the output is JSON lines either way
      args.other();
    }
  }
  const std::string file = args.one("run needs a CSV or svmlight file (or - for standard input)");
  if (!args.error().empty()) return usage_error(args.error());
  if (std::string e = read.check(false); !e.empty()) return usage_error(e);
  if (read.svmlight && shuffle_given)
    return usage_error("--shuffle-buffer reads CSV files; it does not apply to --format svmlight");
  if (specs.empty()) specs.push_back(onepass::kDefaultPipeline);
  if (read.svmlight)
    return race_through(onepass::SparseRace::create(read.svmlight_options(), specs, every), file,
                        chunk);
  if (onepass::Status st = onepass::check_csv_options(read.csv); !st)
    return usage_error(st.message());
  auto race = onepass::Race::create(read.csv, specs, every);
  if (race) race.value()->shuffle(shuffle_rows, seed);
  return race_through(std::move(race), file, chunk);
}

}  // namespace onepass_native
