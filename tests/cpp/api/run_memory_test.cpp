// What a run may hold (pipeline/run_memory.hpp, docs/design.md "What a run may hold"): the
// estimate is the stages' own state at the run's width, and a run past the bound is refused with
// the bytes it needs and the bound, before any of it is allocated.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "onepass/api/dataset.hpp"
#include "onepass/api/defaults.hpp"
#include "onepass/api/limits.hpp"
#include "onepass/api/runners.hpp"
#include "pipeline/memory_bound.hpp"

namespace onepass {
namespace {

std::unique_ptr<Pipeline> built(const std::string& spec) {
  return Pipeline::build(spec).take();
}

TEST(RunMemory, TheEstimateIsTheStagesOwnStateAtTheWidth) {
  // A scaler adds its own state a feature (Scaler::state) and the row it hands on.
  auto scaled = built("zscore | pa");
  scaled->set_dims(1000);
  const std::size_t zscore_values = scaled->scaler(0).state().size();
  ASSERT_GT(zscore_values, 1000u);
  for (const std::size_t width : {1000u, 5000u}) {
    const std::uint64_t more =
        pipeline_bytes(*built("zscore | pa"), width) - pipeline_bytes(*built("pa"), width);
    EXPECT_EQ(more, sizeof(double) * (zscore_values / 1000 + 1) * width) << width;
  }
  // Linear in the width: a feature costs the same at any width, and +avg's copy of the weights
  // costs more than the learner alone.
  auto avg = built("zscore | arow +avg");
  const std::uint64_t a = pipeline_bytes(*avg, 1000), b = pipeline_bytes(*avg, 2000),
                      c = pipeline_bytes(*avg, 3000);
  EXPECT_EQ(c - b, b - a);
  EXPECT_GT(pipeline_bytes(*avg, 1000), pipeline_bytes(*built("zscore | arow"), 1000));
  // Nothing is allocated for the estimate: the pipeline stays without a width.
  EXPECT_EQ(avg->dims(), 0u);
}

TEST(RunMemory, PipelinesPastTheBoundAreRefusedBeforeTheirWidthIsAllocated) {
  if (!run_memory_bound().source.empty())
    GTEST_SKIP() << "the process has a memory limit: " << run_memory_bound().source;
  EXPECT_EQ(run_memory_limit(), kMaxRunBytes);  // natively, with no limit; in wasm the module's
  EXPECT_EQ(kMaxRunBytes, std::uint64_t{1} << 34);
  SvmlightOptions options;
  options.dims = kMaxDims;
  const std::vector<std::string> many(16, "zscore | arow +avg");
  auto refused = start_svmlight_runner(options, many, {}, 0);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find(
                "(16 pipelines at 16777216 features); the limit is 16 GB: fewer pipelines or "
                "features fit"),
            std::string::npos)
      << refused.message();
  EXPECT_EQ(refused.message().rfind("these dims and pipelines need ", 0), 0u) << refused.message();
  // One of them fits (and nothing of its width is allocated before a row comes).
  auto one = start_svmlight_runner(options, {"zscore | arow +avg"}, {}, 0);
  ASSERT_TRUE(one) << one.message();
  EXPECT_EQ(one.value()->pipeline(0).dims(), 0u);
  EXPECT_TRUE(check_run_memory(*built("pa"), kMaxDims));
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ONEPASS_ADDRESS_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ONEPASS_ADDRESS_SANITIZER 1
#endif

TEST(RunMemory, UnderAnAddressSpaceLimitTheBoundIsItLessTheProgramsShare) {
#ifdef ONEPASS_ADDRESS_SANITIZER
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no RLIMIT_AS fits it";
#endif
  if (run_memory_bound().bytes < (std::uint64_t{3} << 29))
    GTEST_SKIP() << "the process has a smaller memory limit: " << run_memory_bound().source;
  // In a child (a death test's fork), an address space of 2 GiB: the bound is 1.5 GiB, and a
  // pipeline at the widest svmlight input (about 2.6 GB) is refused naming that limit, before
  // anything of its width is allocated, where it would have run out of memory mid-run.
  EXPECT_EXIT(
      {
        rlimit limit{};
        getrlimit(RLIMIT_AS, &limit);
        limit.rlim_cur = rlim_t{1} << 31;
        if (setrlimit(RLIMIT_AS, &limit) != 0) std::_Exit(2);
        const MemoryBound bound = run_memory_bound();
        if (bound.bytes != (std::uint64_t{1} << 31) - kProgramMemoryBytes) std::_Exit(3);
        SvmlightOptions options;
        options.dims = kMaxDims;
        auto refused = start_svmlight_runner(options, {"zscore | arow +avg"}, {}, 0);
        std::fprintf(stderr, "%s\n", refused ? "not refused" : refused.message().c_str());
        std::_Exit(refused ? 1 : 0);
      },
      ::testing::ExitedWithCode(0),
      "these dims and pipelines need [0-9.]+ GB \\(1 pipeline at 16777216 features\\); the limit "
      "is 1\\.5 GB \\(the process's address-space limit \\(ulimit -v\\) of 2 GB, less 0\\.5 GB "
      "for the program itself\\): fewer pipelines or features fit");
}

TEST(RunMemory, ACsvHeaderTooWideForItsPipelinesStopsTheRunBeforeTheyTakeIt) {
  // 99,999 numeric columns and a label, under the default bound of 100,000 fields: one pipeline
  // holds a few megabytes at that width, 3,000 of them more than the bound.
  std::string header, row;
  for (int j = 1; j < 100000; ++j) {
    header += "c" + std::to_string(j) + ",";
    row += std::to_string(j % 7) + ",";
  }
  const std::string text = header + "label\n" + row + "1\n" + row + "0\n";
  const std::vector<std::string> specs(3000, "zscore | arow +avg");
  auto runner = start_csv_runner(CsvOptions{}, specs, {}, 0).take();
  Status st = runner->push(text.data(), text.size());
  if (st) st = runner->finish();
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find("(3000 pipelines at 99999 features); the limit is 16 GB"),
            std::string::npos)
      << st.message();
  EXPECT_EQ(runner->pipeline(0).width(), 0u);  // nothing of that width was allocated
  EXPECT_EQ(runner->pipeline(0).rows(), 0u);
}

TEST(RunMemory, AMulticlassPipelineCostsItsClassesPerFeature) {
  // A multiclass learner keeps a row of weights per class: a feature costs a constant plus the
  // same again for each class, so the cost is a line in the classes as in the width.
  auto p = Pipeline::build(default_pipeline(Task::multiclass), 0, 0, Task::multiclass).take();
  const MemoryCost one = memory_cost(*p, 1), two = memory_cost(*p, 2), three = memory_cost(*p, 3);
  EXPECT_GT(two.per_feature, one.per_feature);
  EXPECT_EQ(three.per_feature - two.per_feature, two.per_feature - one.per_feature);
  EXPECT_EQ(one.bytes(1000) + 999 * one.per_feature, one.bytes(1999));
  EXPECT_EQ(p->dims(), 0u);  // measured on a probe

  // A run's check counts the classes: two such pipelines fit at the widest input with no class
  // yet, and not with 1,000 classes, at the same width.
  std::vector<std::unique_ptr<Pipeline>> two_pipelines;
  for (int i = 0; i < 2; ++i)
    two_pipelines.push_back(
        Pipeline::build(default_pipeline(Task::multiclass), 0, 0, Task::multiclass).take());
  RunMemory memory;
  EXPECT_TRUE(memory.check(two_pipelines, kMaxDims, 0));
  const Status many = memory.check(two_pipelines, kMaxDims, 1000);
  ASSERT_FALSE(many);
  EXPECT_EQ(many.message().rfind("these dims and pipelines need ", 0), 0u) << many.message();
  // The costs kept between checks give what a fresh check gives.
  EXPECT_EQ(many.message(), RunMemory().check(two_pipelines, kMaxDims, 1000).message());
  EXPECT_TRUE(memory.check(two_pipelines, 1000, 1000));
}

TEST(RunMemory, AnSvmlightMulticlassRunCostsItsClassesAsACsvRunDoes) {
  // As many pipelines at the widest input as fit with no class yet (the run is made), and not
  // with one class: the line that brings the first class is refused before any row is learned,
  // by the same check a CSV block that brings a class meets (RunMemory::grow).
  const std::string spec = default_pipeline(Task::multiclass);
  auto probe = Pipeline::build(spec, 0, 0, Task::multiclass).take();
  const std::uint64_t none = memory_cost(*probe, 0).bytes(kMaxDims),
                      one = memory_cost(*probe, 1).bytes(kMaxDims);
  const std::size_t count = static_cast<std::size_t>(run_memory_limit() / none);
  ASSERT_GT(count, 0u);
  ASSERT_GT(count * one, run_memory_limit());
  SvmlightOptions options;
  options.dims = kMaxDims;
  options.task = Task::multiclass;
  auto runner = start_svmlight_runner(options, std::vector<std::string>(count, spec), {}, 0).take();
  const std::string text = "# classes by name\n\nred 1:1 16777216:2\nblue 2:1\n";
  const Status refused = runner->push(text.data(), text.size());
  ASSERT_FALSE(refused);
  const std::string what = "(" + std::to_string(count) + " pipelines at 16777216 features)";
  EXPECT_EQ(refused.message().rfind("line 3: these dims and pipelines need ", 0), 0u)
      << refused.message();
  EXPECT_NE(refused.message().find(what), std::string::npos) << refused.message();
  EXPECT_EQ(refused.line(), 3u);
  EXPECT_EQ(runner->pipeline(0).dims(), 0u);  // nothing of that width was allocated
  EXPECT_EQ(runner->pipeline(0).rows(), 0u);
  // The run stops there, as at a bad line: later input and the end say the same.
  const std::string more = "red 1:1\n";
  EXPECT_EQ(runner->push(more.data(), more.size()).message(), refused.message());
  EXPECT_EQ(runner->finish().message(), refused.message());
  EXPECT_EQ(runner->pipeline(0).rows(), 0u);
}

TEST(RunMemory, ADataSetsEvaluationIsRefusedBeforeItsPipelineTakesTheRows) {
  // 200 classes over the widest svmlight input, five rows each: 200 x 2^24 weights a pipeline,
  // past the bound.
  SvmlightOptions options;
  options.dims = kMaxDims;
  options.task = Task::multiclass;
  auto data = Dataset::svmlight(options).take();
  std::string text;
  for (int row = 0; row < 5; ++row)
    for (int k = 0; k < 200; ++k) text += std::to_string(k) + " 1:1 16777216:2\n";
  ASSERT_TRUE(data->push(text.data(), text.size()));
  ASSERT_TRUE(data->finish());
  auto refused = data->holdout("maxabs | softmax", EvaluationOptions{});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.message().rfind("these dims and pipelines need ", 0), 0u) << refused.message();
  EXPECT_NE(refused.message().find("(1 pipeline at 16777216 features)"), std::string::npos)
      << refused.message();
}

TEST(RunMemory, TheRollingWindowIsInTheEstimate) {
  // Two numbers a row of the window (its mistakes and losses), whatever the width: eight
  // pipelines of the longest window need 1.2 GB more, which a run under a small bound must
  // not find out by running out.
  auto plain = Pipeline::build("pa").take();
  auto windowed = Pipeline::build("pa", 0, kMaxWindow).take();
  EXPECT_EQ(memory_cost(*windowed, 0).fixed - memory_cost(*plain, 0).fixed,
            2 * sizeof(double) * kMaxWindow);
  EXPECT_EQ(memory_cost(*windowed, 0).per_feature, memory_cost(*plain, 0).per_feature);
}

}  // namespace
}  // namespace onepass
