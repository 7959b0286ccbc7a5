#include "core/spec.hpp"

#include <cctype>

namespace onepass {

namespace {

class SpecParser {
 public:
  explicit SpecParser(const std::string& text) : s_(text) {}

  Result<PipelineSpec> parse() {
    PipelineSpec spec;
    skip_space();
    if (at_end()) return fail("empty pipeline spec; expected e.g. \"zscore | logreg\"");
    for (;;) {
      Result<StageSpec> stage = parse_stage();
      if (!stage) return stage.status();
      spec.stages.push_back(stage.take());
      skip_space();
      if (peek('|')) {
        ++i_;
        continue;
      }
      break;
    }
    while (peek('+')) {
      ++i_;
      Result<StageSpec> mod = parse_stage();
      if (!mod) return mod.status();
      spec.modifiers.push_back(mod.take());
      skip_space();
    }
    if (!at_end()) return fail(std::string("unexpected '") + s_[i_] + "'");
    return spec;
  }

 private:
  Result<StageSpec> parse_stage() {
    skip_space();
    StageSpec st;
    st.name = parse_name();
    if (st.name.empty()) return fail("expected a learner or scaler name");
    skip_space();
    if (!peek('(')) return st;
    ++i_;
    skip_space();
    if (peek(')')) {
      ++i_;
      return st;
    }
    for (;;) {
      skip_space();
      std::string key = parse_name();
      if (key.empty()) return fail("expected a parameter name in " + st.name + "(...)");
      skip_space();
      if (!peek('=')) return fail("expected '=' after parameter '" + key + "'");
      ++i_;
      skip_space();
      std::size_t b = i_;
      while (!at_end() && s_[i_] != ',' && s_[i_] != ')' && !std::isspace(uc(s_[i_]))) ++i_;
      if (b == i_) return fail("expected a value for parameter '" + key + "'");
      st.params.emplace_back(key, s_.substr(b, i_ - b));
      skip_space();
      if (peek(',')) {
        ++i_;
        continue;
      }
      if (peek(')')) {
        ++i_;
        return st;
      }
      return fail("expected ',' or ')' in " + st.name + "(...)");
    }
  }

  std::string parse_name() {
    std::size_t b = i_;
    while (!at_end() && (std::isalnum(uc(s_[i_])) || s_[i_] == '_')) ++i_;
    return s_.substr(b, i_ - b);
  }

  Status fail(const std::string& what) const {
    return Status::error("pipeline spec \"" + s_ + "\", at character " + std::to_string(i_ + 1) +
                         ": " + what);
  }
  static unsigned char uc(char c) { return static_cast<unsigned char>(c); }
  void skip_space() {
    while (!at_end() && std::isspace(uc(s_[i_]))) ++i_;
  }
  bool at_end() const { return i_ >= s_.size(); }
  bool peek(char c) const { return !at_end() && s_[i_] == c; }

  const std::string& s_;
  std::size_t i_ = 0;
};

}  // namespace

Result<PipelineSpec> parse_pipeline_spec(const std::string& text) {
  return SpecParser(text).parse();
}

std::string spec_to_string(const PipelineSpec& spec) {
  auto stage = [](const StageSpec& st) {
    std::string s = st.name;
    if (st.params.empty()) return s;
    s += "(";
    for (std::size_t i = 0; i < st.params.size(); ++i)
      s += (i ? "," : "") + st.params[i].first + "=" + st.params[i].second;
    return s + ")";
  };
  std::string out;
  for (std::size_t i = 0; i < spec.stages.size(); ++i)
    out += (i ? " | " : "") + stage(spec.stages[i]);
  for (const auto& m : spec.modifiers) out += " +" + stage(m);
  return out;
}

}  // namespace onepass
