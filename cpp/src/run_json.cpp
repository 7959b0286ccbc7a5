#include "onepass/api/run_json.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "onepass/core/snapshot.hpp"

namespace onepass {

namespace {

nlohmann::json arrays_of(const Snapshot& s) {
  nlohmann::json arrays = nlohmann::json::object();
  for (const auto& a : s.arrays) arrays[a.name] = a.values;
  return arrays;
}

}  // namespace

std::string run_result_json(const Pipeline& p, const std::vector<std::string>& features,
                            std::uint64_t skipped) {
  using nlohmann::json;
  const Progressive& pr = p.progress();
  const Snapshot snap = p.learner().snapshot();
  json j;
  j["pipeline"] = p.spec();
  j["canonical"] = p.canonical_spec();
  j["rows"] = pr.rows();
  j["mistakes"] = pr.mistakes();
  j["error"] = pr.error();
  const double log_loss = pr.log_loss();
  j["logLoss"] = std::isnan(log_loss) ? json(nullptr) : json(log_loss);
  j["features"] = features;
  const std::vector<double>* w = snap.array("w");
  j["weights"] = w ? *w : std::vector<double>();
  const double* b = snap.scalar("b");
  j["bias"] = b ? *b : 0.0;
  j["arrays"] = arrays_of(snap);
  json scalers = json::array();
  for (std::size_t i = 0; i < p.scaler_count(); ++i) {
    const Snapshot s = p.scaler(i).snapshot();
    scalers.push_back({{"name", s.name}, {"arrays", arrays_of(s)}});
  }
  j["scalers"] = scalers;
  j["diverged"] = p.learner().diverged();
  j["warnings"] = p.warnings();
  j["skipped"] = skipped;
  json curve = json::array();
  for (const auto& c : pr.curve()) curve.push_back({c.rows, c.mistakes});
  j["curve"] = curve;
  // Replacement of any byte that is not UTF-8 (a Latin-1 header): dump() would throw.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace onepass
