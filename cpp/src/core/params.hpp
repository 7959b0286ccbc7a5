// Parameters of registered learners and scalers: their declaration (name, default, range, help)
// and the validated values a stage is built with. One declaration feeds the CLI, the JS API,
// the demo's controls and the docs (docs/design.md, "The core": the registry).
#pragma once

#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace onepass {

enum class ParamKind { real, integer, boolean, choice };

struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::real;
  double default_value = 0;  // real, integer, boolean (0/1)
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool min_exclusive = false;
  bool max_exclusive = false;
  std::vector<std::string> choices;  // choice: allowed values, the first is the default
  std::string help;

  static ParamSpec real(std::string name, double def, double min, double max, std::string help,
                        bool min_exclusive = false);
  static ParamSpec integer(std::string name, double def, double min, double max, std::string help);
  static ParamSpec boolean(std::string name, bool def, std::string help);
  static ParamSpec choice(std::string name, std::vector<std::string> choices, std::string help);

  // "> 0", "in [0, 1]", "one of zero, ones", for messages and docs.
  std::string range_text() const;
  std::string default_text() const;
};

// Validated values, every declared parameter present (defaults filled in). Stages read them
// only through their declarations (core/bound_params.hpp), so by declared names; a name not
// there reads as NaN (a flag as off, a text as ""), never as a silent 0.
class ParamValues {
 public:
  double number(const std::string& name) const;
  bool flag(const std::string& name) const;
  const std::string& text(const std::string& name) const;

  void set_number(const std::string& name, double v) { numbers_[name] = v; }
  void set_text(const std::string& name, std::string v) { texts_[name] = std::move(v); }

  // "eta0=0.1,lambda=0" in declaration order, the canonical form of a stage's parameters.
  std::string canonical(const std::vector<ParamSpec>& specs) const;

 private:
  std::map<std::string, double> numbers_;
  std::map<std::string, std::string> texts_;
};

// Checks user-given (name, value-text) pairs against the declarations of stage `owner`.
Result<ParamValues> resolve_params(const std::string& owner, const std::vector<ParamSpec>& specs,
                                   const std::vector<std::pair<std::string, std::string>>& given);

// Shortest text that reads back as the same double ("0.1", "10000", "1e-05").
std::string format_number(double v);

}  // namespace onepass
