#include "onepass/api/command_line.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "core/parse_number.hpp"
#include "eval/task_metrics.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/limits.hpp"
#include "onepass/api/streams.hpp"
#include "pipeline/explain.hpp"

namespace onepass {

namespace {

// The value of `--explain` without a number (pipeline/explain.hpp kDefaultExplainCount).
const std::string kDefaultExplain = std::to_string(kDefaultExplainCount);
const char* const kDefaultExplainText = kDefaultExplain.c_str();

// How an option's value is read.
enum class Kind {
  toggle,     // no value
  text,       // any text
  count,      // a whole number from lo to hi
  fraction,   // a number in (0, 1)
  fractions,  // comma-separated numbers in (0, 1]
  metrics,    // comma-separated names of metrics (eval/task_metrics.hpp every_metric_name)
  metric,     // one metric's name
  numbers,    // comma-separated numbers (merge --weights; merge_models checks what they may be)
  number,     // one finite number (predict --threshold; the scorer checks what it may be)
  format,     // csv, svmlight or libsvm
  // A count from lo to hi whose value may be left out (`--explain`, `--explain 3`,
  // `--explain=3`): the next word is its value only when it is a whole number; without one
  // the option holds `fallback`.
  optional_count,
};

struct Option {
  const char* flag;
  const char* alias;  // "" for none
  Kind kind;
  unsigned long long lo = 0, hi = 0;  // count
  const char* fallback = "";          // optional_count
};

// The reading flags of run, evaluate and predict besides the CSV options' own
// (api/csv_options.hpp csv_option_infos): the svmlight format, its width and index base.
const std::vector<Option> kFormatOptions = {
    {"--format", "", Kind::format},
    {"--dims", "", Kind::count, 1, kMaxDims},
    {"--index-base", "", Kind::count, 0, 1},
};

// Each command's own options (docs/cli.md describes them).
const std::map<std::string, std::vector<Option>>& command_options() {
  static const std::map<std::string, std::vector<Option>> table = {
      {"run",
       {{"--pipeline", "-p", Kind::text},
        {"--every", "", Kind::count, 0, kMaxCount},
        {"--window", "", Kind::count, 0, kMaxWindow},
        {"--shuffle-buffer", "", Kind::count, 0, kMaxShuffleRows},
        {"--seed", "", Kind::count, 0, kMaxCount},
        {"--save", "", Kind::text},
        {"--load", "", Kind::text},
        {"--threads", "", Kind::count, 1, 256},
        {"--json", "", Kind::toggle},
        {"--quiet", "-q", Kind::toggle}}},
      {"evaluate",
       {{"--pipeline", "-p", Kind::text},
        {"--holdout", "", Kind::fraction},
        {"--folds", "", Kind::count, 2, 1ull << 20},
        {"--test", "", Kind::text},
        {"--seed", "", Kind::count, 0, kMaxCount},
        {"--shuffle", "", Kind::toggle},
        {"--grid", "", Kind::text},
        {"--select", "", Kind::metric},
        {"--optimistic", "", Kind::toggle},
        {"--validation", "", Kind::fraction},
        {"--tune-threshold", "", Kind::metric},
        {"--metrics", "", Kind::metrics},
        {"--curve", "", Kind::fractions},
        {"--json", "", Kind::toggle},
        {"--quiet", "-q", Kind::toggle}}},  // as run takes it: evaluate shows no progress line
      {"predict",
       {{"--model", "-m", Kind::text},
        {"--out", "-o", Kind::text},
        {"--threshold", "", Kind::number},
        // docs/algorithms.md 1.9: each row's largest contributions, 5 without a number.
        {"--explain", "", Kind::optional_count, 1, kMaxExplainCount, kDefaultExplainText},
        {"--quiet", "-q", Kind::toggle}}},
      // docs/algorithms.md 3.4: the models weighed by their rows, by --weights, or alike; --base:
      // the model a round of mixing started each from (6.12).
      {"merge",
       {{"--out", "-o", Kind::text},
        {"--mean", "", Kind::toggle},
        {"--weights", "", Kind::numbers},
        {"--base", "", Kind::text}}},
      {"export", {{"--onnx", "", Kind::text}, {"--weights", "", Kind::text}}},
      {"list", {{"--json", "", Kind::toggle}}},
      // A stream made by code (docs/algorithms.md 6.9), or with --list the streams there are.
      {"generate",
       {{"--rows", "", Kind::count, 1, kMaxStreamRows},
        {"--seed", "", Kind::count, 0, kMaxCount},
        {"--param", "", Kind::text},
        {"--out", "-o", Kind::text},
        {"--list", "", Kind::toggle},
        {"--json", "", Kind::toggle}}},
  };
  return table;
}

bool reads_rows(const std::string& command) {
  return command == "run" || command == "evaluate" || command == "predict";
}

// The comma-separated parts of a value, spaces around them trimmed, empty ones left out
// ("accuracy, f1," is accuracy and f1).
std::vector<std::string> parts_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t b = 0;
  for (;;) {
    const std::size_t e = text.find(',', b);
    const std::string part = text.substr(b, e == std::string::npos ? e : e - b);
    const std::size_t first = part.find_first_not_of(' ');
    if (first != std::string::npos)
      out.push_back(part.substr(first, part.find_last_not_of(' ') + 1 - first));
    if (e == std::string::npos) return out;
    b = e + 1;
  }
}

Status check_fraction(const std::string& flag, const std::string& text, bool one,
                      const char* what) {
  double v = 0;
  if (parse_number(text, v) != NumberParse::ok || !(v > 0) || v > 1 || (v == 1 && !one))
    return Status::error(flag + " takes " + what + " (got '" + text + "')");
  return Status::ok();
}

// A metric's name; a snake_case one (log_loss) is pointed at its camelCase form.
Status check_metric(const std::string& flag, const std::string& name) {
  const std::vector<std::string>& known = every_metric_name();
  if (std::find(known.begin(), known.end(), name) != known.end()) return Status::ok();
  std::string camel;
  for (std::size_t i = 0; i < name.size(); ++i)
    camel += name[i] == '_' && i + 1 < name.size()
                 ? static_cast<char>(std::toupper(static_cast<unsigned char>(name[++i])))
                 : name[i];
  const bool close = std::find(known.begin(), known.end(), camel) != known.end();
  std::string all;  // each task's metrics (eval/task_metrics.hpp)
  for (Task t : {Task::binary, Task::multiclass, Task::regression}) {
    all += all.empty() ? "" : "; ";
    all += std::string(task_name(t)) + ":";
    for (const auto& k : task_metric_names(t)) all += " " + k;
  }
  return Status::error(flag + ": unknown metric '" + name + "'" +
                       (close ? " (did you mean " + camel + "?)" : "") + "; the metrics are, " +
                       all);
}

Status check_value(const Option& o, const std::string& text) {
  const std::string flag = o.flag;
  switch (o.kind) {
    case Kind::count:
    case Kind::optional_count: {
      char* end = nullptr;
      const unsigned long long v =
          text.empty() || text[0] == '-' ? 0 : std::strtoull(text.c_str(), &end, 10);
      if (!end || *end != '\0' || v < o.lo || v > o.hi) {
        return Status::error(flag + " takes a whole number from " + std::to_string(o.lo) + " to " +
                             std::to_string(o.hi) + " (got '" + text + "')");
      }
      return Status::ok();
    }
    case Kind::fraction:
      return check_fraction(flag, text, false, "a fraction in (0, 1)");
    case Kind::fractions:
      for (const std::string& part : parts_of(text))
        if (Status st = check_fraction(flag, part, true, "fractions in (0, 1]"); !st) return st;
      return Status::ok();
    case Kind::metrics:
      for (const std::string& name : parts_of(text))
        if (Status st = check_metric(flag, name); !st) return st;
      return Status::ok();
    case Kind::metric:
      return check_metric(flag, text);
    case Kind::numbers: {
      const std::vector<std::string> parts = parts_of(text);
      bool numbers = !parts.empty();
      double v = 0;
      for (const std::string& part : parts)
        numbers = numbers && parse_number(part, v) == NumberParse::ok;
      if (numbers) return Status::ok();
      return Status::error(flag + " takes numbers separated by commas, one per model (got '" +
                           text + "')");
    }
    case Kind::number: {
      double v = 0;
      if (parse_number(text, v) == NumberParse::ok && std::isfinite(v)) return Status::ok();
      return Status::error(flag + " takes a number (got '" + text + "')");
    }
    case Kind::format:
      if (text == "csv" || text == "svmlight" || text == "libsvm") return Status::ok();
      return Status::error("--format is csv, svmlight or libsvm, not '" + text + "'");
    default:
      return Status::ok();
  }
}

// The option a word names for a command (its own, or a reading flag), or null.
const Option* option_of(const std::string& command, const std::string& word, Option& scratch) {
  const auto& table = command_options();
  const auto own = table.find(command);
  if (own != table.end())
    for (const Option& o : own->second)
      if (word == o.flag || (*o.alias && word == o.alias)) return &o;
  if (!reads_rows(command)) return nullptr;
  for (const Option& o : kFormatOptions)
    if (word == o.flag) return &o;
  if (const CsvOptionInfo* info = csv_option_of_flag(word)) {
    scratch = {info->flag, "", info->switch_value ? Kind::toggle : Kind::text};
    return &scratch;
  }
  return nullptr;
}

// The one input file of a command, or the message saying what it needs.
const char* needs_file(const std::string& command) {
  if (command == "run") return "run needs a CSV or svmlight file (or - for standard input)";
  if (command == "evaluate") return "evaluate needs a CSV or svmlight file";
  if (command == "predict")
    return "predict needs one CSV or svmlight file (or - for standard input)";
  if (command == "export") return "export needs a model file";
  return nullptr;
}

// evaluate's protocol and options, checked by check_evaluation.
Status check_evaluate(const CommandLine& line) {
  const int protocols = line.has("--holdout") + line.has("--folds") + line.has("--test");
  if (protocols > 1) return Status::error("choose one of --holdout, --folds and --test");
  // A grid's options without a grid were accepted and did nothing.
  for (const char* flag : {"--select", "--optimistic"})
    if (line.has(flag) && !line.has("--grid"))
      return Status::error(std::string(flag) + " chooses among a grid's candidates: give --grid");
  if (line.has("--validation") && !line.has("--grid") && !line.has("--tune-threshold"))
    return Status::error(
        "--validation is the share of the training part a grid (--grid) or a threshold "
        "(--tune-threshold) is chosen on: give one of them");
  EvaluationProtocol protocol;
  EvaluationOptions options;
  evaluation_of(line, protocol, options);
  return check_evaluation(protocol, options);
}

// generate's words: --list alone (with --json, the catalog as JSON), or one stream's name with
// --rows and what the stream accepts, checked as the stream is built (api/streams.hpp), so that
// an unknown stream or parameter is a mistake of the command line in both CLIs.
Status check_generate(const CommandLine& line) {
  if (line.has("--list")) {
    if (!line.files.empty()) return Status::error("unexpected argument '" + line.files[0] + "'");
    for (const char* flag : {"--rows", "--seed", "--param", "--out"})
      if (line.has(flag))
        return Status::error(std::string("--list names the streams; it takes no ") + flag);
    return Status::ok();
  }
  if (line.has("--json"))
    return Status::error("--json goes with --list: a stream is written as CSV");
  if (line.files.empty())
    return Status::error("generate needs a stream's name (generate --list names them)");
  if (line.files.size() > 1) return Status::error("unexpected argument '" + line.files[1] + "'");
  if (!line.has("--rows")) return Status::error("generate needs --rows N, the rows to write");
  auto request = stream_request_of(line);
  return request ? check_stream(request.value()) : request.status();
}

// The rules between a command's options that need no file.
Status check_command(const CommandLine& line) {
  const std::string& c = line.command;
  if (const char* what = needs_file(c)) {
    if (line.files.empty()) return Status::error(what);
    if (line.files.size() > 1) return Status::error("unexpected argument '" + line.files[1] + "'");
  }
  const std::size_t pipelines = line.has("--pipeline") ? line.options.at("--pipeline").size() : 0;
  if (c == "run" && line.has("--load") && pipelines > 0)
    return Status::error("--load trains a saved model further; it takes no --pipeline");
  if (c == "run" && line.has("--save") && pipelines > 1)
    return Status::error("--save writes one model: give exactly one --pipeline");
  if (c == "evaluate") return check_evaluate(line);
  if (c == "predict" && !line.has("--model"))
    return Status::error("predict needs --model model.json");
  if (c == "predict" && (line.has("--dims") || line.has("--index-base")))
    return Status::error(
        "predict reads svmlight rows as the model was trained: no --dims or --index-base");
  if (c == "merge" && !line.has("--out")) return Status::error("merge needs -o merged.json");
  if (c == "merge" && line.files.empty()) return Status::error("merge needs model files");
  if (c == "merge" && line.has("--mean") && line.has("--weights"))
    return Status::error("choose --mean or --weights, not both");
  if (c == "export" && !line.has("--onnx") && !line.has("--weights"))
    return Status::error("export needs --onnx FILE and/or --weights FILE");
  if (c == "generate") return check_generate(line);
  if (c == "list" && !line.files.empty())
    return Status::error("unexpected argument '" + line.files[0] + "'");
  return Status::ok();
}

}  // namespace

