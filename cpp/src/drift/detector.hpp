// Concept-drift detectors (docs/algorithms.md 6.8): each reads one number per row (usually the
// 0/1 mistake of progressive validation, docs/algorithms.md 6.1) and says whether the stream
// still looks like the one it has seen since it last started. Each family declares its
// parameters once, bound to the fields of its Config (core/bound_params.hpp), as the stages of
// the registry do, so a spec such as "adwin(delta=0.01)" is read with the stages' grammar
// (core/spec.hpp) and checked against the same declarations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/bound_params.hpp"
#include "core/params.hpp"
#include "core/state_codec.hpp"
#include "core/status.hpp"
#include "drift/stats_fields.hpp"

namespace onepass {

// What a row tells: nothing, a warning (the detectors that have a warning level), or a drift.
// After a drift the detector has already started afresh (docs/algorithms.md 6.8).
enum class DriftSignal { none, warning, drift };
const char* signal_name(DriftSignal signal);

// The values a detector reads; any other value is skipped and counted (ignored()).
enum class DriftInput {
  real,    // a finite number of magnitude at most kDriftInputLimit
  unit,    // a number in [0, 1]
  binary,  // 0 or 1
};
// Beyond this magnitude a value could overflow a detector's sums of squares, so it is skipped
// (docs/algorithms.md 6.8; the scalers skip huge values likewise, docs/algorithms.md 2.9).
inline constexpr double kDriftInputLimit = 1e100;

class DriftDetector {
 public:
  virtual ~DriftDetector() = default;

  virtual const char* name() const = 0;
  virtual DriftInput input() const = 0;
  bool accepts(double x) const;

  // Reads one value. A value outside input() changes nothing and gives none.
  DriftSignal update(double x);
  // Back to the state of a detector just built with the same parameters.
  void reset();

  // The complete state as finite numbers: the detector's code, its parameters (so that a state
  // loads only into a detector built alike), the counters below, then its own statistics.
  std::vector<double> save() const;
  // Resumes from save()'s numbers: the detector then gives the signals the saved one would have
  // given. A vector of another detector, other parameters, a wrong size or a value out of place
  // is refused with a message, and the detector is left as it was.
  Status load(const std::vector<double>& state);

  // Values read since the detector last started (built, reset or after its last drift).
  std::uint64_t rows() const { return rows_; }
  // Values skipped (outside input()) and drifts signalled since built or reset.
  std::uint64_t ignored() const { return ignored_; }
  std::uint64_t drifts() const { return drifts_; }
  // The parameters' values in declaration order (a flag as 0/1, a choice as its value).
  const std::vector<double>& parameter_values() const { return parameter_values_; }
  // Whether the last drift signalled was a rise of the values' mean (docs/algorithms.md 6.10: a
  // watch of the error acts on a rise only). Read right after update() gives a drift; not part
  // of the state, since a drift leaves nothing pending.
  bool drift_rose() const { return drift_rose_; }

 protected:
  // `code` tells the saved states of the families apart; `fields` and `config` give the
  // parameters' names and values (the family's BoundParams and Config).
  DriftDetector(int code, const std::vector<BoundField>& fields, const void* config);

  // One accepted value: the signal, before any restart.
  virtual DriftSignal step(double x) = 0;
  // Said by step() at a drift of a family that can signal a fall (a rise unless said).
  void set_drift_rose(bool rose) { drift_rose_ = rose; }
  // The statistics of a detector just built (the base restarts after each drift).
  virtual void restart() = 0;
  virtual void save_state(StateWriter& out) const = 0;
  // Reads the rest of the vector into new statistics and takes them only when all of it is read
  // and valid (in.done()); otherwise returns false and changes nothing.
  virtual bool load_state(StateReader& in) = 0;

