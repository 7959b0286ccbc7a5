#include "onepass/api/csv_preview.hpp"

#include "core/json_release.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/json_text.hpp"

#include <algorithm>

namespace onepass {

Result<CsvPreview> preview_csv(std::string_view head, bool complete, CsvOptions options,
                               std::size_t rows) {
  if (!complete) {
    const std::size_t last_break = head.rfind('\n');
    head =
        last_break == std::string_view::npos ? std::string_view() : head.substr(0, last_break + 1);
  }
  options.keep_rows = rows;
  options.on_error = ErrorPolicy::skip;  // a bad row in the head does not hide the others
  CsvReader reader(options);
  RowBlock block;
  Status st = reader.feed(head.data(), head.size(), block);
  if (st) st = reader.finish(block);
  if (!st) return st;
  CsvPreview p;
  p.columns = reader.columns();
  p.rows = reader.kept_rows();
  p.delimiter = reader.delimiter() ? reader.delimiter() : ',';
  p.header = reader.has_header();
  p.decimal = reader.decimal() ? reader.decimal() : '.';
  p.notices = reader.notices();
  p.label_values.assign(reader.label_counts().begin(), reader.label_counts().end());
  std::stable_sort(p.label_values.begin(), p.label_values.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  p.positive = reader.positive_label();
  p.numeric_labels = reader.numeric_labels();
  p.task = reader.task();
  p.default_pipeline = default_pipeline(p.task);
  p.head_rows = reader.rows() + reader.skipped();
  p.sample_rows = options.sample_rows;
  return p;
}

// Its rows and columns grow with the head read: built member by member and released before it
// is destroyed, so that running out of memory is a std::bad_alloc, not std::terminate
// (core/json_release.hpp).
std::string to_json(const CsvPreview& p) {
  OrderedJson j = object_with_room<OrderedJson>(kDocumentMembers);
  const ReleasedJson<OrderedJson> released(j);
  add_columns(p.columns, j);
  // Row by row: an array of arrays that failed halfway would destroy the rows it had made.
  OrderedJson& rows = j["rows"] = OrderedJson::array();
  for (const auto& row : p.rows) rows.emplace_back(row);
  j["delimiter"] = std::string(1, p.delimiter);
  j["header"] = p.header;
  j["decimal"] = std::string(1, p.decimal);
  put(j, "notices", p.notices);
  OrderedJson& labels = j["labelValues"] = OrderedJson::array();
  for (const auto& [value, count] : p.label_values) {
    OrderedJson& label = labels.emplace_back(OrderedJson::object());
    label["value"] = value;
    label["count"] = count;
  }
  j["positive"] = p.positive;
  j["numericLabels"] = p.numeric_labels;
  j["task"] = task_name(p.task);
  j["defaultPipeline"] = p.default_pipeline;
  j["headRows"] = p.head_rows;
  j["sampleRows"] = p.sample_rows;
  return json_text(j);
}

}  // namespace onepass
