"""The package under test is python/onepass, with its module built by `npm run build` (CMake
puts onepass/_core beside the sources)."""

import gzip
import pathlib
import sys

import pytest

PYTHON = pathlib.Path(__file__).resolve().parents[1]
ROOT = PYTHON.parent
sys.path.insert(0, str(PYTHON))

DATA = ROOT / "data"


@pytest.fixture(scope="session")
def adult_parts(tmp_path_factory):
    """Adult (the prepared file the project ships) as a training part of 80% of its rows, cut
    into 1, 2 and 4 partitions, and a test part of the other 20% (the file's order)."""
    lines = gzip.open(DATA / "adult_train.csv.gz").read().split(b"\n")
    head, body = lines[0], [line for line in lines[1:] if line]
    n = len(body) * 8 // 10
    d = tmp_path_factory.mktemp("adult")

    def write(name, rows):
        path = d / name
        path.write_bytes(b"\n".join([head] + rows) + b"\n")
        return path

    parts = {
        p: [write(f"part{p}_{k}.csv", body[k * n // p : (k + 1) * n // p]) for k in range(p)]
        for p in (1, 2, 4)
    }
    return {"parts": parts, "test": write("test.csv", body[n:])}
