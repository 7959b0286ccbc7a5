#include "streams/stream_catalog.hpp"

#include "core/limits.hpp"
#include "core/number_text.hpp"
#include "core/seeded_random.hpp"
#include "streams/agrawal.hpp"
#include "streams/concept_drift.hpp"
#include "streams/hyperplane.hpp"
#include "streams/sea.hpp"
#include "streams/stagger.hpp"

namespace onepass {

namespace {

using Built = Result<std::unique_ptr<StreamGenerator>>;

template <class T>
Built built(std::unique_ptr<T> stream) {
  return std::unique_ptr<StreamGenerator>(std::move(stream));
}

Built build_sea(const ParamValues& values, std::uint64_t rows, std::uint64_t seed) {
  const auto c = sea_params().from(values);
  auto schedule = schedule_from(c.first_concept, c.every, rows, SeaStream::kConcepts, true);
  if (!schedule) return schedule.status();
  return built(std::make_unique<SeaStream>(c.noise, schedule.take(), seed));
}

Built build_stagger(const ParamValues& values, std::uint64_t rows, std::uint64_t seed) {
  const auto c = stagger_params().from(values);
  auto schedule = schedule_from(c.first_concept, c.every, rows, StaggerStream::kConcepts, true);
  if (!schedule) return schedule.status();
  return built(std::make_unique<StaggerStream>(schedule.take(), seed));
}

Built build_agrawal(const ParamValues& values, std::uint64_t rows, std::uint64_t seed) {
  const auto c = agrawal_params().from(values);
  auto schedule = schedule_from(c.function, c.every, rows, AgrawalStream::kFunctions, false);
  if (!schedule) return schedule.status();
  return built(std::make_unique<AgrawalStream>(schedule.take(), seed));
}

Built build_hyperplane(const ParamValues& values, std::uint64_t, std::uint64_t seed) {
  const auto c = hyperplane_params().from(values);
  if (Status st = HyperplaneStream::check(c); !st) return st;
  return built(std::make_unique<HyperplaneStream>(c, seed));
}

// One of the mix's streams: the base kind with its concept fixed.
Built build_base(ConceptDriftStream::Base base, std::size_t k, std::uint64_t seed) {
  auto schedule = ConceptSchedule::every_rows(k, base_concepts(base), 0);
  if (!schedule) return schedule.status();
  switch (base) {
    case ConceptDriftStream::Base::sea:
      return built(std::make_unique<SeaStream>(0.0, schedule.take(), seed));
    case ConceptDriftStream::Base::stagger:
      return built(std::make_unique<StaggerStream>(schedule.take(), seed));
    default:
      return built(std::make_unique<AgrawalStream>(schedule.take(), seed));
  }
}

Built build_concept_drift(const ParamValues& values, std::uint64_t, std::uint64_t seed) {
  const auto c = concept_drift_params().from(values);
  if (Status st = check_concept_drift(c); !st) return st;
  // Three sequences from the one seed: the mix's draws and each stream's, so that the two
  // streams do not repeat each other's rows (docs/algorithms.md 6.9.5).
  SeededRandom seeds(seed);
  const std::uint64_t mix_seed = seeds.next(), first_seed = seeds.next(),
                      second_seed = seeds.next();
  auto first = build_base(c.stream, c.first_concept, first_seed);
  if (!first) return first.status();
  auto second = build_base(c.stream, c.drift_concept, second_seed);
  if (!second) return second.status();
  auto mix =
      ConceptDriftStream::create(first.take(), second.take(), static_cast<double>(c.position),
                                 static_cast<double>(c.width), mix_seed);
  if (!mix) return mix.status();
  return built(mix.take());
}

using Builder = Built (*)(const ParamValues&, std::uint64_t, std::uint64_t);

struct Entry {
  StreamInfo info;
  Builder build;
};

const std::vector<Entry>& entries() {
  static const std::vector<Entry> all = {
      {{SeaStream::kName,
        "SEA: 3 numbers in [0, 10), label 1 when x1 + x2 <= theta; theta = 8, 9, 7, 9.5 in "
        "turn, a quarter of the rows each (every=N: N rows each)",
        "6.9.1", sea_params().specs()},
       build_sea},
      {{HyperplaneStream::kName,
        "Rotating hyperplane: 10 numbers in [0, 1), label 1 when w.x >= sum(w)/2; after each row "
        "the first 2 weights move by 0.001 in their direction, which reverses with probability "
        "0.1",
        "6.9.2", hyperplane_params().specs()},
       build_hyperplane},
      {{AgrawalStream::kName,
        "Agrawal: 9 attributes of a loan applicant (6 numbers, 3 categories), label 1 for group "
        "A of one of 10 classification functions (every=N: the next function every N rows)",
        "6.9.3", agrawal_params().specs()},
       build_agrawal},
      {{StaggerStream::kName,
        "STAGGER: size, color and shape (categories), label 1 when the concept holds; 3 "
        "concepts in turn, a third of the rows each (every=N: N rows each)",
        "6.9.4", stagger_params().specs()},
       build_stagger},
      {{ConceptDriftStream::kName,
        "A gradual change between two streams of one kind (Agrawal function 1 to 3 by default): "
        "row t comes from the second with probability 1/(1 + exp(-4 (t - position)/width))",
        "6.9.5", concept_drift_params().specs()},
       build_concept_drift},
  };
  return all;
}

const Entry* find_entry_named(const std::string& name) {
  for (const auto& e : entries())
    if (e.info.name == name) return &e;
  return nullptr;
}

}  // namespace

std::vector<std::string> stream_names() {
  std::vector<std::string> out;
  for (const auto& e : entries()) out.push_back(e.info.name);
  return out;
}

const std::vector<StreamInfo>& stream_catalog() {
  static const std::vector<StreamInfo> all = [] {
    std::vector<StreamInfo> out;
    for (const auto& e : entries()) out.push_back(e.info);
    return out;
  }();
  return all;
}

Result<const StreamInfo*> find_stream(const std::string& name) {
  if (const Entry* e = find_entry_named(name)) return &e->info;
  std::string known;
  for (const auto& n : stream_names()) known += (known.empty() ? "" : ", ") + n;
  return Status::error("unknown stream '" + name + "'; known: " + known);
}

Status check_stream_rows(std::uint64_t rows) {
  if (rows < 1 || rows > kMaxStreamRows)
    return Status::error("rows must be a whole number in [1, " + std::to_string(kMaxStreamRows) +
                         "] (got " + std::to_string(rows) + ")");
  return Status::ok();
}

Result<std::unique_ptr<StreamGenerator>> make_stream(const std::string& name,
                                                     const StreamParams& params, std::uint64_t rows,
                                                     std::uint64_t seed) {
  auto info = find_stream(name);
  if (!info) return info.status();
  if (Status st = check_stream_rows(rows); !st) return st;
  auto values = resolve_params(name, info.value()->params, params);
  if (!values) return values.status();
  return find_entry_named(name)->build(values.value(), rows, seed);
}

Status write_stream_csv(const std::string& name, const StreamParams& params, std::uint64_t rows,
                        std::uint64_t seed, std::ostream& out) {
  auto stream = make_stream(name, params, rows, seed);
  if (!stream) return stream.status();
  return write_stream_csv(*stream.value(), rows, out);
}

Status write_stream_csv(StreamGenerator& stream, std::uint64_t rows, std::ostream& out) {
  if (Status st = check_stream_rows(rows); !st) return st;
  out << stream_csv_header(stream);
  StreamRow row;
  std::string line;
  for (std::uint64_t i = 0; i < rows && out; ++i) {
    line.clear();
    append_stream_csv_row(stream, row, line);
    out << line;
  }
  if (!out) return Status::error("the stream could not be written (the output refused it)");
  return Status::ok();
}

std::string stream_csv_header(const StreamGenerator& stream) {
  std::string line;
  for (const auto& c : stream.columns()) line += c.name + ",";
  line += "label\n";
  return line;
}

void append_stream_csv_row(StreamGenerator& stream, StreamRow& row, std::string& out) {
  const auto& columns = stream.columns();
  stream.next(row);
  for (std::size_t j = 0; j < columns.size(); ++j) {
    const auto& levels = columns[j].levels;
    out += levels.empty() ? js_number_text(row.x[j]) : levels[static_cast<std::size_t>(row.x[j])];
    out += ',';
  }
  out += row.label ? "1\n" : "0\n";
}

}  // namespace onepass
