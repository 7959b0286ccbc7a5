// A run that learned nothing never reports success, and nothing crashes on the way
// (issues 15 and 20): a file with only a header, a file whose every row is skipped, a header
// that fails; every pipeline can still be snapshotted and saved.
#include <gtest/gtest.h>

#include <string>

#include "onepass/io/model_json.hpp"
#include "onepass/race.hpp"
#include "onepass/sparse_race.hpp"

namespace onepass {
namespace {

// Every accessor a front end calls on a race's pipelines after a run.
void touch_everything(const Race& race) {
  for (std::size_t i = 0; i < race.size(); ++i) {
    const Pipeline& p = race.pipeline(i);
    EXPECT_EQ(p.learner().snapshot().arrays.empty(), false) << p.spec();
    for (std::size_t s = 0; s < p.scaler_count(); ++s) (void)p.scaler(s).snapshot();
    (void)p.save();
    (void)model_to_json(p, model_schema_of(race.reader()));
  }
}

Status run(const std::string& text, CsvOptions opt = {}) {
  auto race = Race::create(opt, {"zscore | logreg", "perceptron +avg", "lp | pa1"}).take();
  Status st = race->push(text.data(), text.size());
  if (st) st = race->finish();
  touch_everything(*race);
  return st;
}

TEST(HonestEnd, AHeaderOnlyFileIsAnErrorNotACrash) {
  EXPECT_EQ(run("a,b,label\n").message(),
            "nothing was learned: the input has a header but no data rows");
}

TEST(HonestEnd, EveryRowSkippedIsAnErrorWithTheFirstErrors) {
  CsvOptions opt;
  opt.on_error = ErrorPolicy::skip;
  opt.sample_rows = 0;
  const Status st = run("a,b,label\nx,1,1\n2,y,0\n", opt);
  EXPECT_EQ(st.message(),
            "nothing was learned: all 2 data rows were bad and skipped; the first: line 2, "
            "column 1 (a): 'x' is not a number; line 3, column 2 (b): 'y' is not a number");
  // One good row is enough to learn: no error.
  EXPECT_TRUE(run("a,b,label\nx,1,1\n2,3,0\n", opt)) << "one row learned";
}

TEST(HonestEnd, AFailedHeaderLeavesEveryPipelineUsable) {
  // A byte-order-mark-like prefix cut short, ';' rows, an empty cell (a fuzzer's input).
  EXPECT_FALSE(
      run("\xEF\xBB"
          "a\n1;;2\n3;4;5\n"));
  EXPECT_FALSE(run("only\n"));
}

TEST(HonestEnd, AnSvmlightStreamWithNoRowIsAnError) {
  SvmlightOptions opt;
  opt.dims = 3;
  auto race = SparseRace::create(opt, {"logreg"}).take();
  const std::string text = "# a comment only\n";
  EXPECT_TRUE(race->push(text.data(), text.size()));
  EXPECT_EQ(race->finish().message(), "nothing was learned: the input has no data lines");
}

}  // namespace
}  // namespace onepass
