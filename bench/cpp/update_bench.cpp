// Cost of one row's update for every registered learner and scaler (Google Benchmark), so a
// slow one stands out: dense rows of 28 features, and text-like rows of 1000 features with 20
// non-zeros (the core's rows are dense, so these cost O(features), not O(non-zeros)).
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "onepass/registry.hpp"

namespace {

struct Rows {
  std::size_t dims;
  std::vector<double> x;
  std::vector<int> y;
};

Rows make_rows(std::size_t n, std::size_t dims, std::size_t nonzeros) {
  std::mt19937 rng(3);
  std::normal_distribution<double> g(0, 1);
  std::uniform_int_distribution<std::size_t> col(0, dims - 1);
  Rows r{dims, std::vector<double>(n * dims, 0.0), {}};
  for (std::size_t i = 0; i < n; ++i) {
    double z = 0;
    for (std::size_t k = 0; k < nonzeros; ++k) {
      const std::size_t j = nonzeros == dims ? k : col(rng);
      const double v = nonzeros == dims ? g(rng) : 1.0;
      r.x[i * dims + j] = v;
      z += (j % 3 == 0 ? 1 : -0.5) * v;
    }
    r.y.push_back(z > 0 ? 1 : -1);
  }
  return r;
}

const Rows& dense() {
  static const Rows r = make_rows(4096, 28, 28);
  return r;
}
const Rows& sparse() {
  static const Rows r = make_rows(1024, 1000, 20);
  return r;
}

void learner(benchmark::State& state, const std::string& name, const Rows& rows) {
  const onepass::RegistryEntry* e = onepass::find_entry(name);
  auto values = onepass::resolve_params(name, e->params, {});
  auto l = e->make_learner(values.value());
  l->reset(rows.dims);
  const std::size_t n = rows.y.size();
  std::size_t i = 0;
  for (auto _ : state) {
    const double* x = rows.x.data() + i * rows.dims;
    benchmark::DoNotOptimize(l->score(x));  // predict, then learn: one progressive step
    l->learn(x, rows.y[i]);
    i = (i + 1) % n;
  }
  state.SetItemsProcessed(state.iterations());
}

void scaler(benchmark::State& state, const std::string& name, const Rows& rows) {
  const onepass::RegistryEntry* e = onepass::find_entry(name);
  auto values = onepass::resolve_params(name, e->params, {});
  auto s = e->make_scaler(values.value());
  s->reset(rows.dims);
  std::vector<double> held;
  std::vector<std::int8_t> labels;
  std::vector<double> out(rows.dims);
  const std::size_t n = rows.y.size();
  for (std::size_t i = 0; !s->fitted() && i < n; ++i)  // warm-up scalers: fit first
    if (s->hold(rows.x.data() + i * rows.dims, rows.y[i]) || i + 1 == n) s->fit_held(held, labels);
  std::size_t i = 0;
  for (auto _ : state) {
    const double* x = rows.x.data() + i * rows.dims;
    s->update(x);
    s->transform(x, out.data());
    s->observe_label(x, rows.y[i]);
    benchmark::DoNotOptimize(out.data());
    i = (i + 1) % n;
  }
  state.SetItemsProcessed(state.iterations());
}

int register_all() {
  for (const auto& e : onepass::registry()) {
    if (e.kind == onepass::StageKind::learner) {
      benchmark::RegisterBenchmark(("learner/dense28/" + e.name).c_str(), learner, e.name, dense());
      benchmark::RegisterBenchmark(("learner/sparse1000x20/" + e.name).c_str(), learner, e.name,
                                   sparse());
    } else if (e.kind == onepass::StageKind::scaler) {
      benchmark::RegisterBenchmark(("scaler/dense28/" + e.name).c_str(), scaler, e.name, dense());
    }
  }
  return 0;
}
const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
