#include "onepass/api/csv_preview.hpp"

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

std::string to_json(const CsvPreview& p) {
  OrderedJson labels = OrderedJson::array();
  for (const auto& [value, count] : p.label_values)
    labels.push_back({{"value", value}, {"count", count}});
  const OrderedJson j = {{"columns", columns_json(p.columns)},
                         {"rows", p.rows},
                         {"delimiter", std::string(1, p.delimiter)},
                         {"header", p.header},
                         {"decimal", std::string(1, p.decimal)},
                         {"notices", p.notices},
                         {"labelValues", labels},
                         {"positive", p.positive},
                         {"numericLabels", p.numeric_labels},
                         {"task", task_name(p.task)},
                         {"defaultPipeline", p.default_pipeline},
                         {"headRows", p.head_rows},
                         {"sampleRows", p.sample_rows}};
  return json_text(j);
}

}  // namespace onepass
