#include "native_args.hpp"

#include <fstream>
#include <iostream>
#include <iterator>

#include "onepass/api/csv_options.hpp"
#include "onepass/core/parse_number.hpp"

namespace onepass_native {

int usage_error(const std::string& message) {
  std::cerr << "onepass-native: " << message << "\n";
  return 2;
}

int failure(const std::string& message) {
  std::cerr << "onepass-native: " << message << "\n";
  return 1;
}

bool Args::next() {
  ++at_;
  return error_.empty() && at_ < words_.size();
}

std::string Args::value() {
  if (at_ + 1 >= words_.size()) {
    mistake(words_[at_] + " needs a value");
    return "";
  }
  return words_[++at_];
}

std::size_t Args::count(std::size_t lo, std::size_t hi) {
  const std::string flag = words_[at_];
  std::size_t out = 0;
  const onepass::Status st = onepass::whole_number(flag, value(), lo, hi, out);
  if (!st) mistake(st.message());
  return out;
}

double Args::fraction(bool one) {
  const std::string flag = words_[at_];
  const std::string text = value();
  double v = 0;
  if (onepass::parse_number(text, v) != onepass::NumberParse::ok || !(v > 0) || v > 1 ||
      (v == 1 && !one))
    mistake(flag + " takes a fraction in (0, " + (one ? "1]" : "1)") + " (got '" + text + "')");
  return v;
}

void Args::other() {
  const std::string& w = words_[at_];
  if (w.size() > 1 && w[0] == '-')
    mistake("unknown option '" + w + "'");
  else
    positional_.push_back(w);
}

std::string Args::one(const std::string& what) {
  if (positional_.empty()) mistake(what);
  if (positional_.size() > 1) mistake("unexpected argument '" + positional_[1] + "'");
  return positional_.empty() ? "" : positional_[0];
}

bool ReadFlags::take(Args& args) {
  if (args.is("--format")) {
    const std::string v = args.value();
    if (v == "svmlight" || v == "libsvm")
      svmlight = true;
    else if (v == "csv")
      svmlight = false;
    else
      args.mistake("--format is csv, svmlight or libsvm, not '" + v + "'");
  } else if (args.is("--dims")) {
    svm.dims = args.count(1, 4294967295u);  // SvmlightReader::check's bound
    dims_given = true;
  } else if (args.is("--index-base")) {
    svm.index_base = static_cast<int>(args.count(0, 1));
    index_base_given = true;
  } else {
    for (const auto& info : onepass::csv_option_infos()) {
      if (!args.is(info.flag)) continue;
      const std::string v = info.switch_value ? info.switch_value : args.value();
      if (!info.svmlight && csv_only_given.empty()) csv_only_given = info.flag;
      const onepass::Status st = onepass::set_csv_option(csv, info.name, v);
      if (!st) args.mistake(st.message());
      return true;
    }
    return false;
  }
  return true;
}

std::string ReadFlags::check(bool model_gives_dims) const {
  if (!svmlight)
    return dims_given || index_base_given ? "--dims and --index-base go with --format svmlight"
                                          : "";
  if (!dims_given && !model_gives_dims)
    return "--format svmlight needs --dims <number of features>";
  if (!csv_only_given.empty())
    return csv_only_given + " reads CSV files; it does not apply to --format svmlight";
  return "";
}

onepass::SvmlightOptions ReadFlags::svmlight_options() const {
  onepass::SvmlightOptions out = svm;
  out.positive = csv.positive;
  out.on_error = csv.on_error;
  return out;
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

}  // namespace onepass_native
