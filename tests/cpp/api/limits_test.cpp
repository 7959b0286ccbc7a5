// The core's bounds (api/limits.hpp) hold whatever the front end: each is refused with a message
// naming it, before anything the size of the bound is allocated, and the CLIs' flags take the
// same ranges.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "onepass/api/command_line.hpp"
#include "onepass/api/limits.hpp"
#include "onepass/api/runners.hpp"

namespace onepass {
namespace {

TEST(Limits, SvmlightDimsPastTheWidestRowAreRefusedBeforeReading) {
  SvmlightOptions at;
  at.dims = kMaxDims;
  EXPECT_TRUE(SvmlightReader::check(at));
  SvmlightOptions past;
  past.dims = std::size_t{1} << 31;  // took 21 GB before it was bounded
  const Status st = SvmlightReader::check(past);
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find("option dims must be at most 16777216 features (got 2147483648)"),
            std::string::npos)
      << st.message();
  EXPECT_FALSE(start_svmlight_runner(past, {"perceptron"}, {}, 0));
}

TEST(Limits, TheWindowAndTheShuffleBufferAreBoundedInTheCore) {
  EXPECT_TRUE(Pipeline::build("perceptron", 0, kMaxWindow));
  auto wide = Pipeline::build("perceptron", 0, kMaxWindow + 1);
  ASSERT_FALSE(wide);
  EXPECT_EQ(wide.message(), "the window must be at most 10000000 rows (got 10000001)");

  auto runner = start_csv_runner(CsvOptions{}, {"perceptron"}, {}, 0);
  ASSERT_TRUE(runner);
  EXPECT_TRUE(runner.value()->shuffle(kMaxShuffleRows, 1));
  const Status st = runner.value()->shuffle(kMaxShuffleRows + 1, 1);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.message(), "the shuffle buffer must be at most 10000000 rows (got 10000001)");
}

TEST(Limits, TheCommandLineTakesTheCoresRanges) {
  const auto past_dims = parse_command_line(
      {"run", "x.svm", "--format", "svmlight", "--dims", std::to_string(kMaxDims + 1)});
  ASSERT_FALSE(past_dims);
  EXPECT_NE(past_dims.message().find("--dims"), std::string::npos) << past_dims.message();
  EXPECT_NE(past_dims.message().find("16777216"), std::string::npos) << past_dims.message();
  const auto at_dims = parse_command_line(
      {"run", "x.svm", "--format", "svmlight", "--dims", std::to_string(kMaxDims)});
  ASSERT_TRUE(at_dims) << at_dims.message();
  EXPECT_EQ(at_dims.value().svm.dims, kMaxDims);
  const auto past_shuffle =
      parse_command_line({"run", "x.csv", "--shuffle-buffer", std::to_string(kMaxShuffleRows + 1)});
  ASSERT_FALSE(past_shuffle);
  EXPECT_NE(past_shuffle.message().find("10000000"), std::string::npos) << past_shuffle.message();
}

}  // namespace
}  // namespace onepass
