// Fuzz target, differential (docs/design.md, "Every core"): arbitrary bytes as a CSV stream cut
// into blocks of whole records, learned once by a runner whose reader reads every byte and once
// with the blocks after the head read apart by a second reader (as the parser workers do). The
// two must agree on every count, error, warning, parameter and saved state; anything else traps.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "csv_bounds.hpp"
#include "fuzz_input.hpp"
#include "pipeline/csv_runner.hpp"

using namespace onepass;

namespace {

// Blocks of whole records of about `bytes` bytes, then what follows the last line break.
std::vector<std::string> record_blocks(const char* data, std::size_t size, std::size_t bytes) {
  std::vector<std::string> blocks;
  std::size_t at = 0;
  while (at < size) {
    std::size_t end = std::min(size, at + bytes);
    while (end > at && data[end - 1] != '\n') --end;
    if (end == at) end = size;
    blocks.emplace_back(data + at, end - at);
    at = end;
  }
  return blocks;
}

struct Outcome {
  std::unique_ptr<CsvRunner> runner;
  std::string status;
  std::size_t apart = 0;
};

Outcome run(const CsvOptions& opt, const std::vector<std::string>& blocks, bool apart) {
  const std::vector<std::string> specs = {"zscore | logreg", "zscore | pa1 +avg",
                                          "robust(eps=0.1) | perceptron"};
  Outcome o;
  o.runner = CsvRunner::create(opt, specs, 3, 4).take();
  CsvOptions worker_options = opt;
  worker_options.on_error = ErrorPolicy::skip;
  CsvReader worker(worker_options);
  RowBlock rows;
  ApartCounts counts;
  bool head = true;
  Status st = Status::ok();
  bool quoted = false;  // as the package does: after a quote, the run's reader reads on
  for (const std::string& block : blocks) {
    if (!st) break;
    quoted = quoted || block.find('"') != std::string::npos;
    if (apart && !head && !quoted && worker.read_apart(block.data(), block.size(), rows, counts)) {
      st = o.runner->learn_apart(rows, counts);
      ++o.apart;
      continue;
    }
    st = o.runner->push(block.data(), block.size());
    if (head) {
      (void)worker.feed(block.data(), block.size(), rows);
      head = !o.runner->reader().can_read_apart();
    }
  }
  if (st) st = o.runner->finish();
  o.status = st.message();
  return o;
}

// Bit for bit: NaN equals NaN of the same bits.
bool same(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

bool same_learner(const LearnerState& a, const LearnerState& b) {
  if (!same(a.params, b.params) || !same(a.state, b.state) || a.inner.size() != b.inner.size())
    return false;
  for (std::size_t k = 0; k < a.inner.size(); ++k)
    if (!same_learner(a.inner[k], b.inner[k])) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Input in(data, size);
  const std::uint8_t options = in.byte();
  const std::uint8_t block = in.byte();
  CsvOptions opt;
  opt.header = !(options & 1);
  opt.detect_header = options & 2;
  opt.on_error = options & 4 ? ErrorPolicy::skip : ErrorPolicy::stop;
  opt.comment = options & 8 ? '#' : 0;
  if (options & 32) opt.positive = "yes";
  fuzz::draw_csv_bounds(in, opt, {4096, 64, options & 16 ? 3u : 50u});  // up to the bounds
  // Blocks of about 16 to 1036 bytes, or rarely up to the record bound.
  const std::size_t bytes = block ? 16 + block * 4u : in.size(16, opt.max_record_bytes, 1024);
  const std::vector<std::string> blocks = record_blocks(in.rest(), in.left(), bytes);
  const Outcome one = run(opt, blocks, false), two = run(opt, blocks, true);
  const CsvReader &a = one.runner->reader(), &b = two.runner->reader();
  bool agree = one.status == two.status && a.rows() == b.rows() && a.positives() == b.positives() &&
               a.skipped() == b.skipped() && a.missing_cells() == b.missing_cells() &&
               a.lines() == b.lines() && a.bytes() == b.bytes() &&
               a.errors().size() == b.errors().size() &&
               one.runner->warnings() == two.runner->warnings();
  for (std::size_t i = 0; agree && i < a.errors().size(); ++i)
    agree = a.errors()[i].line == b.errors()[i].line &&
            a.errors()[i].column == b.errors()[i].column &&
            a.errors()[i].message == b.errors()[i].message;
  for (std::size_t i = 0; agree && i < one.runner->size(); ++i) {
    const Pipeline &p = one.runner->pipeline(i), &q = two.runner->pipeline(i);
    const PipelineState ps = p.save(), qs = q.save();
    // The learner's whole state: a binary learner's, or a multiclass one's (one-vs-rest's
    // copies included), as saved.
    agree = same_learner(ps.learner, qs.learner) && same(ps.progress, qs.progress) &&
            ps.scalers.size() == qs.scalers.size() && p.task() == q.task();
    for (std::size_t s = 0; agree && s < ps.scalers.size(); ++s)
      agree = same(ps.scalers[s], qs.scalers[s]);
  }
  if (!agree) __builtin_trap();
  return 0;
}