std::string CommandLine::value(const std::string& flag, const std::string& otherwise) const {
  const auto at = options.find(flag);
  return at == options.end() ? otherwise : at->second.back();
}

void evaluation_of(const CommandLine& line, EvaluationProtocol& protocol,
                   EvaluationOptions& options) {
  // The values are checked (check_value): they read as numbers.
  const auto number = [&](const char* flag) {
    return std::strtod(line.value(flag).c_str(), nullptr);
  };
  if (line.has("--folds")) {
    protocol.kind = EvaluationProtocol::Kind::cross_validation;
    protocol.folds = static_cast<std::size_t>(number("--folds"));
  } else if (line.has("--test")) {
    protocol.kind = EvaluationProtocol::Kind::test_file;
    protocol.test_name = line.value("--test");
  }
  if (line.has("--curve"))
    for (const std::string& part : parts_of(line.value("--curve")))
      protocol.curve.push_back(std::strtod(part.c_str(), nullptr));
  if (line.has("--holdout")) options.test_fraction = number("--holdout");
  if (line.has("--validation")) options.validation = number("--validation");
  if (line.has("--seed"))
    options.eval.seed = std::strtoull(line.value("--seed").c_str(), nullptr, 10);
  options.eval.shuffle = line.has("--shuffle");
  options.grid = line.value("--grid");
  options.select = line.value("--select", options.select);
  options.optimistic = line.has("--optimistic");
  options.tune_threshold = line.value("--tune-threshold");
}

