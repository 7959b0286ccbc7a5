#include "onepass/race.hpp"

namespace onepass {

Result<std::unique_ptr<Race>> Race::create(const CsvOptions& options,
                                           const std::vector<std::string>& specs,
                                           std::uint64_t every, std::uint64_t window) {
  if (specs.empty()) return Status::error("no pipeline given");
  std::unique_ptr<Race> race(new Race(options));
  for (const auto& spec : specs) {
    Result<std::unique_ptr<Pipeline>> p = Pipeline::build(spec, every, window);
    if (!p) return p.status();
    race->pipelines_.push_back(p.take());
  }
  return race;
}

Result<std::unique_ptr<Race>> Race::resume(const CsvOptions& options,
                                           std::vector<std::unique_ptr<Pipeline>> pipelines) {
  if (pipelines.empty()) return Status::error("no pipeline given");
  std::unique_ptr<Race> race(new Race(options));
  race->pipelines_ = std::move(pipelines);
  return race;
}

void Race::shuffle(std::size_t rows, std::uint64_t seed) {
  shuffle_rows_ = rows;
  rng_ = SeededRandom(seed);
}

void Race::learn_row(const double* x, int y) {
  for (auto& p : pipelines_) p->learn_checked(x, y);
}

void Race::run_block() {
  if (block_.size() == 0) return;
  // The width is fixed by the first rows (the reader checks every later row against it).
  for (auto& p : pipelines_)
    if (p->dims() != block_.dims) p->set_dims(block_.dims);
  if (shuffle_rows_ == 0) {
    for (auto& p : pipelines_)
      for (std::size_t i = 0; i < block_.size(); ++i) p->learn_checked(block_.row(i), block_.y[i]);
    block_.clear();
    return;
  }
  const std::size_t d = block_.dims;
  buffer_.dims = d;
  std::vector<double> row(d);
  for (std::size_t i = 0; i < block_.size(); ++i) {
    buffer_.x.insert(buffer_.x.end(), block_.row(i), block_.row(i) + d);
    buffer_.y.push_back(block_.y[i]);
    if (buffer_.size() < shuffle_rows_) continue;
    // Full: a random row of the buffer goes on; the last row takes its place.
    const std::size_t pick = rng_.below(buffer_.size()), last = buffer_.size() - 1;
    std::copy(buffer_.row(pick), buffer_.row(pick) + d, row.begin());
    const int y = buffer_.y[pick];
    std::copy(buffer_.row(last), buffer_.row(last) + d, buffer_.x.begin() + pick * d);
    buffer_.y[pick] = buffer_.y[last];
    buffer_.x.resize(last * d);
    buffer_.y.pop_back();
    learn_row(row.data(), y);
  }
  block_.clear();
}

Status Race::push(const char* data, std::size_t size) {
  Status st = reader_.feed(data, size, block_);
  run_block();  // rows before a bad row are learned either way
  return st;
}

Status Race::finish() {
  Status st = reader_.finish(block_);
  run_block();
  if (shuffle_rows_ && buffer_.size()) {  // drain the shuffle buffer in random order
    std::vector<std::size_t> order(buffer_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    rng_.shuffle(order);
    for (std::size_t i : order) learn_row(buffer_.row(i), buffer_.y[i]);
    buffer_.clear();
  }
  for (auto& p : pipelines_)
    if (p->dims() != 0) p->finish();  // warm-up scalers fit on what they hold
  return st;
}

Status CsvScorer::score_block() {
  for (std::size_t i = 0; i < block_.size(); ++i) {
    auto s = pipeline_.score_one(block_.row(i), block_.dims);
    if (!s) return Status::error("line " + std::to_string(block_.line[i]) + ": " + s.message());
    scores.push_back(s.value());
    labels.push_back(block_.y[i]);
    lines.push_back(block_.line[i]);
  }
  block_.clear();
  return Status::ok();
}

Status CsvScorer::push(const char* data, std::size_t size) {
  Status st = reader_.feed(data, size, block_);
  Status scored = score_block();
  return st ? scored : st;
}

Status CsvScorer::finish() {
  Status st = reader_.finish(block_);
  Status scored = score_block();
  return st ? scored : st;
}

}  // namespace onepass
