// Errors travel as values, never as exceptions: the core must not abort, and C++ exceptions
// are not caught in wasm unless built with -fexceptions (docs/design.md, toolchain fact 5).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace onepass {

class Status {
 public:
  static Status ok() { return Status(); }
  static Status error(std::string message) { return Status(std::move(message)); }
  // An error of a row of the input: where it is travels as values beside the message (which
  // names it too), so that a front end need not parse the text (the JS error's line, column).
  static Status at(std::uint64_t line, std::size_t column, std::string message) {
    Status st(std::move(message));
    st.line_ = line;
    st.column_ = column;
    return st;
  }

  bool is_ok() const { return !failed_; }
  explicit operator bool() const { return !failed_; }
  const std::string& message() const { return message_; }
  // The 1-based line of the row at fault (0: the error is not a row's) and its 1-based
  // column (0: the whole row).
  std::uint64_t line() const { return line_; }
  std::size_t column() const { return column_; }

 private:
  Status() = default;
  explicit Status(std::string message) : failed_(true), message_(std::move(message)) {}
  bool failed_ = false;
  std::string message_;
  std::uint64_t line_ = 0;
  std::size_t column_ = 0;
};

// A value or the error that prevented it.
template <class T>
class Result {
 public:
  Result(T value)
      : value_(std::move(value)), status_(Status::ok()) {}  // NOLINT: implicit by design
  Result(Status error) : status_(std::move(error)) {}       // NOLINT: implicit by design

  bool is_ok() const { return status_.is_ok(); }
  explicit operator bool() const { return is_ok(); }
  const Status& status() const { return status_; }
  const std::string& message() const { return status_.message(); }
  T& value() { return value_; }
  const T& value() const { return value_; }
  T take() { return std::move(value_); }

 private:
  T value_{};
  Status status_;
};

}  // namespace onepass
