#include "onepass/api/races.hpp"

#include "onepass/io/model_json.hpp"

namespace onepass {

namespace {

std::string model_n(std::size_t i) {
  return "model " + std::to_string(i + 1) + ": ";
}

// Every model parsed, or the first error, naming the model.
Result<std::vector<LoadedModel>> load_all(const std::vector<std::string>& models) {
  if (models.empty()) return Status::error("no model given");
  std::vector<LoadedModel> out;
  for (std::size_t i = 0; i < models.size(); ++i) {
    auto loaded = model_from_json(models[i]);
    if (!loaded) return Status::error(model_n(i) + loaded.message());
    out.push_back(loaded.take());
  }
  return out;
}

}  // namespace

Status read_as_models(const std::vector<std::string>& models, CsvOptions& options) {
  if (models.empty()) return Status::ok();
  auto first = model_from_json(models[0]);
  const Status st = first ? read_as_model(first.value().schema, false, options) : first.status();
  return st ? st : Status::error(model_n(0) + st.message());
}

Result<std::unique_ptr<Race>> resume_race(CsvOptions options,
                                          const std::vector<std::string>& models) {
  auto loaded = load_all(models);
  if (!loaded) return loaded.status();
  std::vector<std::unique_ptr<Pipeline>> pipelines;
  for (std::size_t i = 0; i < loaded.value().size(); ++i) {
    LoadedModel& m = loaded.value()[i];
    CsvOptions own = i == 0 ? options : CsvOptions{};
    if (Status st = read_as_model(m.schema, false, own); !st)
      return Status::error(model_n(i) + st.message());
    if (i == 0)
      options = own;
    else if (own.features != options.features ||
             own.encoded.features.size() != options.encoded.features.size())
      return Status::error(
          "the models were trained on different features; one CSV pass cannot feed them");
    pipelines.push_back(std::move(m.pipeline));
  }
  return Race::resume(options, std::move(pipelines));
}

Result<std::unique_ptr<SparseRace>> resume_sparse_race(SvmlightOptions options,
                                                       const std::vector<std::string>& models) {
  auto loaded = load_all(models);
  if (!loaded) return loaded.status();
  std::vector<std::unique_ptr<Pipeline>> pipelines;
  for (std::size_t i = 0; i < loaded.value().size(); ++i) {
    LoadedModel& m = loaded.value()[i];
    if (Status st = read_as_model(m.schema, m.pipeline->dims(), options); !st)
      return Status::error(model_n(i) + st.message());
    if (i > 0 && (m.schema.index_base != loaded.value()[0].schema.index_base ||
                  m.pipeline->dims() != pipelines[0]->dims()))
      return Status::error(
          "the models were trained on different svmlight inputs (width or index base); one "
          "pass cannot feed them");
    pipelines.push_back(std::move(m.pipeline));
  }
  return SparseRace::resume(options, std::move(pipelines));
}

}  // namespace onepass
