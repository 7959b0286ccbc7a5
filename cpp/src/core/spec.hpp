// The pipeline spec grammar (docs/design.md, "The core"; docs/pipelines.md):
//   pipeline := stage ( '|' stage )* modifier*
//   stage    := name [ '(' [ param ( ',' param )* ] ')' ]
//   param    := name '=' value
//   modifier := '+' name [ '(' params ')' ]          e.g. "+avg"
// e.g. "zscore | logreg(eta0=0.1, lambda=0) +avg". Only the syntax is checked here; names and
// values are checked against the registry when the pipeline is built.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace onepass {

struct StageSpec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;
};

struct PipelineSpec {
  std::vector<StageSpec> stages;     // scalers..., learner (last)
  std::vector<StageSpec> modifiers;  // wrappers of the learner, in order: "+avg"
};

Result<PipelineSpec> parse_pipeline_spec(const std::string& text);
// The spec as text again ("a(x=1) | b +avg"); parsing it gives the same PipelineSpec.
std::string spec_to_string(const PipelineSpec& spec);

}  // namespace onepass
