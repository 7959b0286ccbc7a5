// Out-of-memory testing as SQLite does it (README.md "Reliability"): an allocator that fails the
// Nth allocation, for N = 1, 2, 3, ... until a call completes without reaching it, through the
// entry points of the door (cpp/include/onepass/api): a CSV run with its result and model file,
// an svmlight run, an evaluation, a model loaded and saved, and a scorer. Every failure must
// reach the caller as std::bad_alloc (the native CLI turns it into a message and exit 1), never
// std::terminate (an allocation in a noexcept function, a destructor) nor a crash; whatever was
// allocated is freed (live allocations are counted, so a leak fails here without ASan too); and
// an object that saw the failure still works or says it cannot (an error, not a crash), which
// the sanitizer build (scripts/checks.mjs) checks for memory errors. The same entry points run
// again with memory that stays exhausted, every allocation from the Nth on failing: what runs
// after a failure (a destructor, a value dropped while the error passes, a JSON document's
// part among them) must then allocate nothing, where with one failure its allocations would
// succeed and hide it.
//
// A separate executable: it replaces the global operator new, which the GoogleTest suite must
// not share.
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "models/model_json.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "onepass/api/dataset.hpp"
#include "onepass/api/linear_export.hpp"
#include "onepass/api/runners.hpp"
#include "onepass/api/scorer.hpp"

namespace {

// 0: no failure armed; else the allocations left until the one that fails.
std::atomic<long> countdown{0};
// With stays_exhausted, the failure armed leaves `exhausted` set: every allocation after it
// fails too, until the allocator is disarmed (disarm()).
std::atomic<bool> stays_exhausted{false}, exhausted{false};
std::atomic<long> allocations{0}, live{0};

void* allocate(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (exhausted.load(std::memory_order_relaxed)) throw std::bad_alloc();
  if (countdown.load(std::memory_order_relaxed) > 0 && countdown.fetch_sub(1) == 1) {
    if (stays_exhausted.load(std::memory_order_relaxed)) exhausted = true;
    throw std::bad_alloc();
  }
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  live.fetch_add(1, std::memory_order_relaxed);
  return p;
}

void release(void* p) noexcept {
  if (!p) return;
  live.fetch_sub(1, std::memory_order_relaxed);
  std::free(p);
}

// Whether the failure armed was reached; allocations succeed again.
bool disarm() {
  const bool reached = countdown.load() <= 0;
  countdown = 0;
  exhausted = false;
  return reached;
}

}  // namespace

