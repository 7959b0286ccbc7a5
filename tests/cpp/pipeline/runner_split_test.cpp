// A runner on two threads (docs/design.md, "Every core": when learning is the bound): two runners
// read the same stream, each learns some of the pipelines (CsvRunner::set_learning), and the
// other's run states come back (CsvRunner::load_run_state). The runner that reports them must then
// hold what one runner learning every pipeline holds, bit for bit: results, curves, warnings,
// models, and what it learns after.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "onepass/api/runners.hpp"
#include "pipeline/csv_runner.hpp"

namespace onepass {
namespace {

// Pipelines that share a z-score (0, 1, 3, 5), one with a robust scaler that leaves a huge value
// out, a warm-up scaler, and Winnow, which warns about negative values.
const std::vector<std::string> kSpecs = {
    "zscore | logreg", "zscore | pa1 +avg", "robust | perceptron", "zscore | lp(warmup=40) | pa",
    "winnow",          "zscore | fs2"};

std::string stream_text() {
  std::string csv = "a,b,c,label\n";
  for (int i = 0; i < 3000; ++i) {
    csv += std::to_string((i * 37) % 50 - 20) + "." + std::to_string(i % 10) + ",";
    csv += i == 1500 ? "1e200" : std::to_string((i * 11) % 40);
    csv += "," + std::to_string((i * 7) % 13) + (i % 3 == 0 ? ",1\n" : ",0\n");
  }
  return csv;
}

// The stream in blocks of 1,000 bytes cut at line breaks.
std::vector<std::string> blocks_of(const std::string& csv) {
  std::vector<std::string> blocks;
  for (std::size_t at = 0; at < csv.size();) {
    std::size_t end = std::min(csv.size(), at + 1000);
    if (end < csv.size()) end = csv.rfind('\n', end - 1) + 1;
    blocks.push_back(csv.substr(at, end - at));
    at = end;
  }
  return blocks;
}

std::unique_ptr<CsvRunner> new_runner(std::size_t shuffle,
                                      const std::vector<std::string>& specs = kSpecs) {
  CsvOptions options;
  options.sample_rows = 100;  // the roles settle in the first blocks
  auto runner = CsvRunner::create(options, specs, 100, 50).take();
  if (shuffle) EXPECT_TRUE(runner->shuffle(shuffle, 7));
  return runner;
}

void push_all(CsvRunner& runner, const std::vector<std::string>& blocks, std::size_t from,
              std::size_t to) {
  for (std::size_t b = from; b < to; ++b)
    ASSERT_TRUE(runner.push(blocks[b].data(), blocks[b].size()));
}

void expect_same(const CsvRunner& one, const CsvRunner& two) {
  EXPECT_EQ(one.warnings(), two.warnings());
  for (std::size_t i = 0; i < one.size(); ++i) {
    SCOPED_TRACE(one.pipeline(i).spec());
    EXPECT_EQ(run_result_json(one, i), run_result_json(two, i));  // results, curve, warnings
    EXPECT_EQ(model_json(one, i), model_json(two, i));
    EXPECT_EQ(one.run_state(i), two.run_state(i));
  }
}

// Splits the stream's blocks [2, 25) between `here` and `there` by `mask` (the other pipelines
// learn there), brings there's states back (last pipeline first when `reversed`), learns the
// rest here alone and finishes.
void run_split(CsvRunner& here, CsvRunner& there, const std::vector<std::string>& blocks,
               const std::vector<bool>& mask, bool reversed = false) {
  push_all(here, blocks, 0, 2);
  push_all(there, blocks, 0, 2);
  std::vector<bool> other(mask.size());
  for (std::size_t i = 0; i < mask.size(); ++i) other[i] = !mask[i];
  ASSERT_TRUE(here.set_learning(mask));
  ASSERT_TRUE(there.set_learning(other));
  push_all(here, blocks, 2, 25);
  push_all(there, blocks, 2, 25);
  for (std::size_t k = 0; k < mask.size(); ++k) {
    const std::size_t i = reversed ? mask.size() - 1 - k : k;
    if (!mask[i]) ASSERT_TRUE(here.load_run_state(i, there.run_state(i)));
  }
  ASSERT_TRUE(here.set_learning({}));
  push_all(here, blocks, 25, blocks.size());  // shared scalers must be shared again
  ASSERT_TRUE(here.finish());
}

TEST(RunnerSplit, PipelinesLearnedOnTwoThreadsEndAsOnOne) {
  const std::vector<std::string> blocks = blocks_of(stream_text());
  ASSERT_GT(blocks.size(), 30u);
  for (std::size_t shuffle : {0, 64}) {
    SCOPED_TRACE("shuffle " + std::to_string(shuffle));
    auto whole = new_runner(shuffle);
    push_all(*whole, blocks, 0, blocks.size());
    ASSERT_TRUE(whole->finish());
    ASSERT_FALSE(whole->pipeline(2).warnings().empty());  // robust left 1e200 out
    ASSERT_FALSE(whole->pipeline(4).warnings().empty());  // winnow saw negative values
    // The z-score group here and the rest there, and the other way round.
    for (const std::vector<bool>& mask :
         {std::vector<bool>{true, true, false, true, false, true},
          std::vector<bool>{false, false, true, false, true, false}}) {
      auto here = new_runner(shuffle), there = new_runner(shuffle);
      run_split(*here, *there, blocks, mask);
      expect_same(*whole, *here);
    }
  }
}

TEST(RunnerSplit, AChainOfSharedScalersLoadsInAnyOrder) {
  // Pipeline 1 shares the z-score of 0; pipeline 2 shares both scalers of 1 (its leader, itself
  // a follower of 0).
  const std::vector<std::string> specs = {"zscore | logreg", "zscore | minmax | pa",
                                          "zscore | minmax | perceptron", "pa"};
  const std::vector<std::string> blocks = blocks_of(stream_text());
  auto whole = new_runner(0, specs);
  push_all(*whole, blocks, 0, blocks.size());
  ASSERT_TRUE(whole->finish());
  EXPECT_EQ(whole->groups(), (std::vector<std::size_t>{0, 0, 0, 3}));
  for (bool reversed : {false, true}) {
    auto here = new_runner(0, specs), there = new_runner(0, specs);
    run_split(*here, *there, blocks, {false, false, false, true}, reversed);
    expect_same(*whole, *here);
  }
}

TEST(RunnerSplit, PipelinesThatShareScalersFormOneGroup) {
  auto runner = new_runner(0);
  EXPECT_EQ(runner->groups(), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));  // before any row
  const std::vector<std::string> blocks = blocks_of(stream_text());
  push_all(*runner, blocks, 0, 2);
  ASSERT_GT(runner->reader().rows(), 0u);
  EXPECT_EQ(runner->groups(), (std::vector<std::size_t>{0, 0, 2, 0, 4, 0}));
  Status st = runner->set_learning({true, false, true, true, true, true});
  EXPECT_EQ(st.message(),
            "set_learning: pipelines 1 and 2 share their scalers and must learn on one thread");
  st = runner->set_learning({true, true});
  EXPECT_EQ(st.message(), "set_learning: 2 flags for 6 pipelines");
  EXPECT_TRUE(runner->set_learning({false, false, true, false, true, false}));
}

TEST(RunnerSplit, ADamagedRunStateChangesNothing) {
  auto runner = new_runner(0);
  const std::vector<std::string> blocks = blocks_of(stream_text());
  push_all(*runner, blocks, 0, 5);
  const std::vector<double> before = runner->run_state(2);
  std::vector<double> cut(before.begin(), before.end() - 3);
  EXPECT_EQ(runner->load_run_state(2, cut).message(),
            "the run state of pipeline 'robust | perceptron' is damaged");
  std::vector<double> negative = before;
  negative.back() = -1;  // the count of negative rows
  EXPECT_FALSE(runner->load_run_state(2, negative));
  // Another pipeline's state: one scaler fewer.
  EXPECT_FALSE(runner->load_run_state(4, before));
  // Sizes beyond what a pipeline takes, more numeric features than features, a NaN in a
  // scaler's state: refused before anything is allocated or learned from.
  std::vector<double> huge = before;
  huge[0] = 1e12;  // dims
  EXPECT_FALSE(runner->load_run_state(2, huge));
  std::vector<double> numeric = before;
  numeric[3] = numeric[0] + 1;
  EXPECT_FALSE(runner->load_run_state(2, numeric));
  std::vector<double> nan = before;
  nan[6] = std::nan("");  // in the robust scaler's state (after 5 sizes and its length)
  EXPECT_FALSE(runner->load_run_state(2, nan));
  EXPECT_EQ(runner->load_run_state(9, before).message(), "no pipeline 10");
  EXPECT_EQ(runner->run_state(2), before);
  EXPECT_TRUE(runner->load_run_state(2, before));
  EXPECT_EQ(runner->run_state(2), before);
}

}  // namespace
}  // namespace onepass
