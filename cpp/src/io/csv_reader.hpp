// Streaming CSV reader: bytes arrive in chunks of any size (a row, a number or a "\r\n" may be
// split between chunks); complete rows come out as dense feature vectors with labels in
// {-1,+1} (spec 1.1). Header row, label column by name or index, quoted fields (RFC 4180, with
// "" for a quote and line breaks inside quotes; a quote elsewhere than at a field's start is a
// character, io/csv_quoting.hpp), LF or CRLF, a UTF-8 byte-order mark, blank
// lines skipped. An empty cell is a missing value (NaN, counted). A bad row (wrong number of
// fields, a cell that is not a finite number, a missing or third label value) gives an error
// naming its line and column; the caller chooses to stop there or to skip and count it.
// Real files (design.md section 10): lines to skip before the header, no header (columns c1..cN),
// the delimiter detected, missing-value tokens, and column roles: numbers are features as they are,
// categorical and text columns are encoded (io/feature_encoder.hpp) into features appended after
// the numeric ones, so the width may grow during the stream. Roles are inferred from the first
// `sample_rows` data rows (io/column_roles.hpp), which the reader holds until it has decided.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/limits.hpp"
#include "core/parse_number.hpp"
#include "core/sparse_row.hpp"
#include "core/status.hpp"
#include "io/column_roles.hpp"
#include "io/csv_quoting.hpp"
#include "io/feature_encoder.hpp"
#include "io/label_map.hpp"
#include "io/row_block.hpp"
#include "io/row_error.hpp"
#include "io/row_values.hpp"