void* operator new(std::size_t n) {
  return allocate(n);
}
void* operator new[](std::size_t n) {
  return allocate(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept {
  return operator new(n, t);
}
void operator delete(void* p) noexcept {
  release(p);
}
void operator delete[](void* p) noexcept {
  release(p);
}
void operator delete(void* p, std::size_t) noexcept {
  release(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  release(p);
}

using namespace onepass;

namespace {

const char* const kCsv =
    "x1,x2,colour,note,label\n"
    "1.5,2,red,the cat sat,1\n"
    "-0.5,3,blue,a dog ran,0\n"
    "2.5,,green,the cat ran,1\n"
    "0.25,1,red,a dog sat,0\n"
    "3,4,blue,the bird sang,1\n"
    "-1,0,green,a bird sat,0\n"
    "1,2,red,the dog sang,1\n"
    "0,1,blue,a cat ran,0\n"
    "2,3,green,the cat sang,1\n"
    "-2,0,red,a dog ran,0\n"
    "1.75,2.5,blue,the bird ran,1\n"
    "-0.75,0.5,green,a cat sat,0\n";
const char* const kSvmlight = "1 1:0.5 3:1\n-1 2:1 4:0.25\n1 1:1 2:0.5\n-1 3:2 4:1\n1 1:0.75\n";

// One entry point's calls; a failed Status is returned as text, so that the run with the
// allocator armed can be told from one that failed for another reason.
using Scenario = std::function<std::string()>;

// What a run learned, as text: its rows and every pipeline's learner parameters.
template <class RunnerType>
std::string learned(const RunnerType& r) {
  std::string out = std::to_string(r.reader().rows());
  for (std::size_t i = 0; i < r.size(); ++i)
    for (double w : r.pipeline(i).learner().params()) out += "," + std::to_string(w);
  return out;
}

std::string csv_run() {
  auto runner = start_csv_runner(CsvOptions{}, {"zscore | logreg +avg", "minmax | pa1"}, {}, 2, 4);
  if (!runner) return "start: " + runner.status().message();
  CsvRunner& r = *runner.value();
  const std::string text = kCsv;
  const std::size_t half = text.size() / 2;
  Status st = r.push(text.data(), half);
  if (st) st = r.push(text.data() + half, text.size() - half);
  if (st) st = r.finish();
  if (!st) return "run: " + st.message();
  return learned(r);
}

// The same run's results and model file, as the front ends write them (JSON documents).
std::string csv_run_json() {
  auto runner = start_csv_runner(CsvOptions{}, {"zscore | logreg +avg", "minmax | pa1"}, {}, 2, 4);
  if (!runner) return "start: " + runner.status().message();
  CsvRunner& r = *runner.value();
  Status st = r.push(kCsv, std::char_traits<char>::length(kCsv));
  if (st) st = r.finish();
  if (!st) return "run: " + st.message();
  auto file = model_file(r, 0);
  return run_result_json(r, 0) + (file ? file.value() : file.status().message());
}

std::string svmlight_run() {
  SvmlightOptions opt;
  opt.dims = 4;
  auto runner = start_svmlight_runner(opt, {"maxabs | pa1 +avg", "l2 | logreg"}, {}, 2, 4);
  if (!runner) return "start: " + runner.status().message();
  SvmlightRunner& r = *runner.value();
  Status st = r.push(kSvmlight, std::char_traits<char>::length(kSvmlight));
  if (st) st = r.finish();
  if (!st) return "run: " + st.message();
  return learned(r);
}

std::string evaluation() {
  auto data = Dataset::csv(CsvOptions{});
  if (!data) return "dataset: " + data.status().message();
  Status st = data.value()->push(kCsv, std::char_traits<char>::length(kCsv));
  if (st) st = data.value()->finish();
  if (!st) return "read: " + st.message();
  auto e = data.value()->holdout("zscore | logreg", EvaluationOptions{});
  if (!e) return "holdout: " + e.status().message();
  const RunResult& run = e.value().run;
  return std::to_string(run.n_train) + "," + std::to_string(run.n_test) + "," +
         std::to_string(run.reverted_steps) + "," + std::to_string(run.warnings.size());
}

// Three classes, and a number to predict (the last column of each).
const char* const kClassesCsv =
    "x1,x2,kind\n1.5,2,low\n-0.5,3,mid\n2.5,0,high\n0.25,1,low\n3,4,mid\n-1,0,high\n"
    "1,2,low\n0,1,mid\n2,3,high\n-2,0,low\n1.75,2.5,mid\n-0.75,0.5,high\n";
const char* const kNumbersCsv =
    "x1,x2,price\n1.5,2,3.25\n-0.5,3,-4\n2.5,0,7.5\n0.25,1,-0.25\n3,4,1\n-1,0,-2.5\n"
    "1,2,-1\n0,1,-2\n2,3,0.5\n-2,0,-6\n1.75,2.5,0.75\n-0.75,0.5,-3\n";

// A run, a data set of the same rows and the run's model, all made before any failure is armed:
// what a failure while writing their documents must not lose.
struct Learned {
  std::unique_ptr<CsvRunner> runner;
  std::unique_ptr<Dataset> data;
  std::string model;
};
Learned learned_binary, learned_multiclass, learned_regression;

bool learn(const char* text, const std::string& task, const std::string& spec, Learned& out) {
  CsvOptions options;
  if (!set_csv_option(options, "task", task)) return false;
  auto runner = start_csv_runner(options, {spec}, {}, 3, 4);
  auto data = Dataset::csv(options);
  const std::size_t n = std::char_traits<char>::length(text);
  if (!runner || !runner.value()->push(text, n) || !runner.value()->finish() || !data ||
      !data.value()->push(text, n) || !data.value()->finish())
    return false;
  out.runner = runner.take();
  out.data = data.take();
  out.model = model_json(*out.runner, 0);
  return true;
}

// Every document of a run: its result, figures, model file and linear export, an evaluation of
// its rows (a holdout with a grid, and a tuned threshold for a yes/no label; k folds with a
// learning curve), a merge of its model with itself, and a preview of its file's head.
std::string task_documents(const Learned& l, const char* text) {
  CsvRunner& r = *l.runner;
  auto file = model_file(r, 0);
  std::string out =
      run_result_json(r, 0) + stats_json(r, 0) + (file ? file.value() : file.status().message());
  auto linear = linear_model(r.pipeline(0), model_schema_of(r.reader()));
  out += linear ? linear_model_json(linear.value()) : linear.status().message();
  EvaluationOptions grid;
  grid.grid = "eta0=0.05,0.5";
  if (r.reader().task() == Task::binary) grid.tune_threshold = "f1";
  auto holdout = evaluation_line_json(*l.data, nullptr, r.pipeline(0).spec(), {}, grid);
  out += holdout ? holdout.value() : holdout.status().message();
  EvaluationProtocol folds;
  folds.kind = EvaluationProtocol::Kind::cross_validation;
  folds.folds = 2;
  folds.curve = {0.5, 1.0};
  auto cv = evaluation_line_json(*l.data, nullptr, r.pipeline(0).spec(), folds, {});
  out += cv ? cv.value() : cv.status().message();
  auto merged = merge_models({l.model, l.model}, MergeOptions{});
  out += merged ? merged.value() : merged.status().message();
  auto preview = preview_csv(text, true, CsvOptions{}, 5);
  out += preview ? to_json(preview.value()) : preview.status().message();
  return out;
}

std::string binary_results() {
  return task_documents(learned_binary, kCsv);
}
std::string multiclass_results() {
  return task_documents(learned_multiclass, kClassesCsv);
}
std::string regression_results() {
  return task_documents(learned_regression, kNumbersCsv);
}

std::string model_text;  // a model of kCsv, made before any failure is armed

std::string model_load_save() {
  auto loaded = model_from_json(model_text);
  if (!loaded) return "load: " + loaded.status().message();
  return model_to_json(*loaded.value().pipeline, loaded.value().schema);
}

std::string scorer() {
  auto s = Scorer::csv(model_text, CsvOptions{});
  if (!s) return "scorer: " + s.status().message();
  Status st = s.value()->push(kCsv, std::char_traits<char>::length(kCsv));
  if (st) st = s.value()->finish();
  if (!st) return "score: " + st.message();
  const ScoredRows rows = s.value()->take();
  std::string out = s.value()->csv_header();
  for (double v : rows.scores) out += std::to_string(v) + ",";
  return out;
}

// A runner that saw a failure mid-stream (pipeline/out_of_memory.hpp): with the allocator
// disarmed, it refuses to go on and to give its models, saying it ran out of memory, since its
// reader may be wider than its pipelines.
std::string csv_run_after_failure(long n) {
  auto runner = start_csv_runner(CsvOptions{}, {"zscore | logreg"}, {}, 2, 4);
  if (!runner) return "start";
  CsvRunner& r = *runner.value();
  countdown = n;
  bool failed = false;
  try {
    Status st = r.push(kCsv, std::char_traits<char>::length(kCsv));
    if (st) st = r.finish();
  } catch (const std::bad_alloc&) {
    failed = true;
  }
  const bool reached = disarm();
  if (!failed) return reached ? "" : "done";  // reached: a nothrow new's failure was absorbed
  const std::string says = "the run ran out of memory in the middle of a block";
  if (Status st = r.finish(); st || st.message().rfind(says, 0) != 0)
    return "finish after the failure: " + (st ? std::string("ok") : st.message());
  if (Status st = r.push("1,2,1\n", 6); st || st.message().rfind(says, 0) != 0)
    return "push after the failure: " + (st ? std::string("ok") : st.message());
  if (auto file = model_file(r, 0); file || file.message().rfind(says, 0) != 0)
    return "its model after the failure: " + (file ? std::string("written") : file.message());
  return "";
}

// A pipeline whose first row (which sizes every stage) saw the failure: disarmed, it learns the
// next rows as a fresh one does, its parameters as wide as the rows and finite.
std::string pipeline_after_failure(long n) {
  auto built = Pipeline::build("zscore | logreg +avg");
  if (!built) return "build";
  Pipeline& p = *built.value();
  const double x[] = {0.5, -1, 2};
  countdown = n;
  bool failed = false;
  try {
    (void)p.learn_one(x, 3, 1);
  } catch (const std::bad_alloc&) {
    failed = true;
  }
  const bool reached = disarm();
  if (!failed) return reached ? "" : "done";
  for (int row = 0; row < 3; ++row)
    if (auto r = p.learn_one(x, 3, row % 2 ? 1 : -1); !r) return "refused: " + r.status().message();
  if (p.dims() != 3) return "a width of " + std::to_string(p.dims());
  for (double w : p.learner().params())
    if (!std::isfinite(w)) return "a parameter not finite";
  return "";
}

int failures = 0;

void fail(const char* name, long n, const std::string& what) {
  std::fprintf(stderr, "alloc_failure_test: %s, allocation %ld: %s\n", name, n, what.c_str());
  ++failures;
}

// How the allocator fails: the Nth allocation alone, or every allocation from the Nth on.
enum class Exhaustion { one, stays };

// Runs `scenario` with the Nth allocation failing (and with Exhaustion::stays every one after
// it) for N = 1, 2, ... until it completes without reaching the Nth; each failure must come out
// as std::bad_alloc and leave no allocation live.
void fail_each_allocation(const char* name, const Scenario& scenario,
                          Exhaustion exhaustion = Exhaustion::one) {
  // ONEPASS_OOM_ONLY="csv run" runs one scenario (to look into one under a debugger).
  const char* only = std::getenv("ONEPASS_OOM_ONLY");
  if (only && std::string(only) != name) return;
  (void)scenario();  // the statics a first call makes (the registry, tables) are made now
  const long before = allocations.load();
  const std::string expected = scenario();
  const long total = allocations.load() - before;
  const long base = live.load();  // with `expected` held
  stays_exhausted = exhaustion == Exhaustion::stays;
  // ONEPASS_OOM_TRACE=1 names each N before it is tried (the last named is the one that aborts).
  const bool trace = std::getenv("ONEPASS_OOM_TRACE") != nullptr;
  long n = 1, caught = 0;
  for (;; ++n) {
    if (trace) std::fprintf(stderr, "alloc_failure_test: %s, allocation %ld\n", name, n);
    countdown = n;
    bool threw = false, same = false, says_memory = false, other = false, reached = false;
    try {
      const std::string got = scenario();
      same = got == expected;
      says_memory = got.find("memory") != std::string::npos;
    } catch (const std::bad_alloc&) {
      threw = true;
    } catch (const std::exception& e) {
      other = true;
      reached = disarm();  // before the message, which is made with memory
      fail(name, n, std::string("an exception other than bad_alloc: ") + e.what());
    }
    if (!other) reached = disarm();
    if (live.load() != base) {
      fail(name, n, std::to_string(live.load() - base) + " allocations left live (a leak)");
      stays_exhausted = false;
      return;
    }
    if (threw) {
      ++caught;
      continue;
    }
    if (other) {
      if (reached) continue;
      break;
    }
    if (reached) {
      // The failure was absorbed: only a caught nothrow new may do that, and then the result
      // must be what a whole run gives or an error that says so.
      if (!same && !says_memory)
        fail(name, n, "a failed allocation absorbed, giving another result");
      continue;
    }
    if (!same) fail(name, n, "a run without a failure gave another result");
    break;
  }
  stays_exhausted = false;
  if (exhaustion == Exhaustion::stays)
    std::printf(
        "alloc_failure_test: %s: %ld allocations a run; every allocation from the Nth on failed, "
        "for N = 1 to %ld, %ld as bad_alloc, none leaked\n",
        name, total, n - 1, caught);
  else
    std::printf(
        "alloc_failure_test: %s: %ld allocations a run; allocations 1 to %ld failed in turn, "
        "%ld as bad_alloc, none leaked\n",
        name, total, n - 1, caught);
}

}  // namespace

int main() {
  {
    auto runner = start_csv_runner(CsvOptions{}, {"zscore | logreg"}, {}, 0, 0);
    if (!runner || !runner.value()->push(kCsv, std::char_traits<char>::length(kCsv)) ||
        !runner.value()->finish()) {
      std::fprintf(stderr, "alloc_failure_test: the model of the test rows could not be made\n");
      return 1;
    }
    model_text = model_json(*runner.value(), 0);
  }
  // The entry points whose every failed allocation comes out as bad_alloc, leaving nothing live.
  fail_each_allocation("csv run", csv_run);
  fail_each_allocation("svmlight run", svmlight_run);
  fail_each_allocation("evaluation", evaluation);
  const char* only = std::getenv("ONEPASS_OOM_ONLY");
  if (!only || std::string(only) == "pipeline after a failure") {
    const long base = live.load();
    for (long n = 1;; ++n) {
      std::string what = pipeline_after_failure(n);
      const bool done = what == "done";
      if (!done && !what.empty()) fail("pipeline after a failure", n, what);
      what = std::string();
      if (live.load() != base) fail("pipeline after a failure", n, "allocations left live");
      if (done) {
        std::printf(
            "alloc_failure_test: pipeline after a failure: its first row failed at each "
            "of %ld allocations, and it learned the next rows\n",
            n - 1);
        break;
      }
    }
  }
  if (!only || std::string(only) == "csv runner after a failure") {
    const long base = live.load();
    for (long n = 1;; ++n) {
      std::string what = csv_run_after_failure(n);
      const bool done = what == "done";
      if (!done && !what.empty()) fail("csv runner after a failure", n, what);
      what = std::string();
      if (live.load() != base) fail("csv runner after a failure", n, "allocations left live");
      if (done) {
        std::printf(
            "alloc_failure_test: csv runner after a failure: a block failed at each of %ld "
            "allocations, and the runner refused to go on and to write its models\n",
            n - 1);
        break;
      }
    }
  }
  // The JSON documents (model files, results): nlohmann::json values, built member by member and
  // released before they are destroyed (core/json_release.hpp), whose destructor would allocate.
  fail_each_allocation("csv run's result and model file", csv_run_json);
  fail_each_allocation("model load and save", model_load_save);
  fail_each_allocation("scorer", scorer);
  // Each task's documents, written again after each failure by the same runner and data set:
  // the last, whole pass gives what the first did, so nothing they had learned was lost to a
  // failure while writing them.
  if (!learn(kCsv, "binary", "zscore | logreg", learned_binary) ||
      !learn(kClassesCsv, "multiclass", "zscore | softmax +avg", learned_multiclass) ||
      !learn(kNumbersCsv, "regression", "zscore | linreg", learned_regression)) {
    std::fprintf(stderr, "alloc_failure_test: the runs of each task failed\n");
    return 1;
  }
  fail_each_allocation("binary results", binary_results);
  fail_each_allocation("multiclass results", multiclass_results);
  fail_each_allocation("regression results", regression_results);
  // The same calls with memory that stays exhausted: a value dropped on the way out of a failure
  // (a document's member built, whose key could not be added) must be released, not destroyed.
  fail_each_allocation("csv run, exhausted", csv_run, Exhaustion::stays);
  fail_each_allocation("svmlight run, exhausted", svmlight_run, Exhaustion::stays);
  fail_each_allocation("evaluation, exhausted", evaluation, Exhaustion::stays);
  fail_each_allocation("scorer, exhausted", scorer, Exhaustion::stays);
  fail_each_allocation("csv run's result and model file, exhausted", csv_run_json,
                       Exhaustion::stays);
  fail_each_allocation("model load and save, exhausted", model_load_save, Exhaustion::stays);
  fail_each_allocation("binary results, exhausted", binary_results, Exhaustion::stays);
  fail_each_allocation("multiclass results, exhausted", multiclass_results, Exhaustion::stays);
  fail_each_allocation("regression results, exhausted", regression_results, Exhaustion::stays);
  if (failures) return 1;
  std::printf("alloc_failure_test: every failed allocation came out as bad_alloc\n");
  return 0;
}
