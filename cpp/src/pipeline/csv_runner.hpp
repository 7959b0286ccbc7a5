// One parse feeds many pipelines (docs/design.md, "The core": CsvRunner): a CSV stream is read once
// and every row goes through each pipeline, in file order. Input arrives chunk by chunk. Shared
// scaling: pipelines built from specs whose leading scalers are the same stages with the same
// parameters ("zscore | pa", "zscore | logreg") compute those scalers once per row: the first such
// pipeline (the leader) steps them and the others learn from its output (Pipeline::share_head).
// Their results, snapshots and saved states are what each would give alone.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/seeded_random.hpp"
#include "io/csv_reader.hpp"
#include "io/label_map.hpp"
#include "pipeline/out_of_memory.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/run_memory.hpp"

namespace onepass {

class CsvRunner {
 public:
  // No specs: the default pipeline of the task the label asks for (api/defaults.hpp). The
  // pipelines learn the task the reader decides from the first rows (docs/algorithms.md 1.8):
  // once it is known they are built for it, and a spec that cannot learn it is the error.
  static Result<std::unique_ptr<CsvRunner>> create(const CsvOptions& options,
                                                   const std::vector<std::string>& specs,
                                                   std::uint64_t every = 0,
                                                   std::uint64_t window = 0);
  // Continues training pipelines loaded from models; options.features should name the models'
  // features so that the file's columns are matched by name.
  static Result<std::unique_ptr<CsvRunner>> resume(
      const CsvOptions& options, std::vector<std::unique_ptr<Pipeline>> pipelines);

  // Parses the chunk's complete rows and runs them through every pipeline. On a bad row with
  // ErrorPolicy::stop, the rows before it are learned and the row's error is returned.
  Status push(const char* data, std::size_t size);
  Status finish();

  // Parallel parsing (docs/design.md, "Every core"): learns a block of rows that a second reader
  // read apart (CsvReader::read_apart) from the bytes that come next in the stream, exactly as
  // push() of those bytes would have learned them. Refused unless the reader can_read_apart()
  // and the rows have its numeric width.
  Status learn_apart(RowBlock& rows, const ApartCounts& counts);

  const CsvReader& reader() const { return reader_; }
  std::size_t size() const { return pipelines_.size(); }
  const Pipeline& pipeline(std::size_t i) const { return *pipelines_[i]; }
  // Ok, or the refusal of a run that ran out of memory in a block (pipeline/out_of_memory.hpp).
  const Status& usable() const { return memory_guard_.status(); }

  // A runner on two threads (docs/design.md, "Every core": when learning is the bound): each
  // thread's runner reads the same stream and learns some of the pipelines; the others' run
  // states come from the other thread (load_run_state). Pipelines that share scalers learn on
  // one thread: groups() gives each pipeline's group (its first pipeline), once the first rows
  // are learned. set_learning(mask) names the pipelines that learn here (empty: all); an
  // error, changing nothing, when it parts a group.
  std::vector<std::size_t> groups() const;
  Status set_learning(const std::vector<bool>& learning);
  // Pipeline i's whole run state (Pipeline::run_state), and its restoration into pipeline i
  // with its shared scalers shared again (a group's states come back together: load each of
  // them before learning on).
  std::vector<double> run_state(std::size_t i) const { return pipelines_[i]->run_state(); }
  Status load_run_state(std::size_t i, const std::vector<double>& state);
  // Milliseconds this runner spent parsing (push) and in each pipeline's steps on rows in file
  // order (shuffled rows are not timed): what the split between threads is weighed by.
  double parse_ms() const { return parse_ms_; }
  double pipeline_ms(std::size_t i) const { return i < pipeline_ms_.size() ? pipeline_ms_[i] : 0; }

  // Shuffles the stream with a buffer of `rows` rows (bounded memory): each parsed row enters
  // the buffer and, once it is full, a seeded random row of it goes on to the pipelines; the
  // buffer is drained in random order at the end. 0 (the default): file order.
  // At most kMaxShuffleRows rows (core/limits.hpp); more is refused and nothing changes.
  Status shuffle(std::size_t rows, std::uint64_t seed);

  // The reader's warnings; with a shuffle buffer, the long-runs warning is of the order the
  // pipelines learned in, not the file's (a buffer as long as the runs mends it).
  std::vector<std::string> warnings() const;
  // The last-label baseline (docs/algorithms.md 6.5) of the labels in the order the pipelines
  // learned them: the file's, or the shuffle buffer's.
  LastLabelBaseline last_label() const;

 private:
  explicit CsvRunner(const CsvOptions& options) : reader_(options) {}
  void run_block();
  Status learn_apart_checked(RowBlock& rows, const ApartCounts& counts);
  Status finish_block();
  // Ok when the pipelines may hold the block's width and classes (RunMemory); else the block
  // is dropped.
  Status room_for();
  // Fresh pipelines built for the reader's task once its schema is ready (create()).
  Status adopt_task();
  // An error that ends the stream before any row is learned (a label the pipelines cannot
  // learn, class weights it cannot take): kept for every later push, the pipelines given the
  // header's width first. Ok passes through.
  Status refuse(Status why);
  // The class weights asked for (CsvOptions::class_weight), set on every pipeline once the task
  // is known; a given weight reaches the pipelines once its class is (weigh_new_classes), and
  // finish() says which named class no row had.
  Status weigh_classes();
  void weigh_new_classes();
  ClassWeightRequest class_request_;
  std::vector<bool> class_weighed_;  // per given weight: whether its class has an index yet
  void learn_block_in_order();
  void shuffle_block();
  void learn_row(const double* x, double y, const SparseRow* tail = nullptr);
  // Once the width is known: which fresh pipelines share leading scalers with an earlier one.
  void share_scaling();

  // The output of the leader's scaler k - 1, one row per row of the block, for the pipelines
  // that share the leader's first k scalers.
  struct SharedHead {
    std::size_t leader, k;
    std::vector<double> rows;
  };
  static constexpr std::size_t kOwnScaling = static_cast<std::size_t>(-1);

  CsvReader reader_;
  std::vector<std::unique_ptr<Pipeline>> pipelines_;
  bool fresh_ = false;  // built from specs: equal stages hold equal states
  bool task_adopted_ = false;
  Status task_refused_ = Status::ok();  // the pipelines could not learn the label's task
  std::vector<std::string> specs_;      // as given to create() (empty: the task's default)
  std::uint64_t every_ = 0, window_ = 0;
  std::vector<SharedHead> heads_;
  std::vector<std::size_t> head_of_;  // per pipeline: its index in heads_, or kOwnScaling
  std::vector<bool> learning_;        // per pipeline: whether it learns here (empty: all)
  bool learns(std::size_t i) const { return learning_.empty() || learning_[i]; }
  double parse_ms_ = 0;
  std::vector<double> pipeline_ms_;
  RowBlock block_;
  OutOfMemoryGuard memory_guard_;
  RunMemory memory_;  // what the pipelines will hold, checked as they widen
  std::size_t shuffle_rows_ = 0;
  SeededRandom rng_{0};  // one sequence for the whole stream: chunking cannot change the order
  RowBlock buffer_;      // the shuffle buffer
  struct BufferedTail {  // a buffered row's encoded features
    std::vector<std::uint32_t> index;
    std::vector<double> value;
  };
  std::vector<BufferedTail> buffer_tails_;
  LabelRuns learned_runs_;        // the labels in the shuffled order learned
  ClassRuns learned_class_runs_;  // the same of a multiclass label
};

}  // namespace onepass
