// Parallel parsing (docs/design.md, "Every core"): blocks of whole records read by a second
// reader and learned with CsvRunner::learn_apart give what one reader reading every byte gives: the
// same rows in the same order, so the same counts, errors, warnings, parameters and states.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipeline/csv_runner.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

// Blocks of whole records of about `bytes` bytes (each ends with a line break), then what is
// left after the last line break.
std::vector<std::string> record_blocks(const std::string& csv, std::size_t bytes) {
  std::vector<std::string> blocks;
  std::size_t at = 0;
  while (at < csv.size()) {
    std::size_t end = std::min(csv.size(), at + bytes);
    const std::size_t nl = csv.rfind('\n', end - 1);
    end = nl != std::string::npos && nl >= at ? nl + 1 : csv.size();
    blocks.push_back(csv.substr(at, end - at));
    at = end;
  }
  return blocks;
}

struct StreamRun {
  std::unique_ptr<CsvRunner> runner;
  Status status = Status::ok();
  std::size_t apart = 0;  // blocks learned from the second reader
};

// The stream in blocks of whole records of about `block_bytes`: its reader reads every byte
// (apart false), or a second reader reads the blocks after the head apart, as the package's
// parser workers do, and the stream's reader the ones it refuses.
StreamRun run(const std::string& csv, const CsvOptions& options,
              const std::vector<std::string>& specs, std::size_t block_bytes, bool apart,
              std::size_t shuffle = 0) {
  StreamRun r;
  r.runner = CsvRunner::create(options, specs, 5).take();
  if (shuffle) EXPECT_TRUE(r.runner->shuffle(shuffle, 3));
  CsvOptions worker_options = options;
  worker_options.on_error = ErrorPolicy::skip;
  CsvReader worker(worker_options);
  RowBlock rows;
  ApartCounts counts;
  bool head = true;     // until the stream's reader has settled, the worker reads what it reads
  bool quoted = false;  // as the package does: after a quote, the run's reader reads on
  for (const std::string& block : record_blocks(csv, block_bytes)) {
    if (!r.status) break;
    quoted = quoted || block.find('"') != std::string::npos;
    if (apart && !head && !quoted && worker.read_apart(block.data(), block.size(), rows, counts)) {
      r.status = r.runner->learn_apart(rows, counts);
      ++r.apart;
      continue;
    }
    r.status = r.runner->push(block.data(), block.size());
    if (head) {
      EXPECT_TRUE(worker.feed(block.data(), block.size(), rows));
      head = !r.runner->reader().can_read_apart();
    }
  }
  if (r.status) r.status = r.runner->finish();
  return r;
}

void expect_same(const StreamRun& one, const StreamRun& two) {
  EXPECT_EQ(one.status.message(), two.status.message());
  const CsvReader &a = one.runner->reader(), &b = two.runner->reader();
  EXPECT_EQ(a.rows(), b.rows());
  EXPECT_EQ(a.positives(), b.positives());
  EXPECT_EQ(a.skipped(), b.skipped());
  EXPECT_EQ(a.missing_cells(), b.missing_cells());
  EXPECT_EQ(a.bytes(), b.bytes());
  EXPECT_EQ(a.lines(), b.lines());
  ASSERT_EQ(a.errors().size(), b.errors().size());
  for (std::size_t i = 0; i < a.errors().size(); ++i) {
    EXPECT_EQ(a.errors()[i].line, b.errors()[i].line);
    EXPECT_EQ(a.errors()[i].column, b.errors()[i].column);
    EXPECT_EQ(a.errors()[i].message, b.errors()[i].message);
  }
  EXPECT_EQ(one.runner->warnings(), two.runner->warnings());
  ASSERT_EQ(one.runner->size(), two.runner->size());
  for (std::size_t i = 0; i < one.runner->size(); ++i) {
    const Pipeline &p = one.runner->pipeline(i), &q = two.runner->pipeline(i);
    EXPECT_EQ(p.progress().rows(), q.progress().rows());
    EXPECT_EQ(p.progress().mistakes(), q.progress().mistakes());
    EXPECT_EQ(p.learner().params(), q.learner().params());  // bit for bit
    const PipelineState ps = p.save(), qs = q.save();
    EXPECT_EQ(ps.progress, qs.progress);
    EXPECT_EQ(ps.scalers, qs.scalers);
    EXPECT_EQ(ps.learner.state, qs.learner.state);
  }
}

