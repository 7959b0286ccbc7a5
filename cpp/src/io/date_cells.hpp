// Dates and times in a CSV column (docs/algorithms.md 1.10, design.md 10.1): the forms a cell may
// take, the order of day and month the sampled cells prove, and the features a date becomes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace onepass {

// Where the year, month and day stand in a date written with the year last ("31/12/2020" or
// "12/31/2020"); a date written with the year first ("2020-12-31", "2020/12/31") is read in
// every order.
enum class DateOrder { ymd, dmy, mdy };
const char* date_order_name(DateOrder order);  // "ymd", "dmy", "mdy"
bool parse_date_order(std::string_view name, DateOrder& order);

// How a date column's cells are written, as its sampled values showed (a model keeps it).
struct DateForm {
  DateOrder order = DateOrder::ymd;
  // Some sampled value had a time of day: the column's features include the hour's.
  bool time = true;
  bool operator==(const DateForm& o) const { return order == o.order && time == o.time; }
};

// One cell read as a date: its instant, and its calendar as written (the local clock of a
// value with a time zone offset).
struct DateValue {
  double days = 0;  // days since 1970-01-01T00:00Z, with the time of day as a fraction
  int weekday = 0;  // 0 = Monday .. 6 = Sunday, of the date as written
  int month = 1;    // 1..12
  double hour = 0;  // 0 <= hour < 24, minutes and seconds as a fraction, as written
  bool has_time = false;
};

// A cell read as a date (docs/algorithms.md 1.10): year first, "YYYY-MM-DD" (ISO 8601), or with
// '/' or '.' between the fields; or year last, "DD/MM/YYYY" or "MM/DD/YYYY" as `order` says,
// with '/', '.' or '-'. A time may follow after 'T' or blanks, "HH:MM", "HH:MM:SS" or
// "HH:MM:SS.fff", then " AM"/" PM" (a year-last date), or a zone: 'Z', "+HH:MM", "+HHMM" or
// "+HH" (or '-'). The fields must name a real day (2021-02-29 is none) and time. False
// otherwise.
bool parse_date(std::string_view cell, DateOrder order, DateValue& out);

// What the sampled cells of a column say of dates (docs/algorithms.md 1.10).
struct DateSample {
  std::size_t present = 0;  // cells that are not missing
  std::size_t dates = 0;    // of them, read as dates in `form`
  DateForm form;
  // Some cells are written year last, and none has a day past 12 in either place: the order
  // of day and month is not proven (they are not read as dates).
  bool undecided = false;
  std::string first_bad;  // the first present cell that is no date in `form`
  std::string proof;      // the first cell whose day past 12 proves a year-last order
};
DateSample sample_dates(const std::vector<std::string_view>& cells,
                        const std::vector<std::string>& missing_tokens);

// How a form writes dates, for a column's reason and a bad cell's error: "year first
// (YYYY-MM-DD), with a time of day", "day first (DD/MM/YYYY) or year first".
std::string describe_date_form(const DateForm& form);
// Said of a column whose dates are written year last with every day and month at most 12.
inline constexpr const char* kUndecidedDates =
    "dates written year last whose day and month no sampled value tells apart (none is past "
    "12): written YYYY-MM-DD, they are read as dates";

// The dense features of a date column (docs/algorithms.md 1.10): the days since 1970, the
// weekday and the month as a sine and cosine each, and the hour's when the form has a time.
std::size_t date_feature_count(const DateForm& form);
// Their names: "when:days", "when:weekday_sin", ... (k < date_feature_count).
std::string date_feature_name(const std::string& column, std::size_t k);
// Writes date_feature_count(form) features of `v` to out.
void date_features(const DateValue& v, const DateForm& form, double* out);

}  // namespace onepass
