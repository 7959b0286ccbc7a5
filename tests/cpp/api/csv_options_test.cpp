// The CSV options and the preview (api/csv_options.hpp, api/csv_preview.hpp): one table of
// options, and the preview reads labels as the run will.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/limits.hpp"
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

// The bounds of the options that size what the reader holds (core/limits.hpp) are the table's,
// and hold for options set directly, not only through their text.
TEST(CsvOptions, TheBoundsOfTheTableHoldForOptionsSetDirectly) {
  for (const CsvOptionInfo& info : csv_option_infos()) {
    const std::string name = info.name;
    if (name == "maxRecordBytes") EXPECT_EQ(info.max, kMaxRecordBytes);
    if (name == "maxFields") EXPECT_EQ(info.max, kMaxFields);
    if (name == "maxLevels") EXPECT_EQ(info.max, kMaxLevels);
    if (name == "levelBuckets") EXPECT_EQ(info.max, kMaxLevelBuckets);
    if (name == "textBits") EXPECT_EQ(info.max, static_cast<std::size_t>(kMaxTextBits));
  }
  CsvOptions o;
  o.max_record_bytes = kMaxRecordBytes;
  o.max_fields = kMaxFields;
  EXPECT_TRUE(check_csv_options(o));
  o.max_record_bytes = kMaxRecordBytes + 1;
  Status st = check_csv_options(o);
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find("maxRecordBytes (CLI --max-record-bytes) must be a whole number "
                              "from 16 to 1073741824"),
            std::string::npos)
      << st.message();
  o.max_record_bytes = 4096;
  o.max_fields = kMaxFields + 1;
  st = check_csv_options(o);
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find("maxFields"), std::string::npos) << st.message();
  o.max_fields = 64;
  o.encoder.text_bits = kMaxTextBits + 1;
  EXPECT_FALSE(check_csv_options(o));
}

}  // namespace onepass
