// The streaming svmlight / libsvm reader: rows, comments, qid, CRLF, chunk boundaries anywhere,
// 0- and 1-based files, and errors that name line and column, stopping or skipped.
#include <string>

#include <gtest/gtest.h>

#include "io/csv_reader.hpp"
#include "io/svmlight_reader.hpp"
#include "onepass/api/defaults.hpp"
#include "pipeline/svmlight_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

struct Read {
  SparseBlock rows;
  Status status = Status::ok();
};

// Feeds `text` in chunks of `chunk` bytes (0: one chunk), then finishes.
Read read(const std::string& text, SvmlightOptions opt, std::size_t chunk = 0,
          SvmlightReader* keep = nullptr) {
  SvmlightReader local(opt);
  SvmlightReader& r = keep ? *keep : local;
  Read out;
  out.status = testing::feed_in_chunks(r, text, chunk, out.rows);
  return out;
}

SvmlightOptions width(std::size_t dims) {
  SvmlightOptions o;
  o.dims = dims;
  return o;
}

TEST(SvmlightReader, ReadsRowsCommentsQidCrlfAndALastLineWithoutBreak) {
  const std::string text =
      "# a comment line\n"
      "+1 1:0.5 3:2 qid:7 10:-1e-3\r\n"
      "\n"
      "-1 2:4   # the rest is a comment\n"
      "1\n"
      "-1 10:1";
  SvmlightReader r(width(10));
  const Read got = read(text, width(10), 0, &r);
  ASSERT_TRUE(got.status) << got.status.message();
  ASSERT_EQ(got.rows.size(), 4u);
  EXPECT_EQ(got.rows.offsets, (std::vector<std::size_t>{0, 3, 4, 4, 5}));
  EXPECT_EQ(got.rows.index, (std::vector<std::uint32_t>{0, 2, 9, 1, 9}));
  EXPECT_EQ(got.rows.value, (std::vector<double>{0.5, 2, -1e-3, 4, 1}));
  EXPECT_EQ(got.rows.y, (std::vector<std::int8_t>{1, -1, 1, -1}));
  EXPECT_EQ(got.rows.line, (std::vector<std::uint64_t>{2, 4, 5, 6}));
  EXPECT_EQ(r.rows(), 4u);
  EXPECT_EQ(r.positives(), 2u);
  EXPECT_EQ(r.lines(), 6u);
  EXPECT_EQ(r.negative_label(), "-1");
  const SparseRow first = got.rows.row(0);
  EXPECT_EQ(first.nnz, 3u);
  EXPECT_EQ(first.index[2], 9u);
}

TEST(SvmlightReader, EveryChunkSizeGivesTheSameRows) {
  const std::string text = "1 1:1 5:2.5\n-1 2:3\r\n\n1 3:1e2 4:7 # note\n-1 5:0.125";
  const Read whole = read(text, width(5));
  ASSERT_TRUE(whole.status);
  for (std::size_t chunk = 1; chunk <= text.size(); ++chunk) {
    const Read part = read(text, width(5), chunk);
    ASSERT_TRUE(part.status) << chunk;
    EXPECT_EQ(part.rows.offsets, whole.rows.offsets) << chunk;
    EXPECT_EQ(part.rows.index, whole.rows.index) << chunk;
    EXPECT_EQ(part.rows.value, whole.rows.value) << chunk;
    EXPECT_EQ(part.rows.line, whole.rows.line) << chunk;
  }
}

TEST(SvmlightReader, ZeroBasedFilesAndANamedPositiveClass) {
  SvmlightOptions opt = width(3);
  opt.index_base = 0;
  opt.positive = "spam";
  SvmlightReader r(opt);
  const Read got = read("spam 0:1 2:1\nham 1:2\n", opt, 0, &r);
  ASSERT_TRUE(got.status) << got.status.message();
  EXPECT_EQ(got.rows.index, (std::vector<std::uint32_t>{0, 2, 1}));
  EXPECT_EQ(got.rows.y, (std::vector<std::int8_t>{1, -1}));
  EXPECT_EQ(r.negative_label(), "ham");
}

// Each bad line, alone after a good one: its message (line and column) under "stop", with
// the good row kept; under "skip" the stream goes on and the line is counted.
TEST(SvmlightReader, BadLinesNameLineAndColumn) {
  const std::pair<const char*, const char*> cases[] = {
      {"1 3", "line 2, column 3: expected index:value, found '3'"},
      {"1 a:1", "line 2, column 3: 'a' is not a feature index"},
      {"1 0:1", "line 2, column 3: feature index 0, but this file's indices count from 1"},
      {"1 1:1 9:1", "line 2, column 7: feature index 9 is beyond the 8 features (option dims)"},
      {"1 4:1 2:1", "line 2, column 7: feature index 2 does not come after 4"},
      {"1 2:x", "line 2, column 3: the value 'x' is not a number"},
      {"1 2:1e999", "line 2, column 3: the value '1e999' is not a finite number"},
      {"2 1:1", "line 2, column 1: label '2' is not 1, 0 or -1"},
      {"0 1:1",
       "line 2, column 1: a third label value '0': the negative class so far is -1 (labels are 1 "
       "and 0, or 1 and -1)"},
  };
  for (const auto& [line, message] : cases) {
    const std::string text = "-1 1:1\n" + std::string(line) + "\n1 2:2\n";
    const Read stopped = read(text, width(8));
    ASSERT_FALSE(stopped.status) << line;
    EXPECT_EQ(stopped.status.message().rfind(message, 0), 0u) << stopped.status.message();
    EXPECT_EQ(stopped.rows.size(), 1u) << line;
    EXPECT_EQ(stopped.rows.index.size(), 1u) << line << ": no entry of the bad line is kept";
    SvmlightOptions skip = width(8);
    skip.on_error = ErrorPolicy::skip;
    SvmlightReader r(skip);
    const Read skipped = read(text, skip, 0, &r);
    ASSERT_TRUE(skipped.status) << line;
    EXPECT_EQ(skipped.rows.size(), 2u) << line;
    EXPECT_EQ(skipped.rows.offsets, (std::vector<std::size_t>{0, 1, 2})) << line;
    EXPECT_EQ(r.skipped(), 1u);
    ASSERT_EQ(r.errors().size(), 1u);
    EXPECT_EQ(r.errors()[0].line, 2u);
  }
}

