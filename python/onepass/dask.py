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
    return _estimator(state, csv_options)


def fit_graph(source, pipeline=None, *, rounds=1, mean=False, **csv_options):
    """The Dask graph that ``fit`` computes (a ``dask.delayed`` of the final state): compute it
    with any scheduler, e.g. ``dask.compute(g, scheduler="sync")`` in one process."""
    if not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a whole number from 1, got {rounds!r}")
    parts = _partitions(source)
    if not parts:
        raise ValueError("the source has no partitions")
    settled, columns = _settle(parts, csv_options)
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
    if isinstance(source, (str, os.PathLike)):
        raise TypeError("the source is a list of CSV paths (or a Dask collection), not one path")
    return _partition_list(source)


def _partition_list(source):
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


def _settle(parts, csv_options):
    """The reading of every partition, from the head of the first one with rows: the caller's
    options with the preview's label, positive class, delimiter, header, decimal separator, task
    and column roles made explicit; and that head's column names, which every partition must
    have."""
    given = core_options(csv_options)
    for _, data in parts:
        text, complete = _head(data)
        preview = json.loads(_core.preview_csv(text.decode("utf-8", "replace"), complete, given, 0))
        if preview["headRows"] > 0:
            break
    settled = dict(given)
    settled.setdefault("delimiter", preview["delimiter"])
    if settled.get("header", "auto") == "auto":  # decided once, from this head
        settled["header"] = "true" if preview["header"] else "false"
    settled.setdefault("decimal", preview["decimal"])
    if preview.get("positive") and preview.get("task", "binary") == "binary":
        settled.setdefault("positive", preview["positive"])
    if preview.get("task"):
        settled.setdefault("task", preview["task"])
    roles = {}
    for column in preview["columns"]:
        roles.setdefault(column["role"], []).append(column["name"])
    if "label" in roles:
        settled.setdefault("label", roles["label"][0])
    for role in [r for r in roles if r != "label"]:  # every role the core names
        for name in roles.get(role, []):
            if "," in name:
                raise ValueError(
                    f"column {name!r} has a comma in its name, which the list of {role} columns"
                    " cannot name: rename it to train on Dask"
                )
        if role in roles:
            settled.setdefault(role, ",".join(roles[role]))
    return settled, [column["name"] for column in preview["columns"]]


def _segment(data, settled, r, rounds):
    """The head (skipped lines and the header), segment r of `rounds` of the data records (those
    that start in the r-th of `rounds` equal byte ranges of the body), and whether the body has
    any record: cut by the core as its reader reads (api/csv_cuts.hpp)."""
    head_end, starts, has_rows = _core.csv_cuts(data, settled, rounds)
    return data[:head_end], memoryview(data)[starts[r] : starts[r + 1]], has_rows


# --- the tasks ---------------------------------------------------------------------------


def _check_columns(name, head, columns, settled):
    """A partition's header must name the first partition's columns: the first that differs is
    named (read by the core, so a byte-order mark or quotes do not count)."""
    if settled.get("header") == "false":
        return
    reading = {k: settled[k] for k in ("delimiter", "skipLines", "comment") if k in settled}
    preview = json.loads(_core.preview_csv(head.decode("utf-8", "replace"), True, reading, 0))
    mine = [column["name"] for column in preview["columns"]]
    for i in range(max(len(mine), len(columns))):
        a = mine[i] if i < len(mine) else None
        b = columns[i] if i < len(columns) else None
        if a != b:
            raise ValueError(
                f"{name}: its columns differ from the first partition's: column {i + 1} is"
                f" {a!r} where the first partition has {b!r}"
            )


def _learn_segment(data, name, k, r, rounds, settled, columns, spec, state):
    """Round r's learning of partition k: {name, rows, model} (model None: nothing to learn)."""
    raw = _bytes(data)
    head, segment, has_rows = _segment(raw, settled, r, rounds)
    out = {"name": name, "partition": k, "rows": 0, "model": None, "notice": None}
    if not has_rows:
        out["notice"] = f"{name} has no rows: skipped"
        return out
    if r == 0:  # the header is the same bytes in every round
        _check_columns(name, head, columns, settled)
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
        # A segment of blank or comment lines only has nothing to learn.
        if runner.rows(0) == before and "nothing was learned" in str(e):
            return out
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
    try:
        merged = merge([p["model"] for p in models], mean=mean, base=state["model"])
    except ValueError as e:
        names = ", ".join(p["name"] for p in models)
        raise ValueError(f"round {r + 1}: the models of {names} do not merge: {e}") from None
    return {"model": merged, "rounds": rounds, "notices": notices}


def _estimator(state, csv_options):
    model = _core.Pipeline.from_json(state["model"])
    cls = OnePassRegressor if model.task == "regression" else OnePassClassifier
    est = cls.from_json(state["model"])
    est.set_params(**csv_options)  # as given: predict_csv reads with them
    est.dask_ = {"rounds": state["rounds"], "notices": state["notices"]}
    for notice in state["notices"]:
        warnings.warn(notice, stacklevel=3)
    return est
