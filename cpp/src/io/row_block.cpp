#include "io/row_block.hpp"

#include <algorithm>

namespace onepass {

void append_rows(RowBlock& to, const RowBlock& from) {
  if (from.size() == 0) return;
  if (to.size() == 0) {
    to.dims = from.dims;
    to.sparse = from.sparse;
  }
  const std::size_t before = to.size();
  to.x.append(from.x.begin(), from.x.end());
  to.y.insert(to.y.end(), from.y.begin(), from.y.end());
  to.target.insert(to.target.end(), from.target.begin(), from.target.end());
  to.line.insert(to.line.end(), from.line.begin(), from.line.end());
  if (to.encoded() || from.encoded()) {
    if (to.tail_offset.empty()) to.tail_offset.assign(before + 1, 0);
    const std::size_t base = to.tail_index.size();
    to.tail_index.insert(to.tail_index.end(), from.tail_index.begin(), from.tail_index.end());
    to.tail_value.insert(to.tail_value.end(), from.tail_value.begin(), from.tail_value.end());
    for (std::size_t i = 0; i < from.size(); ++i)
      to.tail_offset.push_back(base + (from.encoded() ? from.tail_offset[i + 1] : 0));
  }
  to.width = std::max(to.width, from.width);
}

}  // namespace onepass
