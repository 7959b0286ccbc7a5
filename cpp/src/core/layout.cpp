#include "core/layout.hpp"

#include <algorithm>

namespace onepass {

bool relayout(const std::vector<double>& from, const Layout& layout, std::size_t old_dims,
              std::vector<double>& to, std::size_t new_dims,
              const std::vector<std::size_t>& position) {
  std::size_t a = 0, b = 0;
  for (const LayoutPart& part : layout) {
    const std::size_t n = part.per_feature ? old_dims : part.fixed;
    const std::size_t m = part.per_feature ? new_dims : part.fixed;
    if (a + n > from.size() || b + m > to.size()) return false;
    if (part.per_feature && !position.empty()) {
      for (std::size_t j = 0; j < n; ++j) to[b + position[j]] = from[a + j];
    } else {
      std::copy(from.begin() + a, from.begin() + a + n, to.begin() + b);
    }
    a += n;
    b += m;
  }
  return a == from.size() && b == to.size();
}

}  // namespace onepass
