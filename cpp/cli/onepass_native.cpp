// The native build of the CLI (native_commands.hpp): the JS CLI's commands, flags and JSON,
// through the same C++ API (cpp/include/onepass/api/), without node or wasm:
//   onepass-native run FILE [--pipeline SPEC... | --load MODEL] [--save MODEL] [--every K]
//                  [--shuffle-buffer N --seed S] [reading flags]
//   onepass-native evaluate FILE [--pipeline SPEC...] [--holdout F | --folds K [--curve F,...]
//                  | --test FILE] [--seed S] [--shuffle] [--grid G [--select M]
//                  [--validation F | --optimistic]] [--tune-threshold M [--validation F]]
//                  [reading flags]
//   onepass-native predict FILE --model MODEL [--out FILE] [--threshold T] [--explain [N]]
//                  [reading flags]
//   onepass-native merge A.json B.json ... -o MERGED.json [--mean | --weights W1,W2,...]
//     [--base ROUND.json]
//   onepass-native export MODEL [--onnx FILE] [--weights FILE]
//   onepass-native list
//   onepass-native generate NAME --rows N [--seed S] [--param name=value ...] [-o FILE]
//   onepass-native generate --list [--json]
// Reading flags: the CSV options by their flags (api/csv_options.hpp: --label L, --positive V,
// --delimiter ';', --na '?', --no-header, --skip-bad-rows, ...), or --format svmlight --dims D
// [--index-base 0]. run and evaluate always print JSON lines (--json is accepted). The words
// are read by the core (api/command_line.hpp), as the JS CLI's are.
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "native_args.hpp"
#include "native_commands.hpp"

namespace {

const char* const kUsage =
    "usage: onepass-native run|evaluate|predict FILE [flags] |\n"
    "       merge A.json B.json -o OUT [--mean | --weights W1,W2] [--base B.json] |\n"
    "       export MODEL [--onnx FILE] [--weights FILE] | list | --version |\n"
    "       generate NAME --rows N [--seed S] [--param name=value ...] [-o FILE] |\n"
    "       generate --list [--json]\n"
    "The flags are those of onepass --help; run and evaluate print JSON lines. One thread\n"
    "parses and learns (--threads is checked and gives the same results), and there is no\n"
    "progress line (--quiet).";

}  // namespace

int main(int argc, char** argv) {
  using namespace onepass_native;
  const std::string cmd = argc > 1 ? argv[1] : "";
  // `onepass-native run --help`: the usage, as for `onepass-native --help`.
  for (int i = 2; i < argc; ++i)
    if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
      std::cout << kUsage << "\n";
      return 0;
    }
  using Command = int (*)(onepass::CommandLine);
  const Command command = cmd == "run"        ? run
                          : cmd == "evaluate" ? evaluate
                          : cmd == "predict"  ? predict
                          : cmd == "list"     ? list
                          : cmd == "export"   ? export_model
                          : cmd == "merge"    ? merge
                          : cmd == "generate" ? generate
                                              : nullptr;
  if (command) {
    // The words are read once, here, for every command (a mistake is a usage error).
    auto words = onepass::parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
    if (!words) return usage_error(words.message());
    // The core refuses a run that cannot fit before it allocates (pipeline/run_memory.hpp); what
    // the machine still cannot give (a ulimit, another process's share) ends the command with a
    // message and exit 1, as an error of the input does, not with a signal.
    try {
      return command(words.take());
    } catch (const std::bad_alloc&) {
      std::cerr << "onepass-native: out of memory: the machine could not give what this run "
                   "holds; fewer pipelines or features need less\n";
      return 1;
    }
  }
  if (cmd == "--version" || cmd == "-v") {
    std::cout << ONEPASS_VERSION << "\n";
    return 0;
  }
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::cout << kUsage << "\n";
    return 0;
  }
  return usage_error((cmd.empty() ? "no command given" : "unknown command '" + cmd + "'") +
                     " (onepass-native --help shows the usage)");
}
