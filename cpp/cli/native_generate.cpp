// onepass-native generate: a stream made by code with concept drift (docs/algorithms.md 6.9) as
// CSV, or the streams there are (--list), as `onepass generate` writes them (api/streams.hpp: the
// same bytes, which tests/js/generate.test.mjs compares).
#include <fstream>
#include <iostream>

#include "native_args.hpp"
#include "native_commands.hpp"
#include "onepass/api/streams.hpp"

namespace onepass_native {

int generate(onepass::CommandLine line) {
  if (line.has("--list")) {
    std::cout << (line.has("--json") ? onepass::streams_json() + "\n" : onepass::streams_text());
    return 0;
  }
  // The stream, its rows and parameters were checked with the words (api/command_line.hpp).
  auto request = onepass::stream_request_of(line);
  if (!request) return usage_error(request.message());
  const std::string out_file = line.value("--out");
  std::ofstream file_out;
  if (onepass::Status st = open_output(out_file, file_out); !st) return failure(st.message());
  std::ostream& out = out_file.empty() ? std::cout : file_out;
  if (onepass::Status st = onepass::write_stream(request.value(), out); !st)
    return failure(st.message());
  out.flush();
  if (!out) return failure("the stream could not be written (the output refused it)");
  return 0;
}

}  // namespace onepass_native
