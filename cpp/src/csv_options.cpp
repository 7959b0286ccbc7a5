#include "onepass/api/csv_options.hpp"

#include <cstdlib>

namespace onepass {

namespace {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  std::size_t b = 0;
  for (;;) {
    const std::size_t e = text.find(',', b);
    out.push_back(text.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) return out;
    b = e + 1;
  }
}

}  // namespace

Status whole_number(const std::string& name, const std::string& text, std::size_t lo,
                    std::size_t hi, std::size_t& out) {
  char* end = nullptr;
  const unsigned long long v =
      text.empty() || text[0] == '-' ? 0 : std::strtoull(text.c_str(), &end, 10);
  if (!end || *end != '\0' || v < lo || v > hi) {
    // Both names: the JS option's, and the CLI flag a command line gave it by.
    std::string flag;
    for (const auto& info : csv_option_infos())
      if (name == info.name) flag = std::string(" (CLI ") + info.flag + ")";
    return Status::error("option " + name + flag + " must be a whole number from " +
                         std::to_string(lo) + " to " + std::to_string(hi) + ", got '" + text + "'");
  }
  out = static_cast<std::size_t>(v);
  return Status::ok();
}

const std::vector<CsvOptionInfo>& csv_option_infos() {
  static const std::vector<CsvOptionInfo> infos = {
      {"label", "the label column: a header name or a 0-based index (-1: last; default)",
       "--label"},
      {"positive", "the positive class's value (default: 1 for numeric labels, else chosen)",
       "--positive", nullptr, true},
      {"header",
       "false: the file has no header row (columns c1..cN); auto: decided from the "
       "first rows",
       "--no-header", "false"},
      {"delimiter", "',' ';' tab '|' or any one character (default: detected)", "--delimiter"},
      {"decimal",
       "the decimal separator, '.' or ',' (default: ',' when the sampled rows write numbers "
       "so and the delimiter is not ',')",
       "--decimal"},
      {"skipLines", "lines to pass over before the header (or the first row)", "--skip-lines"},
      {"comment", "lines starting with this character are passed over ('|' in adult.test)",
       "--comment"},
      {"missing",
       "cells that also stand for a missing value, besides the defaults ('', ?, NA, N/A, n/a, "
       "NaN, nan, null, NULL, None, #N/A, a spreadsheet's #DIV/0! and other errors, ...)",
       "--na"},
      {"defaultMissing",
       "false: only the cells given by missing (and an empty cell) stand for a missing value",
       "--no-default-na", "false"},
      {"labelTrim", "characters trimmed from both ends of label values ('.' for '>50K.')",
       "--label-trim"},
      {"numeric", "columns read as numbers", "--numeric"},
      {"categorical", "columns whose values are categories (one feature per value)",
       "--categorical"},
      {"text", "columns of free text (hashed word counts)", "--text"},
      {"ignore", "columns left out", "--ignore"},
      {"sampleRows", "rows read to infer column roles (0: every column numeric)", "--sample-rows"},
      {"maxLevels", "named values per categorical column before hashing", "--max-levels"},
      {"levelBuckets", "hashed buckets per categorical column past maxLevels", "--level-buckets"},
      {"textBits", "2^bits hashed buckets per text column", "--text-bits"},
      {"maxRecordBytes",
       "the longest record, in bytes (default 1048576): a stray quote cannot "
       "swallow the stream",
       "--max-record-bytes"},
      {"maxFields", "the most columns a file may have (default 100000)", "--max-fields"},
      {"scaleEncoded",
       "true: the scalers also scale categorical and text features (online "
       "scalers only)",
       "--scale-encoded", "true"},
      {"onError", "stop (default) at the first bad row, or skip bad rows and count them",
       "--skip-bad-rows", "skip", true},
  };
  return infos;
}

const CsvOptionInfo* csv_option_of_flag(const std::string& flag) {
  for (const auto& info : csv_option_infos())
    if (flag == info.flag) return &info;
  return nullptr;
}

