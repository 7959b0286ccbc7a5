// A drift detector's statistics as the numbers of its saved state (docs/algorithms.md 6.8). Each
// family declares its statistics once, as a Stats struct whose default member initialisers are
// those of a detector just built, and lists their fields once, in saved order, in
//   template <class Io> void fields(Io& io) { io(n); io(mean); ... }
// which FieldWriter (save) and FieldReader (load) both walk. The reader checks what the kind of
// each field says (a count is a whole number, a flag 0 or 1, a list no longer than what is left
// of the state); what the values say together (a count no larger than another, a rate in [0, 1])
// is the Stats' valid(config).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/seeded_random.hpp"
#include "core/state_codec.hpp"

namespace onepass {

// The latest values of a sliding window, oldest first: appended until the window holds
// `capacity`, then a ring whose newest value replaces the oldest. Saved as its values oldest
// first, so a loaded window starts at the front again.
class LatestValues {
 public:
  std::size_t size() const { return values_.size(); }
  double operator[](std::size_t i) const { return values_[(start_ + i) % values_.size()]; }
  void push(double x, std::size_t capacity) {
    if (values_.size() < capacity) {
      values_.push_back(x);
      return;
    }
    values_[start_] = x;
    start_ = (start_ + 1) % capacity;
  }
  std::vector<double> in_order() const {
    std::vector<double> out;
    for (std::size_t i = 0; i < size(); ++i) out.push_back((*this)[i]);
    return out;
  }
  void assign(std::vector<double> values) {
    values_ = std::move(values);
    start_ = 0;
  }

 private:
  std::vector<double> values_;
  std::size_t start_ = 0;  // the oldest value's place once the window is full
};

// Appends the fields to a saved state. fields() is one listing for both ways, so it hands the
// writer its fields unconst; the writer only reads them.
class FieldWriter {
 public:
  explicit FieldWriter(StateWriter& out) : out_(out) {}
  void operator()(double v) { out_.put(v); }
  void operator()(std::uint64_t v) { out_.put(static_cast<double>(v)); }
  void operator()(bool v) { out_.put(v ? 1 : 0); }
  void operator()(LatestValues& v) { out_.put(v.in_order()); }
  // The generator's 64-bit state as two 32-bit halves, each exact in a double.
  void operator()(SeededRandom& r) {
    out_.put(static_cast<double>(r.state() >> 32));
    out_.put(static_cast<double>(r.state() & 0xffffffffu));
  }
  // A record (a struct with its own fields()): its fields in place.
  template <class Record>
  void operator()(Record& r) {
    r.fields(*this);
  }
  // A list of records: one array of all their numbers (its length counts numbers, not records).
  template <class Record>
  void operator()(std::vector<Record>& records) {
    std::vector<double> numbers;
    StateWriter w(numbers);
    FieldWriter inner(w);
    for (Record& r : records) inner(r);
    out_.put(numbers);
  }
  // A list of lists of records: their count, then each list.
  template <class Record>
  void operator()(std::vector<std::vector<Record>>& lists) {
    out_.put(static_cast<double>(lists.size()));
    for (std::vector<Record>& list : lists) (*this)(list);
  }

 private:
  StateWriter& out_;
};

// Reads the fields back in the same order, checking each as its kind says; complete() tells
// whether all were read and well-formed with nothing left over.
class FieldReader {
 public:
  explicit FieldReader(StateReader& in) : in_(in) {}
  void operator()(double& v) { v = in_.get(); }
  void operator()(std::uint64_t& v) { v = in_.get_whole(); }
  void operator()(bool& v) {
    const double x = in_.get();
    if (x != 0 && x != 1) flawed_ = true;
    v = x == 1;
  }
  void operator()(LatestValues& v) { v.assign(in_.get_array()); }
  void operator()(SeededRandom& r) {
    const std::uint64_t high = in_.get_whole(4294967295.0), low = in_.get_whole(4294967295.0);
    r = SeededRandom((high << 32) | low);
  }
  template <class Record>
  void operator()(Record& r) {
    r.fields(*this);
  }
  // The array's numbers must make whole records.
  template <class Record>
  void operator()(std::vector<Record>& records) {
    const std::vector<double> numbers = in_.get_array();
    StateReader part(numbers);
    FieldReader inner(part);
    records.clear();
    while (!part.failed() && !part.done()) {
      records.emplace_back();
      inner(records.back());
    }
    if (part.failed() || inner.flawed_) flawed_ = true;
  }
  // The count is no larger than what is left of the state (each list takes a number at least).
  template <class Record>
  void operator()(std::vector<std::vector<Record>>& lists) {
    lists.assign(in_.get_count(), {});
    for (std::vector<Record>& list : lists) (*this)(list);
  }
  bool complete() const { return !flawed_ && in_.done(); }

 private:
  StateReader& in_;
  bool flawed_ = false;
};

// A count held as a double (HDDM_A's): a whole number from 0 to 2^53, as StateReader::get_whole
// reads one.
inline bool whole_count(double n) {
  return n >= 0 && n == std::floor(n) && n <= 9007199254740992.0;
}

}  // namespace onepass
