#include "pipeline/svmlight_runner.hpp"

#include <algorithm>
#include <string>

#include "onepass/api/defaults.hpp"
#include "pipeline/run_memory.hpp"

namespace onepass {

Result<std::unique_ptr<SvmlightRunner>> SvmlightRunner::create(
    const SvmlightOptions& options, const std::vector<std::string>& specs, std::uint64_t every,
    std::uint64_t window) {
  Status st = SvmlightReader::check(options);
  if (!st) return st;
  Result<std::vector<std::unique_ptr<Pipeline>>> built = Pipeline::build_all(
      specs.empty() ? std::vector<std::string>{default_pipeline(options.task)} : specs, every,
      window, options.task);
  if (!built) return built.status();
  // The width is known before any row (option dims): a run that cannot fit is refused now.
  st = check_run_memory(built.value(), options.dims);
  if (!st) return st;
  std::unique_ptr<SvmlightRunner> runner(new SvmlightRunner(options));
  runner->pipelines_ = built.take();
  return runner;
}

Result<std::unique_ptr<SvmlightRunner>> SvmlightRunner::resume(
    const SvmlightOptions& options, std::vector<std::unique_ptr<Pipeline>> pipelines) {
  Status st = SvmlightReader::check(options);
  if (!st) return st;
  if (pipelines.empty()) return Status::error("no pipeline given");
  for (const auto& p : pipelines) {
    if (p->task() != options.task)
      return Status::error(std::string("the model learns a ") + task_name(p->task()) +
                           " label; the rows are read as " + task_name(options.task) +
                           " (option task)");
    if (p->dims() != 0 && p->dims() != options.dims)
      return Status::error("the model has " + std::to_string(p->dims()) +
                           " features; the rows are read " + std::to_string(options.dims) +
                           " wide");
  }
  st = check_run_memory(pipelines, options.dims);
  if (!st) return st;
  std::unique_ptr<SvmlightRunner> runner(new SvmlightRunner(options));
  runner->pipelines_ = std::move(pipelines);
  runner->model_classes_ = options.classes.size();
  return runner;
}

Status SvmlightRunner::run_block() {
  // A row that brings a class is checked first (pipeline/run_memory.hpp, as a CSV block that
  // brings one is): a multiclass learner keeps a row of weights a class at the whole width. On
  // a refusal the rows before it are learned and the run stops at its line, as at a bad line.
  std::size_t end = block_.size();
  Status st = Status::ok();
  if (reader_.task() == Task::multiclass)
    for (std::size_t r = 0; r < end; ++r) {
      // A class's index is its order of first appearance, after a resumed model's classes.
      const std::size_t classes =
          std::max(static_cast<std::size_t>(block_.label(r)) + 1, model_classes_);
      if (classes <= memory_.classes_checked()) continue;
      st = memory_.grow(pipelines_, reader_.dims(), classes);
      if (!st) {
        st = Status::at(block_.line[r], 0,
                        "line " + std::to_string(block_.line[r]) + ": " + st.message());
        end = r;
        break;
      }
    }
  // Pipeline by pipeline over the block, as CsvRunner does (each one's parameters stay in cache).
  // The reader has checked every row as learn_sparse would (indices increasing and below the
  // width, finite values, labels +-1, class indices or finite targets), so the rows go in
  // without a second check.
  for (auto& p : pipelines_) {
    if (end > 0 && p->dims() == 0) p->set_dims(reader_.dims());
    for (std::size_t r = 0; r < end; ++r) p->learn_sparse_checked(block_.row(r), block_.label(r));
  }
  block_.clear();
  return st;
}

Status SvmlightRunner::push(const char* data, std::size_t size) {
  return memory_guard_.run([&] {
    if (!refused_) return refused_;
    Status st = reader_.feed(data, size, block_);
    refused_ = run_block();  // rows before a bad line are learned either way
    return refused_ ? st : refused_;
  });
}

Status SvmlightRunner::finish() {
  return memory_guard_.run([&] {
    Status st = refused_;
    if (refused_) {
      st = reader_.finish(block_);
      refused_ = run_block();
    }
    for (auto& p : pipelines_)
      if (p->dims() != 0) p->finish();  // warm-up scalers fit on what they hold
    return refused_ ? stream_end(st, reader_, "the input has no data lines") : refused_;
  });
}

}  // namespace onepass
