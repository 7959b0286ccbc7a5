#include "onepass/api/streams.hpp"

#include <nlohmann/json.hpp>

#include "api/params_json.hpp"

namespace onepass {

namespace {

// `s` padded to n characters, one space after it when it is as long or longer (as the JS CLI's
// `list` pads its columns).
std::string pad(const std::string& s, std::size_t n) {
  return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' ');
}

}  // namespace

// Built from initializer lists as registry_json is (api/registry_json.cpp says why that is
// safe): the catalog is fixed when onepass is compiled.
std::string streams_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const StreamInfo& info : stream_catalog())
    out.push_back({{"name", info.name},
                   {"summary", info.summary},
                   {"section", info.section},
                   {"params", params_json(info.params)}});
  return out.dump();
}

std::string streams_text() {
  std::string out =
      "streams made by code, with concept drift (generate NAME --rows N [--seed S] "
      "[--param name=value ...]):\n";
  for (const StreamInfo& info : stream_catalog()) {
    out += "  " + pad(info.name, 14) + info.summary + " (docs/algorithms.md \xC2\xA7" +
           info.section + ")\n";
    for (const ParamSpec& p : info.params)
      out += "    " + pad(p.name, 15) + "default " + pad(p.default_text(), 8) + p.range_text() +
             ": " + p.help + "\n";
  }
  return out;
}

Result<StreamParams> stream_params(const std::vector<std::string>& words) {
  StreamParams out;
  for (const std::string& word : words) {
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
      return Status::error("a stream's parameter is written name=value, as noise=0.1 (got '" +
                           word + "')");
    out.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  return out;
}

Status check_stream(const StreamRequest& request) {
  // Building the generator checks everything and writes nothing; it allocates a row's worth.
  auto made = make_stream(request.name, request.params, request.rows, request.seed);
  return made ? Status::ok() : made.status();
}

Status write_stream(const StreamRequest& request, std::ostream& out) {
  return write_stream_csv(request.name, request.params, request.rows, request.seed, out);
}

Result<std::unique_ptr<StreamCsv>> StreamCsv::open(const StreamRequest& request) {
  auto made = make_stream(request.name, request.params, request.rows, request.seed);
  if (!made) return made.status();
  return std::unique_ptr<StreamCsv>(new StreamCsv(made.take(), request.rows));
}

std::string StreamCsv::next() {
  std::string out;
  if (!started_) {
    out = stream_csv_header(*stream_);
    started_ = true;
  }
  while (stream_->made() < rows_ && out.size() < kPieceBytes)
    append_stream_csv_row(*stream_, row_, out);
  return out;
}

}  // namespace onepass
