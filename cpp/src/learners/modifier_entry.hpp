// The registry entry of a modifier that takes no parameters (+avg, +vote, +platt,
// +temperature): its name is the class's kName, and it wraps the learner before it as
// Modifier(inner).
#pragma once

#include <memory>
#include <utility>

#include "pipeline/stage_entry.hpp"

namespace onepass {

// With its summary, section of docs/algorithms.md and source paper; the family then adds what
// else sets it apart (a calibrator's probability).
template <typename Modifier>
RegistryEntry parameterless_modifier_entry(const char* summary, const char* spec,
                                           const char* source) {
  RegistryEntry e = modifier_entry(Modifier::kName, summary, spec, source);
  e.wrap = [](std::unique_ptr<Learner> inner, const ParamValues&) {
    return std::make_unique<Modifier>(std::move(inner));
  };
  return e;
}

}  // namespace onepass