namespace onepass {

// A model's encoded columns (design.md 10.2, 10.3): read the same way when it scores or resumes.
struct EncodedSchema {
  EncoderOptions options;
  struct Column {
    std::string name;
    bool text = false;
  };
  std::vector<Column> columns;
  std::vector<EncodedFeature> features;
};

struct CsvOptions {
  char delimiter = 0;  // 0: detected from the first records (',', ';', tab or '|')
  bool header = true;  // false: columns are named c1..cN
  // Decide from the sample whether the first line is a header (design.md 10.1); `header`
  // then only says what to assume until then.
  bool detect_header = false;
  // The decimal separator of numbers: '.' or ','; 0: ',' when the sampled rows write numbers so
  // and the delimiter is not ',', else '.' (design.md 10.1).
  char decimal = 0;
  std::size_t skip_lines = 0;  // lines before the header (or the first row) to pass over
  char comment = 0;            // lines starting with this character are passed over (0: none)
  // Bounds on one record: its bytes, quoted line breaks included, and the number of
  // columns. A longer record is a bad row named by the line and column of the quote that
  // opened it; under skip, reading goes on at the next line break after the bound.
  std::size_t max_record_bytes = kDefaultMaxRecordBytes;
  std::size_t max_fields = 100000;
  // Cells (after trimming blanks) that stand for a missing value, in every role. The options
  // (set_csv_option) make it the defaults, unless defaultMissing is false, and the cells given.
  std::vector<std::string> missing = default_missing_tokens();
  std::vector<std::string> missing_given;  // option missing (CLI --na)
  bool default_missing = true;             // option defaultMissing (CLI --no-default-na)
  // Characters trimmed from both ends of every label value ("." for Adult's ">50K.").
  std::string label_trim;
  // Roles set by column name; the others are inferred from the first sample_rows rows.
  std::vector<RoleOverride> roles;
  std::size_t sample_rows = 1000;
  EncoderOptions encoder;
  // The pipelines' scalers also scale the encoded features (design.md 10.5; off: they reach
  // the learner as they are). A runner reads it; the reader does not.
  bool scale_encoded = false;
  // Label column: a header name, or a 0-based index ("-1" is the last). Empty: the last column.
  std::string label;
  // The label value of the positive class. Empty: labels must be numbers, 1 is positive and
  // 0 or -1 negative (spec 1.1).
  std::string positive;
  // The negative label of a model trained further (read_as_model), known from the start; "" for
  // a new run, which learns it from the rows.
  std::string negative;
  // The task (docs/algorithms.md 1.8): decided from the sampled labels unless given. A model's
  // classes, in order, keep their indices when it is trained further.
  bool task_given = false;
  Task task = Task::binary;
  // What a label of two values is read as when the task is not given: binary, or the task of
  // the pipelines when all of them learn another (a multiclass learner on two classes).
  Task two_values_as = Task::binary;
  std::vector<std::string> classes;
  // Class weights (docs/algorithms.md 4.28): "balanced", or "class=weight,..." by the label's
  // values; "" for none. Checked when set (parse_class_weights); the runner applies it.
  std::string class_weight;
  ErrorPolicy on_error = ErrorPolicy::stop;
  std::size_t max_messages = 100;  // error messages kept (all are counted)
  // Numeric features by header name, in this order (a model's schema), and the model's encoded
  // columns; other columns are ignored and no role is inferred. Empty: roles decide.
  std::vector<std::string> features;
  // How the model's numeric columns were written, by column name (those not plain numbers).
  std::vector<std::pair<std::string, NumberForm>> number_forms;
  // The model's date columns by name, each with its form; their features are among `features`
  // (docs/algorithms.md 1.10).
  std::vector<std::pair<std::string, DateForm>> dates;
  EncodedSchema encoded;
  bool freeze_encoder = false;  // scoring with a model: no new level or word becomes a feature
  // A file without the label column (named by `label`) is read with label 0 on every row
  // (for predicting); otherwise that is an error.
  bool label_optional = false;
  // A preview (api/csv_preview.hpp): keep the first keep_rows data rows' cells and count the
  // label values of the sampled rows.
  std::size_t keep_rows = 0;
};

// What a block of whole records read apart gave (CsvReader::read_apart; docs/design.md, "Every
// core"): the counts the stream's own reader adds as if it had read the block.
struct ApartCounts {
  std::uint64_t bytes = 0, lines = 0, rows = 0, positives = 0, missing = 0;
};

// How the reader read the file: the delimiter, each column's role and why, and notices (the
// positive class it chose, columns it ignores).
struct ColumnInfo {
  std::string name;
  ColumnRole role = ColumnRole::numeric;
  std::string reason;
};

// A record as the reader takes it: a UTF-8 byte-order mark on line 1 and a final '\r' come off
// `record`; false when the reader passes over it (a line before skip_lines, a comment, a blank
// line). The one rule for the reader and for cutting a file into parts (api/csv_cuts.hpp).
bool record_is_read(std::string_view& record, std::uint64_t line, const CsvOptions& options);

// A line of text above the table (a title, a note) is read as its first record.
inline constexpr const char* kTitleLineHint =
    "a title line above the table? pass it over with option skipLines (CLI --skip-lines) or "
    "comment (CLI --comment)";

class CsvReader : public RowCounter {
 public:
  explicit CsvReader(CsvOptions options)
      : opt_(std::move(options)), missing_tokens_(opt_.missing), labels_(opt_.positive) {
    labels_.know_negative(opt_.negative);
  }

  // Appends the complete rows of this chunk to out and keeps a partial record for the next.
  // With ErrorPolicy::stop the first bad row ends the stream: its error is returned (now and by
  // every later call), the rows before it are in out. Header errors always stop.
  Status feed(const char* data, std::size_t size, RowBlock& out);
  // End of input: parses a last record that has no line break.
  Status finish(RowBlock& out);