const std::vector<std::string> kSpecs = {"zscore | logreg", "zscore | pa1 +avg",
                                         "robust | perceptron", "zscore | lp(warmup=40) | pa"};

TEST(ReadApart, BundledFilesLearnTheSameBitsInFileOrderAndShuffled) {
  CsvOptions options;
  options.sample_rows = 100;  // the roles settle before the end of these small files
  for (const char* file : {"diabetes_na.csv", "heart.csv", "breast_cancer_wdbc.csv"}) {
    const std::string csv = testing::read_data_file(file);
    for (std::size_t shuffle : {0, 50}) {
      SCOPED_TRACE(std::string(file) + " shuffle " + std::to_string(shuffle));
      const StreamRun whole = run(csv, options, kSpecs, csv.size(), false, shuffle);
      ASSERT_TRUE(whole.status) << whole.status.message();
      for (std::size_t block : {700, 4096}) {
        const StreamRun apart = run(csv, options, kSpecs, block, true, shuffle);
        EXPECT_GT(apart.apart, 0u) << "no block was read apart";
        expect_same(whole, apart);
      }
    }
  }
}

// A file as users have them: string labels, blank and comment lines, CRLF, empty cells; then
// a bad row (skipped: the stream's reader names it, with its true line) and a quoted field
// (from there the stream's reader reads on).
std::string users_file(bool bad_row) {
  std::string csv = "# exported\r\nheight,weight,smoker\r\n";
  for (int i = 0; i < 3000; ++i) {
    if (i % 97 == 0) csv += "\r\n";
    if (i % 211 == 0) csv += "# a comment\r\n";
    csv += std::to_string(150 + (i * 37) % 50) + "." + std::to_string(i % 10) + ",";
    csv += i % 13 == 0 ? "" : std::to_string(50 + (i * 11) % 40);
    csv += i % 3 == 0 ? ",yes\r\n" : ",no\r\n";
    if (bad_row && i == 2000) csv += "171,oops,no\r\n";
    if (i == 2600) csv += "\"172\",70,yes\r\n";
  }
  return csv;
}

TEST(ReadApart, UsersFilesGiveTheSameCountsErrorsAndBits) {
  CsvOptions options;
  options.comment = '#';
  options.positive = "yes";
  for (ErrorPolicy policy : {ErrorPolicy::skip, ErrorPolicy::stop}) {
    options.on_error = policy;
    for (bool bad : {false, true}) {
      SCOPED_TRACE(std::string(policy == ErrorPolicy::skip ? "skip" : "stop") +
                   (bad ? ", a bad row" : ""));
      const std::string csv = users_file(bad);
      const StreamRun whole = run(csv, options, kSpecs, 1000, false);
      EXPECT_EQ(static_cast<bool>(whole.status), !bad || policy == ErrorPolicy::skip);
      const StreamRun apart = run(csv, options, kSpecs, 1000, true);
      EXPECT_GT(apart.apart, 10u);
      expect_same(whole, apart);
      if (bad) {
        ASSERT_FALSE(apart.runner->reader().errors().empty());
        EXPECT_EQ(apart.runner->reader().errors()[0].line, whole.runner->reader().errors()[0].line);
      }
    }
  }
}

// Found by tests/fuzz/read_apart_fuzz: a quote that opens a field in the middle of a cell
// leaves the stream's reader inside a quoted record; the blocks after it are its to read.
TEST(ReadApart, AnUnclosedQuoteLeavesTheRestToTheStreamsReader) {
  std::string csv = "p,q,label\n";
  for (int i = 0; i < 300; ++i) {
    csv += std::to_string(i % 9) + "," + std::to_string(i % 4) + "," + std::to_string(i % 2) + "\n";
    if (i == 133) csv += "7,1\"1\n";
  }
  for (ErrorPolicy policy : {ErrorPolicy::skip, ErrorPolicy::stop}) {
    CsvOptions options;
    options.sample_rows = 50;
    options.on_error = policy;
    const StreamRun whole = run(csv, options, kSpecs, 60, false);
    const StreamRun apart = run(csv, options, kSpecs, 60, true);
    EXPECT_GT(apart.apart, 3u);  // the blocks before the quote
    expect_same(whole, apart);
  }
}

