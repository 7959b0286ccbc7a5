// One parse feeds many pipelines (DESIGN.md "The flow of data"): a CSV stream is read once and
// every row goes through each pipeline, in file order. Input arrives chunk by chunk.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "onepass/io/csv_reader.hpp"
#include "onepass/pipeline.hpp"

namespace onepass {

class Race {
 public:
  static Result<std::unique_ptr<Race>> create(const CsvOptions& options,
                                              const std::vector<std::string>& specs,
                                              std::uint64_t every = 0);

  // Parses the chunk's complete rows and runs them through every pipeline. On a bad row with
  // ErrorPolicy::stop, the rows before it are learned and the row's error is returned.
  Status push(const char* data, std::size_t size);
  Status finish();

  const CsvReader& reader() const { return reader_; }
  std::size_t size() const { return pipelines_.size(); }
  const Pipeline& pipeline(std::size_t i) const { return *pipelines_[i]; }

 private:
  explicit Race(const CsvOptions& options) : reader_(options) {}
  void run_block();

  CsvReader reader_;
  std::vector<std::unique_ptr<Pipeline>> pipelines_;
  RowBlock block_;
};

}  // namespace onepass
