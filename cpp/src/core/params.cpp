#include "core/params.hpp"

#include <limits>

#include <cmath>
#include <cstdio>
#include <string_view>

#include "core/parse_number.hpp"

namespace onepass {

ParamSpec ParamSpec::real(std::string name, double def, double min, double max, std::string help,
                          bool min_exclusive) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamKind::real;
  p.default_value = def;
  p.min = min;
  p.max = max;
  p.min_exclusive = min_exclusive;
  p.help = std::move(help);
  return p;
}

ParamSpec ParamSpec::integer(std::string name, double def, double min, double max,
                             std::string help) {
  ParamSpec p = real(std::move(name), def, min, max, std::move(help));
  p.kind = ParamKind::integer;
  return p;
}

ParamSpec ParamSpec::boolean(std::string name, bool def, std::string help) {
  ParamSpec p = real(std::move(name), def ? 1 : 0, 0, 1, std::move(help));
  p.kind = ParamKind::boolean;
  return p;
}

ParamSpec ParamSpec::choice(std::string name, std::vector<std::string> choices, std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamKind::choice;
  p.choices = std::move(choices);
  p.help = std::move(help);
  return p;
}

std::string format_number(double v) {
  char buf[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

std::string ParamSpec::range_text() const {
  switch (kind) {
    case ParamKind::boolean:
      return "true or false";
    case ParamKind::choice: {
      std::string s = "one of ";
      for (std::size_t i = 0; i < choices.size(); ++i) s += (i ? ", " : "") + choices[i];
      return s;
    }
    default:
      break;
  }
  const bool has_min = std::isfinite(min), has_max = std::isfinite(max);
  std::string what = kind == ParamKind::integer ? "a whole number " : "a number ";
  if (has_min && has_max)
    return what + "in " + (min_exclusive ? "(" : "[") + format_number(min) + ", " +
           format_number(max) + (max_exclusive ? ")" : "]");
  if (has_min) return what + (min_exclusive ? "> " : ">= ") + format_number(min);
  if (has_max) return what + (max_exclusive ? "< " : "<= ") + format_number(max);
  return what.substr(0, what.size() - 1);
}

std::string ParamSpec::default_text() const {
  switch (kind) {
    case ParamKind::boolean:
      return default_value != 0 ? "true" : "false";
    case ParamKind::choice:
      return choices.empty() ? "" : choices.front();
    default:
      return format_number(default_value);
  }
}

double ParamValues::number(const std::string& name) const {
  auto it = numbers_.find(name);
  if (it != numbers_.end()) return it->second;
  // NaN, which every guard sees, rather than a silent 0.
  return std::numeric_limits<double>::quiet_NaN();
}

bool ParamValues::flag(const std::string& name) const {
  const double v = number(name);
  return v == v && v != 0;  // an undeclared flag is off, not NaN's "true"
}

const std::string& ParamValues::text(const std::string& name) const {
  static const std::string empty;
  auto it = texts_.find(name);
  return it != texts_.end() ? it->second : empty;
}

std::string ParamValues::canonical(const std::vector<ParamSpec>& specs) const {
  std::string out;
  for (const auto& p : specs) {
    if (!out.empty()) out += ",";
    out += p.name + "=";
    if (p.kind == ParamKind::choice)
      out += text(p.name);
    else if (p.kind == ParamKind::boolean)
      out += flag(p.name) ? "true" : "false";
    else
      out += format_number(number(p.name));
  }
  return out;
}

namespace {

Status check_value(const std::string& owner, const ParamSpec& p, const std::string& raw,
                   ParamValues& values) {
  const std::string prefix = owner + ": parameter '" + p.name + "' must be ";
  const std::string got = " (got '" + raw + "')";
  if (p.kind == ParamKind::choice) {
    for (const auto& c : p.choices)
      if (c == raw) {
        values.set_text(p.name, raw);
        return Status::ok();
      }
    return Status::error(prefix + p.range_text() + got);
  }
  if (p.kind == ParamKind::boolean) {
    if (raw == "true" || raw == "1") {
      values.set_number(p.name, 1);
      return Status::ok();
    }
    if (raw == "false" || raw == "0") {
      values.set_number(p.name, 0);
      return Status::ok();
    }
    return Status::error(prefix + p.range_text() + got);
  }
  double v = 0;
  if (parse_number(raw, v) != NumberParse::ok) return Status::error(prefix + p.range_text() + got);
  const bool below = p.min_exclusive ? !(v > p.min) : !(v >= p.min);
  const bool above = p.max_exclusive ? !(v < p.max) : !(v <= p.max);
  const bool fractional = p.kind == ParamKind::integer && v != std::floor(v);
  if (below || above || fractional) return Status::error(prefix + p.range_text() + got);
  values.set_number(p.name, v);
  return Status::ok();
}

}  // namespace

Result<ParamValues> resolve_params(const std::string& owner, const std::vector<ParamSpec>& specs,
                                   const std::vector<std::pair<std::string, std::string>>& given) {
  ParamValues values;
  for (const auto& p : specs) {
    if (p.kind == ParamKind::choice)
      values.set_text(p.name, p.choices.empty() ? "" : p.choices.front());
    else
      values.set_number(p.name, p.default_value);
  }
  for (std::size_t i = 0; i < given.size(); ++i) {
    const auto& [name, raw] = given[i];
    for (std::size_t k = 0; k < i; ++k)
      if (given[k].first == name)
        return Status::error(owner + ": parameter '" + name + "' is given twice");
    const ParamSpec* spec = nullptr;
    for (const auto& p : specs)
      if (p.name == name) spec = &p;
    if (!spec) {
      std::string accepted;
      for (const auto& p : specs) accepted += (accepted.empty() ? "" : ", ") + p.name;
      return Status::error(owner + ": unknown parameter '" + name +
                           "'; accepted: " + (accepted.empty() ? "none" : accepted));
    }
    Status st = check_value(owner, *spec, raw, values);
    if (!st) return st;
  }
  return values;
}

}  // namespace onepass
