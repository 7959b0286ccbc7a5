// Helpers shared by the C++ tests.
#pragma once

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "onepass/learners/learner.hpp"
#include "onepass/registry.hpp"

namespace onepass::testing {

// The text of a file of data/ (the bundled datasets).
inline std::string read_data_file(const std::string& name) {
  std::ifstream in(std::string(ONEPASS_DATA_DIR) + "/" + name, std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// spec 9: compare with a tolerance of 1e-8.
constexpr double kGoldenTolerance = 1e-8;

// A learner built from the registry with the given parameters, reset to width d.
inline std::unique_ptr<Learner> make_learner(
    const std::string& name, std::size_t d,
    const std::vector<std::pair<std::string, std::string>>& params = {}) {
  const RegistryEntry* e = find_entry(name);
  EXPECT_NE(e, nullptr) << name;
  auto values = resolve_params(name, e->params, params);
  EXPECT_TRUE(values) << values.message();
  auto learner = e->make_learner(values.value());
  learner->reset(d);
  return learner;
}

inline void expect_near_all(const std::vector<double>& got, const std::vector<double>& want,
                            double tol = kGoldenTolerance) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "index " << i;
}

}  // namespace onepass::testing
