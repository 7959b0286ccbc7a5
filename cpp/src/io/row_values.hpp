// The numeric values of a block's rows (RowBlock::x): a growable array of doubles, like
// std::vector<double>, whose growth leaves the new values uninitialised and, while the capacity
// lasts, is a comparison and a store. The reader grows it by one row per row it adds and writes
// every value; std::vector's resize, even with an allocator that constructs nothing, ran a loop
// over the new elements in wasm (28 ms of a one-thread run's ~590 on 1,000,000 rows of 28
// features in a profile; the run took 2% less without it: design.md "Copies and garbage").
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>

namespace onepass {

class RowValues {
 public:
  RowValues() = default;
  RowValues(std::initializer_list<double> values) { append(values.begin(), values.end()); }
  RowValues(const RowValues& other) { append(other.begin(), other.end()); }
  RowValues(RowValues&& other) noexcept { swap(other); }
  RowValues& operator=(const RowValues& other) {
    if (this != &other) {
      size_ = 0;
      append(other.begin(), other.end());
    }
    return *this;
  }
  RowValues& operator=(RowValues&& other) noexcept {
    RowValues moved(std::move(other));
    swap(moved);
    return *this;
  }
  RowValues& operator=(std::initializer_list<double> values) {
    size_ = 0;
    append(values.begin(), values.end());
    return *this;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  double* data() { return values_.get(); }
  const double* data() const { return values_.get(); }
  double* begin() { return data(); }
  double* end() { return data() + size_; }
  const double* begin() const { return data(); }
  const double* end() const { return data() + size_; }
  double& operator[](std::size_t i) { return values_[i]; }
  const double& operator[](std::size_t i) const { return values_[i]; }

  void clear() { size_ = 0; }
  // Values from the old size on are uninitialised: the caller writes them.
  void resize(std::size_t n) {
    if (n > capacity_) grow(n);
    size_ = n;
  }
  // The values may be this array's own (the old storage lives until they are copied).
  void append(const double* first, const double* last) {
    const std::size_t at = size_;
    const std::size_t n = at + static_cast<std::size_t>(last - first);
    std::unique_ptr<double[]> old;
    if (n > capacity_) old = grow(n);
    std::copy(first, last, values_.get() + at);
    size_ = n;
  }
  void append(std::initializer_list<double> values) { append(values.begin(), values.end()); }
  void swap(RowValues& other) noexcept {
    std::swap(values_, other.values_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

 private:
  // At least doubles the capacity, so that growing by a row at a time is amortised O(1).
  // Returns the old storage.
  std::unique_ptr<double[]> grow(std::size_t needed) {
    const std::size_t capacity = std::max({needed, 2 * capacity_, std::size_t{64}});
    std::unique_ptr<double[]> values(new double[capacity]);
    // size_ <= capacity_ < capacity always; the min says so to GCC's -Wstringop-overflow.
    std::copy(begin(), begin() + std::min(size_, capacity), values.get());
    std::swap(values_, values);
    capacity_ = capacity;
    return values;
  }

  std::unique_ptr<double[]> values_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace onepass
