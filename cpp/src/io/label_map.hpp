// Label values to {-1,+1} (spec 1.1), shared by the readers (CSV, svmlight). Without a named
// positive class, labels are numbers: 1 is positive, 0 or -1 negative (one of them per file).
// With one, that value is positive and one other value is negative. A third value is an error.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/task.hpp"

namespace onepass {

class LabelMap {
 public:
  // `named`: the user named the positive class (else the reader chose it from the first rows,
  // design.md 10.4), which the messages say.
  explicit LabelMap(std::string positive, bool named = true)
      : positive_(std::move(positive)), named_(named) {}

  // y = +1 or -1; or false with the reason in `error` (the caller adds line and column).
  bool map(std::string_view cell, int& y, std::string& error);
  // The numeric rule alone, for labels that arrive as numbers (a pipeline's learnOne and
  // learnMany in JS): 1 is positive, 0 or -1 negative, one of them per stream.
  bool map_number(double v, int& y, std::string& error);
  // map's usual case, decided without changing any state: "1", or "0" once 0 is known to be
  // this file's negative label. False: ask map.
  bool known_digit(std::string_view cell, int& y) const {
    if (!positive_.empty() || cell.size() != 1) return false;
    if (cell[0] == '1')
      y = 1;
    else if (cell[0] == '0' && negative_seen_ && negative_number_ == 0)
      y = -1;
    else
      return false;
    return true;
  }
  // map's usual case with a positive class (named or chosen), decided without changing any
  // state: the positive class once a row has had it, or the negative label once seen, compared
  // byte for byte. A label written another way ("1.0" for a positive "1") is map's to decide.
  bool known_text(std::string_view cell, int& y) const {
    if (positive_seen_ && cell == positive_ && !positive_.empty()) {
      y = 1;
      return true;
    }
    if (negative_apart_ && cell == negative_text_) {
      y = -1;
      return true;
    }
    return false;
  }

  // What the labels turned out to be: "1" / "0" or the two strings seen ("" before a negative).
  std::string positive_label() const { return positive_.empty() ? "1" : positive_; }
  std::string negative_label() const;
  // The negative label of a model this stream trains further (read_as_model): known from the
  // start, as if a row had had it, so the model keeps its name however few such rows come.
  void know_negative(const std::string& text);
  // Both labels are known: no later value changes the mapping (a third one is an error).
  bool settled() const { return negative_seen_; }
  // The numeric rule applies (no positive class named or chosen).
  bool numeric() const { return positive_.empty(); }
  // Rows mapped elsewhere (read apart, docs/design.md "Every core") had the positive class: the
  // messages after them must say what this map would have said had it read them.
  void saw_positive() { positive_seen_ = true; }
  // One class against the rest (docs/algorithms.md 1.8: a label of several classes with a named
  // positive one): every value but the positive one is negative.
  void against_rest() { rest_ = true; }
  bool against_the_rest() const { return rest_; }

 private:
  std::string format_negative() const { return negative_number_ == 0 ? "0" : "-1"; }

