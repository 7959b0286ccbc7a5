"""Training on a Dask cluster: each partition learned by a task, in rounds of iterative
parameter mixing (docs/algorithms.md 6.12).

A partition's rows are cut into ``rounds`` consecutive segments. In round r every task learns
segment r of its partition, starting from the model merged at the end of round r - 1 (the
pipeline itself in round 1); the round's models are then merged, each weighed by the rows it
learned. Every row is still learned once. ``rounds=1`` is one-shot averaging.

The reading is settled once, from the first partition's head (the core's preview: its column
roles, label, positive class, delimiter), and given to every task, so that all of them build
the same features. Tasks are pure: the same inputs give the same model, so a task that Dask
runs again after a lost worker gives the same result, and the model does not depend on which
worker ran what (the merge combines models in an order of their own).
"""

import json
import os
import pathlib
import warnings

import dask
from dask import delayed

from . import _core
from ._options import core_options
from ._sources import CHUNK_BYTES
from .estimators import OnePassClassifier, OnePassRegressor
from .models import merge

HEAD_BYTES = 1 << 20


def fit(source, pipeline=None, *, rounds=1, client=None, mean=False, **csv_options):
    """Learns the partitions of ``source`` on Dask and returns the fitted estimator
    (OnePassClassifier, or OnePassRegressor for task="regression"), with ``dask_`` saying what
    each round learned.

    source: a list of CSV paths, a Dask DataFrame, a Dask bag of CSV lines, or a list of
        ``dask.delayed`` values that compute to CSV bytes or text.
    pipeline: a pipeline spec, or None for the task's default.
    rounds: rounds of iterative parameter mixing (1: one-shot averaging).
    client: a ``distributed.Client``; None computes with Dask's current scheduler.
    mean: merge by the plain mean of the models instead of weighing them by rows learned.
    csv_options: the CSV options, as for OnePassClassifier (label, positive, delimiter, ...).
    """
    graph = fit_graph(source, pipeline, rounds=rounds, mean=mean, **csv_options)
    if client is not None:
        state = client.compute(graph).result()
    else:
        (state,) = dask.compute(graph)
    return _estimator(state)


def fit_graph(source, pipeline=None, *, rounds=1, mean=False, **csv_options):
    """The Dask graph that ``fit`` computes (a ``dask.delayed`` of the final state): compute it
    with any scheduler, e.g. ``dask.compute(g, scheduler="sync")`` in one process."""
    if not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a whole number from 1, got {rounds!r}")
    parts = _partitions(source)
    if not parts:
        raise ValueError("the source has no partitions")
    head = _head(parts[0][1])
    settled = _settle(head, csv_options)
    columns = _segment(head[0], settled, 0, 1)[0]  # the first partition's header
    spec = (
        pipeline if pipeline is not None else _core.default_pipeline(settled.get("task", "binary"))
    )
    state = {"model": None, "rounds": [], "notices": []}
    for r in range(rounds):
        learned = [
            delayed(_learn_segment, pure=True)(
                data, name, k, r, rounds, settled, columns, spec, state
            )
            for k, (name, data) in enumerate(parts)
        ]
        state = delayed(_merge_round, pure=True)(learned, state, r, mean)
    return state


# --- partitions --------------------------------------------------------------------------


def _partitions(source):
    """(name, data) per partition: data is a path (pathlib.Path), or a delayed value of CSV
    bytes or text, a pandas DataFrame or a list of lines."""
    if hasattr(source, "to_delayed"):  # a Dask DataFrame or bag
        kind = "partition"
        return [(f"{kind} {k + 1}", part) for k, part in enumerate(source.to_delayed())]
    out = []
    for k, item in enumerate(source):
        if isinstance(item, (str, os.PathLike)):
            out.append((str(item), pathlib.Path(item)))
        else:
            out.append((f"partition {k + 1}", item))
    return out


def _bytes(data):
    """A partition's CSV bytes."""
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    if isinstance(data, os.PathLike):
        return pathlib.Path(data).read_bytes()
    if isinstance(data, str):
        return data.encode("utf-8")
    if hasattr(data, "to_csv"):  # a pandas DataFrame
        return data.to_csv(index=False).encode("utf-8")
    if isinstance(data, (list, tuple)):  # a bag's lines
        return "".join(line if line.endswith("\n") else line + "\n" for line in data).encode()
    raise TypeError(
        f"a partition is CSV bytes, text, a path or a DataFrame, not {type(data).__name__}"
    )


def _head(data):
    if isinstance(data, os.PathLike):  # a file: its first bytes only
        with open(data, "rb") as f:
            head = f.read(HEAD_BYTES + 1)
        return head[:HEAD_BYTES], len(head) <= HEAD_BYTES
    if hasattr(data, "dask") or hasattr(data, "compute"):
        (data,) = dask.compute(data)
    raw = _bytes(data)
    return raw[:HEAD_BYTES], len(raw) <= HEAD_BYTES


def _settle(head, csv_options):
    """The reading of every partition, from the first one's head: the caller's options with
    the preview's label, positive class, delimiter, task and column roles made explicit."""
    given = core_options(csv_options)
    text, complete = head
    preview = json.loads(_core.preview_csv(text.decode("utf-8", "replace"), complete, given, 0))
    settled = dict(given)
    settled.setdefault("delimiter", preview["delimiter"])
    if preview.get("positive") and preview.get("task", "binary") == "binary":
        settled.setdefault("positive", preview["positive"])
    if preview.get("task"):
        settled.setdefault("task", preview["task"])
    roles = {}
    for column in preview["columns"]:
        roles.setdefault(column["role"], []).append(column["name"])
    if "label" in roles:
        settled.setdefault("label", roles["label"][0])
    for role in ("numeric", "categorical", "text", "ignore"):
        if role in roles:
            settled.setdefault(role, ",".join(roles[role]))
    return settled


