// The command lines of both CLIs, `onepass` (node) and `onepass-native`, defined once:
// each command's options, how each value is read and checked, and the rules between
// options, with one message for each mistake. A CLI hands over its words and does the work;
// what the words mean, and which are mistakes, is decided here.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "models/model_json.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/streams.hpp"

namespace onepass {

struct CommandLine {
  std::string command;             // run, evaluate, predict, merge, export, list or generate
  std::vector<std::string> files;  // the words that are not options, in order
  // Every option given, by its long flag (-p is --pipeline), with its values in order; a switch
  // holds "true". Each value is checked for its kind already (a whole number in its range, a
  // fraction, a metric's name; a list, such as --metrics, with its parts trimmed and empty ones
  // left out, joined by commas); a CSV reading flag's value is checked where it is set
  // (api/csv_options.hpp set_csv_option), naming the option.
  std::map<std::string, std::vector<std::string>> options;
  // What the reading flags ask, parsed once from them (api/csv_options.hpp): the options every
  // run, evaluation and prediction of the command reads its rows with.
  CsvOptions csv;
  SvmlightOptions svm;

  bool has(const std::string& flag) const { return options.count(flag) > 0; }
  // The last value given for `flag`, or `otherwise`.
  std::string value(const std::string& flag, const std::string& otherwise = "") const;
  // Whether the rows are svmlight: --format svmlight or libsvm.
  bool svmlight() const;
};

// The words after the program's name, the command first: every option and value checked, then
// the command's rules that need no file (one input file; --load without --pipeline; --save with
// one pipeline; one protocol for evaluate, and its options as api/dataset.hpp
// check_evaluation asks; predict without --dims, the model's; generate's stream, rows and
// parameters as api/streams.hpp check_stream asks; ...). The error is the first mistake,
// as both CLIs print it (exit code 2). Unknown commands are the CLIs' own (each lists its
// commands).
Result<CommandLine> parse_command_line(const std::vector<std::string>& words);

// The reading flags' rules once the format is known. `model` is the format of the model the
// command reads (run --load, predict: "csv" or "svmlight", its rows are read that way), ""
// when none; `model_name` names it in messages. svmlight needs --dims unless a model gives the
// width, and takes none of the CSV-only flags; --dims and --index-base go with svmlight only.
Status check_reading(const CommandLine& line, const std::string& model,
                     const std::string& model_name);

// What `evaluate`'s flags ask, as api/dataset.hpp takes it: the protocol (--holdout, --folds
// with --curve, --test) and its options (--seed, --shuffle, --grid, --select, --validation,
// --optimistic). parse_command_line checked them with check_evaluation already.
void evaluation_of(const CommandLine& line, EvaluationProtocol& protocol,
                   EvaluationOptions& options);

// What `merge`'s flags ask (--mean; --weights, whose parts parse_command_line checked as
// numbers), as models/model_json.hpp merge_models takes it; what the weights may be is checked
// there.
MergeOptions merge_options_of(const CommandLine& line);

// The stream `generate NAME --rows N [--seed S] [--param name=value ...]` asks for
// (api/streams.hpp). parse_command_line checked it already (check_stream); the error is a
// --param that is not name=value.
Result<StreamRequest> stream_request_of(const CommandLine& line);

}  // namespace onepass
