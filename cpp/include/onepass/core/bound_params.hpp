// A stage's parameters bound to the fields of its Config (issue 14). Each parameter is declared
// once, by the field it sets: real_param(&Config::eta0, "eta0", 0.1, 0, kInf, "help", true). A
// list of these gives both the registry's ParamSpecs and the Config a stage is built from, so a
// stage reads exactly the parameters it declares, by the names it declares them under (before,
// each name was written in the declaration and again where the stage was built).
#pragma once

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "onepass/core/params.hpp"

namespace onepass {

template <typename Config>
struct BoundParam {
  ParamSpec spec;
  std::function<void(Config&, const ParamValues&)> set;    // the field, from validated values
  std::function<bool(const Config&, const Config&)> same;  // whether two Configs agree on it
};

namespace detail {
template <typename Config, typename Field, typename Read>
BoundParam<Config> bind_field(Field Config::*field, ParamSpec spec, Read read) {
  std::string name = spec.name;
  return {std::move(spec),
          [field, name = std::move(name), read](Config& c, const ParamValues& v) {
            c.*field = read(v, name);
          },
          [field](const Config& a, const Config& b) { return a.*field == b.*field; }};
}
}  // namespace detail

// The field's type says which kinds it takes, so a flag cannot land in a number nor a
// fraction in a count: a real to a double; an integer to a double or a std::size_t; a boolean to
// a bool; a choice to a field of any type, each choice's text with the value it sets (the first
// is the default).
template <typename Config>
BoundParam<Config> real_param(double Config::*field, std::string name, double def, double min,
                              double max, std::string help, bool min_exclusive = false) {
  return detail::bind_field(
      field, ParamSpec::real(std::move(name), def, min, max, std::move(help), min_exclusive),
      [](const ParamValues& v, const std::string& n) { return v.number(n); });
}

template <typename Config, typename Field>
BoundParam<Config> integer_param(Field Config::*field, std::string name, double def, double min,
                                 double max, std::string help) {
  static_assert(std::is_same_v<Field, double> || std::is_same_v<Field, std::size_t>,
                "an integer parameter sets a double or a std::size_t");
  return detail::bind_field(
      field, ParamSpec::integer(std::move(name), def, min, max, std::move(help)),
      [](const ParamValues& v, const std::string& n) { return static_cast<Field>(v.number(n)); });
}

template <typename Config>
BoundParam<Config> flag_param(bool Config::*field, std::string name, bool def, std::string help) {
  return detail::bind_field(field, ParamSpec::boolean(std::move(name), def, std::move(help)),
                            [](const ParamValues& v, const std::string& n) { return v.flag(n); });
}

template <typename Config, typename Field>
BoundParam<Config> choice_param(Field Config::*field, std::string name,
                                std::vector<std::pair<std::string, Field>> choices,
                                std::string help) {
  std::vector<std::string> texts;
  for (const auto& choice : choices) texts.push_back(choice.first);
  return detail::bind_field(field, ParamSpec::choice(std::move(name), texts, std::move(help)),
                            [choices](const ParamValues& v, const std::string& n) {
                              const std::string& text = v.text(n);  // one of them: validated
                              for (const auto& choice : choices)
                                if (choice.first == text) return choice.second;
                              return choices.front().second;
                            });
}

// A stage's parameters in declaration order (the order users see them in).
template <typename Config>
class BoundParams {
 public:
  BoundParams() = default;
  BoundParams(std::initializer_list<BoundParam<Config>> params) : params_(params) {}
  BoundParams& add(BoundParam<Config> param) {
    params_.push_back(std::move(param));
    return *this;
  }

  std::vector<ParamSpec> specs() const {
    std::vector<ParamSpec> out;
    for (const auto& p : params_) out.push_back(p.spec);
    return out;
  }
  // The Config of values resolved against specs(); a field no parameter sets (one a variant
  // does not have) keeps its default.
  Config from(const ParamValues& values) const {
    Config config{};
    for (const auto& p : params_) p.set(config, values);
    return config;
  }

  // The parameters whose declared default is not their field's initial value in Config{} (a
  // Config's initial values let tests build a stage directly; registry_bindings_test checks
  // that they are the declarations').
  std::vector<std::string> drift() const {
    std::vector<std::string> out;
    auto defaults = resolve_params("", specs(), {});
    if (!defaults) return {defaults.message()};
    const Config declared = from(defaults.value()), initial{};
    for (const auto& p : params_)
      if (!p.same(declared, initial)) out.push_back(p.spec.name);
    return out;
  }

 private:
  std::vector<BoundParam<Config>> params_;
};

}  // namespace onepass
