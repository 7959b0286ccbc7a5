// Frozen predictions of one pipeline over a stream: nothing is learned. The same chunked
// protocol for both text formats: a CSV (features read by name when the options name them, the
// label column may be absent) and svmlight rows (every line has a label; the features are its
// indices; each row is made dense to be scored, O(features): docs/design.md).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "io/csv_reader.hpp"
#include "io/svmlight_reader.hpp"
#include "pipeline/explain.hpp"
#include "pipeline/pipeline.hpp"

namespace onepass {

// The margin of row i of a block, as the pipeline scores rows of that format.
Result<double> score_row(const Pipeline& p, const RowBlock& block, std::size_t i);
Result<double> score_row(const Pipeline& p, const SparseBlock& block, std::size_t i);
// A multiclass or regression model's prediction of row i (Pipeline::predict_target).
Result<double> predict_row(const Pipeline& p, const RowBlock& block, std::size_t i,
                           std::vector<double>& scores, std::vector<double>& probabilities);
Result<double> predict_row(const Pipeline& p, const SparseBlock& block, std::size_t i,
                           std::vector<double>& scores, std::vector<double>& probabilities);
// Row i explained for `output` (pipeline/explain.hpp): its `count` largest contributions.
Result<Explanation> explain_row(const Pipeline& p, const Explainer& e, const RowBlock& block,
                                std::size_t i, std::size_t output, std::size_t count);
Result<Explanation> explain_row(const Pipeline& p, const Explainer& e, const SparseBlock& block,
                                std::size_t i, std::size_t output, std::size_t count);
// Row i's class index or target in the file (NaN: none).
inline double target_of(const RowBlock& block, std::size_t i) {
  return block.target.empty() ? std::nan("") : block.target[i];
}
inline double target_of(const SparseBlock& block, std::size_t i) {
  return block.target.empty() ? std::nan("") : block.target[i];
}

template <class Reader, class Block, class Options>
class StreamScorer {
 public:
  StreamScorer(const Options& options, const Pipeline& pipeline)
      : reader_(options), pipeline_(pipeline) {}

  // Scores the chunk's complete rows into the output arrays (appending).
  Status push(const char* data, std::size_t size) {
    Status st = reader_.feed(data, size, block_);
    Status scored = score_block();
    return st ? scored : st;
  }
  Status finish() {
    Status st = reader_.finish(block_);
    Status scored = score_block();
    return st ? scored : st;
  }

  const Reader& reader() const { return reader_; }
  // From now on each row scored is also explained (docs/algorithms.md 1.9): its `count`
  // largest contributions to the score of the output it predicts, in explanations.
  void explain(Explainer explainer, std::size_t count) {
    explainer_ = std::move(explainer);
    explain_count_ = count;
  }
  // The margins, labels (0 when the file has none) and line numbers scored since clear().
  // A multiclass or regression model (docs/algorithms.md 1.8): scores holds the predicted
  // class's score or the number, values the class index or number, class_probabilities every
  // class's probability (K per row, for learners that have them), targets the file's class
  // index or number (NaN: none).
  std::vector<double> scores;
  std::vector<std::int8_t> labels;
  std::vector<std::uint64_t> lines;
  std::vector<double> values, class_probabilities, targets;
  std::vector<Explanation> explanations;  // one a row once explain() was called
  void clear() {
    scores.clear();
    labels.clear();
    lines.clear();
    values.clear();
    class_probabilities.clear();
    targets.clear();
    explanations.clear();
  }

 private:
  Status score_block() {
    if (pipeline_.learns_task()) return predict_block();
    for (std::size_t i = 0; i < block_.size(); ++i) {
      Result<double> s = score_row(pipeline_, block_, i);
      if (!s)
        return Status::at(block_.line[i], 0,
                          "line " + std::to_string(block_.line[i]) + ": " + s.message());
      if (Status st = explained(i, 0); !st) return st;
      scores.push_back(s.value());
      labels.push_back(block_.y[i]);
      lines.push_back(block_.line[i]);
    }
    block_.clear();
    return Status::ok();
  }

  Status predict_block() {
    std::vector<double> s, p;
    for (std::size_t i = 0; i < block_.size(); ++i) {
      Result<double> v = predict_row(pipeline_, block_, i, s, p);
      if (!v)
        return Status::at(block_.line[i], 0,
                          "line " + std::to_string(block_.line[i]) + ": " + v.message());
      const bool classes = pipeline_.task() == Task::multiclass;
      // A class's index; a number (regression) is no index, and converting it would be undefined.
      const std::size_t k = classes ? static_cast<std::size_t>(v.value()) : 0;
      if (Status st = explained(i, classes ? k : 0); !st) return st;
      scores.push_back(classes ? s[k] : v.value());
      values.push_back(v.value());
      class_probabilities.insert(class_probabilities.end(), p.begin(), p.end());
      targets.push_back(target_of(block_, i));
      labels.push_back(0);
      lines.push_back(block_.line[i]);
    }
    block_.clear();
    return Status::ok();
  }

  // Row i of the block explained for `output`, when asked (explain()).
  Status explained(std::size_t i, std::size_t output) {
    if (explain_count_ == 0) return Status::ok();
    Result<Explanation> e = explain_row(pipeline_, explainer_, block_, i, output, explain_count_);
    if (!e)
      return Status::at(block_.line[i], 0,
                        "line " + std::to_string(block_.line[i]) + ": " + e.message());
    explanations.push_back(e.take());
    return Status::ok();
  }

  Reader reader_;
  const Pipeline& pipeline_;
  Explainer explainer_;
  std::size_t explain_count_ = 0;
  Block block_;
};

using CsvScorer = StreamScorer<CsvReader, RowBlock, CsvOptions>;
using SvmlightScorer = StreamScorer<SvmlightReader, SparseBlock, SvmlightOptions>;

}  // namespace onepass