Status set_csv_option(CsvOptions& o, const std::string& name, const std::string& value) {
  if (name == "label") {
    o.label = value;
  } else if (name == "positive") {
    o.positive = value;
  } else if (name == "header") {
    if (value != "true" && value != "false" && value != "auto")
      return Status::error("option header must be true, false or auto, got '" + value + "'");
    o.header = value != "false";
    o.detect_header = value == "auto";
  } else if (name == "delimiter") {
    if (value == "\\t" || value == "tab")
      o.delimiter = '\t';
    else if (value.size() == 1 && value[0] != '"' && value[0] != '\n' && value[0] != '\r')
      o.delimiter = value[0];
    else
      return Status::error(
          "option delimiter must be one character (not a quote or a line "
          "break), or 'tab'; got '" +
          value + "'");
  } else if (name == "decimal") {
    if (value != "." && value != ",")
      return Status::error("option decimal must be '.' or ',', got '" + value + "'");
    o.decimal = value[0];
  } else if (name == "skipLines") {
    return whole_number(name, value, 0, 1000000, o.skip_lines);
  } else if (name == "comment") {
    if (value.size() > 1 || value == "\"" || value == "\n")
      return Status::error("option comment must be one character, got '" + value + "'");
    o.comment = value.empty() ? 0 : value[0];
  } else if (name == "missing" || name == "defaultMissing") {
    // As pandas' na_values and keep_default_na: the cells given add to the defaults, which
    // defaultMissing: false leaves out, whichever option comes first.
    if (name == "missing") {
      o.missing_given = split_list(value);
      if (value.empty()) o.missing_given = {""};
    } else if (value == "true" || value == "false") {
      o.default_missing = value == "true";
    } else {
      return Status::error("option defaultMissing must be true or false, got '" + value + "'");
    }
    // An empty cell is missing whatever the list says (the reader reads it so): it stays in.
    o.missing = o.default_missing ? default_missing_tokens() : std::vector<std::string>{""};
    o.missing.insert(o.missing.end(), o.missing_given.begin(), o.missing_given.end());
  } else if (name == "labelTrim") {
    o.label_trim = value;
  } else if (name == "numeric" || name == "categorical" || name == "text" || name == "ignore") {
    ColumnRole role = ColumnRole::numeric;
    parse_role(name, role);
    for (const std::string& column : split_list(value)) o.roles.push_back({column, role});
  } else if (name == "sampleRows") {
    return whole_number(name, value, 0, 100000, o.sample_rows);
  } else if (name == "maxLevels") {
    return whole_number(name, value, 0, 1000000, o.encoder.max_levels);
  } else if (name == "levelBuckets") {
    return whole_number(name, value, 1, 1u << 20, o.encoder.level_buckets);
  } else if (name == "textBits") {
    std::size_t bits = 0;
    Status st = whole_number(name, value, 1, 24, bits);
    o.encoder.text_bits = static_cast<int>(bits);
    return st;
  } else if (name == "maxRecordBytes") {
    return whole_number(name, value, 16, std::size_t{1} << 30, o.max_record_bytes);
  } else if (name == "maxFields") {
    return whole_number(name, value, 2, 10000000, o.max_fields);
  } else if (name == "scaleEncoded") {
    if (value != "true" && value != "false")
      return Status::error("option scaleEncoded must be true or false, got '" + value + "'");
    o.scale_encoded = value == "true";
  } else if (name == "onError") {
    if (value != "stop" && value != "skip")
      return Status::error("option onError must be 'stop' or 'skip', got '" + value + "'");
    o.on_error = value == "skip" ? ErrorPolicy::skip : ErrorPolicy::stop;
  } else {
    std::string known;
    for (const auto& info : csv_option_infos())
      known += (known.empty() ? "" : ", ") + std::string(info.name);
    return Status::error("unknown CSV option '" + name + "'; the options are: " + known);
  }
  return Status::ok();
}

Status check_csv_options(const CsvOptions& o) {
  if (o.decimal != 0 && o.decimal == o.delimiter)
    return Status::error("the delimiter and the decimal separator are both '" +
                         std::string(1, o.delimiter) + "'");
  for (std::size_t i = 0; i < o.roles.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (o.roles[i].column == o.roles[k].column && o.roles[i].role != o.roles[k].role)
        return Status::error("the column '" + o.roles[i].column + "' is given two roles: " +
                             role_name(o.roles[k].role) + " and " + role_name(o.roles[i].role));
  return check_encoder_options(o.encoder);
}

}  // namespace onepass
