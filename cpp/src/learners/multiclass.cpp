#include "learners/multiclass.hpp"

#include <algorithm>
#include <cmath>

#include "core/numerics.hpp"

namespace onepass {

std::size_t predicted_class(const double* scores, std::size_t classes) {
  std::size_t best = 0;
  for (std::size_t k = 1; k < classes; ++k)
    if (scores[k] > scores[best] || (std::isnan(scores[best]) && !std::isnan(scores[k]))) best = k;
  return best;
}

std::size_t rival_class(const double* scores, std::size_t classes, std::size_t y) {
  std::size_t best = classes;
  for (std::size_t k = 0; k < classes; ++k)
    if (k != y && (best == classes || scores[k] > scores[best])) best = k;
  return best;
}

void softmax(const double* scores, std::size_t classes, double* p) {
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < classes; ++k) top = std::max(top, scores[k]);
  double sum = 0;
  for (std::size_t k = 0; k < classes; ++k) sum += p[k] = std::exp(scores[k] - top);
  for (std::size_t k = 0; k < classes; ++k) p[k] /= sum;
}

bool Softmax::rule(const SparseRow& /*x*/, double target, const double* scores, double* coef,
                   double& decay) {
  const auto y = static_cast<std::size_t>(target);
  // docs/algorithms.md 4.1 (LR): eta_k = eta0 / (1 + k/N), k the updates made before this one.
  const double eta = c_.eta0 / (1 + updates_ / c_.n);
  updates_ += 1;
  if (c_.lambda > 0) decay = 1 - 2 * (c_.lambda / c_.n) * eta;
  p_.resize(outputs_);
  softmax(scores, outputs_, p_.data());
  const double step = eta * weight_;  // docs/algorithms.md 4.28: w times the gradient
  for (std::size_t k = 0; k < outputs_; ++k) coef[k] = step * ((k == y ? 1.0 : 0.0) - p_[k]);
  return true;
}

bool Softmax::load_extra_state(const std::vector<double>& extra) {
  if (extra.size() != 1 || !(extra[0] >= 0)) return false;
  updates_ = extra[0];
  return true;
}

const char* MulticlassMargin::name_of(MulticlassRule rule) {
  constexpr const char* kNames[] = {"mpa", "mpa1", "mpa2", "mperceptron"};
  return kNames[static_cast<int>(rule)];
}

bool MulticlassMargin::rule(const SparseRow& x, double target, const double* scores, double* coef,
                            double& /*decay*/) {
  const auto y = static_cast<std::size_t>(target);
  const std::size_t r = rival_class(scores, outputs_, y);
  if (r == outputs_) return false;  // one class seen: nothing to tell it from
  const double gap = scores[y] - scores[r];
  double tau = 0;
  // docs/algorithms.md 4.28: a row of weight w takes w times the perceptron's step; the PA
  // rules ask for the margin w and multiply C by w, as the binary ones do.
  const double w = weight_;
  if (rule_ == MulticlassRule::perceptron) {
    if (gap > 0) return false;  // docs/algorithms.md 4.24: update when s_y - s_r <= 0
    tau = w;
  } else {
    const double loss = w - gap;  // docs/algorithms.md 4.23
    const double norm = 2 * squared_norm(x);
    if (!(loss > 0) || norm == 0) return false;
    if (rule_ == MulticlassRule::pa)
      tau = loss / norm;
    else if (rule_ == MulticlassRule::pa1)
      tau = std::min(w * c_.c, loss / norm);
    else
      tau = loss / (norm + 1 / (2 * w * c_.c));
  }
  coef[y] = tau;
  coef[r] = -tau;
  return true;
}

void OneVsRest::reset(std::size_t dims, std::size_t outputs) {
  dims_ = dims;
  outputs_ = 0;
  copies_.clear();
  for (std::size_t k = 0; k < outputs; ++k) add_output();
}

void OneVsRest::grow(std::size_t dims) {
  if (dims <= dims_) return;
  for (auto& c : copies_) c->grow(dims);
  dims_ = dims;
}

void OneVsRest::remap_features(const std::vector<std::size_t>& position, std::size_t dims) {
  if (dims < dims_) return;
  for (auto& c : copies_) c->remap(position, dims);
  dims_ = dims;
}

std::unique_ptr<Learner> OneVsRest::fresh() const {
  std::unique_ptr<Learner> l = make_();
  l->reset(dims_);  // a learner's state is valid from its reset on
  return l;
}

// D-OVR-1: a new class's copy starts fresh at its first row.
void OneVsRest::add_output() {
  copies_.push_back(fresh());
  ++outputs_;
}

void OneVsRest::remap_outputs(const std::vector<std::size_t>& position, std::size_t outputs) {
  std::vector<std::unique_ptr<Learner>> copies(outputs);
  for (std::size_t k = 0; k < outputs_; ++k) copies[position[k]] = std::move(copies_[k]);
  for (auto& c : copies)
    if (!c) c = fresh();  // D-OVR-1: a class this learner never saw has a copy that learned nothing
  copies_ = std::move(copies);
  outputs_ = outputs;
}

void OneVsRest::scores(const SparseRow& x, double* out, bool training) const {
  for (std::size_t k = 0; k < outputs_; ++k) {
    const Learner& c = *copies_[k];
    out[k] = dense_ ? (training ? c.train_score(dense_) : c.score(dense_))
                    : (training ? c.train_score_sparse(x) : c.score_sparse(x));
  }
}

