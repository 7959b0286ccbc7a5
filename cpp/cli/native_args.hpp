// What the native CLI's commands share (onepass_native.cpp lists them): usage errors, the
// arguments walked one by one, the reading flags (each CSV option by its flag, as
// api/csv_options.hpp defines them for both CLIs; --format svmlight with --dims and
// --index-base), and files read in chunks.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "onepass/core/status.hpp"
#include "onepass/io/csv_reader.hpp"
#include "onepass/io/svmlight_reader.hpp"

namespace onepass_native {

// A mistake in the command line: printed, exit code 2.
int usage_error(const std::string& message);
// The work failed (a bad file, a model that does not load): printed, exit code 1.
int failure(const std::string& message);

// The arguments after the command, walked one by one: a command asks whether the word is one
// of its options and takes its value; what is not an option is positional. The first mistake
// is kept and ends the walk (never an exception, whatever the words).
class Args {
 public:
  Args(int argc, char** argv) : words_(argv + 2, argv + (argc > 2 ? argc : 2)) {}
  // The next word; false at the end or after a mistake.
  bool next();
  bool is(const char* flag) const { return words_[at_] == flag; }
  // The word after the current option.
  std::string value();
  // The value as a whole number from lo to hi.
  std::size_t count(std::size_t lo, std::size_t hi);
  // The value as a number in (0, 1), or (0, 1] when `one` is allowed.
  double fraction(bool one = false);
  // The current word is none of the command's options: an error for an option, else
  // positional.
  void other();
  // The only positional word, or a mistake saying `what` is needed.
  std::string one(const std::string& what);
  const std::vector<std::string>& positional() const { return positional_; }
  void mistake(const std::string& message) {
    if (error_.empty()) error_ = message;
  }
  const std::string& error() const { return error_; }

 private:
  std::vector<std::string> words_;
  std::size_t at_ = static_cast<std::size_t>(-1);
  std::vector<std::string> positional_;
  std::string error_;
};

// The reading flags of run, evaluate and predict.
struct ReadFlags {
  onepass::CsvOptions csv;
  bool svmlight = false;
  onepass::SvmlightOptions svm;
  bool dims_given = false, index_base_given = false;
  std::string csv_only_given;  // the first flag given that reads CSV files only
  // Takes the current word when it is one of these flags.
  bool take(Args& args);
  // svmlight needs --dims (unless a model gives the width) and takes none of the CSV-only
  // flags; --dims and --index-base go with svmlight only. "" or the mistake.
  std::string check(bool model_gives_dims) const;
  // The svmlight options: --dims, --index-base, and the flags svmlight rows take too.
  onepass::SvmlightOptions svmlight_options() const;
};

// Reads a file ("-": standard input) in chunks of `chunk` bytes into push, then finish;
// stops at the first error, which names the file.
onepass::Status read_in_chunks(const std::string& path, std::size_t chunk,
                               const std::function<onepass::Status(const char*, std::size_t)>& push,
                               const std::function<onepass::Status()>& finish);
// A whole file as text, or false when it cannot be opened.
bool read_file(const std::string& path, std::string& text);

}  // namespace onepass_native
