#include "onepass/api/csv_options.hpp"

#include <cstdlib>
#include <cstring>

#include "core/limits.hpp"
#include "pipeline/class_weights.hpp"

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

namespace {

using Info = CsvOptionInfo;

Status whole(const Info& i, const std::string& v, std::size_t& out) {
  return whole_number(i.name, v, i.min, i.max, out);
}

// The error of a value v that option i refuses: it names what the option takes.
Status refused(const Info& i, const char* takes, const std::string& v) {
  return Status::error(std::string("option ") + i.name + " must be " + takes + ", got '" + v + "'");
}

Status true_or_false(const Info& i, const std::string& v, bool& out) {
  if (v != "true" && v != "false") return refused(i, "true or false", v);
  out = v == "true";
  return Status::ok();
}

// An option of one character: out = v's (0 for an empty v) when `ok` says v is allowed.
Status one_character(const Info& i, const std::string& v, bool ok, const char* takes, char& out) {
  if (!ok) return refused(i, takes, v);
  out = v.empty() ? 0 : v[0];
  return Status::ok();
}

// As pandas' na_values and keep_default_na: the cells given add to the defaults, which
// defaultMissing: false leaves out, whichever option comes first. An empty cell is missing
// whatever the list says (the reader reads it so): it stays in.
Status missing_tokens(CsvOptions& o) {
  o.missing = o.default_missing ? default_missing_tokens() : std::vector<std::string>{""};
  o.missing.insert(o.missing.end(), o.missing_given.begin(), o.missing_given.end());
  return Status::ok();
}

Status roles(CsvOptions& o, const Info& i, const std::string& v) {
  ColumnRole role = ColumnRole::numeric;
  parse_role(i.name, role);
  for (const std::string& column : split_list(v)) o.roles.push_back({column, role});
  return Status::ok();
}

}  // namespace

// The one list of CSV options: each row its name, help, flag, bounds and what it sets.
const std::vector<CsvOptionInfo>& csv_option_infos() {
  static const std::vector<CsvOptionInfo> infos = {
      {"label", "the label column: a header name or a 0-based index (-1: last; default)", "--label",
       nullptr, false,
       [](CsvOptions& o, const Info&, const std::string& v) {
         o.label = v;
         return Status::ok();
       }},
      {"positive", "the positive class's value (default: 1 for numeric labels, else chosen)",
       "--positive", nullptr, true,
       [](CsvOptions& o, const Info&, const std::string& v) {
         o.positive = v;
         return Status::ok();
       }},
      {"task",
       "binary, multiclass or regression (default: decided from the label's sampled values; "
       "svmlight rows: binary)",
       "--task", nullptr, true,
       [](CsvOptions& o, const Info&, const std::string& v) {
         if (!parse_task(v, o.task))
           return Status::error(std::string("option task must be ") + kTaskNames + ", got '" + v +
                                "'");
         o.task_given = true;
         return Status::ok();
       }},
      {"classWeight",
       "balanced (each class weighted by the inverse of its share so far) or class=weight "
       "pairs, e.g. yes=5,no=1 (default: every row 1)",
       "--class-weight", nullptr, false,
       [](CsvOptions& o, const Info&, const std::string& v) {
         Result<ClassWeightRequest> parsed = parse_class_weights(v);
         if (!parsed) return parsed.status();
         o.class_weight = class_weight_text(parsed.value());
         return Status::ok();
       }},
      {"header",
       "false: the file has no header row (columns c1..cN); auto: decided from the "
       "first rows",
       "--no-header", "false", false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         if (v != "true" && v != "false" && v != "auto")
           return refused(i, "true, false or auto", v);
         o.header = v != "false";
         o.detect_header = v == "auto";
         return Status::ok();
       }},
      {"delimiter", "',' ';' tab '|' or any one character (default: detected)", "--delimiter",
       nullptr, false,
       [](CsvOptions& o, const Info&, const std::string& v) {
         if (v == "\\t" || v == "tab")
           o.delimiter = '\t';
         else if (v.size() == 1 && v[0] != '"' && v[0] != '\n' && v[0] != '\r')
           o.delimiter = v[0];
         else
           return Status::error(
               "option delimiter must be one character (not a quote or a line "
               "break), or 'tab'; got '" +
               v + "'");
         return Status::ok();
       }},
      {"decimal",
       "the decimal separator, '.' or ',' (default: ',' when the sampled rows write numbers "
       "so and the delimiter is not ',')",
       "--decimal", nullptr, false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         return one_character(i, v, v == "." || v == ",", "'.' or ','", o.decimal);
       }},
      {"skipLines", "lines to pass over before the header (or the first row)", "--skip-lines",
       nullptr, false,
       [](CsvOptions& o, const Info& i, const std::string& v) { return whole(i, v, o.skip_lines); },
       0, 1000000},
      {"comment", "lines starting with this character are passed over ('|' in adult.test)",
       "--comment", nullptr, false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         return one_character(i, v, v.size() <= 1 && v != "\"" && v != "\n", "one character",
                              o.comment);
       }},
      {"missing",
       "cells that also stand for a missing value, besides the defaults ('', ?, NA, N/A, n/a, "
       "NaN, nan, null, NULL, None, #N/A, a spreadsheet's #DIV/0! and other errors, ...)",
       "--na", nullptr, false,
       [](CsvOptions& o, const Info&, const std::string& v) {
         o.missing_given = v.empty() ? std::vector<std::string>{""} : split_list(v);
         return missing_tokens(o);
       }},
      {"defaultMissing",
       "false: only the cells given by missing (and an empty cell) stand for a missing value",
       "--no-default-na", "false", false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         Status st = true_or_false(i, v, o.default_missing);
         return st ? missing_tokens(o) : st;
       }},
      {"labelTrim", "characters trimmed from both ends of label values ('.' for '>50K.')",
       "--label-trim", nullptr, false,
       [](CsvOptions& o, const Info&, const std::string& v) {
         o.label_trim = v;
         return Status::ok();
       }},
      {"numeric", "columns read as numbers", "--numeric", nullptr, false, roles},
      {"categorical", "columns whose values are categories (one feature per value)",
       "--categorical", nullptr, false, roles},
      {"text", "columns of free text (hashed word counts)", "--text", nullptr, false, roles},
      {"ignore", "columns left out", "--ignore", nullptr, false, roles},
      {"date", "columns of dates and times (days since 1970, weekday, month and hour as features)",
       "--date", nullptr, false, roles},
      {"sampleRows", "rows read to infer column roles (0: every column numeric)", "--sample-rows",
       nullptr, false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         return whole(i, v, o.sample_rows);
       },
       0, 100000},
      {"maxLevels", "named values per categorical column before hashing", "--max-levels", nullptr,
       false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         return whole(i, v, o.encoder.max_levels);
       },
       0, kMaxLevels},
      {"levelBuckets", "hashed buckets per categorical column past maxLevels", "--level-buckets",
       nullptr, false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         return whole(i, v, o.encoder.level_buckets);
       },
       1, kMaxLevelBuckets},
      {"textBits", "2^bits hashed buckets per text column", "--text-bits", nullptr, false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         std::size_t bits = 0;
         Status st = whole(i, v, bits);
         o.encoder.text_bits = static_cast<int>(bits);
         return st;
       },
       1, kMaxTextBits},
      {"maxRecordBytes",
       "the longest record, in bytes (default 1048576): a stray quote cannot "
       "swallow the stream",
       "--max-record-bytes", nullptr, false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         return whole(i, v, o.max_record_bytes);
       },
       16, kMaxRecordBytes},
      {"maxFields", "the most columns a file may have (default 100000)", "--max-fields", nullptr,
       false,
       [](CsvOptions& o, const Info& i, const std::string& v) { return whole(i, v, o.max_fields); },
       2, kMaxFields},
      {"scaleEncoded",
       "true: the scalers also scale categorical and text features (online "
       "scalers only)",
       "--scale-encoded", "true", false,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         return true_or_false(i, v, o.scale_encoded);
       }},
      {"onError", "stop (default) at the first bad row, or skip bad rows and count them",
       "--skip-bad-rows", "skip", true,
       [](CsvOptions& o, const Info& i, const std::string& v) {
         if (v != "stop" && v != "skip") return refused(i, "'stop' or 'skip'", v);
         o.on_error = v == "skip" ? ErrorPolicy::skip : ErrorPolicy::stop;
         return Status::ok();
       }},
  };
  return infos;
}