MergeOptions merge_options_of(const CommandLine& line) {
  MergeOptions options;
  options.mean = line.has("--mean");
  // The parts were checked as numbers (check_value).
  if (line.has("--weights"))
    for (const std::string& part : parts_of(line.value("--weights")))
      options.weights.push_back(std::strtod(part.c_str(), nullptr));
  return options;
}

Result<StreamRequest> stream_request_of(const CommandLine& line) {
  StreamRequest request;
  request.name = line.files.empty() ? "" : line.files[0];
  // --rows and --seed were checked as whole numbers in their ranges.
  request.rows = std::strtoull(line.value("--rows", "0").c_str(), nullptr, 10);
  if (line.has("--seed")) request.seed = std::strtoull(line.value("--seed").c_str(), nullptr, 10);
  const auto words = line.options.find("--param");
  auto params =
      stream_params(words == line.options.end() ? std::vector<std::string>{} : words->second);
  if (!params) return params.status();
  request.params = params.take();
  return request;
}

bool CommandLine::svmlight() const {
  const std::string f = value("--format", "csv");
  return f == "svmlight" || f == "libsvm";
}

Result<CommandLine> parse_command_line(const std::vector<std::string>& words) {
  CommandLine line;
  if (words.empty()) return Status::error("no command given");
  line.command = words[0];
  if (!command_options().count(line.command))
    return Status::error("unknown command '" + line.command + "'");
  for (std::size_t i = 1; i < words.size(); ++i) {
    std::string word = words[i];
    Option scratch{};
    const Option* o = option_of(line.command, word, scratch);
    // GNU style: --label=y is --label y.
    std::optional<std::string> joined;
    if (const std::size_t eq = word.find('=');
        !o && word.rfind("--", 0) == 0 && eq != std::string::npos) {
      if (const Option* flag = option_of(line.command, word.substr(0, eq), scratch)) {
        if (flag->kind == Kind::toggle)
          return Status::error(word.substr(0, eq) + " takes no value (got '" + word + "')");
        joined = word.substr(eq + 1);
        word = word.substr(0, eq);
        o = flag;
      }
    }
    if (!o) {
      if (word.size() > 1 && word[0] == '-') return Status::error("unknown option '" + word + "'");
      line.files.push_back(word);
      continue;
    }
    std::string value = "true";
    if (o->kind == Kind::optional_count && !joined) {
      const bool number = i + 1 < words.size() && !words[i + 1].empty() &&
                          words[i + 1].find_first_not_of("0123456789") == std::string::npos;
      value = number ? words[++i] : o->fallback;
      if (Status st = check_value(*o, value); !st) return st;
    } else if (o->kind != Kind::toggle) {
      if (!joined && i + 1 >= words.size()) return Status::error(word + " needs a value");
      value = joined ? *joined : words[++i];
      if (Status st = check_value(*o, value); !st) return st;
      if (o->kind == Kind::fractions || o->kind == Kind::metrics || o->kind == Kind::numbers) {
        // A list is kept as its parts read it ("accuracy, f1," is "accuracy,f1"), so that a
        // front end splits it at commas and gets what was checked.
        std::string parts;
        for (const std::string& part : parts_of(value)) parts += (parts.empty() ? "" : ",") + part;
        value = parts;
      }
    }
    line.options[o->flag].push_back(value);
  }
  if (Status st = check_command(line); !st) return st;
  // The reading flags' values, set as the runs read them (api/csv_options.hpp): a bad one is a
  // usage mistake in both CLIs, and the front ends take the options as parsed here.
  for (const CsvOptionInfo& info : csv_option_infos())
    if (line.has(info.flag))
      if (Status st = info.set(line.csv, info,
                               info.switch_value ? info.switch_value : line.value(info.flag));
          !st)
        return st;
  if (Status st = check_csv_options(line.csv); !st) return st;
  // --dims and --index-base were checked as whole numbers in their ranges above.
  line.svm.dims = std::strtoull(line.value("--dims", "0").c_str(), nullptr, 10);
  line.svm.index_base =
      static_cast<int>(std::strtoull(line.value("--index-base", "1").c_str(), nullptr, 10));
  line.svm.positive = line.csv.positive;
  line.svm.task = line.csv.task;
  line.svm.on_error = line.csv.on_error;
  return line;
}

Status check_reading(const CommandLine& line, const std::string& model,
                     const std::string& model_name) {
  const bool dims = line.has("--dims") || line.has("--index-base");
  if (model == "csv" && line.svmlight())
    return Status::error(model_name + " was trained on a CSV file: " + line.command +
                         " reads CSV rows with it");
  if (!(line.svmlight() || model == "svmlight")) {
    if (dims) return Status::error("--dims and --index-base go with --format svmlight");
    return Status::ok();
  }
  if (!line.has("--dims") && model.empty())
    return Status::error("--format svmlight needs --dims <number of features>");
  for (const CsvOptionInfo& info : csv_option_infos())
    if (!info.svmlight && line.has(info.flag))
      return Status::error(std::string(info.flag) +
                           " reads CSV files; it does not apply to --format svmlight");
  for (const char* flag : {"--shuffle-buffer", "--threads"})
    if (line.has(flag))
      return Status::error(std::string(flag) +
                           " reads CSV files; it does not apply to --format svmlight");
  return Status::ok();
}

}  // namespace onepass
