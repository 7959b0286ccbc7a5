#include "onepass/learners/perceptron.hpp"

namespace onepass {

std::vector<RegistryEntry> perceptron_stages() {
  RegistryEntry perceptron =
      learner_entry("perceptron", "Rosenblatt's perceptron: w += y x when y w.x <= 0", "4.10", kS4);
  perceptron.params = {bias_param()};
  perceptron.make_learner = [](const ParamValues& p) {
    return std::make_unique<Perceptron>(p.flag("bias"));
  };
  return one_entry(std::move(perceptron));
}

}  // namespace onepass
