// The Python module onepass._core: the core's door (cpp/include/onepass/api) as Python objects,
// for the package in python/onepass (its estimators, merge and Dask training). Each function
// converts what api/ defines, as the wasm bindings do for JS: no rule is defined here. An
// error of the core is raised as ValueError with the core's message.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "onepass/api/batch.hpp"
#include "onepass/api/csv_cuts.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/limits.hpp"
#include "onepass/api/models.hpp"
#include "onepass/api/runners.hpp"
#include "onepass/api/scorer.hpp"

namespace py = pybind11;

namespace {

using Rows = py::array_t<double, py::array::c_style | py::array::forcecast>;
using Indices = py::array_t<std::uint32_t, py::array::c_style | py::array::forcecast>;

[[noreturn]] void raise(const std::string& message) {
  throw py::value_error(message);
}

void check(const onepass::Status& status) {
  if (!status) raise(status.message());
}

// A text the core wrote, or its refusal raised (a model file past its bound).
std::string text(const onepass::Result<std::string>& made) {
  if (!made) raise(made.message());
  return made.value();
}

template <class T>
T take(onepass::Result<T> result) {
  if (!result) raise(result.message());
  return result.take();
}

// CSV options by their JS names, each value as text (python/onepass/_options.py writes them):
// set through the one table of api/csv_options.hpp, then checked together.
onepass::CsvOptions csv_options(const std::map<std::string, std::string>& given) {
  onepass::CsvOptions options;
  for (const auto& [name, value] : given) check(onepass::set_csv_option(options, name, value));
  check(onepass::check_csv_options(options));
  return options;
}

// A chunk given as any contiguous buffer of bytes (bytes, bytearray, a memoryview of a part of
// one), read in place: the buffer is held (a bytearray cannot be resized) while `info` lives.
struct Chunk {
  py::buffer_info info;
  explicit Chunk(const py::buffer& chunk) : info(chunk.request()) {
    if (info.itemsize != 1 || info.ndim != 1 || info.strides[0] != 1)
      raise("a chunk is contiguous bytes (bytes, bytearray or a memoryview of them)");
  }
  const char* data() const { return static_cast<const char*>(info.ptr); }
  std::size_t size() const { return static_cast<std::size_t>(info.size); }
};

template <class T>
py::array_t<T> array_of(const std::vector<T>& values) {
  py::array_t<T> out(values.size());
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

// A batch's error: the rows before the row at fault are done; the message says which row.
template <class T>
void check_batch(const onepass::BatchResult<T>& r) {
  if (r.error) return;
  if (r.row_at_fault)
    raise("row " + std::to_string(r.row) + " of the batch (counted from 0): " + r.error.message());
  raise(r.error.message());
}

// Rows given as a 2-D array of doubles: their count and width.
std::pair<std::size_t, std::size_t> shape_of(const Rows& x) {
  if (x.ndim() != 2) raise("the rows must be a 2-D array (rows x features)");
  return {static_cast<std::size_t>(x.shape(0)), static_cast<std::size_t>(x.shape(1))};
}

// Sparse rows in CSR form (scipy's indptr, indices, data).
struct Csr {
  Indices offsets, indices;
  Rows values;
  onepass::CsrRows rows() const {
    static const std::uint32_t none = 0;
    const std::size_t count =
        offsets.size() == 0 ? 0 : static_cast<std::size_t>(offsets.size()) - 1;
    return {count,
            offsets.size() == 0 ? &none : offsets.data(),
            static_cast<std::size_t>(offsets.size()),
            indices.data(),
            static_cast<std::size_t>(indices.size()),
            values.data(),
            static_cast<std::size_t>(values.size())};
  }
};

// One pipeline (a spec, or a model file) fed arrays of numbers: python/onepass/estimators.py.
class PyPipeline {
 public:
  PyPipeline(const std::string& spec, const std::string& task, std::uint64_t every,
             std::uint64_t window) {
    onepass::Task t = onepass::Pipeline::task_of(spec);
    if (!task.empty() && !onepass::parse_task(task, t))
      raise(std::string("task must be ") + onepass::kTaskNames + ", got '" + task + "'");
    pipeline_ = take(onepass::Pipeline::build(spec, every, window, t));
  }
  static PyPipeline from_json(const std::string& text) {
    onepass::LoadedModel loaded = take(onepass::model_from_json(text));
    PyPipeline p;
    p.pipeline_ = std::move(loaded.pipeline);
    p.schema_ = std::move(loaded.schema);
    return p;
  }

  // Class weights (the option classWeight's text) over the classes by index, before any row.
  void set_class_weights(const std::string& text, const std::vector<std::string>& classes) {
    check(onepass::set_class_weights(*pipeline_, text, classes));
  }

  // Progressive validation over the rows: the prediction made before learning each.
  py::array_t<std::int8_t> learn_dense(const Rows& x, const Rows& y) {
    refuse_raw_rows();
    const auto [count, dims] = shape_of(x);
    if (static_cast<std::size_t>(y.size()) != count)
      raise("the rows (" + std::to_string(count) + ") and labels (" + std::to_string(y.size()) +
            ") differ in number");
    onepass::BatchResult<std::int8_t> r;
    {
      py::gil_scoped_release free;
      r = batch_.learn_dense(*pipeline_, x.data(), y.data(), count, dims);
    }
    check_batch(r);
    return array_of(r.values);
  }
  py::array_t<std::int8_t> learn_sparse(const Indices& offsets, const Indices& indices,
                                        const Rows& values, const Rows& y, std::size_t dims) {
    refuse_raw_rows();
    const Csr csr{offsets, indices, values};
    if (static_cast<std::size_t>(y.size()) != csr.rows().count)
      raise("the rows and labels differ in number");
    onepass::BatchResult<std::int8_t> r;
    {
      py::gil_scoped_release free;
      r = batch_.learn_sparse(*pipeline_, csr.rows(), y.data(), dims);
    }
    check_batch(r);
    return array_of(r.values);
  }

  // Frozen predictions of dense rows. Binary: { scores (margins), probabilities or None };
  // multiclass and regression (docs/algorithms.md 1.8): { values (class index or number),
  // scores (rows x outputs), probabilities (rows x classes) or None }.
  py::dict predict_dense(const Rows& x) const {
    refuse_raw_rows();
    // Named apart: a C++17 lambda cannot capture a structured binding.
    const std::pair<std::size_t, std::size_t> shape = shape_of(x);
    const std::size_t count = shape.first, dims = shape.second;
    return predict_rows(count,
                        [&](std::size_t i, std::vector<double>& scores,
                            std::vector<double>& probabilities) -> onepass::Result<double> {
                          if (!pipeline_->learns_task())
                            return pipeline_->score_one(x.data() + i * dims, dims);
                          if (dims != pipeline_->dims())
                            return onepass::Status::error("the rows have " + std::to_string(dims) +
                                                          " features, the pipeline " +
                                                          std::to_string(pipeline_->dims()));
                          return pipeline_->predict_target(
                              x.data() + i * dims, onepass::SparseRow{}, scores, probabilities);
                        });
  }
  // The frozen predictions of sparse rows (binary pipelines; nothing is learned), as
  // predict_dense gives them: { scores (margins), probabilities or None }.
  py::dict score_sparse(const Indices& offsets, const Indices& indices, const Rows& values,
                        std::size_t dims) const {
    refuse_raw_rows();
    const Csr csr{offsets, indices, values};
    auto r = onepass::BatchLearner::score_sparse(*pipeline_, csr.rows(), dims);
    check_batch(r);
    return binary_rows(r.values);
  }

  void finish() {
    if (pipeline_->dims() != 0) pipeline_->finish();
  }
  // The model file, with the features named `features` (else x1..xd) and the label's values:
  // a binary model's negative and positive class, a multiclass model's classes by index. A
  // model loaded from a file keeps the names it has.
  std::string to_json(const std::vector<std::string>& features, const std::string& negative,
                      const std::string& positive, const std::vector<std::string>& classes) const {
    onepass::ModelSchema schema = schema_;
    if (schema.positive.empty() && schema.classes.empty()) {
      if (!positive.empty()) schema.positive = positive;
      if (!negative.empty()) schema.negative = negative;
      if (!classes.empty()) schema.classes = classes;
    }
    return text(onepass::model_file_text(*pipeline_,
                                         onepass::schema_for_rows(*pipeline_, schema, features)));
  }
  std::vector<std::string> features() const { return schema_.features; }
  std::vector<std::string> classes() const { return schema_.classes; }
  std::pair<std::string, std::string> class_names() const {
    const onepass::ClassNames names = onepass::class_names(schema_);
    return {names.negative, names.positive};
  }
  bool reads_raw_rows() const { return !schema_.encoded.features.empty(); }
  // "" or why rows of numbers cannot be learned or scored (api/models.hpp).
  std::string raw_rows_refused() const {
    return onepass::rows_of_numbers_refused(
        schema_, "score it with predict_csv, or train it further with partial_fit_csv");
  }
  std::string task() const { return onepass::task_name(pipeline_->task()); }
  bool has_probability() const { return pipeline_->has_probability(); }
  std::size_t dims() const { return pipeline_->dims(); }
  std::uint64_t rows() const { return pipeline_->rows(); }
  std::string spec() const { return pipeline_->spec(); }
  std::string canonical_spec() const { return pipeline_->canonical_spec(); }
  std::vector<std::string> warnings() const { return pipeline_->warnings(); }

 private:
  PyPipeline() = default;
  void refuse_raw_rows() const {
    if (const std::string no = raw_rows_refused(); !no.empty()) raise(no);
  }
  // A binary pipeline's margins and, for learners that give one, each row's probability (the
  // core's sigmoid, docs/algorithms.md 2.1).
  py::dict binary_rows(const std::vector<double>& margins) const {
    py::dict out;
    out["scores"] = array_of(margins);
    if (!pipeline_->has_probability()) {
      out["probabilities"] = py::none();
      return out;
    }
    std::vector<double> p;
    for (double margin : margins) p.push_back(onepass::sigmoid(margin));
    out["probabilities"] = array_of(p);
    return out;
  }
  template <class Predict>
  py::dict predict_rows(std::size_t count, Predict predict) const {
    std::vector<double> values, scores, probabilities, row_scores, row_probabilities;
    std::size_t outputs = 0;
    for (std::size_t i = 0; i < count; ++i) {
      row_scores.clear();
      row_probabilities.clear();
      const onepass::Result<double> r = predict(i, row_scores, row_probabilities);
      if (!r) raise("row " + std::to_string(i) + " (counted from 0): " + r.message());
      values.push_back(r.value());
      outputs = row_scores.size();
      scores.insert(scores.end(), row_scores.begin(), row_scores.end());
      probabilities.insert(probabilities.end(), row_probabilities.begin(), row_probabilities.end());
    }
    if (!pipeline_->learns_task()) return binary_rows(values);
    py::dict out;
    const auto rows = static_cast<py::ssize_t>(count);
    out["values"] = array_of(values);
    out["scores"] = array_of(scores).reshape({rows, static_cast<py::ssize_t>(outputs)});
    out["probabilities"] =
        probabilities.empty() || count == 0
            ? py::object(py::none())
            : py::object(
                  array_of(probabilities)
                      .reshape({rows, static_cast<py::ssize_t>(probabilities.size() / count)}));
    return out;
  }

  std::unique_ptr<onepass::Pipeline> pipeline_;
  onepass::ModelSchema schema_;
  onepass::BatchLearner batch_;
};

// Pipelines learning a CSV read by the core's reader, as `onepass run` learns it (new specs,
// or saved models trained further): python/onepass fit_csv and the Dask tasks.
class PyCsvRunner {
 public:
  PyCsvRunner(const std::map<std::string, std::string>& options,
              const std::vector<std::string>& specs, const std::vector<std::string>& models,
              std::uint64_t every, std::uint64_t window)
      : runner_(
            take(onepass::start_csv_runner(csv_options(options), specs, models, every, window))) {}
  // The bytes of the file, chunk by chunk; a bad row raises naming its line and column (the
  // rows before it are learned and kept).
  void push(const py::buffer& chunk) {
    const Chunk bytes(chunk);
    onepass::Status st = onepass::Status::ok();
    {
      py::gil_scoped_release free;
      st = runner_->push(bytes.data(), bytes.size());
    }
    check(st);
  }
  void finish() { check(runner_->finish()); }
  std::size_t size() const { return runner_->size(); }
  std::uint64_t rows(std::size_t i) const { return pipeline(i).rows(); }
  std::string result_json(std::size_t i) const {
    return onepass::run_result_json(*runner_, index(i));
  }
  std::string model_json(std::size_t i) const {
    return text(onepass::model_file(*runner_, index(i)));
  }

 private:
  std::size_t index(std::size_t i) const {
    if (i >= runner_->size()) raise("no pipeline " + std::to_string(i));
    return i;
  }
  const onepass::Pipeline& pipeline(std::size_t i) const { return runner_->pipeline(index(i)); }
  std::unique_ptr<onepass::CsvRunner> runner_;
};

// A saved model's frozen predictions of a CSV's rows (`onepass predict`).
class PyCsvScorer {
 public:
  PyCsvScorer(const std::string& model, const std::map<std::string, std::string>& options)
      : scorer_(take(onepass::Scorer::csv(model, csv_options(options)))) {}
  void push(const py::buffer& chunk) {
    const Chunk bytes(chunk);
    check(scorer_->push(bytes.data(), bytes.size()));
  }
  void finish() { check(scorer_->finish()); }
  void set_threshold(double t) { check(scorer_->set_threshold(t)); }
  // The rows scored since the last take (api/scorer.hpp ScoredRows), as arrays.
  py::dict take_rows() {
    const onepass::ScoredRows r = scorer_->take();
    py::dict out;
    out["scores"] = array_of(r.scores);
    out["probabilities"] = array_of(r.probabilities);
    out["predictions"] = array_of(r.predictions);
    out["labels"] = array_of(r.labels);
    out["lines"] = array_of(r.lines);
    out["values"] = array_of(r.values);
    out["class_probabilities"] = array_of(r.class_probabilities);
    out["targets"] = array_of(r.targets);
    return out;
  }
  std::string csv_header() const { return scorer_->csv_header(); }
  std::string summary() const { return scorer_->summary(); }
  std::string task() const { return onepass::task_name(scorer_->task()); }
  std::vector<std::string> classes() const { return scorer_->schema().classes; }
  std::pair<std::string, std::string> class_names() const {
    return {scorer_->class_name(-1), scorer_->class_name(1)};
  }

 private:
  std::unique_ptr<onepass::Scorer> scorer_;
};

py::dict limits() {
  py::dict out;
  out["max_dims"] = onepass::kMaxDims;
  out["max_classes"] = onepass::kMaxClasses;
  out["max_class_weight"] = onepass::kMaxClassWeight;
  out["max_curve_points"] = onepass::kMaxCurvePoints;
  return out;
}

// The CSV options' JS names (api/csv_options.hpp), the keys the package accepts.
std::vector<std::string> csv_option_names() {
  std::vector<std::string> names;
  for (const auto& info : onepass::csv_option_infos()) names.emplace_back(info.name);
  return names;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "onepass's C++ core (cpp/include/onepass/api) for the Python package";
  m.def(
      "default_pipeline",
      [](const std::string& task) {
        onepass::Task t = onepass::Task::binary;
        if (!task.empty() && !onepass::parse_task(task, t))
          raise(std::string("task must be ") + onepass::kTaskNames + ", got '" + task + "'");
        return std::string(onepass::default_pipeline(t));
      },
      py::arg("task") = "binary");
  m.def("csv_option_names", &csv_option_names);
  m.def("limits", &limits);
  m.def(
      "merge_models",
      [](const std::vector<std::string>& models, const std::vector<double>& weights, bool mean,
         const std::string& base) {
        onepass::MergeOptions options;
        options.weights = weights;
        options.mean = mean;
        options.base = base;
        return take(onepass::merge_models(models, options));
      },
      py::arg("models"), py::arg("weights") = std::vector<double>{}, py::arg("mean") = false,
      py::arg("base") = "");
  m.def(
      "csv_cuts",
      [](const py::buffer& data, const std::map<std::string, std::string>& options,
         std::size_t parts) {
        const Chunk bytes(data);
        const onepass::CsvCuts cuts = take(onepass::csv_cuts(
            std::string_view(bytes.data(), bytes.size()), csv_options(options), parts));
        return py::make_tuple(cuts.head_end, cuts.starts, cuts.has_rows);
      },
      py::arg("data"), py::arg("options"), py::arg("parts"));
  m.def(
      "preview_csv",
      [](const std::string& head, bool complete, const std::map<std::string, std::string>& options,
         std::size_t rows) {
        return onepass::to_json(
            take(onepass::preview_csv(head, complete, csv_options(options), rows)));
      },
      py::arg("head"), py::arg("complete"), py::arg("options"), py::arg("rows") = 20);

  py::class_<PyPipeline>(m, "Pipeline")
      .def(py::init<const std::string&, const std::string&, std::uint64_t, std::uint64_t>(),
           py::arg("spec"), py::arg("task") = "", py::arg("every") = 0, py::arg("window") = 0)
      .def_static("from_json", &PyPipeline::from_json)
      .def("set_class_weights", &PyPipeline::set_class_weights)
      .def("learn_dense", &PyPipeline::learn_dense)
      .def("learn_sparse", &PyPipeline::learn_sparse)
      .def("predict_dense", &PyPipeline::predict_dense)
      .def("score_sparse", &PyPipeline::score_sparse)
      .def("finish", &PyPipeline::finish)
      .def("to_json", &PyPipeline::to_json, py::arg("features"), py::arg("negative") = "",
           py::arg("positive") = "", py::arg("classes") = std::vector<std::string>{})
      .def_property_readonly("features", &PyPipeline::features)
      .def_property_readonly("classes", &PyPipeline::classes)
      .def_property_readonly("class_names", &PyPipeline::class_names)
      .def_property_readonly("reads_raw_rows", &PyPipeline::reads_raw_rows)
      .def_property_readonly("raw_rows_refused", &PyPipeline::raw_rows_refused)
      .def_property_readonly("task", &PyPipeline::task)
      .def_property_readonly("has_probability", &PyPipeline::has_probability)
      .def_property_readonly("dims", &PyPipeline::dims)
      .def_property_readonly("rows", &PyPipeline::rows)
      .def_property_readonly("spec", &PyPipeline::spec)
      .def_property_readonly("canonical_spec", &PyPipeline::canonical_spec)
      .def_property_readonly("warnings", &PyPipeline::warnings);

  py::class_<PyCsvRunner>(m, "CsvRunner")
      .def(py::init<const std::map<std::string, std::string>&, const std::vector<std::string>&,
                    const std::vector<std::string>&, std::uint64_t, std::uint64_t>(),
           py::arg("options"), py::arg("specs"), py::arg("models"), py::arg("every") = 0,
           py::arg("window") = 0)
      .def("push", &PyCsvRunner::push)
      .def("finish", &PyCsvRunner::finish)
      .def("__len__", &PyCsvRunner::size)
      .def("rows", &PyCsvRunner::rows)
      .def("result_json", &PyCsvRunner::result_json)
      .def("model_json", &PyCsvRunner::model_json);

  py::class_<PyCsvScorer>(m, "CsvScorer")
      .def(py::init<const std::string&, const std::map<std::string, std::string>&>(),
           py::arg("model"), py::arg("options"))
      .def("push", &PyCsvScorer::push)
      .def("finish", &PyCsvScorer::finish)
      .def("take", &PyCsvScorer::take_rows)
      .def("set_threshold", &PyCsvScorer::set_threshold)
      .def_property_readonly("csv_header", &PyCsvScorer::csv_header)
      .def_property_readonly("summary", &PyCsvScorer::summary)
      .def_property_readonly("task", &PyCsvScorer::task)
      .def_property_readonly("classes", &PyCsvScorer::classes)
      .def_property_readonly("class_names", &PyCsvScorer::class_names);
}
