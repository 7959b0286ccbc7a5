// Errors travel as values, never as exceptions: the core must not abort, and C++ exceptions
// are not caught in wasm unless built with -fexceptions (docs/design.md, toolchain fact 5).
#pragma once

#include <string>
#include <utility>

namespace onepass {

class Status {
 public:
  static Status ok() { return Status(); }
  static Status error(std::string message) { return Status(std::move(message)); }

  bool is_ok() const { return !failed_; }
  explicit operator bool() const { return !failed_; }
  const std::string& message() const { return message_; }

 private:
  Status() = default;
  explicit Status(std::string message) : failed_(true), message_(std::move(message)) {}
  bool failed_ = false;
  std::string message_;
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
