#!/usr/bin/env bash
# Installs what the build and tests need and is missing, then stays quiet when nothing is.
#   Debian packages: emscripten (emcc), libeigen3-dev, libfast-float-dev, nlohmann-json3-dev,
#                    libfmt-dev, libgtest-dev, cmake, g++, chromium (the end-to-end tests' browser),
#                    clang-14 and libclang-rt-14-dev (sanitizers and libFuzzer).
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
command -v chromium >/dev/null || need+=(chromium)
# The sanitizer build and the fuzz targets (scripts/checks.mjs): clang-14 and its runtimes.
command -v clang++-14 >/dev/null || need+=(clang-14)
compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a' >/dev/null ||
  need+=(libclang-rt-14-dev)

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
