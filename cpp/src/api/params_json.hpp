// Parameters as the JSON documents give them (api/registry_json.hpp for the stages,
// api/streams.hpp for the generated streams): one rendering of a declaration, so that a front end
// reads a stream's parameters as it reads a learner's.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "core/params.hpp"

namespace onepass {

// [{ name, kind, default, range, min, max (null when unbounded), minExclusive, maxExclusive,
// choices, help }]
nlohmann::json params_json(const std::vector<ParamSpec>& params);

}  // namespace onepass