// The positive class first seen in a block read apart: a third label after it is named as one
// reader would name it (found in review: the run's reader still thought 'yes' unseen).
TEST(ReadApart, APositiveClassSeenApartCountsAsSeen) {
  std::string csv = "a,b,y\n";
  // yes only in the middle: the block with the third value holds none.
  for (int i = 0; i < 3000; ++i)
    csv += std::to_string(i % 9) + ",1," + (i >= 1500 && i < 2500 ? "yes" : "no") + "\n";
  csv += "1,2,maybe\n";
  CsvOptions options;
  options.positive = "yes";
  options.sample_rows = 50;
  const StreamRun whole = run(csv, options, kSpecs, 500, false);
  const StreamRun apart = run(csv, options, kSpecs, 500, true);
  EXPECT_GT(apart.apart, 10u);
  EXPECT_NE(whole.status.message().find("a third label value 'maybe'"), std::string::npos)
      << whole.status.message();
  expect_same(whole, apart);
}

TEST(ReadApart, AFileSortedByClassIsStillSaidToBe) {
  // The labels of rows read apart count in the runs test (CsvReader::warnings).
  std::string csv = "a,b,y\n";
  for (int i = 0; i < 6000; ++i)
    csv += std::to_string(i % 17) + "," + std::to_string(i % 5) + "," +
           (i % 2000 < 1000 ? "0" : "1") + "\n";
  const StreamRun whole = run(csv, {}, kSpecs, 2000, false);
  const StreamRun apart = run(csv, {}, kSpecs, 2000, true);
  EXPECT_GT(apart.apart, 10u);
  ASSERT_FALSE(apart.runner->warnings().empty());
  EXPECT_NE(apart.runner->warnings().back().find("long runs"), std::string::npos);
  expect_same(whole, apart);
}

TEST(ReadApart, NothingIsReadApartUntilTheSchemaAndLabelsAreSettled) {
  // The negative label appears only after the sample: until then a row could still change the
  // label mapping, so no block is read apart.
  std::string csv = "a,b,y\n";
  for (int i = 0; i < 1500; ++i) csv += std::to_string(i) + ",1," + (i < 1200 ? "1" : "0") + "\n";
  auto runner = CsvRunner::create({}, {"zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(csv.data(), csv.find("1199,1,1\n")));
  EXPECT_TRUE(runner->reader().schema_ready());
  EXPECT_FALSE(runner->reader().can_read_apart());
  RowBlock rows;
  rows.dims = 2;
  rows.x = {1, 2};
  rows.y = {1};
  EXPECT_EQ(runner->learn_apart(rows, {9, 1, 1, 1, 0}).message(),
            "rows read apart need a reader whose schema is settled");
  const std::size_t at = csv.find("1199,1,1\n");
  ASSERT_TRUE(runner->push(csv.data() + at, csv.size() - at));
  EXPECT_TRUE(runner->reader().can_read_apart());
  rows.dims = 3;
  rows.x = {1, 2, 3};
  EXPECT_EQ(runner->learn_apart(rows, {9, 1, 1, 1, 0}).message(),
            "rows read apart do not have the stream's shape (2 numeric features)");
  EXPECT_EQ(runner->reader().rows(), 1500u);  // nothing was counted
}

TEST(ReadApart, EncodedColumnsAreNeverReadApart) {
  // A categorical column's new levels take indices in the order they appear in the stream.
  std::string csv = "x,color,y\n";
  for (int i = 0; i < 1200; ++i)
    csv +=
        std::to_string(i % 9) + "," + (i % 2 ? "red" : "blue") + "," + (i % 3 ? "1" : "0") + "\n";
  auto runner = CsvRunner::create({}, {"zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(csv.data(), csv.size()));
  EXPECT_FALSE(runner->reader().can_read_apart());
  CsvReader worker({});
  RowBlock rows;
  ApartCounts counts;
  ASSERT_TRUE(worker.feed(csv.data(), csv.size(), rows));
  const std::string more = "1,green,1\n";
  EXPECT_FALSE(worker.read_apart(more.data(), more.size(), rows, counts));
}

}  // namespace
}  // namespace onepass
