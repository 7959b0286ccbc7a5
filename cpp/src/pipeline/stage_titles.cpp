#include "pipeline/stage_titles.hpp"

#include <cstddef>
#include <iterator>

namespace onepass {

namespace {

struct Title {
  const char* name;
  const char* title;
};

// Each family's name as its paper or its field says it; a family named after its paper's
// sections (FS, PATER) says what it learns. registry_test checks every entry has a title here
// (its name in the demo), and that these tables hold no other.
constexpr Title kStageTitles[] = {
    // learners (docs/algorithms.md 4)
    {"logreg", "SGD logistic regression"},
    {"fs", "learned sigmoid scaling (FS)"},
    {"fs1", "learned sigmoid shift (FS-1)"},
    {"fs2", "learned affine scaling (FS-2)"},
    {"fs3", "affine scaling without weights (FS-3)"},
    {"pa", "Passive-Aggressive"},
    {"pa1", "PA-I"},
    {"pa2", "PA-II"},
    {"carvalho_pa", "Single-Pass PA"},
    {"pater1", "PATER-I"},
    {"pater2", "PATER-II"},
    {"wpater1", "weighted PATER-I"},
    {"wpater2", "weighted PATER-II"},
    {"perceptron", "perceptron"},
    {"winnow", "Positive Winnow"},
    {"bwinnow", "Balanced Winnow"},
    {"mbw", "Modified Balanced Winnow"},
    {"romma", "ROMMA"},
    {"aromma", "aggressive ROMMA"},
    {"arow", "AROW"},
    {"scw1", "SCW-I"},
    {"scw2", "SCW-II"},
    {"arow_full", "full-covariance AROW"},
    {"leader", "leader of three"},
    {"adagrad", "AdaGrad"},
    {"nag", "NAG"},
    {"ftrl", "FTRL-Proximal"},
    {"softmax", "softmax regression"},
    {"mpa", "multiclass PA"},
    {"mpa1", "multiclass PA-I"},
    {"mpa2", "multiclass PA-II"},
    {"mperceptron", "multiclass perceptron"},
    {"pareg", "PA regression"},
    {"pareg1", "PA-I regression"},
    {"pareg2", "PA-II regression"},
    {"linreg", "linear regression"},
    {"huber", "Huber regression"},
    // scalers (docs/algorithms.md 5)
    {"zscore", "z-score"},
    {"pareto", "Pareto scaling"},
    {"vast", "Vast scaling"},
    {"level", "Level scaling"},
    {"twosd", "Gelman scaling"},
    {"minmax", "min-max scaling"},
    {"maxabs", "max-abs scaling"},
    {"ewzscore", "weighted z-score"},
    {"l1", "L1 row norm"},
    {"l2", "L2 row norm"},
    {"robust", "robust scaling"},
    {"as", "Adaptive Scaling"},
    {"gas", "generalised AS"},
    {"ash", "per-feature AS"},
    {"lp", "local-probability shaper"},
    {"logodds", "log-odds shaper"},
    {"bns", "BNS scaling"},
    {"impute", "imputation"},
    // modifiers (docs/algorithms.md 3, 4.29, 4.30, 6.10)
    {"avg", "averaging"},
    {"vote", "voting"},
    {"platt", "Platt scaling"},
    {"temperature", "temperature scaling"},
    {"drift", "drift detection"},
};

constexpr Title kDetectorTitles[] = {
    {"adwin", "ADWIN"},   {"ddm", "DDM"},       {"eddm", "EDDM"},
    {"hddm_a", "HDDM-A"}, {"hddm_w", "HDDM-W"}, {"page_hinkley", "Page-Hinkley"},
    {"kswin", "KSWIN"},
};

template <std::size_t N>
std::string title_in(const Title (&titles)[N], const std::string& name) {
  for (const Title& t : titles)
    if (name == t.name) return t.title;
  return "";
}

}  // namespace

std::string stage_title(const std::string& name) {
  return title_in(kStageTitles, name);
}
std::string detector_title(const std::string& name) {
  return title_in(kDetectorTitles, name);
}
std::size_t stage_title_count() {
  return std::size(kStageTitles);
}
std::size_t detector_title_count() {
  return std::size(kDetectorTitles);
}

}  // namespace onepass
