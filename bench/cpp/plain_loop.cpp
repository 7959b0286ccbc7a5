// The reference of the string-column rows of the bench (bench/strings.mjs): what one core does
// when the work of "zscore | logreg" on a headerless CSV of numbers and strings is written as one
// plain loop with nothing general about it: split at ',', trim spaces, fast_float for a number,
// FNV-1a of each other cell (with its column) into 2^18 hashed features, an online z-score
// (Welford) of the numbers, and sparse logistic SGD with progressive validation (each row
// predicted before it is learned). No bound, no error message, no missing value, no saved
// state: onepass does all of those and is measured against this.
//   onepass_plain_loop FILE POSITIVE   prints {"rows":...,"accuracy":...}
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fast_float/fast_float.h>

namespace {

constexpr int kBits = 18;
constexpr std::uint32_t kMask = (1u << kBits) - 1;

struct Model {
  std::string positive;
  std::vector<double> hashed_weights = std::vector<double>(std::size_t{1} << kBits);
  std::vector<double> number_weights, mean, m2, z;
  std::vector<std::uint32_t> active;
  double bias = 0;
  std::uint64_t rows = 0, mistakes = 0;

  void row(const char* p, const char* end) {
    if (p != end && end[-1] == '\r') --end;
    if (p == end) return;
    active.clear();
    std::size_t column = 0, numbers = 0;
    int y = 0;
    const double n = static_cast<double>(rows + 1);
    for (;;) {
      const char* stop = static_cast<const char*>(std::memchr(p, ',', end - p));
      const bool last = stop == nullptr;
      if (last) stop = end;
      const char *b = p, *e = stop;
      while (b < e && *b == ' ') ++b;
      while (e > b && e[-1] == ' ') --e;
      if (last) {
        y = static_cast<std::size_t>(e - b) == positive.size() &&
                    std::memcmp(b, positive.data(), positive.size()) == 0
                ? 1
                : 0;
        break;
      }
      double v = 0;
      const auto r = fast_float::from_chars(b, e, v);
      if (r.ec == std::errc() && r.ptr == e) {
        if (numbers == number_weights.size()) {
          number_weights.push_back(0);
          mean.push_back(0);
          m2.push_back(0);
          z.push_back(0);
        }
        const double delta = v - mean[numbers];
        mean[numbers] += delta / n;
        m2[numbers] += delta * (v - mean[numbers]);
        const double sd = std::sqrt(m2[numbers] / n);
        z[numbers] = sd > 0 ? (v - mean[numbers]) / sd : 0;
        ++numbers;
      } else {
        std::uint32_t h = 2166136261u ^ static_cast<std::uint32_t>(column);
        h *= 16777619u;
        for (const char* c = b; c < e; ++c) h = (h ^ static_cast<unsigned char>(*c)) * 16777619u;
        active.push_back(h & kMask);
      }
      ++column;
      p = stop + 1;
    }
    double score = bias;
    for (std::size_t j = 0; j < numbers; ++j) score += number_weights[j] * z[j];
    for (const std::uint32_t k : active) score += hashed_weights[k];
    mistakes += (score >= 0) != (y == 1);
    const double g = 1 / (1 + std::exp(-score)) - y;
    const double eta = 0.1 / (1 + static_cast<double>(rows) / 10000);
    bias -= eta * g;
    for (std::size_t j = 0; j < numbers; ++j) number_weights[j] -= eta * g * z[j];
    for (const std::uint32_t k : active) hashed_weights[k] -= eta * g;
    ++rows;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: onepass_plain_loop FILE POSITIVE\n");
    return 2;
  }
  std::FILE* f = std::fopen(argv[1], "rb");
  if (!f) {
    std::perror(argv[1]);
    return 1;
  }
  Model m;
  m.positive = argv[2];
  std::vector<char> buffer(1 << 20);
  std::string carry;
  for (;;) {
    const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), f);
    if (got == 0) break;
    const char* p = buffer.data();
    const char* const end = p + got;
    for (;;) {
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', end - p));
      if (!nl) break;
      if (!carry.empty()) {
        carry.append(p, nl);
        m.row(carry.data(), carry.data() + carry.size());
        carry.clear();
      } else {
        m.row(p, nl);
      }
      p = nl + 1;
    }
    carry.append(p, end);
  }
  if (!carry.empty()) m.row(carry.data(), carry.data() + carry.size());
  std::fclose(f);
  std::printf("{\"rows\":%llu,\"accuracy\":%.4f}\n", static_cast<unsigned long long>(m.rows),
              m.rows ? 1 - static_cast<double>(m.mistakes) / static_cast<double>(m.rows) : 0.0);
  return 0;
}
