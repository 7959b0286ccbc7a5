#include "native_args.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string_view>

#include "native_input.hpp"
#include "onepass/api/csv_options.hpp"

namespace onepass_native {

int usage_error(const std::string& message) {
  std::cerr << "onepass-native: " << message << "\n";
  return 2;
}

int failure(const std::string& message) {
  std::cerr << "onepass-native: " << message << "\n";
  return 1;
}

onepass::Status open_output(const std::string& path, std::ofstream& file) {
  if (path.empty()) return onepass::Status::ok();
  errno = 0;
  file.open(path, std::ios::binary);
  if (file) return onepass::Status::ok();
  return onepass::Status::error("cannot write " + path + ": " +
                                (errno == ENOENT ? "its folder does not exist"
                                 : errno         ? std::strerror(errno)
                                                 : "it cannot be opened"));
}

onepass::Result<Reading> reading_of(const onepass::CommandLine& line) {
  // The options as the command line parsed them (api/command_line.hpp): parsed once, there.
  return Reading{line.csv, line.svmlight(), line.svm};
}

onepass::Status read_in_chunks(const std::string& path, std::size_t chunk,
                               const std::function<onepass::Status(const char*, std::size_t)>& push,
                               const std::function<onepass::Status()>& finish) {
  // A .csv.gz or .csv.zst reads as its text, as the JS CLI reads one (native_input.hpp).
  const std::unique_ptr<TextInput> in = open_text(path);
  if (!in) return onepass::Status::error("cannot open " + path);
  const auto size = static_cast<unsigned>(std::min<std::size_t>(chunk, 1u << 30));
  std::vector<char> buf(size);
  // Whole lines are pushed; the bytes after the last line break wait at buf's start for the
  // rest of their line, so that a stream cut short learns every whole line before the cut and
  // not the cut one (which finish() would take for a row).
  std::size_t held = 0;
  bool mid_line = false;  // the bytes pushed end inside a line (one longer than a chunk)
  onepass::Status st = onepass::Status::ok();
  while (st) {
    if (held == size) {  // a line longer than a chunk goes on as it comes
      st = push(buf.data(), held);
      held = 0;
      mid_line = true;
      if (!st) break;
    }
    const long n = in->read(buf.data() + held, size - held);
    if (n == 0) {  // the end
      if (held) st = push(buf.data(), held);
      if (st) st = finish();
      break;
    }
    const std::size_t total = held + static_cast<std::size_t>(std::max(n, 0L));
    const std::size_t last = std::string_view(buf.data(), total).rfind('\n');
    if (last == std::string_view::npos) {
      held = total;
    } else {
      st = push(buf.data(), last + 1);
      mid_line = false;
      held = total - last - 1;
      std::memmove(buf.data(), buf.data() + last + 1, held);
    }
    if (st && n < 0) {          // cut short or damaged
      if (!mid_line) finish();  // the whole lines before it; the message says why it ends
      st = onepass::Status::error(in->why());
    }
  }
  return st ? st : onepass::Status::error(path + ": " + st.message());
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text.assign((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return true;
}

onepass::Status check_model_file(const std::string& path) {
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(path, error);
  if (error) return onepass::Status::ok();  // not a regular file: read as it comes
  const onepass::Status size = onepass::check_model_size(bytes);
  return size ? size : onepass::Status::error(path + ": " + size.message());
}

ModelFile read_model(const std::string& path, int (*unreadable)(const std::string& message)) {
  ModelFile out;
  if (const onepass::Status size = check_model_file(path); !size) {
    out.status = failure(size.message());
    return out;
  }
  if (!read_file(path, out.text)) {
    out.status = unreadable("cannot open " + path);
    return out;
  }
  auto loaded = onepass::model_from_json(out.text);
  if (!loaded)
    out.status = failure(path + ": " + loaded.message());
  else
    out.model = std::move(loaded.value());
  return out;
}

}  // namespace onepass_native
