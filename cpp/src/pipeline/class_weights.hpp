// Class weights (docs/algorithms.md 4.28): a row of class c is learned with the weight w_c, so
// that a rare class is not drowned by the common one. Balanced weights follow the class counts
// seen so far; given weights are the user's, by class. The counts are part of a model, so a
// resumed run weighs its rows exactly as the uninterrupted one.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace onepass {

// What the user asked for, before the label's classes are known: "balanced", or
// "name=weight,..." (the option's text, parsed and checked once by parse_class_weights).
struct ClassWeightRequest {
  bool balanced = false;
  std::vector<std::pair<std::string, double>> given;  // in the order written
  bool empty() const { return !balanced && given.empty(); }
};
// The option's text; "" asks for nothing. A weight is a number in
// [1 / kMaxClassWeight, kMaxClassWeight]; a class named twice is an error.
Result<ClassWeightRequest> parse_class_weights(const std::string& text);
// The request as text again (the option's canonical form).
std::string class_weight_text(const ClassWeightRequest& request);

class ClassWeights;
// The weights of a binary label's classes (0: the negative value, 1: the positive one) as
// requested, or an error naming a class that is neither value.
Result<ClassWeights> binary_class_weights(const ClassWeightRequest& request,
                                          const std::string& negative, const std::string& positive);

// The weights of a label whose classes are known from the start, by index (rows given in
// batches: their caller names every class), or an error naming a class not among them.
Result<ClassWeights> known_class_weights(const ClassWeightRequest& request,
                                         const std::vector<std::string>& classes);

class ClassWeights {
 public:
  enum class Mode { none, balanced, given };
  ClassWeights() = default;
  static ClassWeights balanced() { return ClassWeights(Mode::balanced); }
  // Weights by class index (a binary label's classes are [negative, positive]); a class with
  // none is weighted 1 (set_given gives it one once the class is known).
  static ClassWeights given() { return ClassWeights(Mode::given); }
  void set_given(std::size_t cls, double weight);

  Mode mode() const { return mode_; }
  bool on() const { return mode_ != Mode::none; }
  // The weight of a row of class `cls`, from the rows counted before it; then counts the row.
  double weigh(std::size_t cls);
  // The weight the next row of class `cls` would take (nothing counted).
  double weight_of(std::size_t cls) const;
  const std::vector<double>& counts() const { return counts_; }
  const std::vector<double>& given_weights() const { return given_; }

  // [mode, K, K given weights, K counts] (empty when none): saved with the model.
  std::vector<double> save() const;
  // Restores save()'s form; nothing changes on an error.
  Status load(const std::vector<double>& saved);
  // The classes moved to their place in a union of classes (a merge of models,
  // docs/algorithms.md 3.4): class j becomes class position[j] of `classes`; a class none
  // moves to has weight 1 and no rows. A class beyond position (the second of the two that a
  // label of one class keeps, ensure()) is left out.
  void remap_classes(const std::vector<std::size_t>& position, std::size_t classes);

 private:
  explicit ClassWeights(Mode mode) : mode_(mode) {}
  void ensure(std::size_t cls);
  Mode mode_ = Mode::none;
  std::vector<double> given_, counts_;  // by class index
};

}  // namespace onepass
