// Fuzz target: both CLIs' command lines (api/command_line.hpp) and the numbers of the
// predictions CSV (core/number_text.hpp). The bytes, split at NUL bytes, are the words after
// the program's name; what parses is checked for its reading flags (as after a CSV model, an
// svmlight model, or none) and, for evaluate, turned into its protocol. Each 8 bytes are also a
// double, whose text must read back as the same double.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/number_text.hpp"
#include "fuzz_input.hpp"
#include "onepass/api/command_line.hpp"

using namespace onepass;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  std::vector<std::string> words;
  while (in.left() > 0) words.push_back(in.until('\0'));
  if (auto line = parse_command_line(words)) {
    // A parsed line has its command and, for the commands that read one, one input file.
    if (line.value().command.empty()) __builtin_trap();
    for (const char* model : {"", "csv", "svmlight"}) (void)check_reading(line.value(), model, "m");
    if (line.value().command == "evaluate") {
      EvaluationProtocol protocol;
      EvaluationOptions options;
      evaluation_of(line.value(), protocol, options);
    }
  }
  for (std::size_t at = 0; at + sizeof(double) <= size; at += sizeof(double)) {
    double x;
    std::memcpy(&x, data + at, sizeof x);
    const std::string text = js_number_text(x);
    if (std::isfinite(x) && std::strtod(text.c_str(), nullptr) != x) __builtin_trap();
  }
  return 0;
}
