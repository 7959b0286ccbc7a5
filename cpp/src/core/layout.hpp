// A stage's state as per-feature blocks and fixed values, so that learners and scalers can
// widen their input (design.md 10.5) with one rule: keep what each feature has, give a new
// one its initial value.
#pragma once

#include <cstddef>
#include <vector>

namespace onepass {

// How a stage's vector of state is laid out, for growing the width (design.md 10.5): parts in
// order, each either a per-feature block of dims() values or a run of `fixed` values that do not
// depend on the width.
struct LayoutPart {
  bool per_feature;
  std::size_t fixed;
};
using Layout = std::vector<LayoutPart>;
inline LayoutPart feature_block() {
  return {true, 0};
}
inline LayoutPart fixed_values(std::size_t n) {
  return {false, n};
}
// Copies `from` (laid out by `layout` at width old_dims) into `to` (the same layout at
// new_dims): feature j's value of each per-feature block goes to feature position[j] (j
// itself when position is empty), the fixed runs as they are; the other features' values in
// `to` stay as they are. False when the sizes do not fit the layout.
bool relayout(const std::vector<double>& from, const Layout& layout, std::size_t old_dims,
              std::vector<double>& to, std::size_t new_dims,
              const std::vector<std::size_t>& position = {});

}  // namespace onepass
