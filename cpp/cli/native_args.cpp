#include "native_args.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

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

onepass::Result<Reading> reading_of(const onepass::CommandLine& line) {
  // The options as the command line parsed them (api/command_line.hpp): parsed once, there.
  return Reading{line.csv, line.svmlight(), line.svm};
}

onepass::Status read_in_chunks(const std::string& path, std::size_t chunk,
                               const std::function<onepass::Status(const char*, std::size_t)>& push,
                               const std::function<onepass::Status()>& finish) {
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) return onepass::Status::error("cannot open " + path);
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::vector<char> buf(chunk);
  onepass::Status st = onepass::Status::ok();
  while (st && in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    st = push(buf.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (st) st = finish();
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
