// CsvReader's features beyond the numeric columns' numbers (docs/design.md 10.2, 10.3;
// docs/algorithms.md 1.10): the encoder of categorical and text columns and the encoded tail of a
// row, the date columns' features of a row, and what a model keeps of them.
#include <algorithm>
#include <limits>

#include "io/csv_reader.hpp"

namespace onepass {

// The encoder of the categorical and text columns: the model's (its levels restored, frozen
// when scoring), else a new one.
Status CsvReader::build_encoder(bool from_model) {
  encoder_ = FeatureEncoder(from_model ? opt_.encoded.options : opt_.encoder, dims());
  encoded_of_col_.assign(columns_, 0);
  if (from_model) {
    for (const auto& col : opt_.encoded.columns) {
      std::size_t c = 0;
      while (c < columns_ && column_names_[c] != col.name) ++c;
      if (c == columns_) {
        return stop(Status::error("the file has no column '" + col.name +
                                  "', which the model needs; the columns are: " + column_list()));
      }
      encoded_of_col_[c] =
          col.text ? encoder_.add_text(col.name) : encoder_.add_categorical(col.name);
    }
    Status st = encoder_.restore(opt_.encoded.features);
    if (!st) return Status::error("the model's encoder: " + st.message());
    encoder_.freeze(opt_.freeze_encoder);
  } else {
    for (std::size_t c = 0; c < columns_; ++c) {
      if (role_of_col_[c] == ColumnRole::categorical)
        encoded_of_col_[c] = encoder_.add_categorical(column_names_[c]);
      else if (role_of_col_[c] == ColumnRole::text)
        encoded_of_col_[c] = encoder_.add_text(column_names_[c]);
    }
  }
  return Status::ok();
}

Status CsvReader::read_dates(std::uint64_t line, double* dst, std::uint64_t& missing, bool& bad) {
  for (const DateColumn& date : date_cols_) {
    const std::string_view cell = trim_blanks(fields_[date.column]);
    double* features = dst + date.first;
    if (cell.empty() || missing_tokens_.contains(cell)) {
      ++missing;  // every feature of a missing date is missing
      std::fill(features, features + date_feature_count(date.form),
                std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    DateValue v;
    bad = !parse_date(cell, date.form.order, v);
    if (bad)
      return row_error(line, date.column + 1,
                       quote_cell(cell) + " is not a date as this column's are " +
                           describe_date_form(date.form) + " (docs/algorithms.md 1.10)");
    date_features(v, date.form, features);
  }
  return Status::ok();
}

std::size_t CsvReader::encode_tail(std::size_t cells, RowBlock& out, std::uint64_t& missing) {
  tail_.clear();
  if (task_ == Task::multiclass)
    encoder_.set_width_limit(kMaxTaskWeights / std::max<std::size_t>(classes_.names().size(), 1));
  for (std::size_t i = 0; i < cells; ++i) {
    const std::string_view cell(encoded_cells_[i].data, encoded_cells_[i].size);
    const std::size_t c = encoded_cells_[i].column;
    if (cell.empty() || missing_tokens_.contains(cell)) {
      ++missing;  // design.md 10.2: a missing category is no active level
      continue;
    }
    if (role_of_col_[c] == ColumnRole::text)
      encoder_.encode_text(encoded_of_col_[c], cell, tail_);
    else
      encoder_.encode_categorical(encoded_of_col_[c], cell, tail_);
    if (encoder_.take_refusal()) return c;
  }
  FeatureEncoder::finish_row(tail_);
  if (out.tail_offset.empty()) out.tail_offset.assign(out.size() + 1, 0);
  // Pushed one by one: a resize first zeroes what is then written, a loop of its own in wasm.
  for (const auto& [index, value] : tail_) {
    out.tail_index.push_back(index);
    out.tail_value.push_back(value);
  }
  out.tail_offset.push_back(out.tail_index.size());
  return kNoColumn;
}

Status CsvReader::beyond_task_weights(std::uint64_t line, std::size_t c) {
  const std::size_t classes = classes_.names().size();
  return row_error(line, c + 1,
                   "a new feature beyond what a model of " + std::to_string(classes) +
                       " classes holds (" + std::to_string(width()) + " features; classes x " +
                       "features at most " + std::to_string(kMaxTaskWeights) +
                       "; fewer categorical levels: option maxLevels, CLI --max-levels)");
}

std::vector<std::pair<std::string, NumberForm>> CsvReader::number_forms() const {
  std::vector<std::pair<std::string, NumberForm>> forms;
  for (std::size_t j = 0; j < feature_cols_.size(); ++j)
    if (!(form_of_col_[feature_cols_[j]] == NumberForm{}))
      forms.emplace_back(feature_names_[j], form_of_col_[feature_cols_[j]]);
  return forms;
}

std::vector<std::pair<std::string, DateForm>> CsvReader::date_forms() const {
  std::vector<std::pair<std::string, DateForm>> forms;
  for (const DateColumn& d : date_cols_) forms.emplace_back(column_names_[d.column], d.form);
  return forms;
}

std::vector<std::string> CsvReader::feature_names() const {
  std::vector<std::string> names = feature_names_;
  for (const EncodedFeature& f : encoder_.features()) names.push_back(f.name);
  return names;
}

EncodedSchema CsvReader::encoded_schema() const {
  EncodedSchema s;
  if (encoder_.columns() == 0) return s;
  s.options = encoder_.options();
  for (std::uint32_t c = 0; c < encoder_.columns(); ++c)
    s.columns.push_back({encoder_.column_name(c), encoder_.column_is_text(c)});
  s.features = encoder_.features();
  return s;
}

}  // namespace onepass
