// A pipeline's run state as one vector (pipeline.hpp, run_state): how the pipelines of a runner
// that learned on another thread come back to the runner that reports them (docs/design.md,
// "Every core"). Layout, in the state codec's form (core/state_codec.hpp):
//   [dims, width, scale_encoded, numeric, scaler count S, S scaler states (arrays),
//    learner (params, state, reverted steps, inner count, inner learners...), progress (array),
//    undefined margins, infinite margins, S values left out, negative input rows, outputs,
//    class weights (array), drift watch (array), has background, background learner (when it
//    has one), background outputs]
#include "core/numerics.hpp"
#include "core/state_codec.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

namespace {

void put_learner(StateWriter& w, const LearnerState& s) {
  w.put(s.params);
  w.put(s.state);
  w.put(static_cast<double>(s.reverted_steps));
  w.put(static_cast<double>(s.inner.size()));
  for (const LearnerState& inner : s.inner) put_learner(w, inner);
}

// A scaler's state and a learner's parameters are always finite (docs/algorithms.md 2.6 and
// 2.9): a value that is not is a damaged state. A learner's other statistics are taken as they
// are (the run state must bring back what the other thread held), and the progress counters
// may hold an infinite log-loss sum.
bool finite(const std::vector<double>& values) {
  return all_finite(values.data(), values.size());
}

// Wrappers hold one inner learner; deeper nesting than a few levels is a damaged state.
bool get_learner(StateReader& r, LearnerState& s, int depth) {
  if (depth >= 4) return false;
  s.params = r.get_array();
  s.state = r.get_array();
  s.reverted_steps = r.get_whole();
  const std::size_t inner = r.get_count();
  if (r.failed()) return false;
  s.inner.resize(inner);
  for (LearnerState& in : s.inner)
    if (!get_learner(r, in, depth + 1)) return false;
  return finite(s.params);
}

}  // namespace

std::vector<double> Pipeline::run_state() const {
  const PipelineState st = save();
  std::vector<double> out;
  StateWriter w(out);
  w.put(static_cast<double>(st.dims));
  w.put(static_cast<double>(st.width));
  w.put(st.scale_encoded ? 1 : 0);
  w.put(static_cast<double>(st.numeric));
  w.put(static_cast<double>(st.scalers.size()));
  for (const std::vector<double>& s : st.scalers) w.put(s);
  put_learner(w, st.learner);
  w.put(st.progress);
  w.put(static_cast<double>(undefined_margins_));
  w.put(static_cast<double>(infinite_margins_));
  for (const auto& s : scalers_) w.put(static_cast<double>(s->values_left_out()));
  w.put(static_cast<double>(learner_ ? learner_->negative_input_rows() : 0));
  w.put(static_cast<double>(st.outputs));
  w.put(st.class_weights);
  w.put(st.drift);
  w.put(st.has_drift_background ? 1 : 0);
  if (st.has_drift_background) put_learner(w, st.drift_background);
  w.put(static_cast<double>(st.drift_background_outputs));
  return out;
}

Status Pipeline::load_run_state(const std::vector<double>& saved) {
  const Status damaged = Status::error("the run state of pipeline '" + spec_ + "' is damaged");
  StateReader r(saved);
  PipelineState st;
  // Sizes bounded before they are narrowed (size_t has 32 bits in wasm) or allocated.
  const double most = static_cast<double>(kMaxDims);
  st.dims = r.get_size(most);
  st.width = r.get_size(most);
  st.scale_encoded = r.get_whole(1) != 0;
  st.numeric = r.get_size(most);
  const std::size_t scalers = r.get_count();
  if (r.failed() || scalers != scalers_.size() || st.numeric > st.dims) return damaged;
  for (std::size_t i = 0; i < scalers; ++i) {
    st.scalers.push_back(r.get_array());
    if (!finite(st.scalers.back())) return damaged;
  }
  if (r.failed() || !get_learner(r, st.learner, 0)) return damaged;
  st.progress = r.get_array();
  const std::uint64_t undefined = r.get_whole(), infinite = r.get_whole();
  std::vector<std::uint64_t> left_out(scalers);
  for (std::uint64_t& n : left_out) n = r.get_whole();
  const std::uint64_t negative = r.get_whole();
  st.outputs = r.get_size(static_cast<double>(kMaxClasses));
  st.class_weights = r.get_array();
  st.drift = r.get_array();
  st.has_drift_background = r.get_whole(1) != 0;
  if (st.has_drift_background && !get_learner(r, st.drift_background, 0)) return damaged;
  st.drift_background_outputs = r.get_size(static_cast<double>(kMaxClasses));
  if (!r.done()) return damaged;
  Status loaded = load(st);
  if (!loaded) return loaded;
  undefined_margins_ = undefined;
  infinite_margins_ = infinite;
  for (std::size_t i = 0; i < scalers; ++i) scalers_[i]->set_values_left_out(left_out[i]);
  if (learner_) learner_->set_negative_input_rows(negative);
  return Status::ok();
}

}  // namespace onepass
