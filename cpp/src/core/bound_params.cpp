#include "core/bound_params.hpp"

#include <algorithm>
#include <cstring>

namespace onepass {

namespace {

std::size_t size_of(FieldType type) {
  switch (type) {
    case FieldType::real:
      return sizeof(double);
    case FieldType::size:
      return sizeof(std::size_t);
    case FieldType::choice_int:
      return sizeof(int);
    default:
      return sizeof(bool);
  }
}

}  // namespace

void set_field(void* config, const BoundField& field, const ParamValues& values) {
  char* at = static_cast<char*>(config) + field.offset;
  const std::string& name = field.spec.name;
  switch (field.type) {
    case FieldType::real: {
      const double v = values.number(name);
      std::memcpy(at, &v, sizeof v);
      return;
    }
    case FieldType::size: {
      const std::size_t v = static_cast<std::size_t>(values.number(name));
      std::memcpy(at, &v, sizeof v);
      return;
    }
    case FieldType::flag: {
      const bool v = values.flag(name);
      std::memcpy(at, &v, sizeof v);
      return;
    }
    case FieldType::choice_bool:
    case FieldType::choice_int: {
      // The text is one of the listed choices (validated); the first is the default.
      const std::string& text = values.text(name);
      int v = field.choice_values.front();
      for (std::size_t i = 0; i < field.spec.choices.size(); ++i)
        if (field.spec.choices[i] == text) v = field.choice_values[i];
      if (field.type == FieldType::choice_int) {
        std::memcpy(at, &v, sizeof v);
      } else {
        const bool b = v != 0;
        std::memcpy(at, &b, sizeof b);
      }
      return;
    }
  }
}

std::vector<std::string> drifted_fields(const std::vector<BoundField>& fields,
                                        const void* initial) {
  std::vector<ParamSpec> specs;
  for (const BoundField& f : fields) specs.push_back(f.spec);
  auto defaults = resolve_params("", specs, {});
  if (!defaults) return {defaults.message()};
  // The bound fields' bytes of a Config, each then set to its declared default and compared.
  std::size_t size = 0;
  for (const BoundField& f : fields) size = std::max(size, f.offset + size_of(f.type));
  std::vector<char> declared(size);
  std::memcpy(declared.data(), initial, size);
  std::vector<std::string> out;
  for (const BoundField& f : fields) {
    set_field(declared.data(), f, defaults.value());
    if (std::memcmp(declared.data() + f.offset, static_cast<const char*>(initial) + f.offset,
                    size_of(f.type)) != 0)
      out.push_back(f.spec.name);
  }
  return out;
}

}  // namespace onepass
