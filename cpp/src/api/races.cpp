#include "onepass/api/races.hpp"

#include "io/label_map.hpp"

#include "models/model_json.hpp"
#include "onepass/api/run_json.hpp"

namespace onepass {

namespace {

std::string model_n(std::size_t i) {
  return "model " + std::to_string(i + 1) + ": ";
}

// Every model's pipeline, each model parsed once and accepted by `fits` (its index and what
// was loaded), or the first error, naming the model.
template <class Fits>
Result<std::vector<std::unique_ptr<Pipeline>>> pipelines_of(const std::vector<std::string>& models,
                                                            Fits fits) {
  if (models.empty()) return Status::error("no model given");
  std::vector<std::unique_ptr<Pipeline>> out;
  for (std::size_t i = 0; i < models.size(); ++i) {
    auto loaded = model_from_json(models[i]);
    const Status st = loaded ? fits(i, loaded.value()) : loaded.status();
    if (!st) return Status::error(model_n(i) + st.message());
    out.push_back(std::move(loaded.value().pipeline));
  }
  return out;
}

// What differs between a race over a CSV (Race) and one over svmlight rows (SparseRace); the
// rest of this file is written once for both.
template <class RaceType>
struct RaceKind;

// Every model of a pass must read the labels as model 1 does: the same positive class.
Status same_positive(const LoadedModel& m, const std::string& first) {
  const std::string positive = class_names(m.schema).positive;
  if (positive == first) return Status::ok();
  return Status::error("its positive class " + quote_cell(positive) + " is not model 1's " +
                       quote_cell(first) + ": one pass reads the labels one way");
}

template <>
struct RaceKind<Race> {
  using Options = CsvOptions;
  std::string first_positive;
  // Model 1 sets the options (read_as_model); every other model, read on its own, must have its
  // numeric and encoded features and model 1's positive class: one CSV pass gives every
  // pipeline the same columns and labels.
  Status fits(std::size_t i, const LoadedModel& m, CsvOptions& options) {
    CsvOptions own = i == 0 ? options : CsvOptions{};
    if (Status st = read_as_model(m.schema, false, own); !st) return st;
    if (i == 0) {
      options = own;
      first_positive = class_names(m.schema).positive;
      return Status::ok();
    }
    if (own.features != options.features ||
        own.encoded.features.size() != options.encoded.features.size())
      return Status::error("trained on other features than model 1; one CSV pass cannot feed them");
    return same_positive(m, first_positive);
  }
  static std::vector<std::string> feature_names(const Race& race) {
    return race.reader().feature_names();
  }
};

template <>
struct RaceKind<SparseRace> {
  using Options = SvmlightOptions;
  int first_base = 1;
  std::size_t first_dims = 0;
  std::string given_positive, first_positive;
  // Model 1 sets the options it was read with (read_as_model); every model must share model
  // 1's width, index base and positive class: one pass gives every pipeline the same rows.
  Status fits(std::size_t i, const LoadedModel& m, SvmlightOptions& options) {
    if (i == 0) given_positive = options.positive;
    SvmlightOptions own = options;
    own.positive = given_positive;  // as the user gave it, not as model 1 set it
    if (Status st = read_as_model(m.schema, m.pipeline->dims(), own); !st) return st;
    if (i == 0) {
      options = own;
      first_base = m.schema.index_base;
      first_dims = m.pipeline->dims();
      first_positive = class_names(m.schema).positive;
      return Status::ok();
    }
    if (m.schema.index_base != first_base || m.pipeline->dims() != first_dims)
      return Status::error(
          "trained on other svmlight input than model 1 (width or index base); one pass cannot "
          "feed them");
    return same_positive(m, first_positive);
  }
  // svmlight rows have indices, not names.
  static std::vector<std::string> feature_names(const SparseRace&) { return {}; }
};

template <class RaceType>
using OptionsOf = typename RaceKind<RaceType>::Options;

template <class RaceType>
Result<std::unique_ptr<RaceType>> resume(OptionsOf<RaceType> options,
                                         const std::vector<std::string>& models) {
  RaceKind<RaceType> kind;
  auto pipelines = pipelines_of(
      models, [&](std::size_t i, const LoadedModel& m) { return kind.fits(i, m, options); });
  if (!pipelines) return pipelines.status();
  return RaceType::resume(options, pipelines.take());
}

template <class RaceType>
Result<std::unique_ptr<RaceType>> start(const OptionsOf<RaceType>& options,
                                        const std::vector<std::string>& specs,
                                        const std::vector<std::string>& models, std::uint64_t every,
                                        std::uint64_t window) {
  return models.empty() ? RaceType::create(options, specs, every, window)
                        : resume<RaceType>(options, models);
}

}  // namespace

Status read_as_models(const std::vector<std::string>& models, CsvOptions& options) {
  if (models.empty()) return Status::ok();
  auto first = model_from_json(models[0]);
  const Status st = first ? read_as_model(first.value().schema, false, options) : first.status();
  return st ? st : Status::error(model_n(0) + st.message());
}

// The header's names, one per race type, for resume<> and start<> above.
Result<std::unique_ptr<Race>> resume_race(CsvOptions options,
                                          const std::vector<std::string>& models) {
  return resume<Race>(std::move(options), models);
}

Result<std::unique_ptr<SparseRace>> resume_sparse_race(SvmlightOptions options,
                                                       const std::vector<std::string>& models) {
  return resume<SparseRace>(std::move(options), models);
}

Result<std::unique_ptr<Race>> start_race(const CsvOptions& options,
                                         const std::vector<std::string>& specs,
                                         const std::vector<std::string>& models,
                                         std::uint64_t every, std::uint64_t window) {
  return start<Race>(options, specs, models, every, window);
}

Result<std::unique_ptr<SparseRace>> start_sparse_race(const SvmlightOptions& options,
                                                      const std::vector<std::string>& specs,
                                                      const std::vector<std::string>& models,
                                                      std::uint64_t every, std::uint64_t window) {
  return start<SparseRace>(options, specs, models, every, window);
}

template <class RaceType>
std::string run_result_json(const RaceType& race, std::size_t i) {
  return run_result_json(race.pipeline(i), RaceKind<RaceType>::feature_names(race),
                         race.reader().skipped());
}
template std::string run_result_json(const Race&, std::size_t);
template std::string run_result_json(const SparseRace&, std::size_t);

template <class RaceType>
std::string model_json(const RaceType& race, std::size_t i) {
  return model_to_json(race.pipeline(i), model_schema_of(race.reader()));
}
template std::string model_json(const Race&, std::size_t);
template std::string model_json(const SparseRace&, std::size_t);

}  // namespace onepass
