// Every named thing (learner, scaler, modifier) with its parameters, defaults, ranges and help
// text, so that the CLI, the JS API, the demo's controls and the docs come from one list.
#pragma once

#include <string>
#include <vector>

#include "core/params.hpp"
#include "learners/learner.hpp"
#include "pipeline/stage_entry.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

// Every family's entries (logistic_sgd_stages() and the others, each declared next to its
// class), in the order `onepass list`, the tables of docs/pipelines.md and the demo's menus show
// them.
const std::vector<RegistryEntry>& registry();
const RegistryEntry* find_entry(const std::string& name);
// "logreg, pa, ..." for error messages.
std::string names_of(StageKind kind);
// Where a section is described, as users see it: "docs/algorithms.md §4.1" for "4.1" (the one
// place the C++ side spells it; the TypeScript side has algorithmsRef).
std::string algorithms_ref(const std::string& section);

}  // namespace onepass
