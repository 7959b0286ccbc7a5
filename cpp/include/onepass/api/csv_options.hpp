// The CSV options by name, defined once for every front end (the native CLI, the wasm module and
// through it the JS API and CLI): each takes its value as text, so a flag's argument, a JS
// string, number, boolean or list (joined with ',') all go through the same checks and messages.
#pragma once

#include <string>
#include <vector>

#include "core/status.hpp"
#include "io/csv_reader.hpp"

namespace onepass {

struct CsvOptionInfo {
  const char* name;  // the JS option
  const char* help;
  // The CLIs' flag (onepass and onepass-native): mostly the kebab-case name (--skip-lines),
  // and for a switch, the value it sets (--no-header sets header to false).
  const char* flag;
  const char* switch_value = nullptr;
  // Whether svmlight rows take it too (the positive class, skipping bad rows): the CLIs refuse
  // the others with --format svmlight.
  bool svmlight = false;
  // Sets the option from its text, or says why not, naming it.
  Status (*set)(CsvOptions& options, const CsvOptionInfo& info, const std::string& value) = nullptr;
  // A whole-number option's bounds (min > max for the others): enforced by `set`, and exported
  // to the JS layer with the table.
  std::size_t min = 1, max = 0;
};
// Every CSV option, in the order the CLI's usage lists them: the one place an option is declared.
const std::vector<CsvOptionInfo>& csv_option_infos();
// The option a CLI flag sets, or null.
const CsvOptionInfo* csv_option_of_flag(const std::string& flag);

// Sets one option from its text: label, positive, header (true/false), delimiter (one
// character, "\t" or "tab"), skipLines, missing (a comma list; "" for an empty list), labelTrim,
// numeric / categorical / text / ignore (comma lists of column names), sampleRows, maxLevels,
// levelBuckets, textBits, onError (stop/skip). The error names the option.
Status set_csv_option(CsvOptions& options, const std::string& name, const std::string& value);

// A whole number from lo to hi written in text (a CSV option or a front end's flag), or the
// error naming the option: never an exception, whatever the text.
Status whole_number(const std::string& name, const std::string& text, std::size_t lo,
                    std::size_t hi, std::size_t& out);

// Checks what single options cannot (a column given two roles, the encoder's bounds).
Status check_csv_options(const CsvOptions& options);

}  // namespace onepass
