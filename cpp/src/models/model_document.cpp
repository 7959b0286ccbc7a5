// The JSON side of a model file: parsing with bounded nesting, numbers that JSON cannot write
// (NaN, infinities), strings that are bytes rather than UTF-8, and the canonical form the
// checksum is taken over (docs/design.md, "Model files are bytes-safe and bounded").
#include "models/model_document.hpp"

#include <cstdint>
#include <cstdio>
#include <limits>

#include "core/json_release.hpp"
#include "core/parse_number.hpp"

namespace onepass::model_document {

namespace {

// A model nests a few levels (a wrapper's inner learner); the checksum and the readers walk the
// document recursively, so nesting is bounded here: "[[[[..." cannot exhaust the stack.
constexpr std::size_t kMaxModelDepth = 64;

// Records where a syntax error is (nlohmann without exceptions, which wasm cannot catch).
class DomParser : public nlohmann::detail::json_sax_dom_parser<json> {
 public:
  explicit DomParser(json& j) : json_sax_dom_parser(j, false) {}
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& ex) {
    error_at = position;
    return json_sax_dom_parser::parse_error(position, token, ex);
  }
  bool start_object(std::size_t n) { return deeper() && json_sax_dom_parser::start_object(n); }
  bool start_array(std::size_t n) { return deeper() && json_sax_dom_parser::start_array(n); }
  bool end_object() { return --depth, json_sax_dom_parser::end_object(); }
  bool end_array() { return --depth, json_sax_dom_parser::end_array(); }
  std::size_t error_at = 0;
  bool too_deep = false;

 private:
  bool deeper() {
    too_deep = ++depth > kMaxModelDepth;
    return !too_deep;
  }
  std::size_t depth = 0;
};

}  // namespace

Status bad(const std::string& what) {
  return Status::error("not a valid onepass model: " + what);
}

// Parses JSON text with the bounded nesting above; the error says where it stopped.
Result<json> parse_json(const std::string& text) {
  json j;
  const ReleasedJson<json> released(j);
  DomParser parser(j);
  const bool ok = json::sax_parse(text, &parser) && !j.is_discarded();
  if (parser.too_deep)
    return bad("JSON nested more than " + std::to_string(kMaxModelDepth) + " levels deep");
  if (!ok)
    return bad("JSON syntax error at byte " + std::to_string(parser.error_at) +
               (parser.error_at >= text.size() ? " (the file is truncated)" : ""));
  return Result<json>(std::move(j));
}

