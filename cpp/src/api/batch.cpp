#include "onepass/api/batch.hpp"

#include <algorithm>
#include <charconv>

#include "core/limits.hpp"

namespace onepass {

namespace {

// Whether the rows are in compressed sparse row form: "" or why not.
std::string csr_error(const CsrRows& r) {
  if (r.offset_count == r.count + 1 && r.offsets[0] == 0 && r.offsets[r.count] == r.entries &&
      r.value_count == r.entries)
    return "";
  return "the offsets must start at 0 and end at the number of entries (" +
         std::to_string(r.entries) + "), one more than the rows (" + std::to_string(r.count) +
         "), with one value per index";
}

Result<SparseRow> csr_row(const CsrRows& r, std::size_t i) {
  if (r.offsets[i + 1] < r.offsets[i] || r.offsets[i + 1] > r.entries)
    return Status::error("its offsets (" + std::to_string(r.offsets[i]) + " to " +
                         std::to_string(r.offsets[i + 1]) + ") do not rise within the entries");
  return SparseRow{r.indices + r.offsets[i], r.values + r.offsets[i],
                   r.offsets[i + 1] - r.offsets[i]};
}

template <class T>
void fail_at(BatchResult<T>& out, Status error, std::size_t row) {
  out.error = std::move(error);
  out.row_at_fault = true;
  out.row = row;
}

}  // namespace

Status set_class_weights(Pipeline& p, const std::string& text,
                         const std::vector<std::string>& classes) {
  Result<ClassWeightRequest> request = parse_class_weights(text);
  if (!request) return request.status();
  if (request.value().empty()) return Status::ok();
  if (p.rows() > 0)
    return Status::error("option classWeight: set the class weights before the first row");
  Result<ClassWeights> weights = known_class_weights(request.value(), classes);
  if (!weights) return weights.status();
  return p.set_class_weights(weights.value());
}

Status set_class_weights_by_label(Pipeline& p, const std::string& text) {
  std::vector<std::string> classes;
  if (p.task() == Task::binary) classes = {"-1", "1"};
  Result<ClassWeightRequest> request = parse_class_weights(text);
  if (p.task() == Task::multiclass && request) {
    // The indices up to the largest one named (a class need not have come yet).
    std::size_t top = 0;
    for (const auto& [name, weight] : request.value().given) {
      std::size_t k = 0;
      const char* end = name.data() + name.size();
      if (std::from_chars(name.data(), end, k).ptr == end && k < kMaxClasses)
        top = std::max(top, k + 1);
    }
    for (std::size_t k = 0; k < top; ++k) classes.push_back(std::to_string(k));
  }
  return set_class_weights(p, text, classes);
}

template <class Learn>
BatchResult<std::int8_t> BatchLearner::learn_rows(Task task, const double* labels,
                                                  std::size_t count, Learn learn) {
  BatchResult<std::int8_t> out;
  out.values.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    int binary = 0;
    std::string bad;
    // A multiclass or regression pipeline takes the label as it is (Pipeline checks it); its
    // predictions come back as bytes, so the classes here are at most 128.
    if (task == Task::multiclass && labels[i] >= 128) {
      fail_at(out, Status::error("the batch API takes class indices from 0 to 127"), i);
      break;
    }
    if (task == Task::binary && !labels_.map_number(labels[i], binary, bad)) {
      fail_at(out, Status::error(bad), i);
      break;
    }
    const double y = task == Task::binary ? binary : labels[i];
    Result<int> r = learn(i, y);
    if (!r) {
      fail_at(out, r.status(), i);
      break;
    }
    out.values.push_back(static_cast<std::int8_t>(r.value()));
  }
  return out;
}

BatchResult<std::int8_t> BatchLearner::learn_dense(Pipeline& p, const double* x,
                                                   const double* labels, std::size_t count,
                                                   std::size_t dims) {
  return learn_rows(p.task(), labels, count,
                    [&](std::size_t i, double y) { return p.learn_one(x + i * dims, dims, y); });
}

BatchResult<std::int8_t> BatchLearner::learn_sparse(Pipeline& p, const CsrRows& rows,
                                                    const double* labels, std::size_t dims) {
  if (std::string bad = csr_error(rows); !bad.empty()) {
    BatchResult<std::int8_t> out;
    out.error = Status::error(bad);
    return out;
  }
  return learn_rows(p.task(), labels, rows.count, [&](std::size_t i, double y) -> Result<int> {
    Result<SparseRow> row = csr_row(rows, i);
    if (!row) return row.status();
    return p.learn_sparse(row.value(), dims, y);
  });
}

BatchResult<double> BatchLearner::score_sparse(const Pipeline& p, const CsrRows& rows,
                                               std::size_t dims) {
  BatchResult<double> out;
  if (std::string bad = csr_error(rows); !bad.empty()) {
    out.error = Status::error(bad);
    return out;
  }
  for (std::size_t i = 0; i < rows.count; ++i) {
    Result<SparseRow> row = csr_row(rows, i);
    Result<double> s = row ? p.score_sparse(row.value(), dims) : Result<double>(row.status());
    if (!s) {
      fail_at(out, s.status(), i);
      break;
    }
    out.values.push_back(s.value());
  }
  return out;
}

}  // namespace onepass
