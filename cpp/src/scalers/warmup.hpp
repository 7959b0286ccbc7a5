// The warm-up shared by the batch scalers (AS/GAS/ASH, LP, log-odds, BNS; D-LP-3): hold the
// first `warmup` rows and labels (bounded memory), fit on them, hand them back to the pipeline,
// and from then on transform with the fitted parameters. The snapshot reports the state
// (collecting or fitted, rows held).
#pragma once

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/state_codec.hpp"
#include "scalers/scaler.hpp"

namespace onepass {

class WarmupScaler : public Scaler {
 public:
  // Fitted once on its first rows, before later features exist (design.md 10.5).
  bool can_grow() const override { return false; }
  explicit WarmupScaler(std::size_t warmup) : warmup_(warmup) {}

  bool fitted() const override { return fitted_; }
  bool uses_labels() const override { return true; }  // fitted on labelled rows
  bool hold(const double* x, int y) override {
    x = without_huge(x, true);  // docs/algorithms.md 2.9: missing, counted
    held_rows_.insert(held_rows_.end(), x, x + dims_);
    held_labels_.push_back(static_cast<std::int8_t>(y));
    return held_labels_.size() >= warmup_;
  }
  void fit_held(std::vector<double>& rows, std::vector<std::int8_t>& labels) override {
    fit(held_rows_.data(), held_labels_.data(), held_labels_.size());
    fitted_ = true;
    fitted_on_ = held_labels_.size();
    rows.swap(held_rows_);
    labels.swap(held_labels_);
    held_rows_ = {};
    held_labels_ = {};
  }
  std::size_t warmup() const { return warmup_; }
  // Fitted scalers keep no running statistics; a training row's values beyond the range they
  // take are counted here (transform treats them as missing, docs/algorithms.md 2.9).
  void update(const double* x) override {
    if (fitted_) without_huge(x, true);
  }

  // [fitted, fitted_on, held rows (array), held labels (array), the fitted parameters]
  std::vector<double> save() const override {
    std::vector<double> out;
    StateWriter w(out);
    w.put(fitted_ ? 1 : 0);
    w.put(static_cast<double>(fitted_on_));
    w.put(held_rows_);
    w.put(std::vector<double>(held_labels_.begin(), held_labels_.end()));
    save_fit(w);
    return out;
  }
  Status load(const std::vector<double>& saved) override {
    StateReader r(saved);
    const bool fitted = r.get() != 0;
    const std::size_t fitted_on = r.get_size();
    std::vector<double> rows = r.get_array();
    std::vector<double> labels = r.get_array();
    if (r.failed() || (dims_ && rows.size() != labels.size() * dims_) || !load_fit(r) || !r.done())
      return Status::error("the saved state of warm-up scaler '" + snapshot().name +
                           "' is damaged or from another pipeline");
    fitted_ = fitted;
    fitted_on_ = fitted_on;
    held_rows_ = std::move(rows);
    held_labels_.assign(labels.begin(), labels.end());
    return Status::ok();
  }

 protected:
  void init() override {
    fitted_ = false;
    fitted_on_ = 0;
    held_rows_.clear();
    held_labels_.clear();
    init_fit();
  }
  virtual void init_fit() = 0;
  // rows: n x dims_, row-major, NaN = missing; labels in {-1,+1}; n may be 0.
  virtual void fit(const double* rows, const std::int8_t* labels, std::size_t n) = 0;
  // Feature j's (value, label) pairs of the held rows, missing cells left out.
  std::vector<std::pair<double, int>> column(const double* rows, const std::int8_t* labels,
                                             std::size_t n, std::size_t j) const {
    std::vector<std::pair<double, int>> data;
    for (std::size_t r = 0; r < n; ++r) {
      const double v = rows[r * dims_ + j];
      if (!std::isnan(v)) data.emplace_back(v, labels[r]);
    }
    return data;
  }
  // The fitted parameters, written and read back in the same order (load_fit returns false
  // when they do not fit this scaler's width).
  virtual void save_fit(StateWriter& w) const = 0;
  virtual bool load_fit(StateReader& r) = 0;
  // The state scalars every warm-up scaler reports.
  void add_warmup_status(Snapshot& s) const {
    s.scalars.emplace_back("fitted", fitted_ ? 1 : 0);
    s.scalars.emplace_back("warmup", static_cast<double>(warmup_));
    s.scalars.emplace_back("held", static_cast<double>(held_labels_.size()));
    s.scalars.emplace_back("fitted_on", static_cast<double>(fitted_on_));
  }

 private:
  std::size_t warmup_;
  bool fitted_ = false;
  std::size_t fitted_on_ = 0;
  std::vector<double> held_rows_;
  std::vector<std::int8_t> held_labels_;
};

}  // namespace onepass
