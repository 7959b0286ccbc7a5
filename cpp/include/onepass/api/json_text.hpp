// What the API's JSON writers share (run_json, dataset, csv_preview): a number that may be
// undefined, the text of a document, and the columns' roles.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/column_roles.hpp"
#include "io/csv_reader.hpp"  // ColumnInfo

namespace onepass {

using OrderedJson = nlohmann::ordered_json;

// NaN (an undefined metric, a log-loss without probabilities) as null, which JSON can say.
template <class J = OrderedJson>
J number_or_null(double v) {
  return std::isnan(v) ? J(nullptr) : J(v);
}

// The text of a document; any byte that is not UTF-8 (a Latin-1 header, label or spec) is
// replaced, where dump() would throw (and the wasm build cannot catch).
template <class J>
std::string json_text(const J& j) {
  return j.dump(-1, ' ', false, J::error_handler_t::replace);
}

// Each column's name, role and why: [{ name, role, reason }].
inline OrderedJson columns_json(const std::vector<ColumnInfo>& columns) {
  OrderedJson out = OrderedJson::array();
  for (const auto& c : columns)
    out.push_back({{"name", c.name}, {"role", role_name(c.role)}, {"reason", c.reason}});
  return out;
}

}  // namespace onepass
