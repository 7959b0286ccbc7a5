#include "onepass/io/row_error.hpp"

namespace onepass {

std::string nothing_learned(std::uint64_t rows, std::uint64_t skipped,
                            const std::vector<RowError>& errors, const std::string& empty) {
  if (rows > 0) return "";
  if (skipped == 0) return "nothing was learned: " + empty;
  std::string msg = "nothing was learned: all " + std::to_string(skipped) +
                    " data rows were bad and skipped; the first: ";
  for (std::size_t i = 0; i < errors.size() && i < 3; ++i)
    msg += (i ? "; " : "") + errors[i].message;
  return msg;
}

}  // namespace onepass
