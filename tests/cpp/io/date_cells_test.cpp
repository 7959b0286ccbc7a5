// Date columns (docs/algorithms.md 1.10, design.md 10.1): the forms a cell is read in, the day and
// month order only a sample that proves it decides, the features (golden values worked out by
// hand from the calendar), a date column inferred, read, refused cell by cell, learned and kept
// in a model; and the two messages that point to a fix (a label taken from the last column, a
// numeric column that counts the rows).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "io/column_roles.hpp"
#include "io/csv_reader.hpp"
#include "io/date_cells.hpp"
#include "models/model_json.hpp"
#include "models/scorer.hpp"
#include "pipeline/csv_runner.hpp"
#include "pipeline/pipeline.hpp"
#include "test_util.hpp"

namespace onepass {
namespace {

using testing::read_in_chunks;
using testing::with;

constexpr double kPi = 3.14159265358979323846;

DateValue read(const std::string& cell, DateOrder order = DateOrder::ymd) {
  DateValue v;
  EXPECT_TRUE(parse_date(cell, order, v)) << cell;
  return v;
}

// The features of a date with a time: days, then weekday, month and hour on the unit circle.
std::vector<double> features_of(const std::string& cell, DateOrder order = DateOrder::ymd) {
  std::vector<double> f(7);
  date_features(read(cell, order), DateForm{order, true}, f.data());
  return f;
}

std::vector<double> golden(double days, int weekday, int month, double hour) {
  const double w = 2 * kPi * weekday / 7, m = 2 * kPi * (month - 1) / 12, h = 2 * kPi * hour / 24;
  return {days, std::sin(w), std::cos(w), std::sin(m), std::cos(m), std::sin(h), std::cos(h)};
}

TEST(DateCells, GoldenFeaturesOfHandPickedDates) {
  // 2000-01-01 is day 10,957 (30 years of 365 days and 7 leap days); 2000 is a leap year (a
  // multiple of 400), so 29 February is day 10,957 + 31 + 28, a Tuesday.
  testing::expect_near_all(features_of("2000-02-29"), golden(11016, 1, 2, 0));
  // The day before 1970 is -1, a Wednesday, in December (sin -1/2, cos sqrt(3)/2).
  const std::vector<double> eve = features_of("1969-12-31");
  testing::expect_near_all(eve, golden(-1, 2, 12, 0));
  EXPECT_NEAR(eve[3], -0.5, 1e-12);
  EXPECT_NEAR(eve[4], std::sqrt(3.0) / 2, 1e-12);
  // 1900-01-01 is day -25,567 (70 years, 17 leap days; 1900 itself is none), a Monday, so
  // 1900-03-01 is day -25,508, a Thursday; and 1900-02-29 does not exist.
  testing::expect_near_all(features_of("1900/03/01"), golden(-25508, 3, 3, 0));
  DateValue none;
  EXPECT_FALSE(parse_date("1900-02-29", DateOrder::ymd, none));
  EXPECT_FALSE(parse_date("2021-02-29", DateOrder::ymd, none));
  EXPECT_TRUE(parse_date("2024-02-29", DateOrder::ymd, none));
  // A time zone: 01:30 on Sunday 1 March 2020 at +02:00 is 23:30 on 29 February UTC (day 18,322
  // is 1 March: 2020-01-01 is 18,262, then 31 + 29 days). The instant is UTC's; the weekday,
  // month and hour are the clock's as written.
  testing::expect_near_all(features_of("2020-03-01T01:30:00+02:00"),
                           golden(18322 - 0.5 / 24, 6, 3, 1.5));
  testing::expect_near_all(features_of("2020-03-01T01:30+0200"),
                           golden(18322 - 0.5 / 24, 6, 3, 1.5));
  // West of UTC: 20:00 at -05:00 on 1970-01-01 (a Thursday) is 01:00 UTC the next day.
  testing::expect_near_all(features_of("1970-01-01T20:00-05"), golden(1 + 1.0 / 24, 3, 1, 20));
  // Seconds and their fraction, 'Z' and a blank instead of 'T'.
  testing::expect_near_all(features_of("1970-01-02 06:00:30.5Z"),
                           golden(1.25 + 30.5 / 86400, 4, 1, 6 + 30.5 / 3600));
  // Year last, as the order says: 31 December 2020 is day 18,627 (2021-01-01 is 18,628), a
  // Thursday; 1:30 PM is 13.5 hours.
  testing::expect_near_all(features_of("31/12/2020", DateOrder::dmy), golden(18627, 3, 12, 0));
  testing::expect_near_all(features_of("12/31/2020 1:30 PM", DateOrder::mdy),
                           golden(18627 + 13.5 / 24, 3, 12, 13.5));
  testing::expect_near_all(features_of("31.12.2020 00:00", DateOrder::dmy),
                           golden(18627, 3, 12, 0));
  // Not dates: a year-last date with no order, a month 13, an hour 24, a number, words.
  for (const char* cell : {"13/12/2020", "2020-13-01", "2020-01-01T24:00", "20200101",
                           "2020-01-01T10", "2020-01-01 10:00 +", "1.5", "May 5 2020", "1/2/3"})
    EXPECT_FALSE(parse_date(cell, DateOrder::ymd, none)) << cell;
  EXPECT_FALSE(parse_date("13/12/2020", DateOrder::mdy, none));
  // A date alone has no hour's features.
  EXPECT_EQ(date_feature_count(DateForm{DateOrder::ymd, false}), 5u);
  EXPECT_EQ(date_feature_name("when", 6), "when:hour_cos");
}

TEST(DateCells, TheDayAndMonthOrderIsTakenOnlyWhenTheSampleProvesIt) {
  const std::vector<std::string> missing = default_missing_tokens();
  const auto sample = [&](std::vector<std::string_view> cells) {
    return sample_dates(cells, missing);
  };
  DateSample s = sample({"01/02/2020", "13/02/2020", "NA"});
  EXPECT_EQ(s.form.order, DateOrder::dmy);
  EXPECT_EQ(s.present, 2u);
  EXPECT_EQ(s.dates, 2u);
  EXPECT_EQ(s.proof, "13/02/2020");
  EXPECT_FALSE(s.form.time);
  s = sample({"01/02/2020 10:00", "02/13/2020"});
  EXPECT_EQ(s.form.order, DateOrder::mdy);
  EXPECT_TRUE(s.form.time);
  // No day past 12: not read as dates, and said so.
  s = sample({"01/02/2020", "02/03/2020"});
  EXPECT_TRUE(s.undecided);
  EXPECT_EQ(s.dates, 0u);
  // Both orders shown: the column mixes them, and neither is read.
  s = sample({"13/02/2020", "02/13/2020", "2020-01-01"});
  EXPECT_FALSE(s.undecided);
  EXPECT_EQ(s.dates, 1u);
  EXPECT_EQ(s.first_bad, "13/02/2020");
}

TEST(DateCells, AColumnOfDatesIsInferredAsDatesNotAnIdentifier) {
  const std::vector<std::string> missing = default_missing_tokens();
  std::vector<std::string_view> cells = {"2021-03-01", "2021-03-02", "2021-03-03", "2021-03-04"};
  InferredColumn c = infer_role(cells, missing);
  EXPECT_EQ(c.role, ColumnRole::date);
  EXPECT_EQ(c.reason, "all 4 sampled values are dates, written year first (YYYY-MM-DD)");
  EXPECT_FALSE(c.date.time);
  cells = {"01/03/2021 08:00", "15/03/2021 09:30", "", "20/03/2021 12:00"};
  c = infer_role(cells, missing);
  EXPECT_EQ(c.role, ColumnRole::date);
  EXPECT_EQ(c.date.order, DateOrder::dmy);
  EXPECT_EQ(c.reason,
            "all 3 sampled values are dates, written day first (DD/MM/YYYY) or year first, with "
            "a time of day ('15/03/2021 09:30' has a day past 12)");
  // Undecided: still an identifier, with the reason why it is no date.
  cells = {"01/03/2021", "02/03/2021", "03/03/2021"};
  c = infer_role(cells, missing);
  EXPECT_EQ(c.role, ColumnRole::ignore);
  EXPECT_NE(c.reason.find("no sampled value tells apart"), std::string::npos) << c.reason;
  EXPECT_EQ(role_name(ColumnRole::date), std::string("date"));
  ColumnRole r = ColumnRole::numeric;
  EXPECT_TRUE(parse_role("date", r));
  EXPECT_EQ(r, ColumnRole::date);
}

std::string dated_file() {
  return "when,x,y\n"
         "2000-02-29,1,1\n"
         "1969-12-31T12:00:00Z,2,0\n"
         "NA,3,1\n"
         "2020-03-01T01:30:00+02:00,4,0\n";
}

TEST(DateCells, TheReaderGivesADateColumnsFeaturesAfterTheNumbersInEveryChunking) {
  for (std::size_t chunk : {0, 1, 2, 5, 17}) {
    CsvReader r({});
    RowBlock rows;
    const Status st = testing::feed_in_chunks(r, dated_file(), chunk, rows);
    ASSERT_TRUE(st) << st.message();
    ASSERT_EQ(rows.size(), 4u);
    ASSERT_EQ(r.dims(), 8u);
    EXPECT_EQ(r.numeric_names(),
              (std::vector<std::string>{"x", "when:days", "when:weekday_sin", "when:weekday_cos",
                                        "when:month_sin", "when:month_cos", "when:hour_sin",
                                        "when:hour_cos"}));
    const std::vector<double> first(rows.x.begin(), rows.x.begin() + 8);
    std::vector<double> want = golden(11016, 1, 2, 0);
    want.insert(want.begin(), 1.0);
    testing::expect_near_all(first, want);
    EXPECT_NEAR(rows.x[8 + 1], -1 + 0.5, 1e-12);  // noon UTC
    for (std::size_t k = 1; k < 8; ++k) EXPECT_TRUE(std::isnan(rows.x[16 + k])) << k;
    EXPECT_EQ(r.missing_cells(), 1u);
    EXPECT_EQ(r.columns()[0].role, ColumnRole::date);
    ASSERT_FALSE(r.notices().empty());
    EXPECT_EQ(r.notices()[0],
              "column 'when' is a date: all 3 sampled values are dates, written year first "
              "(YYYY-MM-DD), with a time of day (docs/algorithms.md 1.10 says which features it "
              "gives)");
  }
}

TEST(DateCells, ACellThatIsNoDateIsNamedAndFollowsTheBadRowOption) {
  std::string text = "when,y\n";
  for (int d = 1; d <= 20; ++d)
    text += "2021-01-" + std::string(d < 10 ? "0" : "") + std::to_string(d) + "," +
            std::to_string(d % 2) + "\n";
  text += "21 Jan 2021,1\n2021-01-22,0\n";  // line 22: another form
  const std::string error =
      "line 22, column 1 (when): '21 Jan 2021' is not a date as this column's are written year "
      "first (YYYY-MM-DD) (docs/algorithms.md 1.10)";
  // Past the sample, and inside it (one bad cell among 22 is a bad cell, not another role).
  EXPECT_EQ(read_in_chunks(text, with({{"sampleRows", "5"}}), 0).error, error);
  EXPECT_EQ(read_in_chunks(text, {}, 0).error, error);
  EXPECT_EQ(read_in_chunks(text, {}, 3).error, error);
  const testing::ChunkedRead skipped = read_in_chunks(text, with({{"onError", "skip"}}), 0);
  EXPECT_EQ(skipped.error, "");
  EXPECT_EQ(skipped.rows, 21u);
  EXPECT_EQ(skipped.skipped, 1u);
}

TEST(DateCells, ADateRoleSetByOptionAndAnOrderNoSampleProves) {
  const std::string text = "id,when,y\n1,01/02/2021,1\n2,03/04/2021,0\n3,05/06/2021,1\n";
  // Inferred: the cells are no dates (the order is not proven), and the column is ignored.
  CsvReader inferred({});
  RowBlock rows;
  ASSERT_TRUE(testing::feed_in_chunks(inferred, text, 0, rows));
  EXPECT_EQ(inferred.columns()[1].role, ColumnRole::ignore);
  // Set to date, the order must still be proven: refused with the reason.
  EXPECT_EQ(read_in_chunks(text, with({{"date", "when"}}), 0).error,
            std::string("the column 'when' is set to date, but its ") + kUndecidedDates);
  // A day past 12 anywhere in the sample decides it.
  const std::string proven = text + "4,13/06/2021,0\n";
  CsvReader set(with({{"date", "when"}}));
  rows = RowBlock{};
  const Status st = testing::feed_in_chunks(set, proven, 0, rows);
  ASSERT_TRUE(st) << st.message();
  EXPECT_EQ(set.columns()[1].role, ColumnRole::date);
  EXPECT_EQ(set.columns()[1].reason, "set by option, written day first (DD/MM/YYYY) or year first");
  EXPECT_EQ(set.dims(), 6u);  // id, and five date features (no time)
  EXPECT_NEAR(rows.x[6 + 1], 18628 + 31 + 28 + 31 + 2, 1e-9);  // 03/04/2021 is 3 April
}

// The weekend (Saturday and Sunday) is an arc of the weekday's circle: a linear model on its
// sine and cosine separates it, where the days since 1970 alone cannot.
std::string weekend_file(int rows) {
  std::string text = "day,weekend\n";
  for (int i = 0; i < rows; ++i) {
    const int date = 17000 + (i * 37) % 2000;  // days since 1970, in a scrambled order
    const int weekday = ((date + 3) % 7 + 7) % 7;
    // The date written from its parts (Hinnant's civil_from_days).
    const long z = date + 719468, era = z / 146097, doe = z - era * 146097;
    const long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    const long d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;
    const long y = yoe + era * 400 + (m <= 2);
    char cell[16];
    std::snprintf(cell, sizeof cell, "%04ld-%02ld-%02ld", y, m, d);
    text += std::string(cell) + "," + (weekday >= 5 ? "1" : "0") + "\n";
  }
  return text;
}

TEST(DateCells, ALabelThatDependsOnTheWeekdayIsLearned) {
  const std::string text = weekend_file(3000);
  auto runner = CsvRunner::create({}, {"zscore | logreg"}).take();
  ASSERT_TRUE(runner->push(text.data(), text.size()));
  ASSERT_TRUE(runner->finish());
  EXPECT_EQ(runner->reader().columns()[0].role, ColumnRole::date);
  const auto& p = runner->pipeline(0).progress();
  // The majority (weekdays) is 5/7 of the rows, 71% accuracy; the model makes few mistakes.
  const double accuracy = 1.0 - static_cast<double>(p.mistakes()) / 3000.0;
  EXPECT_GT(accuracy, 0.97);
  // A model keeps the date column: it loads, and scores a fresh file's dates as it learned.
  const std::string json = model_to_json(runner->pipeline(0), model_schema_of(runner->reader()));
  EXPECT_NE(json.find("\"dates\""), std::string::npos);
  Result<LoadedModel> loaded = model_from_json(json);
  ASSERT_TRUE(loaded) << loaded.message();
  ASSERT_EQ(loaded.value().schema.dates.size(), 1u);
  EXPECT_EQ(loaded.value().schema.dates[0].first, "day");
  EXPECT_FALSE(loaded.value().schema.dates[0].second.time);
  CsvOptions o;
  ASSERT_TRUE(read_as_model(loaded.value().schema, true, o));
  o.label_optional = true;
  CsvScorer scorer(o, *loaded.value().pipeline);
  const std::string fresh = "day\n2026-11-28\n2026-11-30\n";  // a Saturday, a Monday
  ASSERT_TRUE(scorer.push(fresh.data(), fresh.size()));
  ASSERT_TRUE(scorer.finish());
  ASSERT_EQ(scorer.scores.size(), 2u);
  EXPECT_GT(scorer.scores[0], 0);
  EXPECT_LT(scorer.scores[1], 0);
  EXPECT_EQ(scorer.reader().columns()[0].role, ColumnRole::date);
  // Trained further: the same features, by name.
  CsvOptions more;
  ASSERT_TRUE(read_as_model(loaded.value().schema, false, more));
  std::vector<std::unique_ptr<Pipeline>> pipelines;
  pipelines.push_back(std::move(loaded.value().pipeline));
  auto resumed = CsvRunner::resume(more, std::move(pipelines)).take();
  const std::string later = weekend_file(70);
  ASSERT_TRUE(resumed->push(later.data(), later.size()));
  ASSERT_TRUE(resumed->finish());
  EXPECT_EQ(resumed->reader().feature_names(), runner->reader().feature_names());
}

TEST(DateCells, ALabelTakenFromTheLastColumnByDefaultSaysSoWhenItFails) {
  const std::string text = "y,x1,x2\n1,0.5,0.25\n0,1.5,-1.356\n1,2.5,0.75\n";
  // Read as yes/no labels, the last column has a third value: the error says the label was
  // taken from it and names the option.
  EXPECT_EQ(read_in_chunks(text, with({{"task", "binary"}}), 0).error,
            "line 4, column 3 (x2): a third label value '0.75': this file's labels so far are "
            "'0.25' (positive, chosen from the first rows) and '-1.356'; a label of more than two "
            "classes learns with the task multiclass (option task, CLI --task multiclass), or one "
            "class against the rest with that class named positive (no label column was named, "
            "so the last column, 'x2', is the label; name another with option label, CLI "
            "--label)");
  // Named, the label is what the user said: no such hint.
  const std::string named =
      read_in_chunks(text, with({{"task", "binary"}, {"label", "x2"}}), 0).error;
  EXPECT_EQ(named.find("no label column was named"), std::string::npos) << named;
}

TEST(DateCells, ANumericColumnThatCountsTheRowsGetsANotice) {
  std::string text = "id,x,y\n";
  for (int i = 1; i <= 12; ++i)
    text +=
        std::to_string(100 + i) + "," + std::to_string(i % 3) + "," + std::to_string(i % 2) + "\n";
  CsvReader r({});
  RowBlock rows;
  ASSERT_TRUE(testing::feed_in_chunks(r, text, 0, rows));
  EXPECT_EQ(r.columns()[0].role, ColumnRole::numeric);
  ASSERT_EQ(r.notices().size(), 1u);
  EXPECT_EQ(r.notices()[0],
            "column 'id' is numeric: all 12 sampled values are numbers, distinct and each above "
            "the one before: a row number or an identifier? If so, leave it out (option ignore, "
            "CLI --ignore id)");
  // Nine rows are too few to say so; a column that goes down once is no count.
  std::string short_text = "id,y\n";
  for (int i = 1; i <= 9; ++i) short_text += std::to_string(i) + "," + std::to_string(i % 2) + "\n";
  CsvReader s({});
  ASSERT_TRUE(testing::feed_in_chunks(s, short_text, 0, rows));
  EXPECT_TRUE(s.notices().empty());
  const std::vector<std::string> missing = default_missing_tokens();
  std::vector<std::string_view> cells = {"1", "2", "3", "4", "5", "6", "7", "8", "10", "9"};
  EXPECT_FALSE(infer_role(cells, missing).increasing);
}

}  // namespace
}  // namespace onepass
