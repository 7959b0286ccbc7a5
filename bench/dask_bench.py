"""`npm run bench`'s Dask rows (bench/run.mjs runs this with Debian's /usr/bin/python3): the
bench's CSV learned in one Python process (fit_csv), and by onepass.dask.fit on a LocalCluster of
1 and 2 worker processes, the file cut into PARTS partitions, one round (R = 1) and R = 4; with
what a task costs (learning its partition in process) and what Dask costs a task (the median
time of no-op tasks on the same cluster). Prints one JSON object.

usage: dask_bench.py FILE --runs N [--label L] [--positive V]
"""

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

import dask  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import onepass  # noqa: E402
import onepass.dask as odask  # noqa: E402

SPEC = "zscore | logreg"
PARTS = 8


def timed(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return {"seconds": statistics.median(times), "min": min(times), "max": max(times)}


def cut(path, parts, into):
    """The file's data lines in `parts` consecutive files of about equal size, each with the
    header (the bench's files have no quoted line breaks)."""
    with open(path, "rb") as f:
        header = f.readline()
        lines = f.readlines()
    out = []
    for k in range(parts):
        p = pathlib.Path(into) / f"part{k}.csv"
        p.write_bytes(
            header + b"".join(lines[k * len(lines) // parts : (k + 1) * len(lines) // parts])
        )
        out.append(str(p))
    return out, len(lines)


def noop(x):
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--label")
    ap.add_argument("--positive")
    args = ap.parse_args()
    options = {k: v for k, v in (("label", args.label), ("positive", args.positive)) if v}
    out = {"cpu": os.cpu_count()}
    with tempfile.TemporaryDirectory() as d:
        parts, rows = cut(args.file, PARTS, d)
        out["rows"], out["parts"] = rows, PARTS
        out["one_process"] = timed(
            lambda: onepass.OnePassClassifier(SPEC, **options).fit_csv(args.file), args.runs
        )
        # A task's cost: one partition learned in this process, as a round-1 task learns it.
        out["task"] = timed(
            lambda: dask.compute(
                odask.fit_graph(parts[:1], SPEC, rounds=1, **options), scheduler="sync"
            ),
            args.runs,
        )
        for workers in (1, 2):
            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            )
            with Client(cluster) as client:
                client.run(lambda: __import__("onepass"))  # the module loaded on every worker
                for rounds in (1, 4):
                    out[f"workers{workers}_rounds{rounds}"] = timed(
                        lambda: odask.fit(parts, SPEC, rounds=rounds, client=client, **options),
                        args.runs,
                    )
                start = time.perf_counter()
                client.gather(client.map(noop, range(200), pure=False))
                out[f"workers{workers}_noop_task"] = (time.perf_counter() - start) / 200
            cluster.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
