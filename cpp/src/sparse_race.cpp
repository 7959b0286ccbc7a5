#include "onepass/sparse_race.hpp"

namespace onepass {

Result<std::unique_ptr<SparseRace>> SparseRace::create(const SvmlightOptions& options,
                                                       const std::vector<std::string>& specs,
                                                       std::uint64_t every, std::uint64_t window) {
  Status st = SvmlightReader::check(options);
  if (!st) return st;
  Result<std::vector<std::unique_ptr<Pipeline>>> built = Pipeline::build_all(specs, every, window);
  if (!built) return built.status();
  std::unique_ptr<SparseRace> race(new SparseRace(options));
  race->pipelines_ = built.take();
  return race;
}

Status SparseRace::run_block() {
  // Pipeline by pipeline over the block, as Race does (each one's parameters stay in cache).
  Status st = Status::ok();
  for (auto& p : pipelines_)
    for (std::size_t r = 0; r < block_.size() && st; ++r) {
      Result<int> learned = p->learn_sparse(block_.row(r), reader_.dims(), block_.y[r]);
      if (!learned)  // the reader checks what learn_sparse checks; this is a second look
        st = Status::error("line " + std::to_string(block_.line[r]) + ": " + learned.message());
    }
  block_.clear();
  return st;
}

Status SparseRace::push(const char* data, std::size_t size) {
  Status st = reader_.feed(data, size, block_);
  Status learned = run_block();  // rows before a bad line are learned either way
  return st ? learned : st;
}

Status SparseRace::finish() {
  Status st = reader_.finish(block_);
  Status learned = run_block();
  for (auto& p : pipelines_)
    if (p->dims() != 0) p->finish();  // warm-up scalers fit on what they hold
  return st ? learned : st;
}

}  // namespace onepass
