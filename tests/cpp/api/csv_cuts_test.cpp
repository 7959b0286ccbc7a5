// A CSV cut into parts of whole records (api/csv_cuts.hpp): each part read after the head gives
// the rows the reader gives over the whole file, in order, whatever the quotes, skipped lines,
// comment lines and blank lines; and the cuts fall where the byte ranges say.
#include "onepass/api/csv_cuts.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

std::vector<double> labels_of(const std::string& text, const CsvOptions& options) {
  CsvReader r(options);
  RowBlock rows;
  Status st = r.feed(text.data(), text.size(), rows);
  if (st) st = r.finish(rows);
  EXPECT_TRUE(st) << st.message();
  return std::vector<double>(rows.y.begin(), rows.y.end());
}

TEST(CsvCuts, EveryPartReadAfterTheHeadGivesTheWholeFilesRows) {
  const CsvOptions options = testing::with({{"delimiter", ","},
                                            {"comment", "#"},
                                            {"skipLines", "1"},
                                            {"positive", "yes"},
                                            {"categorical", "name"}});
  // A skipped line whose quote opens a field (the reader joins its next line to it), a comment
  // with a quote at a field's start, a blank line, quoted line breaks, an inch mark.
  const std::string text =
      "\"exported by\ntool\"\n\n#,\"a comment\n# ends here\"\nname,label\n"
      "\"a\nb\",yes\n5\" screen,no\n\n\"c,\"\"d\",yes\n# note\nplain,no\n\"e\n\nf\",yes\nlast,no";
  const std::vector<double> whole = labels_of(text, options);
  ASSERT_EQ(whole.size(), 6u);
  for (std::size_t parts = 1; parts <= 8; ++parts) {
    const CsvCuts cuts = csv_cuts(text, options, parts).take();
    ASSERT_EQ(cuts.starts.size(), parts + 1);
    EXPECT_TRUE(cuts.has_rows);
    EXPECT_EQ(text.substr(cuts.head_end, 7), "\"a\nb\",y");  // the head ends after the header
    std::vector<double> pieced;
    for (std::size_t k = 0; k < parts; ++k) {
      EXPECT_LE(cuts.starts[k], cuts.starts[k + 1]);
      const std::string part = text.substr(0, cuts.head_end) +
                               text.substr(cuts.starts[k], cuts.starts[k + 1] - cuts.starts[k]);
      const std::vector<double> rows = labels_of(part, options);
      pieced.insert(pieced.end(), rows.begin(), rows.end());
    }
    EXPECT_EQ(pieced, whole) << parts << " parts";
  }
  // Two parts: the second starts at the first record at or past the body's middle byte.
  const CsvCuts two = csv_cuts(text, options, 2).take();
  const std::size_t middle = two.head_end + (text.size() - two.head_end) / 2;
  EXPECT_GE(two.starts[1], middle);
  EXPECT_EQ(text[two.starts[1] - 1], '\n');
}

TEST(CsvCuts, AHeadWithoutRowsAndUnsettledReadings) {
  CsvOptions options;
  options.delimiter = ',';
  const CsvCuts cuts = csv_cuts("a,label\n\n\n", options, 3).take();
  EXPECT_FALSE(cuts.has_rows);
  EXPECT_EQ(cuts.head_end, 8u);
  EXPECT_EQ(cuts.starts, (std::vector<std::size_t>{8, 8, 9, 10}));  // targets 8, 8, 9
  CsvOptions detected;
  EXPECT_EQ(csv_cuts("a,b\n", detected, 2).message(),
            "cutting a CSV into parts needs its delimiter and header settled");
}

}  // namespace
}  // namespace onepass
