// Merging models of the multiclass and regression tasks (docs/algorithms.md 3.4): multiclass
// models number their classes in the order they first appeared, so each model's classes move to
// their place in the union of the classes by name before the stages merge.
#include "models/model_merge_task.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/number_text.hpp"
#include "models/model_document.hpp"

namespace onepass::model_merge {

using model_document::bad;

namespace {

// The places of a model's classes in the union, or the damage that stops them.
Result<std::vector<std::size_t>> places(const std::vector<std::string>& classes,
                                        std::size_t outputs,
                                        const std::map<std::string, std::size_t>& index,
                                        const char* whose) {
  if (outputs > classes.size())
    return bad(std::string(whose) + " has " + std::to_string(outputs) +
               " classes' outputs and names " + std::to_string(classes.size()) + " classes");
  std::set<std::string> seen;
  std::vector<std::size_t> position;
  for (const std::string& name : classes) {
    if (!seen.insert(name).second)
      return bad(std::string(whose) + " names class '" + name + "' twice");
    const auto it = index.find(name);
    if (it == index.end())
      return Status::error("the base model has class '" + name +
                           "', which none of the models has: they did not continue from it");
    position.push_back(it->second);
  }
  return position;
}

// The given class weights of the models (docs/algorithms.md 4.28) over the union of their
// classes, read before their classes move: a class that two models know must weigh the same in
// both; a class none knows weighs 1, as ClassWeights has it.
Result<std::vector<double>> united_given_weights(
    const std::vector<ModelSchema>& schemas, const std::vector<std::vector<std::size_t>>& position,
    const std::vector<PipelineState>& states, std::size_t classes) {
  std::vector<double> given(std::max<std::size_t>(classes, 2), 1.0);
  std::vector<bool> known(given.size(), false);
  for (std::size_t m = 0; m < states.size(); ++m) {
    const std::vector<double>& cw = states[m].class_weights;  // [mode, K, K weights, K counts]
    if (cw.size() < 2) continue;
    const auto k = static_cast<std::size_t>(cw[1]);
    for (std::size_t j = 0; j < k && j < position[m].size() && 2 + j < cw.size(); ++j) {
      const std::size_t c = position[m][j];
      const double w = cw[2 + j];
      if (known[c] && given[c] != w)
        return Status::error("the models were trained with different class weights (class '" +
                             schemas[m].classes[j] + "': " + js_number_text(given[c]) + " and " +
                             js_number_text(w) + ")");
      given[c] = w;
      known[c] = true;
    }
  }
  return given;
}

}  // namespace

Status unite_classes(const std::string& spec, const std::vector<ModelSchema>& schemas,
                     std::vector<PipelineState>& states, const ModelSchema* base_schema,
                     PipelineState* base, ModelSchema& united,
                     std::vector<std::vector<bool>>& learned) {
  std::map<std::string, std::size_t> index;
  std::vector<std::string> classes;
  for (const ModelSchema& s : schemas)
    for (const std::string& name : s.classes)
      if (index.emplace(name, classes.size()).second) classes.push_back(name);
  std::vector<std::vector<std::size_t>> position;
  std::size_t outputs = 0;  // up to the last class of the union that some model learned
  for (std::size_t m = 0; m < states.size(); ++m) {
    auto p = places(schemas[m].classes, states[m].outputs, index, "a model");
    if (!p) return p.status();
    position.push_back(p.take());
    for (std::size_t j = 0; j < states[m].outputs; ++j)
      outputs = std::max(outputs, position[m][j] + 1);
  }
  learned.assign(states.size(), std::vector<bool>(outputs, false));
  for (std::size_t m = 0; m < states.size(); ++m)
    for (std::size_t j = 0; j < states[m].outputs; ++j) learned[m][position[m][j]] = true;
  // Each state through a pipeline of its spec, which moves every part that counts by class.
  const auto remap = [&](PipelineState& state, const std::vector<std::size_t>& to) -> Status {
    auto pipeline = Pipeline::build(spec, 0, 0, Task::multiclass);
    if (!pipeline) return pipeline.status();
    if (Status st = pipeline.value()->load(state); !st) return bad(st.message());
    if (!pipeline.value()->remap_classes(to, outputs, classes.size()))
      return bad("its progress counters count a class it does not name");
    state = pipeline.value()->save();
    return Status::ok();
  };
  auto given = united_given_weights(schemas, position, states, classes.size());
  if (!given) return given.status();
  for (std::size_t m = 0; m < states.size(); ++m) {
    if (Status st = remap(states[m], position[m]); !st) return st;
    // [mode, K, K weights, K counts] over the union: the weights by name, the counts moved.
    std::vector<double>& cw = states[m].class_weights;
    if (cw.size() == 2 + 2 * given.value().size())
      std::copy(given.value().begin(), given.value().end(), cw.begin() + 2);
  }
  if (base) {
    auto p = places(base_schema->classes, base->outputs, index, "the base model");
    if (!p) return p.status();
    if (Status st = remap(*base, p.value()); !st) return st;
  }
  united.classes = std::move(classes);
  return Status::ok();
}

Result<TaskCounters> task_counters(Task task, const std::vector<PipelineState>& states,
                                   const PipelineState* base) {
  TaskCounters out;
  for (const PipelineState& s : states) {
    out.parts.emplace_back(task);
    if (!out.parts.back().load(s.progress)) return bad("a model's progress counters are damaged");
  }
  if (base) {
    out.base.emplace(task);
    if (!out.base->load(base->progress)) return bad("the base's progress counters are damaged");
  }
  return out;
}

Result<std::vector<double>> merged_counters(const TaskCounters& counters) {
  std::vector<const TaskProgress*> parts;
  for (const TaskProgress& p : counters.parts) parts.push_back(&p);
  TaskProgress merged;
  if (!TaskProgress::merged(parts, counters.base ? &*counters.base : nullptr, merged))
    return Status::error(
        "a model has counted less than the base it is said to continue from: it did not start "
        "from that base");
  return merged.save();
}

}  // namespace onepass::model_merge
