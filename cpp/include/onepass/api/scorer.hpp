// Frozen predictions of a saved model over a stream of CSV or svmlight rows, defined once for
// every front end: the JS Scorer (through the wasm module), `onepass predict` and
// `onepass-native predict`. Nothing is learned.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "models/model_json.hpp"
#include "models/scorer.hpp"

namespace onepass {

// Rows scored: margins, the predicted class (+1/-1), the probability of the positive class
// (for models that give one; else empty), the file's label (0: none) and line number. A
// multiclass or regression model (docs/algorithms.md 1.8) also fills values (the class index or
// the number predicted; scores then hold the predicted class's score or the number, predictions
// and labels 0) and, for learners with probabilities, class_probabilities (every class's, K
// per row; probabilities then the predicted class's).
struct ScoredRows {
  std::vector<double> scores, probabilities;
  std::vector<std::int8_t> predictions, labels;
  std::vector<std::uint64_t> lines;
  std::vector<double> values, class_probabilities;
  // The file's class index or number of each row (NaN: none), for the same models.
  std::vector<double> targets;
  // Each row's largest contributions (Scorer::explain, docs/algorithms.md 1.9); empty unless
  // asked.
  std::vector<Explanation> explanations;
};

class Scorer {
 public:
  // A model file, and its rows read as CSV with these options (the model's schema fills what
  // they leave out; the label column may be absent).
  static Result<std::unique_ptr<Scorer>> csv(const std::string& model, CsvOptions options);
  // A model trained on svmlight rows, and its rows read with these options (its width and
  // index base are the model's).
  static Result<std::unique_ptr<Scorer>> svmlight(const std::string& model,
                                                  SvmlightOptions options);

  // The bytes of the rows, chunk by chunk, then finish() (a last line without a line break).
  Status push(const char* data, std::size_t size);
  Status finish();
  // The rows scored since the last take.
  ScoredRows take();

  bool has_probability() const { return pipeline_->has_probability(); }
  // The decision threshold of a yes/no model (docs/algorithms.md 6.5): a row is predicted
  // positive when its probability (a model that gives one), or else its margin, is at least t.
  // Refused for a probability outside (0, 1), a margin that is not finite, and the models of
  // other tasks. Without it: a probability of 0.5, a margin of 0 (the same rule, D-TIE).
  Status set_threshold(double t);
  // Explains every row scored from now on (docs/algorithms.md 1.9): its `count` largest
  // contributions (1 to kMaxExplainCount; pipeline/explain.hpp kDefaultExplainCount is what
  // the front ends ask without a number) to the score of the output predicted, w_j z_j in the
  // learner's own input. Refused, before any row, for a model whose learner has no score of
  // the form w.z + b, saying so.
  Status explain(std::size_t count);
  std::size_t explained() const { return explain_; }
  // The names of the explained features, by their index (the model's features in order).
  const std::vector<std::string>& feature_names() const { return features_; }
  // Whether the rows have the model's label column (then labels are filled in).
  bool has_labels() const { return sparse_ || csv_->reader().has_label(); }
  const ModelSchema& schema() const { return schema_; }
  // The model's name for a predicted class (+1 or -1): models/model_json.hpp class_names.
  std::string class_name(int prediction) const;
  Task task() const { return pipeline_->task(); }

  // The predictions CSV, the one format every front end writes (`onepass predict`,
  // `onepass-native predict`, the JS Scorer's toCsv, the demo's download): its header line
  // "line,prediction,score" (+ ",probability"), then a line per scored row with the
  // prediction in the model's own label values and numbers as JavaScript writes them
  // (core/number_text.hpp). Rows explained (explain) end with N groups
  // "featureK,valueK,contributionK" (N: the count asked, at most the model's features; the
  // largest first, empty cells where a row has fewer non-zero contributions), then "rest,bias".
  std::string csv_header() const;
  std::string csv_lines(const ScoredRows& rows) const;
  // A multiclass model's CSV: "line,prediction,score" then p(class) per class when it has
  // probabilities (prediction: the class's name); a regression model's: "line,prediction".
  std::string task_csv_lines(const ScoredRows& rows) const;
  // Rows scored so far, those with a label, and those predicted right.
  std::uint64_t rows() const { return rows_; }
  std::uint64_t labelled() const { return labelled_; }
  std::uint64_t correct() const { return correct_; }
  // Bad rows passed over (option onError: skip), and the first of them, each naming its line.
  std::uint64_t skipped() const {
    return sparse_ ? sparse_->reader().skipped() : csv_->reader().skipped();
  }
  const std::vector<RowError>& errors() const {
    return sparse_ ? sparse_->reader().errors() : csv_->reader().errors();
  }
  // What a predict prints when it ends: "N rows predicted", then the accuracy on the labelled
  // rows and the bad rows passed over, when there are (one sentence for every front end).
  std::string summary() const;

 private:
  Scorer() = default;
  template <class Stream>
  ScoredRows take_from(Stream& s);

  std::unique_ptr<Pipeline> pipeline_;
  ModelSchema schema_;
  std::unique_ptr<CsvScorer> csv_;
  std::unique_ptr<SvmlightScorer> sparse_;  // or svmlight rows
  std::uint64_t rows_ = 0, labelled_ = 0, correct_ = 0;
  // The contributions listed a row (explain; 0: none), and the model's feature names.
  std::size_t explain_ = 0;
  std::vector<std::string> features_;
  // The explanation columns of the header and of row i (csv_header, csv_lines).
  std::string explain_header() const;
  std::string explain_cells(const ScoredRows& rows, std::size_t i) const;
  // The threshold set (set_threshold), on the probability or the margin.
  double threshold_ = 0;
  bool thresholded_ = false;
  // A regression model's absolute and squared errors on the rows with a target.
  double absolute_error_ = 0, squared_error_ = 0;
  // A multiclass or regression model's figures of the rows taken (take_from).
  void count_task_rows(const std::vector<double>& values, const std::vector<double>& targets);
  std::size_t classes() const { return schema_.classes.size(); }
};

}  // namespace onepass
