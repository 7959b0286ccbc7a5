#include "pipeline/class_weights.hpp"

#include <algorithm>
#include <cmath>

#include "core/limits.hpp"
#include "core/params.hpp"
#include "core/parse_number.hpp"

namespace onepass {

namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

Status bad_weights(const std::string& why) {
  return Status::error("option classWeight: " + why +
                       " (expected 'balanced' or class=weight pairs, e.g. 'yes=5,no=1')");
}

}  // namespace

Result<ClassWeightRequest> parse_class_weights(const std::string& text) {
  ClassWeightRequest request;
  const std::string all = trimmed(text);
  if (all.empty()) return request;
  if (all == "balanced") {
    request.balanced = true;
    return request;
  }
  std::size_t start = 0;
  while (start <= all.size()) {
    const std::size_t comma = std::min(all.find(',', start), all.size());
    const std::string pair = all.substr(start, comma - start);
    // The last '=' parts the class from its weight, so a class name may hold '='.
    const std::size_t eq = pair.rfind('=');
    if (eq == std::string::npos) return bad_weights("'" + trimmed(pair) + "' has no '='");
    const std::string name = trimmed(pair.substr(0, eq)), number = trimmed(pair.substr(eq + 1));
    if (name.empty()) return bad_weights("a weight '" + number + "' names no class");
    double w = 0;
    if (parse_number(number, w) != NumberParse::ok)
      return bad_weights("the weight of class '" + name + "' is not a number: '" + number + "'");
    if (!(w >= 1 / kMaxClassWeight && w <= kMaxClassWeight))
      return bad_weights("the weight of class '" + name + "' must be from " +
                         format_number(1 / kMaxClassWeight) + " to " +
                         format_number(kMaxClassWeight) + ", got " + number);
    for (const auto& [seen, weight] : request.given)
      if (seen == name) return bad_weights("class '" + name + "' is weighted twice");
    request.given.emplace_back(name, w);
    start = comma + 1;
  }
  return request;
}

std::string class_weight_text(const ClassWeightRequest& request) {
  if (request.balanced) return "balanced";
  std::string out;
  for (const auto& [name, weight] : request.given)
    out += (out.empty() ? "" : ",") + name + "=" + format_number(weight);
  return out;
}

Result<ClassWeights> binary_class_weights(const ClassWeightRequest& request,
                                          const std::string& negative,
                                          const std::string& positive) {
  if (request.balanced) return ClassWeights::balanced();
  ClassWeights weights = request.given.empty() ? ClassWeights() : ClassWeights::given();
  for (const auto& [name, weight] : request.given) {
    if (name != positive && name != negative)
      return Status::error("option classWeight names class '" + name +
                           "', which is not a value of the label (its values: " + positive + ", " +
                           (negative.empty() ? "none seen" : negative) + ")");
    weights.set_given(name == positive ? 1 : 0, weight);
  }
  return weights;
}

Result<ClassWeights> known_class_weights(const ClassWeightRequest& request,
                                         const std::vector<std::string>& classes) {
  if (request.balanced) return ClassWeights::balanced();
  ClassWeights weights = request.given.empty() ? ClassWeights() : ClassWeights::given();
  for (const auto& [name, weight] : request.given) {
    const auto it = std::find(classes.begin(), classes.end(), name);
    if (it == classes.end()) {
      std::string known;
      for (const std::string& c : classes) known += (known.empty() ? "" : ", ") + c;
      return Status::error("option classWeight names class '" + name +
                           "', which is not a class of the label (its classes: " + known + ")");
    }
    weights.set_given(static_cast<std::size_t>(it - classes.begin()), weight);
  }
  return weights;
}

void ClassWeights::ensure(std::size_t cls) {
  // A binary label's two classes are known from the start: the balanced rule counts K = 2.
  const std::size_t n = std::max<std::size_t>(cls + 1, 2);
  if (counts_.size() < n) {
    counts_.resize(n, 0.0);
    given_.resize(n, 1.0);
  }
}

void ClassWeights::set_given(std::size_t cls, double weight) {
  ensure(cls);
  given_[cls] = weight;
}

double ClassWeights::weight_of(std::size_t cls) const {
  if (mode_ == Mode::none) return 1;
  if (mode_ == Mode::given) return cls < given_.size() ? given_[cls] : 1.0;
  // docs/algorithms.md 4.28: w_c = (n + K) / (K (n_c + 1)), scikit-learn's n / (K n_c) with one
  // row of every class counted before the stream, so the first rows' weights stay bounded.
  const double k = static_cast<double>(std::max<std::size_t>({counts_.size(), cls + 1, 2}));
  double n = 0;
  for (double c : counts_) n += c;
  const double n_c = cls < counts_.size() ? counts_[cls] : 0.0;
  const double w = (n + k) / (k * (n_c + 1));
  return std::clamp(w, 1 / kMaxClassWeight, kMaxClassWeight);
}

double ClassWeights::weigh(std::size_t cls) {
  if (mode_ == Mode::none) return 1;
  ensure(cls);
  const double w = weight_of(cls);
  counts_[cls] += 1;
  return w;
}

std::vector<double> ClassWeights::save() const {
  if (mode_ == Mode::none) return {};
  std::vector<double> out{static_cast<double>(mode_), static_cast<double>(counts_.size())};
  out.insert(out.end(), given_.begin(), given_.end());
  out.insert(out.end(), counts_.begin(), counts_.end());
  return out;
}

Status ClassWeights::load(const std::vector<double>& saved) {
  if (saved.empty()) {
    *this = ClassWeights();
    return Status::ok();
  }
  const Status damaged = Status::error("the class weights saved with the model are damaged");
  if (saved.size() < 2 || !(saved[0] == 1 || saved[0] == 2) || !(saved[1] >= 0) ||
      saved[1] > static_cast<double>(kMaxClasses) || saved[1] != std::floor(saved[1]))
    return damaged;
  const auto k = static_cast<std::size_t>(saved[1]);
  if (saved.size() != 2 + 2 * k) return damaged;
  for (std::size_t i = 0; i < k; ++i) {
    const double w = saved[2 + i], n = saved[2 + k + i];
    if (!(w >= 1 / kMaxClassWeight && w <= kMaxClassWeight) || !(n >= 0) || !std::isfinite(n) ||
        n != std::floor(n))
      return damaged;
  }
  mode_ = static_cast<Mode>(static_cast<int>(saved[0]));
  given_.assign(saved.begin() + 2, saved.begin() + 2 + static_cast<std::ptrdiff_t>(k));
  counts_.assign(saved.begin() + 2 + static_cast<std::ptrdiff_t>(k), saved.end());
  return Status::ok();
}

void ClassWeights::remap_classes(const std::vector<std::size_t>& position, std::size_t classes) {
  if (mode_ == Mode::none) return;
  const std::size_t n = std::max<std::size_t>(classes, 2);  // as ensure() keeps them
  std::vector<double> given(n, 1.0), counts(n, 0.0);
  for (std::size_t j = 0; j < counts_.size() && j < position.size(); ++j) {
    given[position[j]] = given_[j];
    counts[position[j]] = counts_[j];
  }
  given_ = std::move(given);
  counts_ = std::move(counts);
}

}  // namespace onepass