  // The numeric features (the date columns' among them); the encoded ones follow them (width()
  // in all).
  std::size_t dims() const { return feature_names_.size(); }
  std::size_t width() const { return encoder_.columns() ? encoder_.width() : dims(); }
  // Every feature's name: the numeric ones, then the encoded ones ("color=red", "review:good").
  std::vector<std::string> feature_names() const;
  const std::vector<std::string>& numeric_names() const { return feature_names_; }
  const std::string& label_name() const { return label_name_; }
  bool has_label() const { return has_label_; }
  bool schema_ready() const { return schema_ready_; }
  const std::string& label_trim() const { return opt_.label_trim; }
  bool has_header() const { return opt_.header; }
  char delimiter() const { return opt_.delimiter; }
  char decimal() const { return opt_.decimal; }
  const std::vector<ColumnInfo>& columns() const { return column_info_; }
  // The numeric features' forms that are not plain numbers, by name (a model keeps them).
  std::vector<std::pair<std::string, NumberForm>> number_forms() const;
  // The date columns by name, with their forms (a model keeps them).
  std::vector<std::pair<std::string, DateForm>> date_forms() const;
  const std::vector<std::string>& notices() const { return notices_; }
  const FeatureEncoder& encoder() const { return encoder_; }
  const std::vector<std::vector<std::string>>& kept_rows() const { return kept_rows_; }
  const std::map<std::string, std::uint64_t>& label_counts() const { return label_counts_; }
  // The encoded columns and features, for a model (empty when there are none).
  EncodedSchema encoded_schema() const;

  std::uint64_t missing_cells() const { return missing_; }
  // What the labels turned out to be: "1" / "0" or the two strings seen.
  std::string positive_label() const { return labels_.positive_label(); }
  std::string negative_label() const { return labels_.negative_label(); }
  // Labels are read by the numeric rule (1 positive, 0 or -1 negative; design.md 10.4).
  bool numeric_labels() const { return labels_.numeric(); }
  // The task (docs/algorithms.md 1.8), known once the schema is ready, and the classes of a
  // multiclass label so far, in the order of their indices.
  Task task() const { return task_; }
  const std::vector<std::string>& classes() const { return classes_.names(); }
  // Conditions worth telling the user that are not row errors (empty file, one class only).
  // label_runs: false leaves out the file-order runs warning (a shuffled stream says its own).
  std::vector<std::string> warnings(bool label_runs = true) const;
  // LabelRuns::long_runs of the labels read so far, in file order.
  std::string long_label_runs() const { return label_runs_.long_runs(); }
  // The last-label baseline of the labels read so far, in file order (docs/algorithms.md 6.5);
  // none for a regression label.
  LastLabelBaseline last_label() const { return last_label_of(task_, label_runs_, class_runs_); }

  // Parallel parsing (docs/design.md, "Every core"). A reader that has been fed the same head of
  // a stream as the stream's own reader holds the same schema, so it can read later blocks of
  // whole records on another thread. can_read_apart: nothing a later row could change is still
  // open: the schema is ready, no column is encoded (new levels take indices in the order they
  // appear), both labels are known, no record is pending and the stream has not failed.
  bool can_read_apart() const;
  // Reads a block of whole records (it ends with a line break and holds no quote) into `out`
  // (cleared first) and says what it counted. False when the stream's own reader must read the
  // block instead (a bad row, a quote, a cut record): `out` is then not to be used. The reader
  // that reads apart should skip bad rows (ErrorPolicy::skip) so that one stays usable.
  bool read_apart(const char* data, std::size_t size, RowBlock& out, ApartCounts& counts);
  // The stream's own reader counts a block read apart, with its counts.rows labels in order.
  void count_apart(const ApartCounts& counts, const std::int8_t* y);

