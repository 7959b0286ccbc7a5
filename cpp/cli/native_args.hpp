// What the native CLI's commands share (onepass_native.cpp lists them): usage errors, the
// command line as the core reads it, the reading options, and files read in chunks.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "onepass/api/command_line.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/dataset.hpp"

namespace onepass_native {

// A mistake in the command line: printed, exit code 2.
int usage_error(const std::string& message);
// The work failed (a bad file, a model that does not load): printed, exit code 1.
int failure(const std::string& message);

// The words after the program's name, read by the core (api/command_line.hpp: the one
// definition both CLIs read their words by). False when they hold a mistake, which is printed
// as a usage error; `status` is then the exit code.
bool read_words(int argc, char** argv, onepass::CommandLine& line, int& status);

// How a command's rows are read: the CSV options set from their flags (api/csv_options.hpp
// set_csv_option, which names the option at fault), or svmlight rows with --dims, --index-base
// and the flags svmlight takes too.
struct Reading {
  onepass::CsvOptions csv;
  bool svmlight = false;
  onepass::SvmlightOptions svm;
};
onepass::Result<Reading> reading_of(const onepass::CommandLine& line);

// Reads a file ("-": standard input) in chunks of `chunk` bytes into push, then finish;
// stops at the first error, which names the file.
onepass::Status read_in_chunks(const std::string& path, std::size_t chunk,
                               const std::function<onepass::Status(const char*, std::size_t)>& push,
                               const std::function<onepass::Status()>& finish);
// A whole file as text, or false when it cannot be opened.
bool read_file(const std::string& path, std::string& text);

}  // namespace onepass_native