// JSON has no NaN or infinity: those are written as the strings "NaN", "Infinity", "-Infinity".
void set_numbers(const std::vector<double>& v, json& out) {
  json& a = out = json::array();
  for (double x : v) {
    if (std::isfinite(x))
      a.push_back(x);
    else
      a.push_back(std::isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity");
  }
}

bool read_numbers(const json& j, std::vector<double>& out) {
  if (!j.is_array()) return false;
  out.clear();
  out.reserve(j.size());
  for (const json& x : j) {
    if (x.is_number()) {
      out.push_back(x.get<double>());
    } else if (x.is_string()) {
      const std::string s = x.get<std::string>();
      if (s == "NaN")
        out.push_back(std::numeric_limits<double>::quiet_NaN());
      else if (s == "Infinity" || s == "-Infinity")
        out.push_back(s[0] == '-' ? -HUGE_VAL : HUGE_VAL);
      else
        return false;
    } else {
      return false;
    }
  }
  return true;
}

bool read_strings(const json& j, std::vector<std::string>& out) {
  if (!j.is_array()) return false;
  out.clear();
  for (const json& x : j) {
    if (!x.is_string()) return false;
    out.push_back(x.get<std::string>());
  }
  return true;
}

const json* member(const json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string text_of(const json& j, const char* key) {
  const json* m = member(j, key);
  return m && m->is_string() ? m->get<std::string>() : std::string();
}

// JSON text is UTF-8, but a CSV's names, levels and labels are bytes (a Latin-1 header, say).
// A string that is not valid UTF-8 is written reversibly: the marker U+F8FF, then each valid
// character as it is and each other byte b as U+F700 + b (private-use characters); a character
// that itself lies in U+F700..U+F7FF, or a leading U+F8FF, is written byte by byte the same
// way, so that reading maps every such string back to its exact bytes.
constexpr char32_t kEscapeMarker = 0xF8FF, kEscapedByte = 0xF700;

namespace {

// The length of the valid UTF-8 character at s[i] and its code point, or 0 (invalid).
std::size_t utf8_char(const std::string& s, std::size_t i, char32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  cp = n == 1 ? c : c & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3F);
  }
  const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

void put_utf8(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool escaped_char(char32_t cp) {
  return cp >= kEscapedByte && cp < kEscapedByte + 256;
}

}  // namespace

std::string file_string(const std::string& s) {
  bool plain = true;
  char32_t cp = 0;
  for (std::size_t i = 0, n; plain && i < s.size(); i += n) {
    n = utf8_char(s, i, cp);
    plain = n > 0 && !escaped_char(cp) && !(i == 0 && cp == kEscapeMarker);
  }
  if (plain) return s;
  std::string out;
  put_utf8(kEscapeMarker, out);
  for (std::size_t i = 0, n; i < s.size(); i += n) {
    n = utf8_char(s, i, cp);
    if (n > 0 && !escaped_char(cp) && !(i == 0 && cp == kEscapeMarker)) {
      out.append(s, i, n);
      continue;
    }
    const std::size_t bytes = n ? n : 1;
    for (std::size_t k = 0; k < bytes; ++k)
      put_utf8(kEscapedByte + static_cast<unsigned char>(s[i + k]), out);
    n = bytes;
  }
  return out;
}

std::string memory_string(const std::string& s) {
  char32_t cp = 0;
  if (utf8_char(s, 0, cp) == 0 || cp != kEscapeMarker) return s;
  std::string out;
  for (std::size_t i = 3, n; i < s.size(); i += n) {
    n = utf8_char(s, i, cp);
    if (n == 0) return s;  // not written by file_string: left as it is
    if (escaped_char(cp))
      out += static_cast<char>(cp - kEscapedByte);
    else
      out.append(s, i, n);
  }
  return out;
}

// Every string of a document in its file form (to write) or its memory form (read back). The
// copy is built in place in `out`, part by part, so that the release of `out` reaches all of
// it (core/json_release.hpp): a part built apart would be dropped whole by a failure.
void map_strings(const json& j, std::string (*f)(const std::string&), json& out) {
  if (j.is_string()) {
    out = f(j.get<std::string>());
  } else if (j.is_array()) {
    json& a = out = json::array();
    for (const json& x : j) map_strings(x, f, a.emplace_back());
  } else if (j.is_object()) {
    json& o = out = json::object();
    for (auto it = j.begin(); it != j.end(); ++it) map_strings(it.value(), f, o[f(it.key())]);
  } else {
    out = j;
  }
}

namespace {

// Every number as a double, -0 as 0: so that a file re-written by another JSON library (90.0
// as 90, -0 as 0) has the same canonical form. Built in place in `out`, as map_strings is.
void canonical(const json& j, json& out) {
  if (j.is_number()) {
    const double v = j.get<double>();
    out = v == 0 ? 0.0 : v;
  } else if (j.is_array()) {
    json& a = out = json::array();
    for (const json& x : j) canonical(x, a.emplace_back());
  } else if (j.is_object()) {
    json& o = out = json::object();
    for (auto it = j.begin(); it != j.end(); ++it) canonical(it.value(), o[it.key()]);
  } else {
    out = j;
  }
}

}  // namespace

std::string checksum_of(const json& body) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  // replace: a body read back holds bytes again (map_strings); merge sorts by its checksum.
  json form;
  const ReleasedJson<json> released(form);
  canonical(body, form);
  for (unsigned char c : form.dump(-1, ' ', false, json::error_handler_t::replace)) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace onepass::model_document