// A line is bounded as a CSV record is (core/limits.hpp): a stream with no line break is refused
// at the bound, naming its line, whatever the chunks; with skip, reading goes on after it and its
// bytes are never kept.
TEST(SvmlightReader, ALineLongerThanTheBoundIsABadLine) {
  SvmlightOptions opt = width(8);
  opt.max_line_bytes = 64;
  const std::string text = "-1 1:1\n1 2:1" + std::string(200, ' ') + "\n1 3:1\n-1 4:1";
  for (std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{100}}) {
    const Read stopped = read(text, opt, chunk);
    ASSERT_FALSE(stopped.status) << chunk;
    EXPECT_EQ(stopped.status.message(),
              "line 2, column 1: a line longer than 64 bytes (the bound of a record: is this an "
              "svmlight file?)");
    EXPECT_EQ(stopped.rows.size(), 1u);
    SvmlightOptions skip = opt;
    skip.on_error = ErrorPolicy::skip;
    SvmlightReader r(skip);
    const Read skipped = read(text, skip, chunk, &r);
    ASSERT_TRUE(skipped.status) << chunk;
    EXPECT_EQ(skipped.rows.line, (std::vector<std::uint64_t>{1, 3, 4})) << chunk;
    EXPECT_EQ(r.skipped(), 1u);
  }
  // The default bound is the CSV record's.
  EXPECT_EQ(SvmlightOptions{}.max_line_bytes, CsvOptions{}.max_record_bytes);
}

TEST(SvmlightReader, TheWidthIsRequired) {
  const Read got = read("1 1:1\n", SvmlightOptions{});
  ASSERT_FALSE(got.status);
  EXPECT_NE(got.status.message().find("option dims"), std::string::npos);
  SvmlightOptions base = width(3);
  base.index_base = 2;
  EXPECT_FALSE(read("1 1:1\n", base).status);
}

// One parse, several pipelines: each learns what it learns from the same rows given one by
// one (Pipeline::learn_sparse), whatever the chunking; a bad line stops with its line, the
// rows before it learned.
TEST(SvmlightRunner, EveryPipelineLearnsWhatItLearnsAloneFromTheSameRows) {
  std::string text;
  for (int i = 0; i < 200; ++i) {
    const int a = 1 + i % 7, b = 8 + (i * 5) % 11;
    text += (i % 3 == 0 ? "-1" : "1") + std::string(" ") + std::to_string(a) + ":" +
            std::to_string(1 + i % 4) + " " + std::to_string(b) + ":0.5\n";
  }
  const std::vector<std::string> specs = {"logreg(lambda=1)", "maxabs | pa1 +avg",
                                          "zscore | perceptron"};
  const Read rows = read(text, width(20));
  ASSERT_TRUE(rows.status);
  for (std::size_t chunk : {std::size_t{7}, text.size()}) {
    auto runner = SvmlightRunner::create(width(20), specs, 50);
    ASSERT_TRUE(runner) << runner.message();
    for (std::size_t i = 0; i < text.size(); i += chunk)
      ASSERT_TRUE(runner.value()->push(text.data() + i, std::min(chunk, text.size() - i)));
    ASSERT_TRUE(runner.value()->finish());
    for (std::size_t k = 0; k < specs.size(); ++k) {
      auto alone = Pipeline::build(specs[k], 50).take();
      for (std::size_t r = 0; r < rows.rows.size(); ++r)
        ASSERT_TRUE(alone->learn_sparse(rows.rows.row(r), 20, rows.rows.y[r]));
      const Pipeline& in_runner = runner.value()->pipeline(k);
      EXPECT_EQ(in_runner.progress().mistakes(), alone->progress().mistakes()) << specs[k];
      EXPECT_EQ(in_runner.progress().curve().size(), 4u) << specs[k];
      EXPECT_EQ(in_runner.learner().params(), alone->learner().params()) << specs[k];
    }
  }
  auto runner = SvmlightRunner::create(width(20), {"perceptron"});
  const std::string bad = "1 1:1\n-1 2:1\n1 3:1 3:2\n1 4:1\n";
  const Status st = runner.value()->push(bad.data(), bad.size());
  ASSERT_FALSE(st);
  EXPECT_EQ(st.message().rfind("line 3, column 7: feature index 3 does not come after 3", 0), 0u)
      << st.message();
  EXPECT_EQ(runner.value()->pipeline(0).progress().rows(), 2u);
  EXPECT_EQ(SvmlightRunner::create(width(20), {}).value()->pipeline(0).spec(),
            kDefaultPipeline);  // no pipeline named: the default
  EXPECT_FALSE(SvmlightRunner::create(width(20), {"nonsense"}));
  const auto no_width = SvmlightRunner::create(SvmlightOptions{}, {"perceptron"});
  ASSERT_FALSE(no_width);
  EXPECT_NE(no_width.message().find("option dims"), std::string::npos);
}

}  // namespace
}  // namespace onepass
