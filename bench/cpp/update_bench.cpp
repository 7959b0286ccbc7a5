// Cost of one row for every registered learner (alone and "+avg") and scaler (Google
// Benchmark), so a slow one stands out: dense rows of 28 features, and text-like sparse rows
// of 20 non-zeros among 1,000 and among 100,000 features. A stage that steps in O(nonzeros)
// costs the same on both sparse sets; one that learns the row made dense costs O(features).
// arow_full, whose step is O(features^2), is measured on dense rows of 128 and 512 too.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "pipeline/registry.hpp"

namespace {

struct Rows {
  std::size_t dims, nonzeros;
  std::vector<double> x;             // dense rows (only for the dense set)
  std::vector<std::uint32_t> index;  // sparse rows: nonzeros entries each
  std::vector<double> value;
  std::vector<int> y;
  onepass::SparseRow sparse(std::size_t i) const {
    return {index.data() + i * nonzeros, value.data() + i * nonzeros, nonzeros};
  }
};

Rows make_dense(std::size_t n, std::size_t dims) {
  std::mt19937 rng(3);
  std::normal_distribution<double> g(0, 1);
  Rows r{dims, dims, {}, {}, {}, {}};
  for (std::size_t i = 0; i < n; ++i) {
    double z = 0;
    for (std::size_t j = 0; j < dims; ++j) {
      r.x.push_back(g(rng));
      z += (j % 3 == 0 ? 1 : -0.5) * r.x.back();
    }
    r.y.push_back(z > 0 ? 1 : -1);
  }
  return r;
}

// Counts of 20 distinct features per row, as in bag-of-words text.
Rows make_sparse(std::size_t n, std::size_t dims, std::size_t nonzeros) {
  std::mt19937 rng(5);
  Rows r{dims, nonzeros, {}, {}, {}, {}};
  for (std::size_t i = 0; i < n; ++i) {
    double z = 0;
    const std::size_t stride = dims / nonzeros;
    for (std::size_t k = 0; k < nonzeros; ++k) {
      const auto j = static_cast<std::uint32_t>(k * stride + rng() % stride);
      r.index.push_back(j);
      r.value.push_back(1.0 + rng() % 3);
      z += (j % 3 == 0 ? 1 : -0.5) * r.value.back();
    }
    r.y.push_back(z > 0 ? 1 : -1);
  }
  return r;
}

const Rows& dense28() {
  static const Rows r = make_dense(4096, 28);
  return r;
}
const Rows& sparse1k() {
  static const Rows r = make_sparse(1024, 1000, 20);
  return r;
}
const Rows& sparse100k() {
  static const Rows r = make_sparse(1024, 100000, 20);
  return r;
}
const Rows& dense128() {
  static const Rows r = make_dense(1024, 128);
  return r;
}
const Rows& dense512() {
  static const Rows r = make_dense(1024, 512);
  return r;
}

// Row i's label for a pipeline of `task` learning `classes` classes (docs/algorithms.md 1.8): the
// binary label, a class index (the binary label's, or i mod classes), or a number.
double label_of(const Rows& rows, std::size_t i, onepass::Task task, std::size_t classes) {
  if (task == onepass::Task::multiclass) return classes > 2 ? i % classes : rows.y[i] > 0;
  if (task == onepass::Task::regression) return rows.y[i] + 0.5;
  return rows.y[i];
}

// One progressive step (predict, then learn) of a pipeline per iteration; `task` as its
// learner learns unless given (one-vs-rest), with `classes` classes.
void pipeline_of(benchmark::State& state, const std::string& spec, const Rows* rows,
                 onepass::Task task, std::size_t classes) {
  auto built = onepass::Pipeline::build(spec, 0, 0, task);
  auto& p = *built.value();
  p.set_dims(rows->dims);
  const std::size_t n = rows->y.size();
  std::size_t i = 0;
  for (auto _ : state) {
    const double y = label_of(*rows, i, task, classes);
    if (rows->x.empty())
      benchmark::DoNotOptimize(p.learn_sparse_checked(rows->sparse(i), y));
    else
      benchmark::DoNotOptimize(p.learn_checked(rows->x.data() + i * rows->dims, y));
    i = (i + 1) % n;
  }
  state.SetItemsProcessed(state.iterations());
}

void pipeline(benchmark::State& state, const std::string& spec, const Rows* rows) {
  pipeline_of(state, spec, rows, onepass::Pipeline::task_of(spec), 2);
}

// What ten classes cost against two: the multiclass learners' step is O(K x non-zeros), and
// one-vs-rest over a binary learner takes K of its steps on the one scaled row.
void ten_classes(benchmark::State& state, const std::string& spec, const Rows* rows) {
  pipeline_of(state, spec, rows, onepass::Task::multiclass, 10);
}

void scaler(benchmark::State& state, const std::string& name, const Rows* rows) {
  const onepass::RegistryEntry* e = onepass::find_entry(name);
  auto values = onepass::resolve_params(name, e->params, {});
  auto s = e->make_scaler(values.value());
  s->reset(rows->dims);
  std::vector<double> held;
  std::vector<std::int8_t> labels;
  std::vector<double> out(rows->dims);
  const std::size_t n = rows->y.size();
  for (std::size_t i = 0; !s->fitted() && i < n; ++i)  // warm-up scalers: fit first
    if (s->hold(rows->x.data() + i * rows->dims, rows->y[i]) || i + 1 == n)
      s->fit_held(held, labels);
  std::size_t i = 0;
  for (auto _ : state) {
    if (rows->x.empty()) {
      s->update_transform_sparse(rows->sparse(i), out.data());
    } else {
      const double* x = rows->x.data() + i * rows->dims;
      s->update_transform(x, out.data());
      s->observe_label(x, rows->y[i]);
    }
    benchmark::DoNotOptimize(out.data());
    i = (i + 1) % n;
  }
  state.SetItemsProcessed(state.iterations());
}

int register_all() {
  const std::pair<const char*, const Rows*> sets[] = {
      {"dense28", &dense28()}, {"sparse1000x20", &sparse1k()}, {"sparse100000x20", &sparse100k()}};
  for (const auto& e : onepass::registry()) {
    for (const auto& [set, rows] : sets) {
      if (e.kind == onepass::StageKind::learner) {
        std::vector<std::string> specs = {e.name};
        if (e.takes_modifiers) specs.push_back(e.name + " +avg");  // not leader (4.32)
        if (e.name == "logreg")  // with weight decay: w = s v on sparse rows
          specs.insert(specs.end(), {"logreg(lambda=1)", "logreg(lambda=1) +avg"});
        for (const std::string& spec : specs)
          benchmark::RegisterBenchmark(("learner/" + std::string(set) + "/" + spec).c_str(),
                                       pipeline, spec, rows);
      } else if (e.kind == onepass::StageKind::scaler &&
                 (rows == &dense28() || rows == &sparse1k())) {
        // Sparse rows only where they stay sparse (the others go through the dense row).
        auto values = onepass::resolve_params(e.name, e.params, {});
        if (rows != &dense28() && !e.make_scaler(values.value())->keeps_zeros()) continue;
        benchmark::RegisterBenchmark(("scaler/" + std::string(set) + "/" + e.name).c_str(), scaler,
                                     e.name, rows);
      }
    }
  }
  for (const char* spec : {"zscore | softmax", "zscore | mpa2", "zscore | pa2 +avg"}) {
    benchmark::RegisterBenchmark(("classes10/dense28/" + std::string(spec)).c_str(), ten_classes,
                                 std::string(spec), &dense28());
    benchmark::RegisterBenchmark(("classes10/sparse1000x20/" + std::string(spec)).c_str(),
                                 ten_classes, std::string(spec), &sparse1k());
  }
  // arow_full keeps the whole covariance up to its bound of 512 features, a step O(n^2) in the
  // width n (docs/algorithms.md 4.31): its cost as the width grows, beside the diagonal arow's.
  for (const auto& [set, rows] :
       {std::pair<const char*, const Rows*>{"dense128", &dense128()}, {"dense512", &dense512()}})
    for (const char* spec : {"arow", "arow_full"})
      benchmark::RegisterBenchmark(("width/" + std::string(set) + "/" + spec).c_str(), pipeline,
                                   std::string(spec), rows);
  // The binary step the ten classes are measured against, with the same scaler.
  benchmark::RegisterBenchmark("classes2/dense28/zscore | pa2 +avg", pipeline,
                               std::string("zscore | pa2 +avg"), &dense28());
  return 0;
}
const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