 private:
  Status process(std::string_view record, std::uint64_t line, RowBlock& out);
  // The columns come from a model (options features, encoded): no role is inferred.
  bool from_model() const;
  // No delimiter given: holds the first records to detect it from (detect_delimiter), until two
  // in a row split alike, or kDelimiterRecords, or kDelimiterBytes of them; then reads them.
  Status hold_for_delimiter(std::string_view record, std::uint64_t line, RowBlock& out);
  Status settle_delimiter(RowBlock& out);
  std::vector<std::string_view> delimiter_records() const;  // the records held, as views
  // The fast path: one pass over a plain row at the start of [begin, end) (no quotes, the right
  // number of cells, well-formed numbers in the numeric ones, a known label, its line break in
  // this chunk); categorical and text cells are encoded once the whole row has read well.
  // Returns the bytes it used, line break included, with the row added to `out`; 0 leaves
  // everything as it was, for the careful way (process) to read the record and name any error.
  // kNewlineAhead: a '\n' lies between begin and end (no end check per character). kDecimal:
  // opt_.decimal, a constant in the loop.
  template <bool kNewlineAhead, char kDecimal>
  std::size_t read_plain_row(const char* begin, const char* end, RowBlock& out);
  template <char kDecimal>
  std::size_t read_plain_row(const char* begin, const char* end, bool newline_ahead, RowBlock& out);
  Status read_header(std::uint64_t line);
  Status resolve_label();
  void name_columns_uniquely();
  void decide_header();
  void decide_decimal();
  // After the header: holds a record until the sample is complete, then decides the roles and
  // reads the sample. False when the record was held.
  Status sample_or_build(std::string_view record, std::uint64_t line, RowBlock& out, bool& held);
  Status flush_sample(RowBlock& out);
  Status build_schema();
  std::vector<std::vector<std::string>> sample_cells();
  Status apply_role_options(std::vector<bool>& set);
  void pass_over_trailing_empty_column(const std::vector<std::vector<std::string>>& cells,
                                       std::vector<bool>& set);
  Status assign_roles(const std::vector<std::vector<std::string>>& cells,
                      const std::vector<bool>& set, bool from_model);
  Status choose_features(bool from_model);
  Status build_encoder(bool from_model);
  void choose_positive(const std::vector<std::string>& labels);
  std::string column_list() const;
  Status process_fields(std::uint64_t line, RowBlock& out);
  // Whether the record just split is the header row again (files joined into one).
  bool repeats_header() const;
  Status wrong_width(std::uint64_t line);
  Status not_a_number(std::uint64_t line, std::size_t column, std::string_view cell, NumberParse r);
  // The date columns' features of a row into `dst` (its numeric part); `bad` when a cell is no
  // date in its column's form (the row's error, or ok when the bad-row option skips it).
  Status read_dates(std::uint64_t line, double* dst, std::uint64_t& missing, bool& bad);
  // Said with an error of the label `label` when the label is the last column by default and
  // the value is a number with a fraction (design.md 10.1).
  std::string label_hint(std::string_view label) const;
  // The row's encoded cells (the first `cells` of encoded_cells_) into the block's tail,
  // counting the missing ones. Adds levels and words, so it runs only for a row read whole.
  // Returns the column of a cell whose new feature a multiclass model's bound refuses
  // (docs/algorithms.md 1.8), nothing kept then, or kNoColumn.
  std::size_t encode_tail(std::size_t cells, RowBlock& out, std::uint64_t& missing);
  static constexpr std::size_t kNoColumn = static_cast<std::size_t>(-1);
  // The row error of a cell of column c whose new feature encode_tail refused.
  Status beyond_task_weights(std::uint64_t line, std::size_t c);
  void keep_for_preview();
  void split(std::string_view record);
  Status row_error(std::uint64_t line, std::size_t column, const std::string& what);
  Status row_error(std::uint64_t line, std::size_t column, const std::string& what, bool skippable);
  Status record_too_long(const char* data, std::size_t size, std::size_t from, std::size_t end,
                         std::size_t& resume, RowBlock& out);
  // feed() from `pos` on, with no record pending.
  Status feed_rest(const char* data, std::size_t size, std::size_t pos, RowBlock& out);
  Status map_label(std::string_view cell, std::uint64_t line, int& y);
  // A multiclass or regression row's label: its class index or target.
  Status map_target(std::string_view cell, std::uint64_t line, double& target);
  // A row read whole: its label (y, or the class index or target) and line join `out`, and
  // the label's counts (positives, runs) take it.
  void keep_label(RowBlock& out, int y, double target, std::uint64_t line);
  // The fast path's label of such a row: false sends the row the careful way.
  bool plain_target(std::string_view cell, double& target);
  // docs/algorithms.md 1.8: the task, from the options or the sampled labels.
  Status decide_task(const std::vector<std::string>& labels);
  std::string_view trim_label(std::string_view cell) const;
  std::string column_name(std::size_t file_col) const;

