// A stage's parameters bound to the fields of its Config. Each parameter is declared
// once, by the field it sets: real_param(&Config::eta0, "eta0", 0.1, 0, kInf, "help", true). A
// list of these gives both the registry's ParamSpecs and the Config a stage is built from, so a
// stage reads exactly the parameters it declares, by the names it declares them under (before,
// each name was written in the declaration and again where the stage was built).
#pragma once

#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/params.hpp"

namespace onepass {

// How a bound value is written into its field. The binding is kept as data (the field's offset
// in its Config and its type), not as code per parameter: a function object per parameter cost
// the wasm module 130 KB for about a hundred parameters.
enum class FieldType { real, size, flag, choice_bool, choice_int };

// A parameter's declaration and the field it sets, whatever the Config.
struct BoundField {
  ParamSpec spec;
  std::size_t offset = 0;
  FieldType type = FieldType::real;
  std::vector<int> choice_values;  // a choice: the value each listed text sets (a bool, an enum)
};

// Writes the field of the Config at `config` from validated values (params.cpp).
void set_field(void* config, const BoundField& field, const ParamValues& values);
// The fields whose declared default differs from their value in `initial` (a Config{}).
std::vector<std::string> drifted_fields(const std::vector<BoundField>& fields, const void* initial);

template <typename Config>
struct BoundParam {
  BoundField field;
  ParamSpec& spec() { return field.spec; }
};

namespace detail {
// The offset of a field in its Config, found on a Config made for the purpose.
template <typename Config, typename Field>
std::size_t offset_of(Field Config::*field) {
  static_assert(std::is_standard_layout_v<Config>, "a bound Config is a plain struct");
  const Config c{};
  return static_cast<std::size_t>(reinterpret_cast<const char*>(&(c.*field)) -
                                  reinterpret_cast<const char*>(&c));
}
template <typename Config, typename Field>
BoundParam<Config> bind_field(Field Config::*field, ParamSpec spec, FieldType type,
                              std::vector<int> choices = {}) {
  return {{std::move(spec), offset_of(field), type, std::move(choices)}};
}
}  // namespace detail

// The field's type says which kinds it takes, so a flag cannot land in a number nor a
// fraction in a count: a real to a double; an integer to a double or a std::size_t; a boolean to
// a bool; a choice to a bool or an enum, each choice's text with the value it sets (the first
// is the default).
template <typename Config>
BoundParam<Config> real_param(double Config::*field, std::string name, double def, double min,
                              double max, std::string help, bool min_exclusive = false) {
  return detail::bind_field(
      field, ParamSpec::real(std::move(name), def, min, max, std::move(help), min_exclusive),
      FieldType::real);
}

template <typename Config, typename Field>
BoundParam<Config> integer_param(Field Config::*field, std::string name, double def, double min,
                                 double max, std::string help) {
  static_assert(std::is_same_v<Field, double> || std::is_same_v<Field, std::size_t>,
                "an integer parameter sets a double or a std::size_t");
  return detail::bind_field(field,
                            ParamSpec::integer(std::move(name), def, min, max, std::move(help)),
                            std::is_same_v<Field, double> ? FieldType::real : FieldType::size);
}

template <typename Config>
BoundParam<Config> flag_param(bool Config::*field, std::string name, bool def, std::string help) {
  return detail::bind_field(field, ParamSpec::boolean(std::move(name), def, std::move(help)),
                            FieldType::flag);
}

template <typename Config, typename Field>
BoundParam<Config> choice_param(Field Config::*field, std::string name,
                                std::vector<std::pair<std::string, Field>> choices,
                                std::string help) {
  static_assert(
      std::is_same_v<Field, bool> || (std::is_enum_v<Field> && sizeof(Field) == sizeof(int)),
      "a choice sets a bool or an enum of int size");
  std::vector<std::string> texts;
  std::vector<int> values;
  for (const auto& choice : choices) {
    texts.push_back(choice.first);
    values.push_back(static_cast<int>(choice.second));
  }
  return detail::bind_field(
      field, ParamSpec::choice(std::move(name), texts, std::move(help)),
      std::is_same_v<Field, bool> ? FieldType::choice_bool : FieldType::choice_int,
      std::move(values));
}

// A stage's parameters in declaration order (the order users see them in).
template <typename Config>
class BoundParams {
 public:
  BoundParams() = default;
  BoundParams(std::initializer_list<BoundParam<Config>> params) {
    for (const auto& p : params) params_.push_back(p.field);
  }
  BoundParams& add(BoundParam<Config> param) {
    params_.push_back(std::move(param.field));
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
    for (const auto& p : params_) set_field(&config, p, values);
    return config;
  }

  // The fields, and the bytes of a Config{} (a Config's initial values let tests build a stage
  // directly; registry_bindings_test checks with drifted_fields that they are the declared
  // defaults).
  void describe(std::vector<BoundField>& fields, std::vector<char>& initial) const {
    fields = params_;
    const Config config{};
    initial.resize(sizeof(Config));
    std::memcpy(initial.data(), static_cast<const void*>(&config), sizeof(Config));
  }

 private:
  std::vector<BoundField> params_;
};

}  // namespace onepass
