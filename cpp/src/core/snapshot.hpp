// Named per-feature arrays and scalars of a learner or scaler, for charts, the CLI and the API.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace onepass {

struct NamedArray {
  std::string name;
  std::vector<double> values;
};

struct Snapshot {
  std::string name;  // registry name of the stage, e.g. "zscore" or "logreg+avg"
  std::vector<NamedArray> arrays;
  std::vector<std::pair<std::string, double>> scalars;

  const std::vector<double>* array(const std::string& key) const {
    for (const auto& a : arrays)
      if (a.name == key) return &a.values;
    return nullptr;
  }
  const double* scalar(const std::string& key) const {
    for (const auto& s : scalars)
      if (s.first == key) return &s.second;
    return nullptr;
  }
};

}  // namespace onepass
