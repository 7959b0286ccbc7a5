#!/usr/bin/env bash
# Installs what the build and tests need and is missing, then stays quiet when nothing is.
#   Debian packages: emscripten (emcc), libeigen3-dev, libfast-float-dev, nlohmann-json3-dev,
#                    libfmt-dev, libgtest-dev, libbenchmark-dev (the bench's per-stage costs,
#                    whose quick run the tests check), zlib1g-dev and libzstd-dev (the native CLI's gzip
#                    and zstd), zstd (the tests' .zst files), cmake, g++,
#                    chromium (the end-to-end tests' browser),
#                    clang-14 and libclang-rt-14-dev (sanitizers and libFuzzer);
#                    for the Python package (python/): python3-dev and pybind11-dev (its module),
#                    python3-numpy, -scipy, -sklearn, -pandas, -dask, -distributed (what it uses)
#                    python3-pytest (its tests), all for Debian's own /usr/bin/python3, and black
#                    (its formatter, as clang-format and prettier are the others').
#   npm packages:    npm ci, when package-lock.json changed since the last install.
# As root it installs them; otherwise it names the packages to install and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v g++ >/dev/null || need+=(g++)
command -v cmake >/dev/null || need+=(cmake)
command -v emcc >/dev/null || need+=(emscripten)
[ -f /usr/include/eigen3/Eigen/Core ] || need+=(libeigen3-dev)
[ -f /usr/include/fast_float/fast_float.h ] || need+=(libfast-float-dev)
[ -f /usr/include/nlohmann/json.hpp ] || need+=(nlohmann-json3-dev)
[ -f /usr/include/fmt/format.h ] || need+=(libfmt-dev)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
[ -f /usr/include/benchmark/benchmark.h ] || need+=(libbenchmark-dev)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/zstd.h ] || need+=(libzstd-dev)
command -v zstd >/dev/null || need+=(zstd)
command -v chromium >/dev/null || need+=(chromium)
# The sanitizer build and the fuzz targets (scripts/checks.mjs): clang-14 and its runtimes.
command -v clang++-14 >/dev/null || need+=(clang-14)
compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a' >/dev/null ||
  need+=(libclang-rt-14-dev)

# The Python package: Debian's python3, its headers and pybind11 to build onepass._core, and the
# modules the package and its tests import.
[ -x /usr/bin/python3 ] || need+=(python3)
[ -f /usr/include/pybind11/pybind11.h ] || need+=(pybind11-dev)
command -v black >/dev/null || need+=(black)
compgen -G '/usr/include/python3*/Python.h' >/dev/null || need+=(python3-dev)
modules=(numpy scipy sklearn pandas dask distributed pytest)
if ! { [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import $(IFS=,; echo "${modules[*]}")" 2>/dev/null; }; then
  for module in "${modules[@]}"; do
    /usr/bin/python3 -c "import $module" 2>/dev/null || need+=("python3-$module")
  done
fi

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "onepass setup: missing Debian packages: ${need[*]}" >&2
    echo "install them with: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "onepass setup: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

# npm ci only when the lock file differs from the one installed.
stamp=node_modules/.onepass-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "onepass setup: npm ci"
  # onnxruntime-node (tests only) would download CUDA libraries it does not need here.
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
fi
