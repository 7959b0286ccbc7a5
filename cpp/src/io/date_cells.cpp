#include "io/date_cells.hpp"

#include <cmath>

#include "io/column_roles.hpp"

namespace onepass {

namespace {

constexpr double kPi = 3.14159265358979323846;

// sin and cos of 2 pi k/7 and 2 pi k/12, written out: a libm's sin and cos may differ in the
// last bit between builds (glibc natively, musl in wasm), and the two builds give the same
// numbers (docs/design.md, the wasm and native builds agree).
constexpr double kWeekdaySin[] = {0.0,
                                  0.7818314824680298,
                                  0.9749279121818236,
                                  0.43388373911755823,
                                  -0.433883739117558,
                                  -0.9749279121818236,
                                  -0.7818314824680299};
constexpr double kWeekdayCos[] = {1.0,
                                  0.6234898018587336,
                                  -0.22252093395631434,
                                  -0.900968867902419,
                                  -0.9009688679024191,
                                  -0.2225209339563146,
                                  0.6234898018587334};
constexpr double kMonthSin[] = {0.0,
                                0.49999999999999994,
                                0.8660254037844386,
                                1.0,
                                0.8660254037844387,
                                0.49999999999999994,
                                1.2246467991473532e-16,
                                -0.4999999999999997,
                                -0.8660254037844384,
                                -1.0,
                                -0.8660254037844386,
                                -0.5000000000000004};
constexpr double kMonthCos[] = {1.0,
                                0.8660254037844387,
                                0.5000000000000001,
                                6.123233995736766e-17,
                                -0.4999999999999998,
                                -0.8660254037844387,
                                -1.0,
                                -0.8660254037844388,
                                -0.5000000000000004,
                                -1.8369701987210297e-16,
                                0.5000000000000001,
                                0.8660254037844384};

bool digit(char c) {
  return c >= '0' && c <= '9';
}

// Reads from `min` to `max` digits at s[i]: the number, i moved past them; false when fewer.
bool read_digits(std::string_view s, std::size_t& i, std::size_t min, std::size_t max, int& out) {
  std::size_t n = 0;
  out = 0;
  while (i < s.size() && n < max && digit(s[i])) {
    out = out * 10 + (s[i++] - '0');
    ++n;
  }
  return n >= min;
}

bool leap(long y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int days_in_month(long y, int m) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (Hinnant's
// days_from_civil; exact for every year, before 1970 too).
long days_from_civil(long y, int m, int d) {
  y -= m <= 2;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const long yoe = y - era * 400;
  const long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// The fields of a date before its order is applied: a year and two numbers in the order
// written, and whether the year came first.
struct DateParts {
  int year = 0, first = 0, second = 0;
  bool year_first = false;
  int hour = 0, minute = 0;
  double second_of_minute = 0;
  bool has_time = false;
  int offset_minutes = 0;  // east of UTC
};

bool parse_time(std::string_view s, std::size_t& i, DateParts& p) {
  if (!read_digits(s, i, 1, 2, p.hour) || i >= s.size() || s[i] != ':') return false;
  ++i;
  if (!read_digits(s, i, 2, 2, p.minute)) return false;
  if (i < s.size() && s[i] == ':') {
    ++i;
    int whole = 0;
    if (!read_digits(s, i, 2, 2, whole)) return false;
    double fraction = 0, scale = 0.1;
    if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
      ++i;
      if (i >= s.size() || !digit(s[i])) return false;
      for (; i < s.size() && digit(s[i]); ++i, scale /= 10) fraction += (s[i] - '0') * scale;
    }
    p.second_of_minute = whole + fraction;
  }
  p.has_time = true;
  return p.minute < 60 && p.second_of_minute < 60;
}

// A zone after the time: 'Z', or a sign then HH, HH:MM or HHMM.
bool parse_zone(std::string_view s, std::size_t& i, DateParts& p) {
  if (s[i] == 'Z' || s[i] == 'z') {
    ++i;
    return true;
  }
  if (s[i] != '+' && s[i] != '-') return false;
  const int sign = s[i++] == '-' ? -1 : 1;
  int hours = 0, minutes = 0;
  if (!read_digits(s, i, 2, 2, hours)) return false;
  if (i < s.size() && s[i] == ':') ++i;
  if (i < s.size() && !read_digits(s, i, 2, 2, minutes)) return false;
  if (hours > 23 || minutes > 59) return false;
  p.offset_minutes = sign * (hours * 60 + minutes);
  return true;
}

bool parse_parts(std::string_view s, DateParts& p) {
  std::size_t i = 0;
  int a = 0, b = 0, c = 0;
  if (!read_digits(s, i, 1, 4, a) || i >= s.size()) return false;
  const std::size_t a_digits = i;
  const char sep = s[i];
  if (sep != '-' && sep != '/' && sep != '.') return false;
  ++i;
  if (!read_digits(s, i, 1, 2, b) || i >= s.size() || s[i] != sep) return false;
  ++i;
  const std::size_t c_start = i;
  if (!read_digits(s, i, 1, 4, c)) return false;
  const std::size_t c_digits = i - c_start;
  if (a_digits == 4 && c_digits <= 2) {
    p = DateParts{};
    p.year_first = true;
    p.year = a;
    p.first = b;
    p.second = c;
  } else if (a_digits <= 2 && c_digits == 4) {
    p = DateParts{};
    p.year = c;
    p.first = a;
    p.second = b;
  } else {
    return false;
  }
  if (i == s.size()) return true;
  // The time: after 'T' (ISO 8601) or blanks.
  if (s[i] == 'T' && p.year_first) {
    ++i;
  } else if (s[i] == ' ') {
    while (i < s.size() && s[i] == ' ') ++i;
  } else {
    return false;
  }
  if (!parse_time(s, i, p)) return false;
  if (i < s.size() && s[i] == ' ') {
    std::size_t j = i;
    while (j < s.size() && s[j] == ' ') ++j;
    const std::string_view rest = s.substr(j);
    // A spreadsheet's 12-hour clock: "1:30 PM".
    if (rest.size() == 2 && (rest[1] == 'M' || rest[1] == 'm')) {
      const bool pm = rest[0] == 'P' || rest[0] == 'p';
      if (!pm && rest[0] != 'A' && rest[0] != 'a') return false;
      if (p.hour < 1 || p.hour > 12) return false;
      p.hour = p.hour % 12 + (pm ? 12 : 0);
      return true;
    }
    i = j;
  }
  if (i < s.size() && !parse_zone(s, i, p)) return false;
  return i == s.size() && p.hour < 24;
}

}  // namespace

const char* date_order_name(DateOrder order) {
  static constexpr const char* kNames[] = {"ymd", "dmy", "mdy"};
  return kNames[static_cast<int>(order)];
}

bool parse_date_order(std::string_view name, DateOrder& order) {
  for (DateOrder o : {DateOrder::ymd, DateOrder::dmy, DateOrder::mdy})
    if (name == date_order_name(o)) {
      order = o;
      return true;
    }
  return false;
}

bool parse_date(std::string_view cell, DateOrder order, DateValue& out) {
  DateParts p;
  if (!parse_parts(cell, p)) return false;
  int month = p.first, day = p.second;
  if (!p.year_first) {
    if (order == DateOrder::ymd) return false;  // the order of day and month is not known
    if (order == DateOrder::dmy) std::swap(month, day);
  }
  if (month < 1 || month > 12 || day < 1 || day > days_in_month(p.year, month)) return false;
  const long date = days_from_civil(p.year, month, day);
  out.weekday = static_cast<int>(((date + 3) % 7 + 7) % 7);  // 1970-01-01 was a Thursday
  out.month = month;
  out.hour = p.hour + p.minute / 60.0 + p.second_of_minute / 3600.0;
  out.has_time = p.has_time;
  out.days = static_cast<double>(date) + (out.hour * 60.0 - p.offset_minutes) / 1440.0;
  return true;
}

DateSample sample_dates(const std::vector<std::string_view>& cells,
                        const std::vector<std::string>& missing_tokens) {
  DateSample s;
  bool day_first = false, month_first = false, year_last = false;
  for (std::string_view cell : cells) {
    if (is_missing_token(cell, missing_tokens)) continue;
    ++s.present;
    DateParts p;
    if (!parse_parts(cell, p) || p.year_first) continue;
    year_last = true;
    // A first number past 12 can only be a day, and so can a second one.
    const bool day = p.first > 12 && p.first <= 31 && p.second <= 12;
    const bool month = p.second > 12 && p.second <= 31 && p.first <= 12;
    if ((day && !day_first) || (month && !month_first)) s.proof = std::string(cell);
    day_first = day_first || day;
    month_first = month_first || month;
  }
  // docs/algorithms.md 1.10: the order is taken only when the sample proves it.
  if (day_first != month_first)
    s.form.order = day_first ? DateOrder::dmy : DateOrder::mdy;
  else
    s.undecided = year_last && !day_first;
  bool any_time = false;
  for (std::string_view cell : cells) {
    if (is_missing_token(cell, missing_tokens)) continue;
    DateValue v;
    if (parse_date(cell, s.form.order, v)) {
      ++s.dates;
      any_time = any_time || v.has_time;
    } else if (s.first_bad.empty()) {
      s.first_bad = std::string(cell);
    }
  }
  // With no date sampled, the hour's features stay: a later cell may have a time.
  s.form.time = any_time || s.dates == 0;
  return s;
}

std::string describe_date_form(const DateForm& form) {
  const char* order = form.order == DateOrder::dmy   ? "day first (DD/MM/YYYY) or year first"
                      : form.order == DateOrder::mdy ? "month first (MM/DD/YYYY) or year first"
                                                     : "year first (YYYY-MM-DD)";
  return std::string("written ") + order + (form.time ? ", with a time of day" : "");
}

std::size_t date_feature_count(const DateForm& form) {
  return form.time ? 7 : 5;
}

std::string date_feature_name(const std::string& column, std::size_t k) {
  static constexpr const char* kParts[] = {"days",      "weekday_sin", "weekday_cos", "month_sin",
                                           "month_cos", "hour_sin",    "hour_cos"};
  return column + ":" + kParts[k];
}

void date_features(const DateValue& v, const DateForm& form, double* out) {
  // docs/algorithms.md 1.10: each cycle as a point on the unit circle, so that its last value
  // (Sunday, December, 23h) lies beside its first.
  out[0] = v.days;
  out[1] = kWeekdaySin[v.weekday];
  out[2] = kWeekdayCos[v.weekday];
  out[3] = kMonthSin[v.month - 1];
  out[4] = kMonthCos[v.month - 1];
  if (!form.time) return;
  // The hour is continuous: std::sin and std::cos, which may differ in the last bit between
  // builds.
  const double hour = 2 * kPi * v.hour / 24.0;
  out[5] = std::sin(hour);
  out[6] = std::cos(hour);
}

}  // namespace onepass