  std::string positive_;
  bool named_ = true;
  bool rest_ = false;
  bool positive_seen_ = false;  // a row had the named positive class
  std::string negative_text_;   // the negative label seen (positive given), or ""
  double negative_number_ = 0;
  bool negative_seen_ = false;
  // negative_text_ is known and not a way of writing the positive class: map gives it -1.
  bool negative_apart_ = false;
};

// Class names to indices 0, 1, ... in the order they first appear (docs/algorithms.md 1.8), at
// most kMaxClasses of them.
class ClassMap {
 public:
  // k for the class in `cell`, a new index for a class not seen before; or false with the
  // reason (the caller adds line and column).
  bool map(std::string_view cell, std::size_t& k, std::string& error);
  // The index of a class seen before, without adding one; false when it is new.
  bool known(std::string_view cell, std::size_t& k) const;
  const std::vector<std::string>& names() const { return names_; }
  // A model's classes, in their order, so that a run resumed maps them to the same indices.
  void set(const std::vector<std::string>& names);

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::size_t> index_;
};

// A regression target: a finite number, or false with the reason (target unchanged).
bool parse_target(std::string_view cell, double& target, std::string& error);

// docs/algorithms.md 1.8: the task the sampled label values ask for (missing ones left out), and
// why, in the words a run reports ("the label 'species' has 3 values ...").
struct TaskDecision {
  Task task = Task::binary;
  std::string reason;
};
TaskDecision detect_task(const std::vector<std::string_view>& labels, std::size_t rows,
                         const std::string& column);
// The whole-number labels of at most this many distinct values are classes (D-TASK-1).
inline constexpr std::size_t kMaxWholeNumberClasses = 10;

// The last-label baseline of a stream (docs/algorithms.md 6.5): each row predicted by the label
// of the row before it (the first row, which has none, counts as a mistake). On a stream whose
// labels come in runs (electricity prices, sensor states) it is hard to beat, and a progressive
// result that does not beat it learned less than the order of the rows tells.
// Its balanced accuracy (NaN while a class has no row) lets a run weighted for a rare class
// (docs/algorithms.md 4.28) be compared with it as with the majority class.
struct LastLabelBaseline {
  std::uint64_t rows = 0, mistakes = 0;
  double balanced_accuracy = 0;
  double error() const { return rows ? static_cast<double>(mistakes) / rows : 0.0; }
};

// Whether the labels come in long runs, as in a file sorted by class: the label
// changes of the stream against those a random order of the same labels would have (the
// Wald-Wolfowitz runs test). Progressive validation in such an order measures the order: it
// flatters a learner that follows the last label and hurts an averaged one.
class LabelRuns {
 public:
  void add(int y) {
    changes_ += last_ != 0 && y != last_;
    same_positive_ += last_ > 0 && y > 0;
    last_ = y;
    ++rows_;
    positives_ += y > 0;
  }
  // A warning when the runs are far longer than chance allows (z below -10 and fewer than half
  // the expected changes, over at least 100 rows of both classes), else "". shuffle_rows > 0:
  // the labels were counted in the order a shuffle buffer of that many rows gave, and the
  // advice is a larger buffer.
  std::string warning(std::size_t shuffle_rows = 0) const;
  // The counts behind that warning ("2000 rows change label 1 times where a random order of
  // them would change it about 999 times"), or "" when the runs are not long.
  std::string long_runs() const;
  // The last-label baseline of the labels counted.
  LastLabelBaseline last_label() const;

 private:
  int last_ = 0;
  std::uint64_t rows_ = 0, positives_ = 0, changes_ = 0, same_positive_ = 0;
};

// The same for the classes of a multiclass label: a warning when the class changes between
// rows fewer than a quarter as often as in a random order of the same rows (expected changes
// (n - 1)(1 - sum n_k (n_k - 1) / (n (n - 1)))), over at least 100 rows of two classes or more.
class ClassRuns {
 public:
  void add(std::size_t k) {
    if (k >= same_.size()) same_.resize(k + 1, 0);
    same_[k] += rows_ > 0 && k == last_;
    changes_ += rows_ > 0 && k != last_;
    last_ = k;
    ++rows_;
    if (k >= counts_.size()) counts_.resize(k + 1, 0);
    ++counts_[k];
  }
  std::string warning() const;
  LastLabelBaseline last_label() const;

 private:
  std::size_t last_ = 0;
  std::uint64_t rows_ = 0, changes_ = 0;
  std::vector<std::uint64_t> counts_;
  std::vector<std::uint64_t> same_;  // by class: rows whose class is the row before's
};

// The last-label baseline of a label of this task from its counts of either kind (none for a
// regression label).
inline LastLabelBaseline last_label_of(Task task, const LabelRuns& labels,
                                       const ClassRuns& classes) {
  return task == Task::regression   ? LastLabelBaseline{}
         : task == Task::multiclass ? classes.last_label()
                                    : labels.last_label();
}

// Text from the input as it may appear in a message: control bytes and bytes that are not
// UTF-8 written as \xNN, so that no input can reach a terminal as an escape sequence.
std::string printable(std::string_view s);
// A cell in a message: quoted, printable, shortened past 40 bytes.
std::string quote_cell(std::string_view s);
// Why the first bytes of a stream are not text this reader takes (gzip, UTF-16, NUL bytes,
// line breaks of a carriage return alone), or "".
std::string binary_input_reason(std::string_view head);

}  // namespace onepass
