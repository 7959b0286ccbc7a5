// The reader's categorical and text cells (docs/design.md 10.2, 10.3): encoded into a row
// block's sparse tail as the encoder gives them features, within a multiclass model's bound of
// classes x features (docs/algorithms.md 1.8).
#include <algorithm>

#include "io/csv_reader.hpp"

namespace onepass {

std::size_t CsvReader::encode_tail(std::size_t cells, RowBlock& out, std::uint64_t& missing) {
  tail_.clear();
  if (task_ == Task::multiclass)
    encoder_.set_width_limit(kMaxTaskWeights / std::max<std::size_t>(classes_.names().size(), 1));
  for (std::size_t i = 0; i < cells; ++i) {
    const std::string_view cell(encoded_cells_[i].data, encoded_cells_[i].size);
    const std::size_t c = encoded_cells_[i].column;
    if (cell.empty() || missing_tokens_.contains(cell)) {
      ++missing;  // design.md 10.2: a missing category is no active level
      continue;
    }
    if (role_of_col_[c] == ColumnRole::text)
      encoder_.encode_text(encoded_of_col_[c], cell, tail_);
    else
      encoder_.encode_categorical(encoded_of_col_[c], cell, tail_);
    if (encoder_.take_refusal()) return c;
  }
  FeatureEncoder::finish_row(tail_);
  if (out.tail_offset.empty()) out.tail_offset.assign(out.size() + 1, 0);
  // Pushed one by one: a resize first zeroes what is then written, a loop of its own in wasm.
  for (const auto& [index, value] : tail_) {
    out.tail_index.push_back(index);
    out.tail_value.push_back(value);
  }
  out.tail_offset.push_back(out.tail_index.size());
  return kNoColumn;
}

Status CsvReader::beyond_task_weights(std::uint64_t line, std::size_t c) {
  const std::size_t classes = classes_.names().size();
  return row_error(line, c + 1,
                   "a new feature beyond what a model of " + std::to_string(classes) +
                       " classes holds (" + std::to_string(width()) + " features; classes x " +
                       "features at most " + std::to_string(kMaxTaskWeights) +
                       "; fewer categorical levels: option maxLevels, CLI --max-levels)");
}

}  // namespace onepass