const CsvOptionInfo* csv_option_of_flag(const std::string& flag) {
  for (const auto& info : csv_option_infos())
    if (flag == info.flag) return &info;
  return nullptr;
}

Status set_csv_option(CsvOptions& o, const std::string& name, const std::string& value) {
  for (const auto& info : csv_option_infos())
    if (name == info.name) return info.set(o, info, value);
  std::string known;
  for (const auto& info : csv_option_infos())
    known += (known.empty() ? "" : ", ") + std::string(info.name);
  return Status::error("unknown CSV option '" + name + "'; the options are: " + known);
}

namespace {

// Whether a whole-number option's value lies within its bounds in the table, or the error the
// option's own flag would give for it.
Status within_table_bounds(const char* name, std::size_t value) {
  for (const Info& info : csv_option_infos())
    if (std::strcmp(info.name, name) == 0) {
      std::size_t out = 0;
      return whole(info, std::to_string(value), out);
    }
  return Status::ok();
}

}  // namespace

Status check_csv_options(const CsvOptions& o) {
  if (o.decimal != 0 && o.decimal == o.delimiter)
    return Status::error("the delimiter and the decimal separator are both '" +
                         std::string(1, o.delimiter) + "'");
  for (std::size_t i = 0; i < o.roles.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (o.roles[i].column == o.roles[k].column && o.roles[i].role != o.roles[k].role)
        return Status::error("the column '" + o.roles[i].column + "' is given two roles: " +
                             role_name(o.roles[k].role) + " and " + role_name(o.roles[i].role));
  // The bounds the options' table gives hold for options set directly too (a front end that
  // builds CsvOptions itself).
  if (Status st = within_table_bounds("maxRecordBytes", o.max_record_bytes); !st) return st;
  if (Status st = within_table_bounds("maxFields", o.max_fields); !st) return st;
  return check_encoder_options(o.encoder);
}

}  // namespace onepass