void OneVsRest::learn(const SparseRow& x, double target, const double* scores) {
  const auto y = static_cast<std::size_t>(target);
  for (std::size_t k = 0; k < outputs_; ++k) {
    copies_[k]->set_weight(weight_);  // the row's class weight, in every copy
    const int label = k == y ? 1 : -1;
    if (dense_)
      copies_[k]->learn(dense_, label, scores[k]);
    else
      copies_[k]->learn_sparse(x, label, scores[k]);
  }
}

bool OneVsRest::has_probability() const {
  return !copies_.empty() ? copies_[0]->has_probability() : fresh()->has_probability();
}

void OneVsRest::probabilities(const double* scores, double* p) const {
  double sum = 0;
  for (std::size_t k = 0; k < outputs_; ++k) sum += p[k] = sigmoid(scores[k]);
  for (std::size_t k = 0; k < outputs_; ++k) p[k] = sum > 0 ? p[k] / sum : 1.0 / outputs_;
}

bool OneVsRest::linear_forms(std::vector<std::vector<double>>& w, std::vector<double>& b) const {
  w.assign(outputs_, {});
  b.assign(outputs_, 0.0);
  for (std::size_t k = 0; k < outputs_; ++k)
    if (!copies_[k]->linear_form(w[k], b[k])) return false;
  return true;
}

std::uint64_t OneVsRest::reverted_steps() const {
  std::uint64_t n = 0;
  for (const auto& c : copies_) n += c->reverted_steps();
  return n;
}

std::uint64_t OneVsRest::values_beyond_line() const {
  std::uint64_t n = 0;
  for (const auto& c : copies_) n += c->values_beyond_line();
  return n;
}

LearnerState OneVsRest::save() const {
  LearnerState s;
  for (const auto& c : copies_) s.inner.push_back(c->save());
  return s;
}

Status OneVsRest::load(const LearnerState& saved) {
  if (saved.inner.size() != outputs_)
    return Status::error("the saved one-vs-rest state has " + std::to_string(saved.inner.size()) +
                         " learners, expected one per class (" + std::to_string(outputs_) + ")");
  std::vector<std::unique_ptr<Learner>> loaded;
  for (std::size_t k = 0; k < outputs_; ++k) {
    loaded.push_back(fresh());
    Status st = loaded.back()->load(saved.inner[k]);
    if (!st) return Status::error("class " + std::to_string(k) + ": " + st.message());
  }
  copies_ = std::move(loaded);
  return Status::ok();
}

bool OneVsRest::merge(const std::vector<const LearnerState*>& parts, const MergeWeights& w,
                      LearnerState& out) const {
  out = {};
  for (const auto* s : parts)
    if (s->inner.size() != outputs_) return false;
  const std::unique_ptr<Learner> rule = fresh();  // a copy of this spec and width merges copies
  for (std::size_t k = 0; k < outputs_; ++k) {
    std::vector<const LearnerState*> of_class;
    for (const auto* s : parts) of_class.push_back(&s->inner[k]);
    out.inner.emplace_back();
    if (!rule->merge(of_class, w.of_output(k), out.inner.back())) return false;
  }
  return true;
}

Snapshot OneVsRest::snapshot() const {
  Snapshot s;
  s.name =
      "one-vs-rest " + (copies_.empty() ? fresh()->snapshot().name : copies_[0]->snapshot().name);
  for (std::size_t k = 0; k < outputs_; ++k) {
    const Snapshot one = copies_[k]->snapshot();
    for (const NamedArray& a : one.arrays)
      s.arrays.push_back({a.name + std::to_string(k), a.values});
    for (const auto& [name, value] : one.scalars)
      s.scalars.emplace_back(name + std::to_string(k), value);
  }
  return s;
}

namespace {

const char* kCrammer = "Crammer et al., Online Passive-Aggressive Algorithms (JMLR 2006)";

RegistryEntry margin_entry(MulticlassRule rule, const char* summary, const char* section,
                           const char* source) {
  using C = MulticlassMargin::Config;
  RegistryEntry e = learner_entry(MulticlassMargin::name_of(rule), summary, section, source);
  e.task = Task::multiclass;
  const bool capped = rule == MulticlassRule::pa1 || rule == MulticlassRule::pa2;
  bind_task_learner<MulticlassMargin>(e, pa_params(&C::c, &C::bias, capped), rule);
  return e;
}

}  // namespace

std::vector<RegistryEntry> multiclass_stages() {
  RegistryEntry sm = learner_entry(
      Softmax::kName, "multinomial logistic regression: softmax SGD on logreg's schedule", "4.22",
      "Bishop, Pattern Recognition and Machine Learning (4.3.4)", true);
  sm.task = Task::multiclass;
  using SC = Softmax::Config;
  bind_task_learner<Softmax>(sm,
                             logistic_params(&SC::eta0, {l2_param(&SC::lambda, kLambda)}, &SC::n));
  return entry_list(
      std::move(sm),
      margin_entry(MulticlassRule::pa,
                   "multiclass PA: w_y += tau x, w_r -= tau x, tau = loss/(2|x|^2)", "4.23",
                   kCrammer),
      margin_entry(MulticlassRule::pa1, "multiclass PA-I: tau = min(C, loss/(2|x|^2))", "4.23",
                   kCrammer),
      margin_entry(MulticlassRule::pa2, "multiclass PA-II: tau = loss/(2|x|^2 + 1/(2C))", "4.23",
                   kCrammer),
      margin_entry(MulticlassRule::perceptron,
                   "multiclass perceptron: w_y += x, w_r -= x when s_y <= s_r", "4.24",
                   "Crammer & Singer, Ultraconservative Online Algorithms for Multiclass Problems "
                   "(JMLR 2003)"));
}

}  // namespace onepass
