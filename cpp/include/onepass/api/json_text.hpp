// What the API's JSON writers share (run_json, dataset, csv_preview): a number that may be
// undefined, the text of a document, and the columns' roles.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/json_release.hpp"
#include "io/column_roles.hpp"
#include "io/csv_reader.hpp"  // ColumnInfo

namespace onepass {

using OrderedJson = nlohmann::ordered_json;

// Room for the members of any object of the API's documents that holds containers
// (core/json_release.hpp object_with_room), counted by hand with room to spare: the most, a
// multiclass run's result, has 30. tests/cpp/api/json_documents_test.cpp (expect_room) writes
// every document, a run's result, figures and reader's info with every optional member of each
// task, and fails when an object holds more.
constexpr std::size_t kDocumentMembers = 48;

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

// Each column's name, role and why, as j["columns"]: [{ name, role, reason }]. Built in place,
// member by member (core/json_release.hpp says why).
inline void add_columns(const std::vector<ColumnInfo>& columns, OrderedJson& j) {
  OrderedJson& out = j["columns"] = OrderedJson::array();
  for (const auto& c : columns) {
    OrderedJson& column = out.emplace_back(OrderedJson::object());
    column["name"] = c.name;
    column["role"] = role_name(c.role);
    column["reason"] = c.reason;
  }
}

}  // namespace onepass
