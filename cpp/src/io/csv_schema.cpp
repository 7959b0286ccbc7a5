// CsvReader's schema: what it decides from the header and the first rows (design.md 10.1: the
// header, the label column, the decimal mark, each column's role, the numeric features, the
// encoder of categorical and text columns, the positive class), and what it says of the file.
// The record splitting and row decoding of the same reader are csv_reader.cpp's; building the
// encoder, a row's encoded and date features and what a model keeps of them, csv_features.cpp's.
#include <algorithm>
#include <cmath>
#include <set>

#include "core/parse_number.hpp"
#include "io/csv_reader.hpp"

namespace onepass {

Status CsvReader::read_header(std::uint64_t line) {
  columns_ = fields_.size();
  if (columns_ > opt_.max_fields)
    return row_error(line, 0,
                     "the first record has " + std::to_string(columns_) + " fields; at most " +
                         std::to_string(opt_.max_fields) + " (option maxFields)");
  column_names_.clear();
  last_column_unnamed_ = columns_ > 0 && trim_blanks(fields_[columns_ - 1]).empty();
  for (std::size_t c = 0; c < columns_; ++c)
    column_names_.emplace_back(opt_.header ? std::string(trim_blanks(fields_[c]))
                                           : "c" + std::to_string(c + 1));
  if (opt_.header) name_columns_uniquely();
  // design.md 10.1: a file without a header read as one loses its first row, silently.
  header_all_numbers_ =
      opt_.header && !opt_.detect_header && !from_model() && columns_ >= 2 &&
      std::all_of(column_names_.begin(), column_names_.end(), [this](const std::string& name) {
        double v = 0;
        return parse_number(name, v, opt_.decimal ? opt_.decimal : '.') == NumberParse::ok;
      });
  if (header_all_numbers_)
    notices_.push_back("the header row is all numbers (" + quote_cell(column_names_[0]) + ", " +
                       quote_cell(column_names_[1]) +
                       ", ...): if the file has no header, give --no-header (JS header: false, "
                       "or 'auto' to decide), or its first row is not learned from");
  // A file to score may be its features alone, one column (the label absent).
  if (columns_ < 2 && !opt_.label_optional)
    return row_error(line, 0,
                     std::string(opt_.header ? "the header" : "the first row") + " has " +
                         std::to_string(columns_) +
                         " column; expected at least one feature and a label (is the delimiter '" +
                         std::string(1, opt_.delimiter) + "'? " + kTitleLineHint + ")");
  Status st = resolve_label();
  if (!st) return st;
  header_read_ = true;
  return Status::ok();
}

void CsvReader::name_columns_uniquely() {
  // A model matches columns by name, so two columns must never share one: an empty name
  // becomes cN, a repeated one gets ".2", ".3" (as pandas reads them), and a notice says so.
  std::map<std::string, std::size_t> count;
  std::set<std::string> taken(column_names_.begin(), column_names_.end());
  for (std::size_t c = 0; c < columns_; ++c) {
    std::string& name = column_names_[c];
    const std::string original = name;
    if (!original.empty() && ++count[original] == 1) continue;
    name = original.empty() ? "c" + std::to_string(c + 1)
                            : original + "." + std::to_string(count[original]);
    while (taken.count(name)) name += "_";
    taken.insert(name);
    notices_.push_back(
        "column " + std::to_string(c + 1) +
        (original.empty() ? " has no name" : " repeats the name " + quote_cell(original)) +
        ": it is read as " + quote_cell(name));
  }
}

Status CsvReader::resolve_label() {
  // Label column: a name first, then an index.
  bool found = false;
  if (opt_.label.empty()) {
    label_col_ = columns_ - 1;
    found = true;
  } else {
    for (std::size_t c = 0; c < columns_ && !found; ++c)
      if (column_names_[c] == opt_.label) {
        label_col_ = c;
        found = true;
      }
    double idx = 0;
    if (!found && parse_number(opt_.label, idx) == NumberParse::ok && idx == std::floor(idx)) {
      const double n = static_cast<double>(columns_);
      if (idx < 0) idx += n;
      if (idx >= 0 && idx < n) {
        label_col_ = static_cast<std::size_t>(idx);
        found = true;
      }
    }
  }
  has_label_ = found;
  if (!found && !opt_.label_optional) {
    return stop(Status::error("label column '" + opt_.label +
                              "' not found: give a column name or " +
                              "a 0-based index (-1 = last); the columns are: " + column_list()));
  }
  label_name_ = has_label_ ? column_names_[label_col_] : "";
  return Status::ok();
}

void CsvReader::decide_header() {
  // design.md 10.1: the first record is a header unless every column whose sampled values are
  // all numbers has a number in the first record too (and there is such a column).
  split(first_record_.first);
  if (fields_.size() != columns_) return;
  std::vector<std::string> first(fields_.begin(), fields_.end());
  std::vector<bool> numeric(columns_, true), seen(columns_, false);
  for (const auto& [record, line] : sample_) {
    split(record);
    if (fields_.size() != columns_) continue;
    for (std::size_t c = 0; c < columns_; ++c) {
      const std::string_view cell = trim_blanks(fields_[c]);
      if (cell.empty() || is_missing_token(cell, opt_.missing)) continue;
      double v = 0;
      seen[c] = true;
      if (parse_number(cell, v, opt_.decimal) != NumberParse::ok) numeric[c] = false;
    }
  }
  std::size_t for_data = 0, for_header = 0;
  for (std::size_t c = 0; c < columns_; ++c) {
    if (!seen[c] || !numeric[c]) continue;
    double v = 0;
    (parse_number(trim_blanks(first[c]), v, opt_.decimal) == NumberParse::ok ? for_data
                                                                             : for_header)++;
  }
  if (for_header > 0 || for_data == 0) {
    notices_.push_back("the first line is read as the header");
    return;
  }
  opt_.header = false;
  for (std::size_t c = 0; c < columns_; ++c) column_names_[c] = "c" + std::to_string(c + 1);
  sample_.insert(sample_.begin(), first_record_);
  notices_.push_back("the first line is data (no header): columns are named c1..c" +
                     std::to_string(columns_));
}

// design.md 10.1: a decimal comma when the delimiter is not ',' and the sampled cells hold
// numbers written with one ("1,5") and none written with a decimal point ("1.5"; "1.500" may
// be thousands grouped, as a decimal comma goes with).
void CsvReader::decide_decimal() {
  if (opt_.decimal != 0) return;
  opt_.decimal = '.';
  if (opt_.delimiter == ',') return;
  std::size_t with_comma = 0, with_point = 0;
  std::string example;
  for (const auto& [record, line] : sample_) {
    split(record);
    for (std::string_view field : fields_) {
      const std::string_view cell = trim_blanks(field);
      double v = 0;
      const auto reads = [&](char decimal) {
        return parse_number(cell, v, decimal) == NumberParse::ok ||
               parse_formatted_number(cell, v, decimal) == NumberParse::ok;
      };
      // A number that reads with one separator and not the other says which the file uses:
      // "1,5", "2.679,58 €" and "4,8 %" a comma; "1.5" and "$1,200.50" a point; "1.500" and
      // "$1,200" either (thousands grouped), so they say nothing. A plain "1,5" counts even
      // though it would read as thousands grouped with a point ("1,500").
      if (cell.find(',') != std::string_view::npos &&
          (parse_number(cell, v, ',') == NumberParse::ok || (reads(',') && !reads('.')))) {
        if (with_comma++ == 0) example = std::string(cell);
      } else if (cell.find('.') != std::string_view::npos && reads('.') && !reads(',')) {
        ++with_point;
      }
    }
  }
  if (with_comma == 0 || with_point > 0) return;
  opt_.decimal = ',';
  notices_.push_back("numbers are read with a decimal comma, as the sampled rows write them (" +
                     quote_cell(example) + "; option decimal, CLI --decimal)");
}

std::string CsvReader::column_list() const {
  std::string names;
  for (std::size_t c = 0; c < columns_; ++c) names += (c ? ", " : "") + column_names_[c];
  return names;
}

Status CsvReader::sample_or_build(std::string_view record, std::uint64_t line, RowBlock& out,
                                  bool& held) {
  held = false;
  if (from_model() || opt_.sample_rows == 0) return build_schema();
  sample_.emplace_back(std::string(record), line);
  if (sample_.size() < opt_.sample_rows) {
    held = true;
    return Status::ok();
  }
  held = true;
  return flush_sample(out);
}

Status CsvReader::flush_sample(RowBlock& out) {
  Status st = build_schema();
  if (!st) return st;
  std::vector<std::pair<std::string, std::uint64_t>> sample;
  sample.swap(sample_);
  for (const auto& [record, line] : sample) {
    split(record);
    st = process_fields(line, out);
    if (!st) return st;
  }
  return Status::ok();
}

// The schema (design.md 10.1): each column's role, the numeric features, the encoder of the
// categorical and text columns, from the options, the model read, or the sample's cells.
Status CsvReader::build_schema() {
  decide_decimal();
  if (opt_.detect_header && opt_.header) {
    decide_header();
    if (!opt_.header) {
      Status st = resolve_label();
      if (!st) return st;
    }
  }
  const std::vector<std::vector<std::string>> cells = sample_cells();
  std::vector<bool> set(columns_, false);
  Status st = apply_role_options(set);
  if (st) pass_over_trailing_empty_column(cells, set);
  if (st) st = assign_roles(cells, set, from_model());
  if (st) st = choose_features(from_model());
  if (st) st = build_encoder(from_model());
  if (!st) return st;
  if (dims() == 0 && encoder_.columns() == 0) {
    std::string ignored;
    for (std::size_t c = 0; c < columns_; ++c)
      if (!has_label_ || c != label_col_)
        ignored += (ignored.empty() ? "" : ", ") + column_names_[c];
    return stop(Status::error("no column is a feature: every column but the label is ignored (" +
                              ignored + "); set a column's role"));
  }
  // The fast path reads every cell that scans as a number as that number: a missing-value
  // token that is one ("-999") is only seen by the careful path, which then reads every row.
  fast_path_ = std::none_of(opt_.missing.begin(), opt_.missing.end(), [this](const std::string& t) {
    double v = 0;
    return parse_number(t, v, opt_.decimal) == NumberParse::ok;
  });
  slot_of_col_.assign(columns_, kIgnoredSlot);
  for (std::size_t j = 0; j < feature_cols_.size(); ++j)
    slot_of_col_[feature_cols_[j]] = static_cast<int>(j);
  for (std::size_t c = 0; c < columns_; ++c)
    if (role_of_col_[c] == ColumnRole::categorical || role_of_col_[c] == ColumnRole::text)
      slot_of_col_[c] = kEncodedSlot;
  date_of_col_.assign(columns_, 0);
  for (std::size_t d = 0; d < date_cols_.size(); ++d) {
    slot_of_col_[date_cols_[d].column] = kDateSlot;
    date_of_col_[date_cols_[d].column] = static_cast<std::uint32_t>(d);
  }
  if (has_label_) slot_of_col_[label_col_] = kLabelSlot;
  encoded_cells_.assign(std::count(slot_of_col_.begin(), slot_of_col_.end(), kEncodedSlot),
                        EncodedCell{});
  leading_features_ = 0;
  while (leading_features_ + 1 < columns_ &&
         slot_of_col_[leading_features_] == static_cast<int>(leading_features_))
    ++leading_features_;
  if (has_label_) {
    Status decided = decide_task(cells[label_col_]);
    if (!decided) return decided;
  }
  if (task_ == Task::binary && !from_model() && opt_.positive.empty() && has_label_)
    choose_positive(cells[label_col_]);
  // design.md 10.1: a headerless file read with a header loses its first row; when the label
  // column's name is one of its own values (raw Adult: '<=50K'), the first line was a row.
  if (opt_.header && !opt_.detect_header && !from_model() && has_label_ && !header_all_numbers_ &&
      std::find(cells[label_col_].begin(), cells[label_col_].end(), label_name_) !=
          cells[label_col_].end())
    notices_.push_back("the label column's name " + quote_cell(label_name_) +
                       " is also one of its values: if the file has no header, give --no-header "
                       "(JS header: false, or 'auto' to decide), or its first row is not learned "
                       "from");
  schema_ready_ = true;
  return Status::ok();
}

// The sample's cells, column by column (records of the wrong width are left out here and
// reported when they are read).
std::vector<std::vector<std::string>> CsvReader::sample_cells() {
  std::vector<std::vector<std::string>> cells(columns_);
  for (const auto& [record, line] : sample_) {
    split(record);
    if (fields_.size() != columns_) continue;
    for (std::size_t c = 0; c < columns_; ++c) cells[c].emplace_back(trim_blanks(fields_[c]));
  }
  return cells;
}

// The roles the options set by column name (`set` marks them), checked.
Status CsvReader::apply_role_options(std::vector<bool>& set) {
  role_of_col_.assign(columns_, ColumnRole::ignore);
  form_of_col_.assign(columns_, NumberForm{});
  date_form_of_col_.assign(columns_, DateForm{});
  column_info_.assign(columns_, ColumnInfo{});
  for (const RoleOverride& o : opt_.roles) {
    std::size_t c = 0;
    while (c < columns_ && column_names_[c] != o.column) ++c;
    if (c == columns_) {
      return stop(
          Status::error("a role is set for the column '" + o.column +
                        "', which the file does not have; the columns are: " + column_list()));
    }
    if (has_label_ && c == label_col_) {
      return stop(Status::error("the column '" + o.column + "' is the label; it cannot be " +
                                role_name(o.role)));
    }
    role_of_col_[c] = o.role;
    column_info_[c].reason = "set by option";
    set[c] = true;
  }
  return Status::ok();
}

// design.md 10.1: a delimiter at the end of every line (some exporters write one) makes a last
// column with no name and no value, which was taken for the label when none is named ("the
// label is missing" on the first row). The label is then the column before it; it is ignored.
void CsvReader::pass_over_trailing_empty_column(const std::vector<std::vector<std::string>>& cells,
                                                std::vector<bool>& set) {
  const std::size_t last = columns_ - 1;
  // "-1" names the last column: the last with a name or a value, as a user means it.
  if ((!opt_.label.empty() && opt_.label != "-1") || from_model() || !has_label_ || columns_ < 3 ||
      label_col_ != last || set[last - 1] || (opt_.header && !last_column_unnamed_) ||
      cells[last].empty())
    return;
  for (const std::string& cell : cells[last])
    if (!cell.empty()) return;
  label_col_ = last - 1;
  label_name_ = column_names_[label_col_];
  role_of_col_[last] = ColumnRole::ignore;
  column_info_[last].reason = "no name and no value: a delimiter at the end of every line";
  set[last] = true;
  notices_.push_back(
      "the last column has no name and no value (a delimiter at the end of every "
      "line): it is ignored, and the label is " +
      quote_cell(label_name_));
}

// Every other column's role: the label, the model's (when resuming or scoring), or inferred
// from the sample's cells; a date column's form, from the sample's cells too.
Status CsvReader::assign_roles(const std::vector<std::vector<std::string>>& cells,
                               const std::vector<bool>& set, bool from_model) {
  std::vector<std::string_view> views;
  for (std::size_t c = 0; c < columns_; ++c) {
    column_info_[c].name = column_names_[c];
    if (has_label_ && c == label_col_) {
      role_of_col_[c] = ColumnRole::label;
      column_info_[c].reason = "the label column";
    } else if (from_model) {
      role_of_col_[c] = ColumnRole::ignore;
      column_info_[c].reason = "not used by the model";
      for (const auto& col : opt_.encoded.columns)
        if (col.name == column_names_[c]) {
          role_of_col_[c] = col.text ? ColumnRole::text : ColumnRole::categorical;
          column_info_[c].reason = "as in the model";
        }
    } else if (!set[c]) {
      views.assign(cells[c].begin(), cells[c].end());
      InferredColumn inferred = infer_role(views, opt_.missing, opt_.decimal);
      role_of_col_[c] = inferred.role;
      column_info_[c].reason = inferred.reason;
      if (inferred.role == ColumnRole::ignore)
        notices_.push_back("column '" + column_names_[c] + "' is ignored: " + inferred.reason);
      if (inferred.role == ColumnRole::date) {
        date_form_of_col_[c] = inferred.date;
        notices_.push_back("column '" + column_names_[c] + "' is a date: " + inferred.reason +
                           " (docs/algorithms.md 1.10 says which features it gives)");
      }
      if (inferred.increasing)
        notices_.push_back("column '" + column_names_[c] + "' is numeric: " + inferred.reason +
                           " (option ignore, CLI --ignore " + column_names_[c] + ")");
      if (!(inferred.form == NumberForm{})) {  // design.md 10.1: said, as it changes values
        form_of_col_[c] = inferred.form;
        notices_.push_back("column '" + column_names_[c] + "' is numeric: " + inferred.reason);
      }
    } else if (role_of_col_[c] == ColumnRole::numeric) {  // design.md 10.1: words as inferred
      views.assign(cells[c].begin(), cells[c].end());
      const InferredColumn inferred = infer_role(views, opt_.missing, opt_.decimal);
      if (!inferred.form.missing.empty()) {  // only a numeric column's form has words
        form_of_col_[c] = inferred.form;
        notices_.push_back("column '" + column_names_[c] + "' is numeric: " + inferred.reason);
      }
    } else if (role_of_col_[c] == ColumnRole::date) {
      // A date set by option: its form from the sample (docs/algorithms.md 1.10).
      views.assign(cells[c].begin(), cells[c].end());
      const DateSample sample = sample_dates(views, opt_.missing);
      if (sample.undecided && sample.dates == 0)
        return stop(Status::error("the column '" + column_names_[c] + "' is set to date, but its " +
                                  kUndecidedDates));
      date_form_of_col_[c] = sample.form;
      column_info_[c].reason += ", " + describe_date_form(sample.form);
    }
    column_info_[c].role = role_of_col_[c];
  }
  return Status::ok();
}

// Numeric features: the model's, by name and in its order; else the numeric columns.
Status CsvReader::choose_features(bool from_model) {
  feature_cols_.clear();
  feature_names_.clear();
  date_cols_.clear();
  const auto find_column = [this](const std::string& name) {
    std::size_t c = 0;
    while (c < columns_ && (column_names_[c] != name || (has_label_ && c == label_col_))) ++c;
    return c;
  };
  if (from_model) {
    for (std::size_t i = 0; i < opt_.features.size(); ++i) {
      const std::string& name = opt_.features[i];
      // docs/algorithms.md 1.10: a date column's features, in their order.
      const auto date = std::find_if(opt_.dates.begin(), opt_.dates.end(), [&](const auto& d) {
        return date_feature_name(d.first, 0) == name;
      });
      if (date != opt_.dates.end()) {
        const std::size_t c = find_column(date->first);
        if (c == columns_)
          return stop(Status::error("the file has no column '" + date->first +
                                    "', which the model needs; the columns are: " + column_list()));
        const std::size_t count = date_feature_count(date->second);
        for (std::size_t k = 0; k < count; ++k)
          if (i + k >= opt_.features.size() ||
              opt_.features[i + k] != date_feature_name(date->first, k))
            return stop(Status::error("the model's features of the date column '" + date->first +
                                      "' are damaged"));
        role_of_col_[c] = column_info_[c].role = ColumnRole::date;
        column_info_[c].reason = "as in the model";
        date_cols_.push_back({c, feature_names_.size(), date->second});
        for (std::size_t k = 0; k < count; ++k) feature_names_.push_back(opt_.features[i + k]);
        i += count - 1;
        continue;
      }
      const std::size_t c = find_column(name);
      if (c == columns_ && has_label_ && column_names_[label_col_] == name)
        return stop(Status::error("the column '" + name +
                                  "' is one of the model's features; it cannot be the label "
                                  "(option label, CLI --label)"));
      if (c == columns_) {
        return stop(Status::error("the file has no column '" + name +
                                  "', which the model needs; the columns are: " + column_list()));
      }
      role_of_col_[c] = column_info_[c].role = ColumnRole::numeric;
      column_info_[c].reason = "as in the model";
      for (const auto& [column, form] : opt_.number_forms)
        if (column == name) form_of_col_[c] = form;
      if (!date_cols_.empty())
        return stop(Status::error("the model's numeric feature '" + name +
                                  "' comes after a date column's; its features are damaged"));
      feature_cols_.push_back(c);
      feature_names_.push_back(name);
    }
  } else {
    for (std::size_t c = 0; c < columns_; ++c)
      if (role_of_col_[c] == ColumnRole::numeric) {
        feature_cols_.push_back(c);
        feature_names_.push_back(column_names_[c]);
      }
    // The date columns' features follow the numeric columns (docs/algorithms.md 1.10).
    for (std::size_t c = 0; c < columns_; ++c)
      if (role_of_col_[c] == ColumnRole::date) {
        date_cols_.push_back({c, feature_names_.size(), date_form_of_col_[c]});
        for (std::size_t k = 0; k < date_feature_count(date_form_of_col_[c]); ++k)
          feature_names_.push_back(date_feature_name(column_names_[c], k));
      }
  }
  return Status::ok();
}

Status CsvReader::decide_task(const std::vector<std::string>& labels) {
  std::vector<std::string_view> present;
  for (const std::string& raw : labels) {
    const std::string_view v = trim_label(raw);
    if (!v.empty() && !is_missing_token(v, opt_.missing)) present.push_back(v);
  }
  TaskDecision d = detect_task(present, labels.size(), label_name_);
  if (!opt_.positive.empty()) {
    // A class named positive makes the task binary: that class against the rest.
    if (opt_.task_given && opt_.task != Task::binary)
      return stop(Status::error(std::string("the positive class makes the task binary (one class "
                                            "against the rest); the task given is ") +
                                task_name(opt_.task) + ": give one or the other"));
    if (d.task != Task::binary) {
      labels_.against_rest();
      notices_.push_back("labels: '" + opt_.positive + "' against the rest (" + d.reason +
                         "; the positive class is named)");
    }
    return Status::ok();
  }
  if (opt_.task_given) {
    task_ = opt_.task;
    if (task_ != d.task)
      notices_.push_back(
          std::string("task ") + task_name(task_) + ", as given (" +
          (d.task == Task::binary ? "the sampled labels have two values" : d.reason) + ")");
  } else if (from_model()) {
    task_ = opt_.task;
  } else if (d.task == Task::binary && opt_.two_values_as != Task::binary) {
    task_ = opt_.two_values_as;
    notices_.push_back(std::string("task ") + task_name(task_) +
                       ": the label has two values, and every pipeline learns " + task_name(task_) +
                       "; set the task (option task, CLI --task) to choose "
                       "another");
  } else {
    task_ = d.task;
    if (task_ != Task::binary)
      notices_.push_back(std::string("task ") + task_name(task_) + ": " + d.reason +
                         "; set the task (option task, CLI --task) to choose another");
  }
  if (task_ == Task::multiclass) classes_.set(opt_.classes);
  return Status::ok();
}

void CsvReader::choose_positive(const std::vector<std::string>& labels) {
  // design.md 10.4: numbers 1 and 0 (or -1) keep the numeric rule; otherwise a value named like
  // the positive class, else the sample's minority class.
  std::vector<std::pair<std::string, std::size_t>> counts;
  bool numeric = true;
  for (const std::string& raw : labels) {
    const std::string_view v = trim_label(raw);
    if (v.empty() || is_missing_token(v, opt_.missing)) continue;  // a missing label
    double x = 0;
    if (parse_number(v, x) != NumberParse::ok || (x != 1 && x != 0 && x != -1)) numeric = false;
    std::size_t k = 0;
    while (k < counts.size() && counts[k].first != v) ++k;
    if (k == counts.size()) {
      if (counts.size() == 3) continue;  // a third value: reported row by row
      counts.emplace_back(std::string(v), 0);
    }
    ++counts[k].second;
  }
  if (numeric || counts.empty()) return;
  const auto lower = [](std::string s) {
    for (char& c : s)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
  };
  std::size_t pick = counts.size();
  for (std::size_t k = 0; k < counts.size() && pick == counts.size(); ++k)
    for (const char* name : {"1", "yes", "y", "true", "positive", "pos"})
      if (lower(counts[k].first) == name) pick = k;
  std::string why;
  if (pick < counts.size()) {
    why = "it reads as the positive class";
  } else {
    pick = 0;
    for (std::size_t k = 1; k < counts.size(); ++k)
      if (counts[k].second < counts[pick].second) pick = k;
    why = counts.size() == 1
              ? "the only label of the first " + std::to_string(labels.size()) +
                    " rows (the file may be sorted by class): any other value is the negative "
                    "class"
              : "the minority class of the first " + std::to_string(labels.size()) + " rows (" +
                    std::to_string(counts[pick].second) + " rows)";
  }
  labels_ = LabelMap(counts[pick].first, false);
  notices_.push_back("positive class '" + counts[pick].first + "': " + why +
                     "; set the positive class to choose another");
}

void CsvReader::keep_for_preview() {
  if (kept_rows_.size() < opt_.keep_rows) {
    kept_rows_.emplace_back();
    for (std::string_view f : fields_) kept_rows_.back().emplace_back(trim_blanks(f));
  }
  if (has_label_ && rows_ + skipped_ < std::max<std::size_t>(opt_.sample_rows, 1))
    ++label_counts_[std::string(trim_label(fields_[label_col_]))];
}

std::vector<std::string> CsvReader::warnings(bool label_runs) const {
  std::vector<std::string> w;
  if (schema_ready_ && rows_ == 0 && skipped_ == 0)
    w.push_back("the input has a header but no data rows");
  if (task_ == Task::binary) {
    if (rows_ > 0 && positives_ == 0 && !opt_.positive.empty())
      w.push_back("no row has " + quote_cell(opt_.positive) +
                  ", the positive class named (option 'positive', CLI --positive): all " +
                  std::to_string(rows_) + " rows are " + quote_cell(labels_.negative_label()) +
                  ", so the model cannot separate classes");
    else if (rows_ > 0 && (positives_ == 0 || positives_ == rows_))
      w.push_back("only one class in " + std::to_string(rows_) + " rows (all " +
                  (positives_ ? "positive" : "negative") +
                  "): progressive error is meaningful, but the model cannot separate classes");
  } else if (task_ == Task::multiclass && rows_ > 0 && classes_.names().size() == 1) {
    w.push_back("only one class in " + std::to_string(rows_) + " rows (" +
                quote_cell(classes_.names()[0]) +
                "): progressive error is meaningful, but the model cannot separate classes");
  }
  // The sorted-by-class warning of the labels in file order (a shuffled stream says its own).
  const std::string runs = !label_runs                 ? ""
                           : task_ == Task::binary     ? label_runs_.warning()
                           : task_ == Task::multiclass ? class_runs_.warning()
                                                       : "";
  if (!runs.empty()) w.push_back(runs);
  if (skipped_ > 0)
    w.push_back(std::to_string(skipped_) + " bad rows skipped (the first " +
                std::to_string(errors_.size()) + " are listed)");
  return w;
}

}  // namespace onepass
