// Writes and reads a stage's state as one flat vector of doubles: scalars as they are, arrays
// as their length followed by their values. Used by the stages whose state is not already one
// vector (warm-up scalers, quantile sketches), so that every stage saves and loads alike.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace onepass {

class StateWriter {
 public:
  explicit StateWriter(std::vector<double>& out) : out_(out) {}
  void put(double v) { out_.push_back(v); }
  void put(const std::vector<double>& v) {
    out_.push_back(static_cast<double>(v.size()));
    out_.insert(out_.end(), v.begin(), v.end());
  }

 private:
  std::vector<double>& out_;
};

class StateReader {
 public:
  StateReader(const std::vector<double>& in, std::size_t pos = 0) : in_(in), pos_(pos) {}
  // A scalar; sets failed() past the end.
  double get() {
    if (pos_ >= in_.size()) {
      failed_ = true;
      return 0;
    }
    return in_[pos_++];
  }
  // A count, checked to be a whole number no larger than what is left (so a damaged state
  // cannot ask for a huge allocation).
  std::size_t get_count() {
    const double n = get();
    if (!(n >= 0) || n != std::floor(n) || n > static_cast<double>(in_.size() - pos_)) {
      failed_ = true;
      return 0;
    }
    return static_cast<std::size_t>(n);
  }
  // A count of things (rows, values seen): a whole number from 0 to `most` (at most 2^53),
  // checked before it is converted (a damaged state's 1e300 or -1 would be undefined
  // behaviour); sets failed().
  std::uint64_t get_whole(double most = 9007199254740992.0) {
    const double n = get();
    if (!(n >= 0) || n != std::floor(n) || n > most || n > 9007199254740992.0) {
      failed_ = true;
      return 0;
    }
    return static_cast<std::uint64_t>(n);
  }
  // The same as a size, at most `most` and what size_t holds (32 bits in wasm).
  std::size_t get_size(double most = 9007199254740992.0) {
    const double size_max = static_cast<double>(static_cast<std::size_t>(-1));
    return static_cast<std::size_t>(get_whole(most < size_max ? most : size_max));
  }
  std::vector<double> get_array() {
    const std::size_t n = get_count();
    if (failed_) return {};
    std::vector<double> v(in_.begin() + static_cast<std::ptrdiff_t>(pos_),
                          in_.begin() + static_cast<std::ptrdiff_t>(pos_ + n));
    pos_ += n;
    return v;
  }
  bool failed() const { return failed_; }
  bool done() const { return !failed_ && pos_ == in_.size(); }

 private:
  const std::vector<double>& in_;
  std::size_t pos_;
  bool failed_ = false;
};

}  // namespace onepass