 private:
  int code_;
  std::vector<std::string> parameter_names_;
  std::vector<double> parameter_values_;
  std::uint64_t rows_ = 0;
  std::uint64_t ignored_ = 0;
  std::uint64_t drifts_ = 0;
  bool drift_rose_ = true;
};

// The fields a family's parameters set, for DriftDetector's constructor.
template <typename Config>
std::vector<BoundField> fields_of(const BoundParams<Config>& params) {
  std::vector<BoundField> fields;
  std::vector<char> initial;
  params.describe(fields, initial);
  return fields;
}

// What tells a family's detectors apart: its name, the code its saved states start with, and
// the values it reads.
struct DetectorKind {
  const char* name;
  int code;
  DriftInput input;
};

// What the class of every family has alike, for Derived to declare only its kind, parameters and
// step(): its Config (a struct of the parameters' fields, declared before the class), kept as
// built; its Stats (stats_fields.hpp: the statistics with their starting values, their fields()
// in saved order and their valid()), which the base restarts, saves and loads; its name, code
// and input, read from Derived's kKind; no check beyond the parameters' ranges unless Derived
// declares its own check(); Stats{} as a fresh detector's statistics unless Derived declares its
// own fresh(config) (KSWIN's generator starts at its seed); and the constructor from a Config,
// which Derived inherits (using DetectorOf::DetectorOf).
template <typename Derived, typename ConfigT, typename StatsT>
class DetectorOf : public DriftDetector {
 public:
  using Config = ConfigT;
  using Stats = StatsT;
  static Status check(const Config&) { return Status::ok(); }
  static Stats fresh(const Config&) { return Stats{}; }
  explicit DetectorOf(Config c)
      : DriftDetector(Derived::kKind.code, fields_of(Derived::params()), &c),
        config_(c),
        stats_(Derived::fresh(c)) {}

  const char* name() const override { return Derived::kKind.name; }
  DriftInput input() const override { return Derived::kKind.input; }

 protected:
  void restart() override { stats_ = Derived::fresh(config_); }
  void save_state(StateWriter& out) const override {
    FieldWriter writer(out);
    const_cast<Stats&>(stats_).fields(writer);  // the writer only reads them
  }
  // Reads into new statistics and takes them only when all of them are read and valid.
  bool load_state(StateReader& in) override {
    Stats loaded = Derived::fresh(config_);
    FieldReader reader(in);
    loaded.fields(reader);
    if (!reader.complete() || !loaded.valid(config_)) return false;
    stats_ = std::move(loaded);
    return true;
  }

  Config config_;
  Stats stats_;
};

// The registry of detectors: one entry per name, declared next to each family's class.
struct DetectorEntry {
  std::string name;
  const char* summary = "";
  const char* spec = "";    // its section of docs/algorithms.md, e.g. "6.8.1"
  const char* source = "";  // the paper it comes from
  std::vector<ParamSpec> params;
  // What the ranges cannot say (DDM: warning_threshold < drift_threshold), on resolved values.
  std::function<Status(const ParamValues&)> check;
  std::function<std::unique_ptr<DriftDetector>(const ParamValues&)> make;
  // The bound fields and the bytes of a Config{} (tests check a Config starts at the defaults).
  std::vector<BoundField> fields;
  std::vector<char> initial_config;
};

// The entry of Detector with its summary, section of docs/algorithms.md and source paper: its
// name from Detector::kKind, its parameters as Detector::params() binds them, the family's check
// on the Config they fill, and the builder Detector(config).
template <typename Detector>
DetectorEntry detector_entry(const char* summary, const char* spec, const char* source) {
  using Config = typename Detector::Config;
  DetectorEntry e;
  e.name = Detector::kKind.name;
  e.summary = summary;
  e.spec = spec;
  e.source = source;
  const auto bound = std::make_shared<const BoundParams<Config>>(Detector::params());
  e.params = bound->specs();
  bound->describe(e.fields, e.initial_config);
  e.check = [bound](const ParamValues& v) { return Detector::check(bound->from(v)); };
  e.make = [bound](const ParamValues& v) -> std::unique_ptr<DriftDetector> {
    return std::make_unique<Detector>(bound->from(v));
  };
  return e;
}

const std::vector<DetectorEntry>& detector_registry();
const DetectorEntry* find_detector(const std::string& name);
std::vector<std::string> detector_names();

// A detector by name with the given (name, value-text) parameters, the others at their
// defaults: an unknown name (the message lists the known ones), an unknown or out-of-range
// parameter or values that contradict each other are errors naming what is wrong.
Result<std::unique_ptr<DriftDetector>> make_detector(
    const std::string& name, const std::vector<std::pair<std::string, std::string>>& params = {});
// The same from a spec in the stages' grammar: "adwin", "kswin(alpha=0.01, seed=7)".
Result<std::unique_ptr<DriftDetector>> parse_detector(const std::string& spec);

}  // namespace onepass
