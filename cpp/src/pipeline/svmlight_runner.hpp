// One parse of sparse text (svmlight, io/svmlight_reader.hpp) feeding many pipelines, as CsvRunner
// does for CSV: each chunk's rows go through every pipeline, in O(non-zeros) where the
// pipeline's stages allow (Pipeline::learn_sparse), else as rows made dense.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "io/svmlight_reader.hpp"
#include "pipeline/out_of_memory.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/run_memory.hpp"

namespace onepass {

class SvmlightRunner {
 public:
  static Result<std::unique_ptr<SvmlightRunner>> create(const SvmlightOptions& options,
                                                        const std::vector<std::string>& specs,
                                                        std::uint64_t every = 0,
                                                        std::uint64_t window = 0);
  // Trains loaded models further (models/model_json.hpp read_as_model gives their options).
  static Result<std::unique_ptr<SvmlightRunner>> resume(
      const SvmlightOptions& options, std::vector<std::unique_ptr<Pipeline>> pipelines);

  // Parses the chunk's complete lines and runs their rows through every pipeline. On a bad
  // line with ErrorPolicy::stop, the rows before it are learned and the line's error returned.
  Status push(const char* data, std::size_t size);
  Status finish();

  const SvmlightReader& reader() const { return reader_; }
  std::size_t size() const { return pipelines_.size(); }
  const Pipeline& pipeline(std::size_t i) const { return *pipelines_[i]; }
  // Ok, or the refusal of a run that ran out of memory in a block (pipeline/out_of_memory.hpp).
  const Status& usable() const { return memory_guard_.status(); }

 private:
  explicit SvmlightRunner(const SvmlightOptions& options) : reader_(options) {}
  // Learns the block's rows; an error when a row's class is past what the run may hold
  // (the rows before it learned, the rest dropped).
  Status run_block();

  SvmlightReader reader_;
  std::vector<std::unique_ptr<Pipeline>> pipelines_;
  SparseBlock block_;
  OutOfMemoryGuard memory_guard_;
  RunMemory memory_;               // what the pipelines will hold, checked as classes come
  Status refused_ = Status::ok();  // a class refused by memory_: the run stops there
  std::size_t model_classes_ = 0;  // a resumed model's classes
};

}  // namespace onepass
