#include "pipeline/registry.hpp"

#include "learners/adaptive_gradient.hpp"
#include "learners/arow_full.hpp"
#include "learners/averaged.hpp"
#include "learners/confidence_weighted.hpp"
#include "learners/feature_scaling.hpp"
#include "learners/leader.hpp"
#include "learners/logistic_sgd.hpp"
#include "learners/multiclass.hpp"
#include "learners/passive_aggressive.hpp"
#include "learners/pater.hpp"
#include "learners/perceptron.hpp"
#include "learners/platt.hpp"
#include "learners/regression.hpp"
#include "learners/romma.hpp"
#include "learners/temperature.hpp"
#include "learners/voted.hpp"
#include "learners/winnow.hpp"
#include "scalers/adaptive_scaling.hpp"
#include "scalers/bns.hpp"
#include "scalers/ewzscore.hpp"
#include "scalers/impute.hpp"
#include "scalers/lp_shaper.hpp"
#include "scalers/maxabs.hpp"
#include "scalers/minmax.hpp"
#include "scalers/moment_scalers.hpp"
#include "scalers/robust.hpp"
#include "scalers/row_norm.hpp"

namespace onepass {

namespace {

// Each family declares its entries next to its class; the registry only puts them together.
// The order is what users see (`onepass list`, the generated tables of docs/pipelines.md,
// the demo's menus): learners, then scalers, then modifiers, each kind in the order it has always
// had.
std::vector<RegistryEntry> collect_families() {
  using Family = std::vector<RegistryEntry> (*)();
  const Family families[] = {
      // learners (spec 4)
      logistic_sgd_stages,
      feature_scaling_stages,
      passive_aggressive_stages,
      pater_stages,
      perceptron_stages,
      winnow_stages,
      romma_stages,
      confidence_weighted_stages,
      full_arow_stages,
      leader_stages,  // docs/algorithms.md 4.32
      adaptive_gradient_stages,
      multiclass_stages,  // docs/algorithms.md 4.22-4.24
      regression_stages,  // docs/algorithms.md 4.25-4.27
      // scalers (spec 5)
      moment_scaler_stages,
      minmax_stages,
      maxabs_stages,
      ewzscore_stages,
      row_norm_stages,
      robust_stages,
      adaptive_scaling_stages,
      lp_shaper_stages,
      bns_stages,
      impute_stages,
      // modifiers (spec 3; platt and temperature docs/algorithms.md 4.29, 4.30)
      averaged_stages,
      voted_stages,
      platt_stages,
      temperature_stages,
  };
  std::vector<RegistryEntry> all;
  for (Family family : families)
    for (RegistryEntry& e : family()) all.push_back(std::move(e));
  return all;
}

}  // namespace

const std::vector<RegistryEntry>& registry() {
  static const std::vector<RegistryEntry> entries = collect_families();
  return entries;
}

const RegistryEntry* find_entry(const std::string& name) {
  for (const auto& e : registry())
    if (e.name == name) return &e;
  return nullptr;
}

std::string algorithms_ref(const std::string& section) {
  return "docs/algorithms.md §" + section;
}

std::string names_of(StageKind kind) {
  std::string s;
  for (const auto& e : registry())
    if (e.kind == kind) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

}  // namespace onepass