def _record_end(data, pos, quoted):
    """The offset just past the record that holds byte `pos` (its line break), or the end: a
    line break ends a record when the quotes before it are even in number (RFC 4180, the core's
    reader's rule: a quote inside a quoted field is written twice). quoted: whether the data has
    a quote at all (else every line break ends a record)."""
    quotes = data.count(b'"', 0, pos) if quoted else 0
    while True:
        nl = data.find(b"\n", pos)
        if nl == -1:
            return len(data)
        if quoted:
            quotes += data.count(b'"', pos, nl)
        if quotes % 2 == 0:
            return nl + 1
        pos = nl + 1


def _has_rows(data, start):
    """Whether anything but blanks and line breaks follows byte `start` (looked at a block at a
    time: the first block nearly always says)."""
    for at in range(start, len(data), 1 << 16):
        if data[at : at + (1 << 16)].strip():
            return True
    return False


def _segment(data, settled, r, rounds):
    """The head (skipped lines and the header), segment r of `rounds` of the data records (those
    that start in the r-th of `rounds` equal byte ranges of the body), and whether the body has
    any record."""
    quoted = b'"' in data
    head_end = 0
    skip = int(settled.get("skipLines", "0"))
    for _ in range(skip + (0 if settled.get("header") == "false" else 1)):
        head_end = _record_end(data, head_end, quoted)
    body = len(data) - head_end

    def cut(k):
        if k == 0 or k == rounds:
            return head_end + (body if k else 0)
        # The first record that starts at or after byte p: the one holding byte p - 1 ends there.
        return _record_end(data, head_end + (k * body) // rounds - 1, quoted)

    lo, hi = cut(r), cut(r + 1)
    return data[:head_end], memoryview(data)[lo : max(lo, hi)], _has_rows(data, head_end)


# --- the tasks ---------------------------------------------------------------------------


def _check_columns(name, head, columns, settled):
    """A partition's header must be the first partition's: the first column that differs is
    named."""
    if head == columns:
        return
    delimiter = settled.get("delimiter", ",").encode()
    mine = head.rstrip(b"\r\n").split(b"\n")[-1].split(delimiter)
    first = columns.rstrip(b"\r\n").split(b"\n")[-1].split(delimiter)
    for i in range(max(len(mine), len(first))):
        a = mine[i].decode("utf-8", "replace") if i < len(mine) else None
        b = first[i].decode("utf-8", "replace") if i < len(first) else None
        if a != b:
            raise ValueError(
                f"{name}: its columns differ from the first partition's: column {i + 1} is"
                f" {a!r} where the first partition has {b!r}"
            )


def _learn_segment(data, name, k, r, rounds, settled, columns, spec, state):
    """Round r's learning of partition k: {name, rows, model} (model None: nothing to learn)."""
    raw = _bytes(data)
    head, segment, has_rows = _segment(raw, settled, r, rounds)
    _check_columns(name, head, columns, settled)
    out = {"name": name, "partition": k, "rows": 0, "model": None, "notice": None}
    if not has_rows:
        out["notice"] = f"{name} has no rows: skipped"
        return out
    if len(segment) == 0:
        return out
    model = state["model"]
    # A model trained further keeps the class weights it was trained with (its file says which).
    options = {k: v for k, v in settled.items() if not (model and k == "classWeight")}
    try:
        runner = _core.CsvRunner(options, [] if model else [spec], [model] if model else [])
        before = _core.Pipeline.from_json(model).rows if model else 0
        runner.push(head)
        for start in range(0, len(segment), CHUNK_BYTES):
            runner.push(segment[start : start + CHUNK_BYTES])
        runner.finish()
    except ValueError as e:
        raise ValueError(f"{name}, round {r + 1}: {e}") from None
    out["rows"] = runner.rows(0) - before
    out["model"] = runner.model_json(0) if out["rows"] > 0 else None
    return out


def _merge_round(learned, state, r, mean):
    """The round's models merged, each weighed by the rows it learned this round (since the
    model the round started from, which counts once)."""
    notices = list(state["notices"])
    if r == 0:
        notices += [p["notice"] for p in learned if p["notice"]]
    models = [p for p in learned if p["model"] is not None]
    rounds = state["rounds"] + [{p["name"]: p["rows"] for p in learned}]
    if not models:
        if state["model"] is None:
            raise ValueError("no partition has rows: nothing was learned")
        return {"model": state["model"], "rounds": rounds, "notices": notices}
    merged = merge([p["model"] for p in models], mean=mean, base=state["model"])
    return {"model": merged, "rounds": rounds, "notices": notices}


def _estimator(state):
    model = _core.Pipeline.from_json(state["model"])
    cls = OnePassRegressor if model.task == "regression" else OnePassClassifier
    est = cls.from_json(state["model"])
    est.dask_ = {"rounds": state["rounds"], "notices": state["notices"]}
    for notice in state["notices"]:
        warnings.warn(notice, stacklevel=3)
    return est