  CsvOptions opt_;
  MissingTokens missing_tokens_;  // opt_.missing, for each cell of a row
  bool header_read_ = false, schema_ready_ = false;
  bool fast_path_ = true;  // plain rows may take read_plain_row
  std::vector<std::string> feature_names_;
  std::vector<std::string> column_names_;
  std::string label_name_;
  std::size_t label_col_ = 0, columns_ = 0;
  bool last_column_unnamed_ = false;  // the header's last cell is empty
  bool header_all_numbers_ = false;   // said in a notice: the first line may be a row
  bool has_label_ = true;
  std::vector<std::size_t> feature_cols_;  // file column of each numeric feature
  // docs/algorithms.md 1.10: each date column, its first feature and its form.
  struct DateColumn {
    std::size_t column = 0, first = 0;
    DateForm form;
  };
  std::vector<DateColumn> date_cols_;
  std::vector<DateForm> date_form_of_col_;  // date columns: their form
  std::vector<std::uint32_t> date_of_col_;  // per file column: its index in date_cols_
  std::vector<ColumnRole> role_of_col_;
  std::vector<NumberForm> form_of_col_;        // numeric columns: formatted numbers, missing words
  std::vector<std::uint32_t> encoded_of_col_;  // per file column: its encoder column
  std::vector<ColumnInfo> column_info_;
  std::vector<std::string> notices_;
  FeatureEncoder encoder_;
  EncodedTail tail_;
  // The row's categorical and text cells (trimmed), in file order, until it is encoded: one
  // slot per encoded column, written in place (no growth check per cell).
  struct EncodedCell {
    const char* data = nullptr;
    std::size_t size = 0;
    std::size_t column = 0;  // the file's
  };
  std::vector<EncodedCell> encoded_cells_;
  std::vector<std::vector<std::string>> kept_rows_;
  std::map<std::string, std::uint64_t> label_counts_;
  // The sample held until the roles are decided: each record's text and first line.
  std::vector<std::pair<std::string, std::uint64_t>> sample_;
  std::pair<std::string, std::uint64_t> first_record_;  // detect_header: the first line
  std::uint64_t first_line_ = 0;                        // the header's, or the first row's
  // The records held until the delimiter is detected: each one's text and first line.
  std::vector<std::pair<std::string, std::uint64_t>> delimiter_sample_;
  std::size_t delimiter_sample_bytes_ = 0;
  // Per file column: its numeric feature's index, or one of the slots below.
  static constexpr int kIgnoredSlot = -1, kLabelSlot = -2, kEncodedSlot = -3, kDateSlot = -4;
  std::vector<int> slot_of_col_;
  std::size_t leading_features_ = 0;  // columns 0.. that are features 0.., the last excepted

  std::string pending_;               // bytes of a record not yet complete
  QuoteState quote_;                  // quote state at the end of pending_
  bool discarding_ = false;           // skipping to the next line break after a long record
  std::uint64_t pending_breaks_ = 0;  // line breaks inside quotes in pending_
  std::vector<std::string_view> fields_;
  std::string unquoted_;  // storage of unescaped quoted fields

  LabelMap labels_;
  Task task_ = Task::binary;
  ClassMap classes_;
  std::uint64_t missing_ = 0;
  LabelRuns label_runs_;  // for the sorted-by-class warning
  ClassRuns class_runs_;  // the same for a multiclass label
};

}  // namespace onepass
