#include "learners/perceptron.hpp"

namespace onepass {

std::vector<RegistryEntry> perceptron_stages() {
  RegistryEntry perceptron = learner_entry(
      Perceptron::kName, "Rosenblatt's perceptron: w += y x when y w.x <= 0", "4.10", kS4);
  bind_learner<Perceptron>(perceptron, {bias_param(&Perceptron::Config::bias)});
  return one_entry(std::move(perceptron));
}

}  // namespace onepass
