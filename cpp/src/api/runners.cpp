#include "onepass/api/runners.hpp"

#include <optional>

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

// What differs between a runner over a CSV (CsvRunner) and one over svmlight rows (SvmlightRunner);
// the rest of this file is written once for both.
template <class RunnerType>
struct RunnerKind;

// Every model of a pass must read the labels as model 1 does: the same positive class.
Status same_positive(const LoadedModel& m, const std::string& first) {
  const std::string positive = class_names(m.schema).positive;
  if (positive == first) return Status::ok();
  return Status::error("its positive class " + quote_cell(positive) + " is not model 1's " +
                       quote_cell(first) + ": one pass reads the labels one way");
}

template <>
struct RunnerKind<CsvRunner> {
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
  static std::vector<std::string> feature_names(const CsvRunner& runner) {
    return runner.reader().feature_names();
  }
  static std::vector<std::string> classes(const CsvRunner& runner) {
    return runner.reader().classes();
  }
};

template <>
struct RunnerKind<SvmlightRunner> {
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
  static std::vector<std::string> feature_names(const SvmlightRunner&) { return {}; }
  static std::vector<std::string> classes(const SvmlightRunner& runner) {
    return runner.reader().classes();
  }
};

template <class RunnerType>
using OptionsOf = typename RunnerKind<RunnerType>::Options;

template <class RunnerType>
Result<std::unique_ptr<RunnerType>> resume(OptionsOf<RunnerType> options,
                                           const std::vector<std::string>& models) {
  RunnerKind<RunnerType> kind;
  auto pipelines = pipelines_of(
      models, [&](std::size_t i, const LoadedModel& m) { return kind.fits(i, m, options); });
  if (!pipelines) return pipelines.status();
  return RunnerType::resume(options, pipelines.take());
}

template <class RunnerType>
Result<std::unique_ptr<RunnerType>> start(const OptionsOf<RunnerType>& options,
                                          const std::vector<std::string>& specs,
                                          const std::vector<std::string>& models,
                                          std::uint64_t every, std::uint64_t window) {
  return models.empty() ? RunnerType::create(options, specs, every, window)
                        : resume<RunnerType>(options, models);
}

}  // namespace

Status read_as_models(const std::vector<std::string>& models, CsvOptions& options) {
  if (models.empty()) return Status::ok();
  auto first = model_from_json(models[0]);
  const Status st = first ? read_as_model(first.value().schema, false, options) : first.status();
  return st ? st : Status::error(model_n(0) + st.message());
}

// The header's names, one per runner type, for resume<> and start<> above.
Result<std::unique_ptr<CsvRunner>> resume_csv_runner(CsvOptions options,
                                                     const std::vector<std::string>& models) {
  return resume<CsvRunner>(std::move(options), models);
}

Result<std::unique_ptr<SvmlightRunner>> resume_svmlight_runner(
    SvmlightOptions options, const std::vector<std::string>& models) {
  return resume<SvmlightRunner>(std::move(options), models);
}

Result<std::unique_ptr<CsvRunner>> start_csv_runner(const CsvOptions& options,
                                                    const std::vector<std::string>& specs,
                                                    const std::vector<std::string>& models,
                                                    std::uint64_t every, std::uint64_t window) {
  return start<CsvRunner>(options, specs, models, every, window);
}

Result<std::unique_ptr<SvmlightRunner>> start_svmlight_runner(
    const SvmlightOptions& options, const std::vector<std::string>& specs,
    const std::vector<std::string>& models, std::uint64_t every, std::uint64_t window) {
  return start<SvmlightRunner>(options, specs, models, every, window);
}

namespace {

// The run's last-label baseline (docs/algorithms.md 6.5): a CSV runner counts its labels'
// changes; svmlight rows' are not counted.
std::optional<LastLabelBaseline> last_label_of(const CsvRunner& r) {
  return r.last_label();
}
std::optional<LastLabelBaseline> last_label_of(const SvmlightRunner&) {
  return std::nullopt;
}

}  // namespace

template <class RunnerType>
std::string run_result_json(const RunnerType& runner, std::size_t i) {
  const std::optional<LastLabelBaseline> last = last_label_of(runner);
  return run_result_json(runner.pipeline(i), RunnerKind<RunnerType>::feature_names(runner),
                         runner.reader().skipped(), RunnerKind<RunnerType>::classes(runner),
                         last ? &*last : nullptr);
}
template std::string run_result_json(const CsvRunner&, std::size_t);
template std::string run_result_json(const SvmlightRunner&, std::size_t);

template <class RunnerType>
std::string stats_json(const RunnerType& runner, std::size_t i) {
  const std::optional<LastLabelBaseline> last = last_label_of(runner);
  return stats_json(runner.pipeline(i), RunnerKind<RunnerType>::classes(runner),
                    last ? &*last : nullptr);
}
template std::string stats_json(const CsvRunner&, std::size_t);
template std::string stats_json(const SvmlightRunner&, std::size_t);

template <class RunnerType>
std::string model_json(const RunnerType& runner, std::size_t i) {
  return model_to_json(runner.pipeline(i), model_schema_of(runner.reader()));
}
template std::string model_json(const CsvRunner&, std::size_t);
template std::string model_json(const SvmlightRunner&, std::size_t);

template <class RunnerType>
Result<std::string> model_file(const RunnerType& runner, std::size_t i) {
  if (!runner.usable()) return runner.usable();
  return model_file_text(runner.pipeline(i), model_schema_of(runner.reader()));
}
template Result<std::string> model_file(const CsvRunner&, std::size_t);
template Result<std::string> model_file(const SvmlightRunner&, std::size_t);

std::string saved_before_stop(std::uint64_t rows, const std::string& file) {
  return "what was learned is kept: the model of the " + std::to_string(rows) + " row" +
         (rows == 1 ? "" : "s") + " learned before the stop is saved to " + file;
}

}  // namespace onepass
