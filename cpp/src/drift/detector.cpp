#include "drift/detector.hpp"

#include <cmath>
#include <cstring>

#include "core/spec.hpp"
#include "drift/adwin.hpp"
#include "drift/ddm.hpp"
#include "drift/hddm.hpp"
#include "drift/kswin.hpp"
#include "drift/page_hinkley.hpp"

namespace onepass {

namespace {

// The value a bound field holds in a Config, as a number (the inverse of set_field).
double field_number(const void* config, const BoundField& field) {
  const char* at = static_cast<const char*>(config) + field.offset;
  switch (field.type) {
    case FieldType::real: {
      double v;
      std::memcpy(&v, at, sizeof v);
      return v;
    }
    case FieldType::size: {
      std::size_t v;
      std::memcpy(&v, at, sizeof v);
      return static_cast<double>(v);
    }
    case FieldType::choice_int: {
      int v;
      std::memcpy(&v, at, sizeof v);
      return v;
    }
    default: {
      bool v;
      std::memcpy(&v, at, sizeof v);
      return v ? 1 : 0;
    }
  }
}

// The name of the family whose saved states start with `code` (DriftDetector's constructor).
const char* name_of_code(double code) {
  for (const DetectorKind& kind : {Adwin::kKind, Ddm::kKind, Eddm::kKind, HddmA::kKind,
                                   HddmW::kKind, PageHinkley::kKind, Kswin::kKind})
    if (code == kind.code) return kind.name;
  return nullptr;
}

}  // namespace

const char* signal_name(DriftSignal signal) {
  switch (signal) {
    case DriftSignal::warning:
      return "warning";
    case DriftSignal::drift:
      return "drift";
    default:
      return "none";
  }
}

DriftDetector::DriftDetector(int code, const std::vector<BoundField>& fields, const void* config)
    : code_(code) {
  for (const BoundField& f : fields) {
    parameter_names_.push_back(f.spec.name);
    parameter_values_.push_back(field_number(config, f));
  }
}

bool DriftDetector::accepts(double x) const {
  switch (input()) {
    case DriftInput::unit:
      return x >= 0 && x <= 1;  // NaN compares false
    case DriftInput::binary:
      return x == 0 || x == 1;
    default:
      return std::fabs(x) <= kDriftInputLimit;
  }
}

DriftSignal DriftDetector::update(double x) {
  if (!accepts(x)) {
    ++ignored_;
    return DriftSignal::none;
  }
  ++rows_;
  drift_rose_ = true;
  const DriftSignal signal = step(x);
  if (signal == DriftSignal::drift) {
    // River's detectors start afresh on the row after a drift; starting now gives the same
    // signals and leaves nothing pending in the state (docs/algorithms.md 6.8).
    ++drifts_;
    rows_ = 0;
    restart();
  }
  return signal;
}

void DriftDetector::reset() {
  restart();
  rows_ = ignored_ = drifts_ = 0;
}

std::vector<double> DriftDetector::save() const {
  std::vector<double> out;
  StateWriter w(out);
  w.put(code_);
  w.put(parameter_values_);
  w.put(static_cast<double>(rows_));
  w.put(static_cast<double>(ignored_));
  w.put(static_cast<double>(drifts_));
  save_state(w);
  return out;
}

Status DriftDetector::load(const std::vector<double>& state) {
  const std::string who = std::string(name()) + ": ";
  for (std::size_t i = 0; i < state.size(); ++i)
    if (!std::isfinite(state[i]))
      return Status::error(who + "the saved state has a value that is not finite (value " +
                           std::to_string(i + 1) + ")");
  StateReader in(state);
  const double code = in.get();
  if (in.failed()) return Status::error(who + "the saved state is empty");
  if (code != code_) {
    const char* other = name_of_code(code);
    return Status::error(who + "the saved state is not this detector's" +
                         (other ? std::string(" (it is ") + other + "'s)" : std::string()));
  }
  const std::vector<double> values = in.get_array();
  if (in.failed() || values.size() != parameter_values_.size())
    return Status::error(who + "the saved state has " + std::to_string(values.size()) +
                         " parameters, this detector " + std::to_string(parameter_values_.size()));
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] != parameter_values_[i])
      return Status::error(who + "the saved state has " + parameter_names_[i] + "=" +
                           format_number(values[i]) + ", this detector " + parameter_names_[i] +
                           "=" + format_number(parameter_values_[i]));
  const std::uint64_t rows = in.get_whole(), ignored = in.get_whole(), drifts = in.get_whole();
  if (in.failed() || !load_state(in))
    return Status::error(who + "the saved state is damaged (" + std::to_string(state.size()) +
                         " values, not what this detector saves)");
  rows_ = rows;
  ignored_ = ignored;
  drifts_ = drifts;
  return Status::ok();
}

const std::vector<DetectorEntry>& detector_registry() {
  static const std::vector<DetectorEntry> entries = [] {
    std::vector<DetectorEntry> all;
    for (auto family :
         {adwin_detectors, ddm_detectors, hddm_detectors, page_hinkley_detectors, kswin_detectors})
      for (DetectorEntry& e : family()) all.push_back(std::move(e));
    return all;
  }();
  return entries;
}

const DetectorEntry* find_detector(const std::string& name) {
  for (const DetectorEntry& e : detector_registry())
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<std::string> detector_names() {
  std::vector<std::string> names;
  for (const DetectorEntry& e : detector_registry()) names.push_back(e.name);
  return names;
}

Result<std::unique_ptr<DriftDetector>> make_detector(
    const std::string& name, const std::vector<std::pair<std::string, std::string>>& params) {
  const DetectorEntry* e = find_detector(name);
  if (!e) {
    std::string known;
    for (const std::string& n : detector_names()) known += (known.empty() ? "" : ", ") + n;
    return Status::error("unknown drift detector '" + name + "'; known: " + known);
  }
  Result<ParamValues> values = resolve_params(name, e->params, params);
  if (!values) return values.status();
  Status st = e->check(values.value());
  if (!st) return st;
  return e->make(values.value());
}

Result<std::unique_ptr<DriftDetector>> parse_detector(const std::string& spec) {
  Result<PipelineSpec> parsed = parse_pipeline_spec(spec);
  if (!parsed) return Status::error("drift detector spec: " + parsed.message());
  const PipelineSpec& p = parsed.value();
  if (p.stages.size() != 1 || !p.modifiers.empty())
    return Status::error("drift detector spec: expected one detector, e.g. \"adwin(delta=0.01)\"");
  return make_detector(p.stages[0].name, p.stages[0].params);
}

}  // namespace onepass
