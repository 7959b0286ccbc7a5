#include "onepass/registry.hpp"

#include <limits>

#include "onepass/learners/adaptive_gradient.hpp"
#include "onepass/learners/averaged.hpp"
#include "onepass/learners/confidence_weighted.hpp"
#include "onepass/learners/feature_scaling.hpp"
#include "onepass/learners/logistic_sgd.hpp"
#include "onepass/learners/passive_aggressive.hpp"
#include "onepass/learners/pater.hpp"
#include "onepass/learners/perceptron.hpp"
#include "onepass/learners/romma.hpp"
#include "onepass/learners/voted.hpp"
#include "onepass/learners/winnow.hpp"
#include "onepass/scalers/adaptive_scaling.hpp"
#include "onepass/scalers/bns.hpp"
#include "onepass/scalers/ewzscore.hpp"
#include "onepass/scalers/impute.hpp"
#include "onepass/scalers/lp_shaper.hpp"
#include "onepass/scalers/maxabs.hpp"
#include "onepass/scalers/minmax.hpp"
#include "onepass/scalers/moment_scalers.hpp"
#include "onepass/scalers/robust.hpp"
#include "onepass/scalers/row_norm.hpp"

namespace onepass {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const char* kS0 = "Bollegala & Iba, Feature Scaling for Online Learning of Binary Classifiers";
const char* kS4 = "Carvalho & Cohen, Single-Pass Online Learning (KDD 2006)";
const char* kS3 = "Li et al., Adaptive Scaling (appendix scalers)";
const char* kCrammer = "Crammer et al., Online Passive-Aggressive Algorithms (JMLR 2006)";
const char* kS2 = "Jang, Online Passive-Aggressive Total-Error-Rate Minimization (2020)";
const char* kLiLong =
    "Li & Long, The Relaxed Online Maximum Margin Algorithm (2002), as used in S4";

RegistryEntry entry(StageKind kind, const char* name, const char* summary, const char* spec,
                    const char* source, bool probability = false) {
  RegistryEntry e;
  e.name = name;
  e.kind = kind;
  e.summary = summary;
  e.spec = spec;
  e.source = source;
  e.probability = probability;
  return e;
}
RegistryEntry learner(const char* name, const char* summary, const char* spec, const char* source,
                      bool probability = false) {
  return entry(StageKind::learner, name, summary, spec, source, probability);
}
RegistryEntry scaler(const char* name, const char* summary, const char* spec, const char* source) {
  return entry(StageKind::scaler, name, summary, spec, source);
}
RegistryEntry modifier(const char* name, const char* summary, const char* spec,
                       const char* source) {
  return entry(StageKind::modifier, name, summary, spec, source);
}

// S0's schedule and L2 weights (spec 4.1, 4.3): eta0, then the named L2 weights, then n.
std::vector<ParamSpec> logistic_params(const std::vector<std::pair<const char*, const char*>>& l2) {
  std::vector<ParamSpec> out = {
      ParamSpec::real("eta0", 0.1, 0, kInf, "initial learning rate eta0 (S0: 0.1)", true)};
  for (const auto& [name, help] : l2) out.push_back(ParamSpec::real(name, 0, 0, kInf, help));
  out.push_back(ParamSpec::integer(
      "n", 10000, 1, 1e15,
      "horizon N: rows in the stream; sets the rate decay and lambda/N (D-LR-2)"));
  return out;
}

const std::pair<const char*, const char*> kLambda{
    "lambda", "L2 weight of w, divided by n (grid 0, 0.01 ... 100)"};
const std::pair<const char*, const char*> kMu{"mu", "L2 weight of the scales alpha, divided by n"};
const std::pair<const char*, const char*> kNu{"nu", "L2 weight of the shifts beta, divided by n"};

RegistryEntry fs_entry(const char* name, FsVariant v, const char* summary, const char* spec,
                       std::vector<std::pair<const char*, const char*>> l2) {
  RegistryEntry e = learner(name, summary, spec, kS0, true);
  e.params = logistic_params(l2);
  e.make_learner = [v](const ParamValues& p) {
    FsParams fp{p.number("eta0"), p.number("lambda"), p.number("mu"), p.number("nu"),
                p.number("n")};
    return std::make_unique<FeatureScaling>(v, fp);
  };
  return e;
}

RegistryEntry pater_entry(const char* name, bool accumulated, bool weighted, const char* summary) {
  RegistryEntry e = learner(name, summary, "4.9", kS2);
  // PATER-I's step grows with the class-mean difference: it diverges on raw features.
  if (!accumulated) e.needs = InputNeed::scaled;
  if (weighted)
    e.params = {
        ParamSpec::real("alpha_neg", 1, 0, kInf, "weight of the false-positive rate alpha-", true),
        ParamSpec::real("alpha_pos", 1, 0, kInf, "weight of the false-negative rate alpha+", true)};
  e.params.push_back(ParamSpec::boolean(
      "linear_k", false, "use the losses without clipping at 0 in K (D-PATER-1: clipped)"));
  const std::string n = name;
  e.make_learner = [n, accumulated, weighted](const ParamValues& p) {
    return std::make_unique<Pater>(n, accumulated, weighted ? p.number("alpha_neg") : 1.0,
                                   weighted ? p.number("alpha_pos") : 1.0, p.flag("linear_k"));
  };
  return e;
}

RegistryEntry winnow_entry(const char* name, WinnowVariant v, const char* summary,
                           const char* spec) {
  RegistryEntry e = learner(name, summary, spec, kS4);
  e.needs = InputNeed::non_negative;
  e.params = {ParamSpec::real("alpha", 1.5, 1, kInf, "promotion factor alpha", true),
              ParamSpec::real("beta", 0.5, 0, 1, "demotion factor beta", true),
              ParamSpec::real("theta", 1, 0, kInf, "threshold theta inside the score")};
  if (v == WinnowVariant::positive) {
    e.params.push_back(ParamSpec::real("w0", 1, 0, kInf, "initial weight", true));
  } else {
    e.params.push_back(ParamSpec::real("u0", 2, 0, kInf, "initial positive weights u", true));
    e.params.push_back(ParamSpec::real("v0", 1, 0, kInf, "initial negative weights v", true));
  }
  if (v == WinnowVariant::modified) {
    e.params.push_back(
        ParamSpec::real("margin", 1, 0, kInf, "thick margin M: update when y s <= M"));
    e.params.push_back(ParamSpec::integer(
        "k", 0, 0, 1e9,
        "EFS (" + algorithms_ref("4.15") + "): features kept at prediction time (0: all)"));
    e.params.push_back(ParamSpec::real(
        "p", 0.9, 0, 1,
        "EFS: share of the k taken from the largest |u - v|, the rest the smallest"));
  }
  e.make_learner = [v](const ParamValues& p) {
    WinnowParams wp;
    wp.alpha = p.number("alpha");
    wp.beta = p.number("beta");
    wp.theta = p.number("theta");
    if (v == WinnowVariant::positive) {
      wp.w0 = p.number("w0");
    } else {
      wp.u0 = p.number("u0");
      wp.v0 = p.number("v0");
    }
    if (v == WinnowVariant::modified) {
      wp.margin = p.number("margin");
      wp.efs_k = p.number("k");
      wp.efs_p = p.number("p");
    }
    return std::make_unique<Winnow>(v, wp);
  };
  return e;
}

// On by default (D-BIAS): after a centring scaler such as zscore a model without a bias cannot
// express the base rate (issue 16: zscore | pa1 erred on 41.5% of an imbalanced file, 9.0% with
// the bias). The papers ran these learners without one; their presets say bias=false.
ParamSpec bias_param() {
  return ParamSpec::boolean("bias", true,
                            "append a constant feature 1.0 so the model learns a bias (D-BIAS)");
}

RegistryEntry romma_entry(const char* name, bool aggressive, const char* summary) {
  RegistryEntry e = learner(name, summary, "4.14", kLiLong);
  e.params = {ParamSpec::choice("init", {"zero", "ones_on_first_seen"},
                                "initial weights: 0 (Li & Long) or 1 when a feature is first seen "
                                "(MinorThird, D-ROMMA-3)"),
              bias_param()};
  e.make_learner = [aggressive](const ParamValues& p) {
    return std::make_unique<Romma>(aggressive, p.text("init") == "ones_on_first_seen",
                                   p.flag("bias"));
  };
  return e;
}

ParamSpec c_param() {
  return ParamSpec::real("c", 1, 0, kInf, "aggressiveness C: larger C takes larger steps (D-PA-1)",
                         true);
}

const char* kArow =
    "Crammer, Kulesza & Dredze, Adaptive Regularization of Weight Vectors (NIPS 2009)";
const char* kScw = "Wang, Zhao & Hoi, Exact Soft Confidence-Weighted Learning (ICML 2012)";

// AROW (docs/algorithms.md 4.16), SCW-I and SCW-II (4.17), diagonal; the defaults are LIBOL's
// and SOL's (r = 1; C = 1, eta = 0.75 for SCW-I, 0.90 for SCW-II).
RegistryEntry cw_entry(const char* name, CwVariant variant, const char* summary) {
  const bool arow = variant == CwVariant::arow;
  RegistryEntry e = learner(name, summary, arow ? "4.16" : "4.17", arow ? kArow : kScw);
  if (arow) {
    e.params.push_back(ParamSpec::real(
        "r", 1, 0, kInf,
        "regulariser r of AROW: beta = 1/(x' Sigma x + r); smaller r, larger steps", true));
  } else {
    e.params.push_back(ParamSpec::real(
        "c", 1, 0, kInf, "aggressiveness C: SCW-I's cap on alpha, SCW-II's 1/(2C) term", true));
    ParamSpec eta = ParamSpec::real(
        "eta", variant == CwVariant::scw1 ? 0.75 : 0.90, 0.5, 1,
        "confidence eta: the margin wanted is Phi^-1(eta) standard deviations", true);
    eta.max_exclusive = true;  // Phi^-1(1) is infinite
    e.params.push_back(eta);
  }
  e.params.push_back(bias_param());
  e.make_learner = [variant, arow](const ParamValues& p) {
    return std::make_unique<ConfidenceWeighted>(variant, p.number(arow ? "r" : "c"),
                                                arow ? 0.0 : p.number("eta"), p.flag("bias"));
  };
  return e;
}

RegistryEntry pa_entry(const char* name, PaVariant variant, const char* summary) {
  RegistryEntry e = learner(name, summary, "4.7", kCrammer);
  if (variant != PaVariant::pa) e.params.push_back(c_param());
  e.params.push_back(bias_param());
  e.make_learner = [variant](const ParamValues& p) {
    return std::make_unique<PassiveAggressive>(
        variant, variant == PaVariant::pa ? 0 : p.number("c"), p.flag("bias"));
  };
  return e;
}

std::vector<RegistryEntry> build_registry() {
  std::vector<RegistryEntry> r;

  RegistryEntry logreg =
      learner("logreg", "SGD logistic regression with the rate eta0/(1 + k/n)", "4.1", kS0, true);
  logreg.params = logistic_params({kLambda});
  logreg.make_learner = [](const ParamValues& p) {
    return std::make_unique<LogisticSgd>(p.number("eta0"), p.number("lambda"), p.number("n"));
  };
  r.push_back(std::move(logreg));

  r.push_back(fs_entry("fs", FsVariant::fs,
                       "weights and sigmoid feature maps sigma(alpha x - beta) learned jointly",
                       "4.3", {kLambda, kMu, kNu}));
  r.push_back(fs_entry("fs1", FsVariant::fs1, "FS with alpha fixed to 1: maps sigma(x - beta)",
                       "4.4", {kLambda, kNu}));
  RegistryEntry fs2 =
      fs_entry("fs2", FsVariant::fs2, "weights and affine scaling alpha x + beta learned jointly",
               "4.5", {kLambda, kMu, kNu});
  fs2.needs = InputNeed::scaled;  // its affine scales diverge on raw features (spec 4.5)
  r.push_back(std::move(fs2));
  r.push_back(fs_entry("fs3", FsVariant::fs3,
                       "affine scaling alpha x + beta learned without weights", "4.6", {kMu, kNu}));

  r.push_back(pa_entry("pa", PaVariant::pa, "Passive-Aggressive: tau = loss/|x|^2"));
  r.push_back(pa_entry("pa1", PaVariant::pa1, "PA-I: tau = min(C, loss/|x|^2)"));
  r.push_back(pa_entry("pa2", PaVariant::pa2, "PA-II: tau = loss/(|x|^2 + 1/(2C))"));

  RegistryEntry cpa =
      learner("carvalho_pa", "PA as in the Single Pass paper: tau = (eps - y s)/(|x|^2 + gamma)",
              "4.8", kS4);
  cpa.params = {
      ParamSpec::real("eps", 1, 0, kInf, "insensitivity epsilon: update when y s < eps", true),
      ParamSpec::real("gamma", 0.1, 0, kInf, "relaxation gamma added to |x|^2", true),
      bias_param()};
  cpa.make_learner = [](const ParamValues& p) {
    return std::make_unique<PassiveAggressive>(PaVariant::carvalho, p.number("gamma"),
                                               p.flag("bias"), p.number("eps"));
  };
  r.push_back(std::move(cpa));

  r.push_back(pater_entry("pater1", false, false,
                          "PATER-I: PA step along the class-mean difference, K = hinge loss"));
  r.push_back(
      pater_entry("pater2", true, false, "PATER-II: K = running class means of the hinge losses"));
  r.push_back(pater_entry("wpater1", false, true, "weighted PATER-I (alpha- FPR + alpha+ FNR)"));
  r.push_back(pater_entry("wpater2", true, true, "weighted PATER-II"));

  RegistryEntry perceptron =
      learner("perceptron", "Rosenblatt's perceptron: w += y x when y w.x <= 0", "4.10", kS4);
  perceptron.params = {bias_param()};
  perceptron.make_learner = [](const ParamValues& p) {
    return std::make_unique<Perceptron>(p.flag("bias"));
  };
  r.push_back(std::move(perceptron));

  r.push_back(winnow_entry("winnow", WinnowVariant::positive,
                           "Positive Winnow on L1-normalised rows", "4.11"));
  r.push_back(winnow_entry("bwinnow", WinnowVariant::balanced,
                           "Balanced Winnow (u - v) on L1-normalised rows", "4.12"));
  r.push_back(winnow_entry("mbw", WinnowVariant::modified,
                           "Modified Balanced Winnow: thick margin, value-dependent factors, EFS",
                           "4.13"));
  r.push_back(
      romma_entry("romma", false, "ROMMA: relaxed online maximum margin, updates on mistakes"));
  r.push_back(romma_entry("aromma", true, "aggressive ROMMA: updates when y w.x < 1"));

  r.push_back(cw_entry(
      "arow", CwVariant::arow,
      "AROW (Crammer, Kulesza & Dredze 2009): confidence-weighted margin steps, diagonal"));
  r.push_back(cw_entry(
      "scw1", CwVariant::scw1,
      "SCW-I (Wang, Zhao & Hoi 2012): soft confidence-weighted, step capped at C, diagonal"));
  r.push_back(cw_entry(
      "scw2", CwVariant::scw2,
      "SCW-II (Wang, Zhao & Hoi 2012): soft confidence-weighted, squared slack, diagonal"));

  RegistryEntry adagrad = learner(
      "adagrad",
      "AdaGrad (Duchi, Hazan & Singer 2011) logistic regression: steps eta/sqrt(sum of g^2)",
      "4.18", "Duchi, Hazan & Singer, Adaptive Subgradient Methods (JMLR 2011)", true);
  adagrad.params = {
      ParamSpec::real("eta", 0.1, 0, kInf, "step size eta", true),
      ParamSpec::real("delta", 1e-8, 0, kInf,
                      "delta added to sqrt(G_j) in the denominator (Duchi et al.'s delta)")};
  adagrad.make_learner = [](const ParamValues& p) {
    return std::make_unique<AdaGrad>(p.number("eta"), p.number("delta"));
  };
  r.push_back(std::move(adagrad));

  RegistryEntry nag =
      learner("nag",
              "NAG (Ross, Mineiro & Langford 2013): normalized adaptive gradient logistic "
              "regression, invariant to feature scales (no scaler needed)",
              "4.19", "Ross, Mineiro & Langford, Normalized Online Learning (UAI 2013)", true);
  nag.params = {ParamSpec::real("eta", 0.5, 0, kInf, "learning rate eta", true)};
  nag.make_learner = [](const ParamValues& p) { return std::make_unique<Nag>(p.number("eta")); };
  r.push_back(std::move(nag));

  RegistryEntry ftrl = learner(
      "ftrl", "FTRL-Proximal (McMahan et al. 2013) logistic regression with L1 and L2", "4.20",
      "McMahan et al., Ad Click Prediction: a View from the Trenches (KDD 2013)", true);
  ftrl.params = {
      ParamSpec::real("alpha", 0.1, 0, kInf, "alpha of the per-coordinate rate", true),
      ParamSpec::real("beta", 1, 0, kInf, "beta of the per-coordinate rate"),
      ParamSpec::real("l1", 0, 0, kInf, "L1 weight lambda1: weights with |z_j| <= l1 are 0"),
      ParamSpec::real("l2", 0, 0, kInf, "L2 weight lambda2")};
  ftrl.make_learner = [](const ParamValues& p) {
    return std::make_unique<Ftrl>(p.number("alpha"), p.number("beta"), p.number("l1"),
                                  p.number("l2"));
  };
  r.push_back(std::move(ftrl));

  const std::pair<const char*, MomentForm> moments[] = {{"zscore", MomentForm::zscore},
                                                        {"pareto", MomentForm::pareto},
                                                        {"vast", MomentForm::vast},
                                                        {"level", MomentForm::level},
                                                        {"twosd", MomentForm::twosd}};
  const char* moment_summaries[] = {
      "online z-score (Welford mean and sample deviation), S0's GN",
      "online Pareto scaling (x - mean)/sqrt(sd)", "online Vast scaling ((x - mean)/sd)(mean/sd)",
      "online Level scaling (x - mean)/mean",
      "online Gelman scaling (x - mean)/(2 sd); 0/1 features unchanged"};
  for (int i = 0; i < 5; ++i) {
    const MomentForm form = moments[i].second;
    RegistryEntry e =
        scaler(moments[i].first, moment_summaries[i], i == 0 ? "5.1" : "5.2", i == 0 ? kS0 : kS3);
    e.make_scaler = [form](const ParamValues&) { return std::make_unique<MomentScaler>(form); };
    r.push_back(std::move(e));
  }

  RegistryEntry minmax = scaler("minmax", "online range scaling (x - min)/(max - min)", "5.2", kS3);
  minmax.params = {ParamSpec::boolean(
      "clip", false, "clip values outside the running range to [0, 1] (D-SC-3: off)")};
  minmax.make_scaler = [](const ParamValues& p) {
    return std::make_unique<MinMax>(p.flag("clip"));
  };
  r.push_back(std::move(minmax));

  RegistryEntry maxabs =
      scaler("maxabs", "online max-abs scaling x/max|x| (keeps zeros)", "5.7", "");
  maxabs.make_scaler = [](const ParamValues&) { return std::make_unique<MaxAbs>(); };
  r.push_back(std::move(maxabs));

  RegistryEntry ew =
      scaler("ewzscore",
             "exponentially weighted z-score for drifting streams (a running z-score until "
             "1/k falls to the weight)",
             "5.8", "");
  ew.params = {ParamSpec::real("halflife", 1000, 0, kInf,
                               "rows after which an old value weighs half as much", true)};
  ew.make_scaler = [](const ParamValues& p) {
    return std::make_unique<EwZScore>(p.number("halflife"));
  };
  r.push_back(std::move(ew));

  const char* kS1 =
      "Forman, Scholz & Rajaram, Feature Shaping for Linear SVM Classifiers (KDD 2009)";
  for (bool l1 : {true, false}) {
    RegistryEntry e =
        scaler(l1 ? "l1" : "l2", l1 ? "row normalisation x/|x|_1" : "row normalisation x/|x|_2",
               "5.6", kS1);
    e.make_scaler = [l1](const ParamValues&) { return std::make_unique<RowNorm>(l1); };
    r.push_back(std::move(e));
  }

  RegistryEntry robust =
      scaler("robust",
             "(x - median)/(inter-quantile range, or the range when that is 0) from a "
             "bounded-memory quantile sketch",
             "5.9", "");
  // eps sizes the sketch (a buffer of 1/(2 eps) values per feature, O(1/eps log(eps n))
  // tuples): bounded below so that memory stays bounded and no size overflows.
  robust.params = {ParamSpec::real("eps", 0.01, 0.0001, 0.5,
                                   "rank error of the quantile sketch (memory ~ 1/eps)"),
                   ParamSpec::real("lower", 0.25, 0, 1, "lower quantile of the spread"),
                   ParamSpec::real("upper", 0.75, 0, 1, "upper quantile of the spread")};
  robust.check = [](const ParamValues& p) {
    if (p.number("lower") < p.number("upper")) return Status::ok();
    return Status::error("robust: lower (" + format_number(p.number("lower")) +
                         ") must be below upper (" + format_number(p.number("upper")) + ")");
  };
  robust.make_scaler = [](const ParamValues& p) {
    return std::make_unique<RobustScaler>(p.number("eps"), p.number("lower"), p.number("upper"));
  };
  r.push_back(std::move(robust));

  const char* as_summaries[] = {
      "Adaptive Scaling: x' = beta (x - mean), beta from regressing the label on x",
      "generalised AS: x' = |beta|^gamma (x - mean)",
      "AS with per-feature (univariate) betas cov(x, y)/var(x), |beta|^gamma"};
  const char* as_names[] = {"as", "gas", "ash"};
  const AsKind as_kinds[] = {AsKind::as, AsKind::gas, AsKind::ash};
  for (int i = 0; i < 3; ++i) {
    const AsKind kind = as_kinds[i];
    RegistryEntry e = scaler(as_names[i], as_summaries[i], "5.3", kS3);
    if (kind != AsKind::as)
      e.params.push_back(
          ParamSpec::real("gamma", kind == AsKind::ash ? 1 : 0.5, 0, 1,
                          "exponent of |beta| (grid 0, 0.25, 0.5, 0.75, 1; D-AS-5)"));
    e.params.push_back(ParamSpec::integer(
        "warmup", 500, 1, 1e9, "rows held to fit the coefficients before passing them on"));
    e.params.push_back(ParamSpec::boolean(
        "online", false, "fit from running co-moments instead of a warm-up window"));
    e.params.push_back(ParamSpec::integer(
        "refit", 100, 1, 1e9, "online: re-solve the coefficients every refit rows (D-AS-6)"));
    e.params.push_back(ParamSpec::choice("centre", {"centred", "raw"},
                                         "multiply the centred x or the raw x (D-AS-1)"));
    e.make_scaler = [kind](const ParamValues& p) {
      AsParams ap;
      ap.gamma = kind == AsKind::as ? 1.0 : p.number("gamma");
      ap.warmup = static_cast<std::size_t>(p.number("warmup"));
      ap.online = p.flag("online");
      ap.refit = static_cast<std::size_t>(p.number("refit"));
      ap.raw = p.text("centre") == "raw";
      return std::make_unique<AdaptiveScaling>(kind, ap);
    };
    r.push_back(std::move(e));
  }

  for (bool log_odds : {false, true}) {
    RegistryEntry e =
        scaler(log_odds ? "logodds" : "lp",
               log_odds ? "log-odds shaper ln(p/(1 - p)) of the local probability"
                        : "local-probability shaper: P(positive | value) from neighbours",
               "5.4", kS1);
    e.params = {
        ParamSpec::integer("warmup", 500, 1, 1e9, "rows held to fit the shaping curves"),
        ParamSpec::integer("n", 15, 0, 1e9, "neighbours taken below and above a value (D-LP-1)"),
        ParamSpec::boolean("zero_special", false,
                           "zeros in a bin of their own, and 0 stays 0 (sparse data)")};
    e.make_scaler = [log_odds](const ParamValues& p) {
      return std::make_unique<LpShaper>(log_odds, static_cast<std::size_t>(p.number("warmup")),
                                        static_cast<std::size_t>(p.number("n")),
                                        p.flag("zero_special"));
    };
    r.push_back(std::move(e));
  }
  RegistryEntry bns = scaler(
      "bns", "BNS scaling: each feature to [0, BNS], its best bi-normal separation", "5.5", kS1);
  bns.params = {
      ParamSpec::integer("warmup", 500, 1, 1e9, "rows held to fit the BNS scores"),
      ParamSpec::boolean("zero_preserving", false,
                         "scale x by BNS/range without shifting, so 0 stays 0 (D-BNS-2)")};
  bns.make_scaler = [](const ParamValues& p) {
    return std::make_unique<BnsScaler>(static_cast<std::size_t>(p.number("warmup")),
                                       p.flag("zero_preserving"));
  };
  r.push_back(std::move(bns));

  RegistryEntry impute =
      scaler("impute", "fills missing cells: running mean, 0 or a constant", "5.10", "");
  impute.params = {
      ParamSpec::choice("strategy", {"mean", "zero", "constant"}, "what a missing cell becomes"),
      ParamSpec::real("value", 0, -kInf, kInf, "the constant, with strategy=constant")};
  impute.make_scaler = [](const ParamValues& p) {
    const std::string& s = p.text("strategy");
    const ImputeStrategy st = s == "zero"       ? ImputeStrategy::zero
                              : s == "constant" ? ImputeStrategy::constant
                                                : ImputeStrategy::mean;
    return std::make_unique<Impute>(st, p.number("value"));
  };
  r.push_back(std::move(impute));

  RegistryEntry avg = modifier(
      "avg", "uniform average of the parameters (lazy trick); predicts in training and test", "3.1",
      kS0);
  avg.wrap = [](std::unique_ptr<Learner> inner, const ParamValues&) {
    return std::make_unique<Averaged>(std::move(inner));
  };
  r.push_back(std::move(avg));

  RegistryEntry vote =
      modifier("vote",
               "survival-weighted vote of the hypotheses (S4's text); predicts in training "
               "with the current one",
               "3.2", kS4);
  vote.wrap = [](std::unique_ptr<Learner> inner, const ParamValues&) {
    return std::make_unique<Voted>(std::move(inner));
  };
  r.push_back(std::move(vote));
  return r;
}

}  // namespace

const char* kind_name(StageKind kind) {
  switch (kind) {
    case StageKind::learner:
      return "learner";
    case StageKind::scaler:
      return "scaler";
    default:
      return "modifier";
  }
}

const std::vector<RegistryEntry>& registry() {
  static const std::vector<RegistryEntry> entries = build_registry();
  return entries;
}

const RegistryEntry* find_entry(const std::string& name) {
  for (const auto& e : registry())
    if (e.name == name) return &e;
  return nullptr;
}

std::string input_need_text(InputNeed need) {
  switch (need) {
    case InputNeed::non_negative:
      return "non-negative features (put minmax first)";
    case InputNeed::scaled:
      return "scaled features (put zscore first)";
    case InputNeed::any:
      break;
  }
  return "";
}

std::string algorithms_ref(const std::string& section) {
  return "docs/algorithms.md §" + section;
}

std::string names_of(StageKind kind) {
  std::string s;
  for (const auto& e : registry())
    if (e.kind == kind) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

}  // namespace onepass
