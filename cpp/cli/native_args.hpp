// What the native CLI's commands share (onepass_native.cpp lists them): usage errors, the
// reading options, files read in chunks, and saved models read from a file.
#pragma once

#include <cstddef>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "onepass/api/command_line.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/models.hpp"

namespace onepass_native {

// A mistake in the command line: printed, exit code 2.
int usage_error(const std::string& message);
// The work failed (a bad file, a model that does not load): printed, exit code 1.
int failure(const std::string& message);

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
// Opens `path` for writing into `file`, unless it is empty (the command then writes to standard
// output); when it cannot be opened, the JS CLI's words (bindings/ts/cli/generate.ts, models.ts):
// "cannot write PATH: " and why.
onepass::Status open_output(const std::string& path, std::ofstream& file);
// A whole file as text, or false when it cannot be opened.
bool read_file(const std::string& path, std::string& text);
// A model file's size checked before it is read (onepass::check_model_size): an error naming the
// file when it is larger than a model can be; ok when it is not, or cannot be measured.
onepass::Status check_model_file(const std::string& path);

// A saved model read from a file: its text (a run or a scorer is built from it again) and the
// model it holds; or none, its message printed and `status` the exit code.
struct ModelFile {
  std::string text;
  std::optional<onepass::LoadedModel> model;
  int status = 0;
};
// A file that cannot be read is `unreadable` (failure or usage_error: what the JS CLI's command
// says), a text that is not a model a failure naming the file.
ModelFile read_model(const std::string& path,
                     int (*unreadable)(const std::string& message) = failure);

}  // namespace onepass_native
