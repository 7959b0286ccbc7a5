#include "learners/task_learner.hpp"

#include <algorithm>
#include <cmath>

namespace onepass {

namespace {
// docs/algorithms.md 4.22: s is folded in below these. w = s v keeps its precision down to far
// smaller scales; u = A v + z under +avg loses the digits that s has shrunk by.
constexpr double kFoldBelow = 1e-150, kAveragedFoldBelow = 1e-3;
}  // namespace

void LinearOutputs::reset(std::size_t dims, std::size_t outputs) {
  dims_ = dims;
  outputs_ = outputs;
  w_.assign(outputs, std::vector<double>(dims, 0.0));
  b_.assign(outputs, 0.0);
  u_.assign(averaged_ ? outputs : 0, std::vector<double>(dims, 0.0));
  ub_.assign(averaged_ ? outputs : 0, 0.0);
  rows_ = reverted_ = 0;
  scale_ = 1;
  offset_ = 0;
  reset_extra_state();
  forget_current_scores();
}

void LinearOutputs::grow(std::size_t dims) {
  if (dims <= dims_) return;
  forget_current_scores();
  for (auto& w : w_) w.resize(dims, 0.0);
  for (auto& u : u_) u.resize(dims, 0.0);
  dims_ = dims;
}

void LinearOutputs::remap_features(const std::vector<std::size_t>& position, std::size_t dims) {
  if (position.empty()) return grow(dims);
  if (dims < dims_) return;
  forget_current_scores();
  const auto moved = [&](std::vector<double>& v) {
    std::vector<double> out(dims, 0.0);
    for (std::size_t j = 0; j < v.size(); ++j) out[position[j]] = v[j];
    v = std::move(out);
  };
  for (auto& w : w_) moved(w);
  for (auto& u : u_) moved(u);
  dims_ = dims;
}

void LinearOutputs::add_output() {
  forget_current_scores();
  ++outputs_;
  w_.emplace_back(dims_, 0.0);
  b_.push_back(0.0);
  if (averaged_) {
    u_.emplace_back(dims_, 0.0);
    ub_.push_back(0.0);
  }
}

void LinearOutputs::remap_outputs(const std::vector<std::size_t>& position, std::size_t outputs) {
  forget_current_scores();
  std::vector<std::vector<double>> w(outputs, std::vector<double>(dims_, 0.0));
  std::vector<std::vector<double>> u(averaged_ ? outputs : 0, std::vector<double>(dims_, 0.0));
  std::vector<double> b(outputs, 0.0), ub(averaged_ ? outputs : 0, 0.0);
  for (std::size_t o = 0; o < outputs_; ++o) {
    const std::size_t to = position[o];
    w[to] = std::move(w_[o]);
    b[to] = b_[o];
    if (averaged_) {
      u[to] = std::move(u_[o]);
      ub[to] = ub_[o];
    }
  }
  w_ = std::move(w);
  b_ = std::move(b);
  u_ = std::move(u);
  ub_ = std::move(ub);
  outputs_ = outputs;
}

void LinearOutputs::raw_scores(const SparseRow& x, double* out) const {
  for (std::size_t k = 0; k < outputs_; ++k) {
    const std::vector<double>& w = w_[k];
    double s = 0;
    for (std::size_t i = 0; i < x.nnz; ++i) s += w[x.index[i]] * x.value[i];
    out[k] = scale_ * s + b_[k] * bias_input_;
  }
}

void LinearOutputs::averaged_scores(const SparseRow& x, double* out, double* current) const {
  if (rows_ == 0) {
    raw_scores(x, out);
    if (current) std::copy(out, out + outputs_, current);
    return;
  }
  const double t = static_cast<double>(rows_);
  for (std::size_t k = 0; k < outputs_; ++k) {
    const std::vector<double>&w = w_[k], &u = u_[k];
    // v.x serves twice: in the present weights' score s v.x + b and in u.x = A v.x + z.x
    // (docs/algorithms.md 3.1, AVG-2), summed once in raw_scores' order.
    double vx = 0, zx = 0;
    for (std::size_t i = 0; i < x.nnz; ++i) {
      vx += w[x.index[i]] * x.value[i];
      zx += u[x.index[i]] * x.value[i];
    }
    const double s = scale_ * vx + b_[k] * bias_input_;
    if (current) current[k] = s;
    out[k] = s - (offset_ * vx + zx + ub_[k] * bias_input_) / t;
  }
}

void LinearOutputs::fold_scale() {
  if (scale_ == 1 && offset_ == 0) return;
  for (std::size_t k = 0; k < outputs_; ++k)
    for (std::size_t j = 0; j < dims_; ++j) {
      if (averaged_) u_[k][j] += offset_ * w_[k][j];
      w_[k][j] *= scale_;
    }
  scale_ = 1;
  offset_ = 0;
}

void LinearOutputs::scores(const SparseRow& x, double* out, bool training) const {
  // A frozen score keeps nothing: no step follows it, and it may run beside others.
  double* current = nullptr;
  if (training) {
    kept_.current.resize(outputs_);
    current = kept_.current.data();
  }
  if (averaged_) {
    averaged_scores(x, out, current);
  } else {
    raw_scores(x, out);
    if (current) std::copy(out, out + outputs_, current);
  }
  give_in_units(out);
  if (!training) return;
  kept_.given.assign(out, out + outputs_);
  kept_.index = x.index;
  kept_.value = x.value;
  kept_.nnz = x.nnz;
  kept_.kept = true;
}

const double* LinearOutputs::recall_current_scores(const SparseRow& x, const double* given) {
  const bool kept = kept_.kept;
  forget_current_scores();
  if (!kept || !given || kept_.index != x.index || kept_.value != x.value || kept_.nnz != x.nnz ||
      kept_.given.size() != outputs_)
    return nullptr;
  // A NaN score never equals: the step then sums the scores itself.
  for (std::size_t k = 0; k < outputs_; ++k)
    if (!(kept_.given[k] == given[k])) return nullptr;
  return kept_.current.data();
}

double LinearOutputs::squared_norm(const SparseRow& x) const {
  double n = bias_in_norm_ ? bias_input_ * bias_input_ : 0.0;
  for (std::size_t i = 0; i < x.nnz; ++i) n += x.value[i] * x.value[i];
  return n;
}

void LinearOutputs::learn(const SparseRow& x, double target, const double* scores) {
  // The rule reads the current weights' scores: those scores() kept for the row, else the
  // given ones when they are those (no average, the model's own units), else summed in step.
  const double* current = recall_current_scores(x, scores);
  step(x, target, current ? current : averaged_ ? nullptr : scores);
}

void LinearOutputs::step(const SparseRow& x, double target, const double* current) {
  forget_current_scores();
  ++rows_;
  if (!current) {
    raw_.resize(outputs_);
    raw_scores(x, raw_.data());
    current = raw_.data();
  }
  coef_.assign(outputs_, 0.0);
  double decay = 1.0;
  if (!rule(x, target, current, coef_.data(), decay)) return;
  // docs/algorithms.md 3.1 (AVG-2): a change delta at row r adds (r - 1) delta to u.
  const double r1 = static_cast<double>(rows_ - 1);
  // An L2 decay moves every weight (docs/algorithms.md 4.22, 4.26): s <- decay s, and A takes
  // (r - 1)(decay - 1) s, the share of every u_j = A v_j + z_j. Where s would fall below what it
  // keeps precisely (or reach 0), s and A are folded in first and the decay applies to v itself.
  const bool scaled =
      decay == 1 || std::fabs(scale_ * decay) >= (averaged_ ? kAveragedFoldBelow : kFoldBelow);
  if (!scaled) fold_scale();
  const double scale = scaled ? scale_ * decay : 1.0;
  const double offset = scaled ? offset_ + r1 * (decay - 1) * scale_ : 0.0;
  // docs/algorithms.md 2.6: a step that would make any weight non-finite is refused whole.
  bool finite = std::isfinite(decay) && std::isfinite(scale) && std::isfinite(offset);
  const double dense_decay = scaled ? 1.0 : decay;
  for (std::size_t k = 0; finite && k < outputs_; ++k) {
    if (coef_[k] == 0 && dense_decay == 1) continue;
    finite = std::isfinite(coef_[k]) && std::isfinite(b_[k] + coef_[k] * bias_input_);
    for (std::size_t i = 0; finite && i < x.nnz; ++i)
      finite = std::isfinite(dense_decay * w_[k][x.index[i]] + coef_[k] * x.value[i] / scale);
  }
  if (!finite) {
    ++reverted_;
    return;
  }
  scale_ = scale;
  offset_ = offset;
  for (std::size_t k = 0; k < outputs_; ++k) {
    std::vector<double>& w = w_[k];
    if (dense_decay != 1) {
      for (std::size_t j = 0; j < dims_; ++j) {
        const double delta = (dense_decay - 1) * w[j];
        w[j] += delta;
        if (averaged_) u_[k][j] += r1 * delta;
      }
    }
    const double c = coef_[k];
    if (c == 0) continue;
    // w changes by c x_j: v by c x_j / s, and z by (r - 1) c x_j less what A v now counts.
    for (std::size_t i = 0; i < x.nnz; ++i) {
      const double delta = c * x.value[i];
      const double dv = delta / scale_;
      w[x.index[i]] += dv;
      if (averaged_) u_[k][x.index[i]] += r1 * delta - offset_ * dv;
    }
    const double db = c * bias_input_;
    b_[k] += db;
    if (averaged_) ub_[k] += r1 * db;
  }
}

LearnerState LinearOutputs::save() const {
  LearnerState s;
  for (const auto& w : w_) s.params.insert(s.params.end(), w.begin(), w.end());
  s.params.insert(s.params.end(), b_.begin(), b_.end());
  s.state.push_back(static_cast<double>(rows_));
  for (const auto& u : u_) s.state.insert(s.state.end(), u.begin(), u.end());
  s.state.insert(s.state.end(), ub_.begin(), ub_.end());
  const std::vector<double> extra = extra_state();
  s.state.insert(s.state.end(), extra.begin(), extra.end());
  if (decays()) s.state.insert(s.state.end(), {scale_, offset_});
  s.reverted_steps = reverted_;
  return s;
}

std::vector<double> LinearOutputs::extra_of(const LearnerState& saved) const {
  const std::size_t average = averaged_ ? outputs_ * (dims_ + 1) : 0;
  const std::size_t from = 1 + average, tail = decays() ? 2 : 0;
  if (saved.state.size() < from + tail) return {};
  return {saved.state.begin() + static_cast<std::ptrdiff_t>(from),
          saved.state.end() - static_cast<std::ptrdiff_t>(tail)};
}

LearnerState LinearOutputs::unscaled(const LearnerState& saved) const {
  if (!decays()) return saved;
  LearnerState out = saved;
  const std::size_t n = saved.state.size();
  const double s = saved.state[n - 2], a = saved.state[n - 1];
  const std::size_t weights = outputs_ * dims_;
  for (std::size_t i = 0; i < weights; ++i) {
    if (averaged_) out.state[1 + i] += a * saved.params[i];
    out.params[i] *= s;
  }
  out.state[n - 2] = 1;
  out.state[n - 1] = 0;
  return out;
}

Status LinearOutputs::load(const LearnerState& saved) {
  const std::size_t k = outputs_, d = dims_;
  const std::size_t average = averaged_ ? k * (d + 1) : 0, tail = decays() ? 2 : 0;
  if (saved.params.size() != k * (d + 1) || saved.state.size() < 1 + average + tail)
    return Status::error("the saved " + std::string(name_) + " state has " +
                         std::to_string(saved.params.size()) + " parameters, expected " +
                         std::to_string(k * (d + 1)) + " (" + std::to_string(k) + " outputs of " +
                         std::to_string(d) + " features and a bias)");
  if (saved.state[0] < 0 || saved.state[0] != std::floor(saved.state[0]))
    return Status::error("the saved " + std::string(name_) + " row count is damaged");
  const double scale = tail ? saved.state[saved.state.size() - 2] : 1.0;
  const double offset = tail ? saved.state.back() : 0.0;
  if (!std::isfinite(scale) || scale == 0 || !std::isfinite(offset) ||
      !load_extra_state(extra_of(saved)))
    return Status::error("the saved " + std::string(name_) + " state is damaged");
  scale_ = scale;
  offset_ = offset;
  for (std::size_t o = 0; o < k; ++o) {
    const auto from = saved.params.begin() + static_cast<std::ptrdiff_t>(o * d);
    w_[o].assign(from, from + static_cast<std::ptrdiff_t>(d));
    b_[o] = saved.params[k * d + o];
    if (averaged_) {
      const auto uf = saved.state.begin() + 1 + static_cast<std::ptrdiff_t>(o * d);
      u_[o].assign(uf, uf + static_cast<std::ptrdiff_t>(d));
      ub_[o] = saved.state[1 + k * d + o];
    }
  }
  rows_ = static_cast<std::uint64_t>(saved.state[0]);
  reverted_ = saved.reverted_steps;
  forget_current_scores();
  return Status::ok();
}

bool LinearOutputs::merge_extra_state(const std::vector<std::vector<double>>& parts,
                                      const MergeWeights& w, std::vector<double>& out) const {
  std::vector<const std::vector<double>*> of;
  for (const auto& p : parts) of.push_back(&p);
  return weighted_mean_into(of, w, out);
}

bool LinearOutputs::merge(const std::vector<const LearnerState*>& given, const MergeWeights& w,
                          LearnerState& out) const {
  const std::size_t k = outputs_, d = dims_, models = given.size();
  const std::size_t average = averaged_ ? k * (d + 1) : 0;
  const std::size_t state_size = given[0]->state.size();
  if (state_size < 1 + average + (decays() ? 2 : 0)) return false;
  std::vector<std::vector<double>> extras;
  std::vector<LearnerState> unscaled_parts;  // w and u as they are, s = 1 and A = 0
  std::vector<const LearnerState*> parts;
  out.reverted_steps = 0;
  out.inner.clear();
  for (const auto* s : given) {
    if (s->params.size() != k * (d + 1) || s->state.size() != state_size || !s->inner.empty())
      return false;
    extras.push_back(extra_of(*s));
    unscaled_parts.push_back(unscaled(*s));
    out.reverted_steps += s->reverted_steps;
  }
  for (const auto& s : unscaled_parts) parts.push_back(&s);
  std::vector<double> extra;
  if (!merge_extra_state(extras, w, extra)) return false;
  // docs/algorithms.md 3.4: the outputs merge in common units (a regression learner's: the
  // target's), and the merged extra state's units bring them back.
  std::vector<double> shift(models), scale(models);
  for (std::size_t m = 0; m < models; ++m) output_units(extras[m], shift[m], scale[m]);
  double to_shift = 0, to_scale = 1;
  output_units(extra, to_shift, to_scale);
  // T is the merged model's rows, sum_k f_k T_k, rounded to the whole number load() takes.
  double rows = 0;
  for (std::size_t m = 0; m < models; ++m)
    if (w.scale[m] != 0) rows += w.scale[m] * parts[m]->state[0];
  rows = std::round(rows);
  out.params.assign(k * (d + 1), 0.0);
  out.state.assign(1 + average, 0.0);
  out.state[0] = rows;
  out.state.insert(out.state.end(), extra.begin(), extra.end());
  if (decays()) out.state.insert(out.state.end(), {1.0, 0.0});  // s and A, folded
  // Model m's value of output o's parameter i: its current one, or under +avg its average
  // (docs/algorithms.md 3.1, AVG-2: w - u/T, w itself before any row).
  const auto value = [&](std::size_t m, std::size_t i, bool avg) {
    const LearnerState& s = *parts[m];
    const double t = s.state[0];
    return avg && t > 0 ? s.params[i] - s.state[1 + i] / t : s.params[i];
  };
  for (std::size_t o = 0; o < k; ++o) {
    const MergeWeights wo = w.of_output(o);
    for (const bool avg : {false, true}) {
      if (avg && !averaged_) break;
      std::vector<double> merged(d + 1);
      for (std::size_t j = 0; j < d; ++j)
        merged[j] =
            weighted_mean(wo, [&](std::size_t m) { return scale[m] * value(m, o * d + j, avg); }) /
            to_scale;
      // The bias carries the shift when the rule has one (bias_input 1), else it stays at its
      // weighted mean (0).
      const std::size_t bi = k * d + o;
      merged[d] =
          bias_input_ == 0
              ? weighted_mean(wo, [&](std::size_t m) { return value(m, bi, avg); })
              : (weighted_mean(wo,
                               [&](std::size_t m) {
                                 return shift[m] + scale[m] * value(m, bi, avg) * bias_input_;
                               }) -
                 to_shift) /
                    (to_scale * bias_input_);
      if (!avg) {
        std::copy(merged.begin(), merged.begin() + static_cast<std::ptrdiff_t>(d),
                  out.params.begin() + static_cast<std::ptrdiff_t>(o * d));
        out.params[bi] = merged[d];
        continue;
      }
      // u = T (w - avg), so that (AVG-2) gives the merged average and goes on from it.
      for (std::size_t j = 0; j < d; ++j)
        out.state[1 + o * d + j] = rows > 0 ? rows * (out.params[o * d + j] - merged[j]) : 0.0;
      out.state[1 + bi] = rows > 0 ? rows * (out.params[bi] - merged[d]) : 0.0;
    }
  }
  return true;
}

bool LinearOutputs::linear_forms(std::vector<std::vector<double>>& w,
                                 std::vector<double>& b) const {
  w.assign(outputs_, {});
  b.assign(outputs_, 0.0);
  const double t = static_cast<double>(rows_);
  for (std::size_t k = 0; k < outputs_; ++k) {
    w[k] = w_[k];
    for (double& v : w[k]) v *= scale_;  // w = s v
    b[k] = b_[k];
    if (averaged_ && rows_ > 0) {  // the average predicts (docs/algorithms.md 3.1, AVG-2)
      for (std::size_t j = 0; j < dims_; ++j) w[k][j] -= (offset_ * w_[k][j] + u_[k][j]) / t;
      b[k] -= ub_[k] / t;
    }
    b[k] *= bias_input_;
  }
  return true;
}

Snapshot LinearOutputs::snapshot() const {
  Snapshot s;
  s.name = std::string(name_) + (averaged_ ? "+avg" : "");
  // The weights that predict (the average under +avg), in the model's own units.
  std::vector<std::vector<double>> w;
  std::vector<double> b;
  LinearOutputs::linear_forms(w, b);
  for (std::size_t k = 0; k < outputs_; ++k) {
    s.arrays.push_back({"w" + std::to_string(k), std::move(w[k])});
    s.scalars.emplace_back("b" + std::to_string(k), b[k]);
  }
  s.scalars.emplace_back("reverted_steps", static_cast<double>(reverted_));
  return s;
}

}  // namespace onepass
