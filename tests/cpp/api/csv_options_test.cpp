// The CSV options and the preview (api/csv_options.hpp, api/csv_preview.hpp): one table of
// options, and the preview reads labels as the run will.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "io/column_roles.hpp"
#include "io/csv_reader.hpp"
#include "io/feature_encoder.hpp"
#include "models/model_json.hpp"
#include "models/scorer.hpp"
#include "onepass/api/csv_options.hpp"
#include "onepass/api/csv_preview.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::with;

TEST(CsvOptions, MissingCellsAddToTheDefaultsUnlessDefaultMissingIsFalse) {
  const auto has = [](const CsvOptions& o, const char* token) {
    return is_missing_token(token, o.missing);
  };
  CsvOptions o = with({{"missing", "-999"}});
  EXPECT_TRUE(has(o, "-999") && has(o, "NA") && has(o, "#DIV/0!") && has(o, ""));
  for (const CsvOptions& only : {with({{"missing", "-999,NA"}, {"defaultMissing", "false"}}),
                                 with({{"defaultMissing", "false"}, {"missing", "-999,NA"}})}) {
    EXPECT_TRUE(has(only, "-999") && has(only, "NA") && has(only, ""));  // empty: always
    EXPECT_FALSE(has(only, "?") || has(only, "None") || has(only, "#DIV/0!"));
  }
  // The reader's lookup answers as the list does.
  const MissingTokens lookup(with({{"missing", "999,-1"}}).missing);
  for (const char* cell : {"999", "-1", "", "#DIV/0!", "NA", "n/a", "<NA>"})
    EXPECT_TRUE(lookup.contains(cell)) << cell;
  for (const char* cell : {"99", "9990", "-12", "1", "N", "#DIV/0", "nan0", " "})
    EXPECT_FALSE(lookup.contains(cell)) << cell;
  EXPECT_FALSE(MissingTokens({"NA"}).contains(""));
  CsvOptions bad;
  EXPECT_EQ(set_csv_option(bad, "defaultMissing", "no").message(),
            "option defaultMissing must be true or false, got 'no'");
}

// One label rule: the preview says whether the numeric rule applies, as the run will
// read the labels; "1.0"/"0.0" are numbers to it (the demo had a rule of its own that took
// "0.0" for a class name).
TEST(CsvPreview, SaysWhetherTheLabelsAreReadAsNumbers) {
  const auto numeric = preview_csv("a,y\n1,1.0\n2,0.0\n3,0.0\n", true, {});
  ASSERT_TRUE(numeric) << numeric.message();
  EXPECT_TRUE(numeric.value().numeric_labels);
  EXPECT_EQ(numeric.value().positive, "1");
  const auto named = preview_csv("a,y\n1,no\n2,yes\n3,no\n", true, {});
  ASSERT_TRUE(named) << named.message();
  EXPECT_FALSE(named.value().numeric_labels);
  EXPECT_EQ(named.value().positive, "yes");
}

}  // namespace
}  // namespace onepass
