"""Training on Dask: a LocalCluster of two worker processes gives the model of the same
schedule run in one process, whatever happens to its workers; iterative parameter mixing keeps
the quality of one pass on one machine; bad partitions are named."""

import json
import os
import signal
import subprocess
import time

import dask
import numpy as np
import pytest
from conftest import ROOT
from dask import delayed

import onepass
import onepass.dask as odask

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def in_one_process(source, pipeline, **kw):
    (state,) = dask.compute(odask.fit_graph(source, pipeline, **kw), scheduler="sync")
    return state["model"]


def holdout_accuracy(est, test):
    rows = est._score_csv(test, {})
    return (rows["predictions"] == rows["labels"]).mean()


def test_the_cluster_gives_the_model_of_one_process(client, adult_parts):
    parts = adult_parts["parts"][2]
    est = odask.fit(parts, "zscore | logreg", rounds=3, client=client)
    assert est.to_json() == in_one_process(parts, "zscore | logreg", rounds=3)
    # Every row is learned once: 26,048 rows in three rounds of a third of each partition's
    # bytes, so of about a third of its rows.
    learned = [sum(r.values()) for r in est.dask_["rounds"]]
    assert sum(learned) == 26048 and max(learned) - min(learned) <= 0.01 * max(learned)
    # The merged model has learned each row once: every round's base counts once.
    assert est.pipeline_.rows == 26048
    # The model trained on Dask scores the held-out rows as the JS API scores them.
    model = adult_parts["test"].parent / "dask_model.json"
    model.write_text(est.to_json())
    script = (
        "import('" + (ROOT / "lib/index.js").as_uri() + "').then(async ({ load }) => {"
        "const op = await load(); const fs = await import('node:fs');"
        f"const s = op.csvScorer(fs.readFileSync('{model}', 'utf8'));"
        f"const a = s.push(fs.readFileSync('{adult_parts['test']}')), b = s.finish();"
        "console.log(JSON.stringify([...a.scores, ...b.scores])); })"
    )
    js = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, check=True
    )
    assert json.loads(js.stdout) == est._score_csv(adult_parts["test"], {})["scores"].tolist()


def test_dataframes_and_bags_are_partitions_too(adult_parts):
    import dask.bag as db
    import dask.dataframe as dd

    paths = [str(p) for p in adult_parts["parts"][2]]
    want = in_one_process(paths, "zscore | pa1", rounds=2)
    # A bag of the files' lines (one partition a file: the same bytes), and a DataFrame of them
    # (pandas writes each partition back as CSV: 39.0 for 39, the same number).
    assert in_one_process(db.read_text(paths), "zscore | pa1", rounds=2) == want
    columns = open(paths[0]).readline().strip().split(",")
    dtype = {c: float for c in columns} | {"label": int}  # numbers with gaps; the label whole
    frame = dd.read_csv(paths, blocksize=None, dtype=dtype)
    assert frame.npartitions == 2
    # In one round each learns its whole partition; in more, the segments are cut by bytes, and
    # pandas writes other bytes ("39.0").
    assert in_one_process(frame, "zscore | pa1") == in_one_process(paths, "zscore | pa1")


def slow_part(path, seconds):
    time.sleep(seconds)
    return open(path, "rb").read()


def test_a_worker_killed_mid_round_changes_nothing(client, adult_parts):
    paths = [str(p) for p in adult_parts["parts"][4]]
    graph = odask.fit_graph(
        [delayed(slow_part, pure=True)(p, 1.5) for p in paths], "zscore | pa1", rounds=2
    )
    pids = list(client.run(os.getpid).values())
    future = client.compute(graph)
    time.sleep(0.8)  # the round's tasks wait for their partitions, which take 1.5 s to read
    os.kill(pids[0], signal.SIGKILL)
    state = future.result()
    assert state["model"] == in_one_process(paths, "zscore | pa1", rounds=2)
    client.wait_for_workers(2, timeout=60)
    assert pids[0] not in client.run(os.getpid).values()  # the nanny started a new one


@pytest.mark.parametrize("pipeline", ["zscore | logreg", "zscore | pa1", None])
def test_mixing_keeps_the_quality_of_one_pass(adult_parts, pipeline):
    whole = onepass.OnePassClassifier(pipeline).fit_csv(adult_parts["parts"][1][0])
    one_pass = holdout_accuracy(whole, adult_parts["test"])
    majority = 1 - sum(1 for line in open(adult_parts["test"]) if line.rstrip().endswith(",1")) / (
        sum(1 for _ in open(adult_parts["test"])) - 1
    )
    for partitions in (2, 4):
        for rounds, within in ((1, 0.01), (10, 0.005)):
            (state,) = dask.compute(
                odask.fit_graph(adult_parts["parts"][partitions], pipeline, rounds=rounds),
                scheduler="sync",
            )
            est = onepass.OnePassClassifier.from_json(state["model"])
            acc = holdout_accuracy(est, adult_parts["test"])
            assert acc >= one_pass - within, (pipeline, partitions, rounds, acc, one_pass)
            assert acc > majority + 0.05


def test_bad_partitions_are_named(tmp_path, adult_parts):
    good = adult_parts["parts"][2][0]
    other = tmp_path / "other.csv"
    other.write_text("age,colour,label\n30,red,1\n")
    with pytest.raises(ValueError, match=f"{other}: its columns differ from the first"):
        in_one_process([good, other], "zscore | logreg")
    empty = tmp_path / "empty.csv"
    empty.write_bytes(open(good, "rb").readline())
    with pytest.warns(UserWarning, match=f"{empty} has no rows: skipped"):
        est = odask.fit([good, empty], "zscore | logreg")
    assert est.dask_["rounds"][0][str(empty)] == 0
    broken = tmp_path / "broken.csv"
    broken.write_bytes(open(good, "rb").read() + b"1,2\n")
    with pytest.raises(
        ValueError,
        match=rf"{broken}, round 1: line 13026, column 3 \(workclass_Local_gov\): expected 105",
    ):
        in_one_process([good, broken], "zscore | logreg")
    with pytest.raises(ValueError, match="rounds must be"):
        odask.fit([good], rounds=0)
    a = onepass.OnePassClassifier("zscore | logreg").fit_csv(good)
    b = onepass.OnePassClassifier("zscore | pa1").fit_csv(good)
    with pytest.raises(ValueError, match="only models of the same pipeline"):
        onepass.merge([a, b])


def write_csv(path, X, y):
    names = [f"x{j}" for j in range(X.shape[1])]
    lines = [",".join(names + ["target"])]
    lines += [",".join([*(repr(v) for v in row), str(t)]) for row, t in zip(X, y)]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_classes_and_numbers_learn_on_dask_too(tmp_path):
    from sklearn.datasets import make_classification, make_regression

    # Three classes, the partitions seeing them first in different orders (each sorted its way).
    X, y = make_classification(3000, n_classes=3, n_informative=5, random_state=0)
    labels = np.array(["red", "green", "blue"])[y]
    train, test = slice(0, 2400), slice(2400, 3000)
    halves = [np.arange(0, 1200), np.arange(1200, 2400)]
    parts = []
    for k, idx in enumerate(halves):
        order = idx[np.argsort(labels[idx] != ["blue", "red"][k], kind="stable")]
        parts.append(write_csv(tmp_path / f"c{k}.csv", X[order], labels[order]))
    whole = write_csv(tmp_path / "all.csv", X[train], labels[train])
    est = odask.fit(parts, rounds=4)
    assert isinstance(est, onepass.OnePassClassifier)
    assert sorted(est.classes_.tolist()) == ["blue", "green", "red"]
    assert est.pipeline_.rows == 2400
    one = onepass.OnePassClassifier().fit_csv(whole)
    test_file = write_csv(tmp_path / "test.csv", X[test], labels[test])
    acc = lambda e: (e.predict_csv(test_file) == labels[test]).mean()  # noqa: E731
    majority = max(np.mean(labels[test] == c) for c in ("red", "green", "blue"))
    assert acc(est) > majority + 0.2 and acc(est) > acc(one) - 0.05, (acc(est), acc(one))
    # A number to predict.
    X, t = make_regression(3000, n_features=6, noise=5, random_state=1)
    parts = [
        write_csv(tmp_path / f"r{k}.csv", X[k * 1200 : (k + 1) * 1200], t[k * 1200 :][:1200])
        for k in (0, 1)
    ]
    reg = odask.fit(parts, rounds=4)
    assert isinstance(reg, onepass.OnePassRegressor)
    test_file = write_csv(tmp_path / "rtest.csv", X[2400:], t[2400:])
    pred = reg.predict_csv(test_file)
    r2 = 1 - ((pred - t[2400:]) ** 2).sum() / ((t[2400:] - t[2400:].mean()) ** 2).sum()
    assert r2 > 0.9, r2  # the mean predictor scores 0


def rows_text(n, seed, label=lambda i: i % 2, extra=""):
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        a, b = rng.normal(size=2)
        out.append(f"{a:.4f},{b:.4f}{extra},{label(i)}\n")
    return "".join(out)


def learned_on_dask(tmp_path, texts, rounds=3, **options):
    """The model Dask learns over partitions of these texts, and the rows it learned."""
    paths = []
    for k, text in enumerate(texts):
        paths.append(tmp_path / f"p{k}.csv")
        paths[-1].write_text(text)
    est = odask.fit(paths, "zscore | logreg", rounds=rounds, **options)
    return est, sum(sum(r.values()) for r in est.dask_["rounds"])


def test_records_are_cut_as_the_reader_reads_them(tmp_path):
    head = "a,b,label\n"
    # A quote inside an unquoted field is a character, not the start of a quoted field.
    stray = head + rows_text(40, 1, extra='" inch')
    est, learned = learned_on_dask(tmp_path, [stray, stray], rounds=3)
    assert learned == 80
    # Quoted line breaks, a quote in a skipped line and in comment lines.
    body = "".join(
        f'{line[:-1]}\n# he said "hi\n' if i % 7 == 0 else line
        for i, line in enumerate(rows_text(40, 3).splitlines(keepends=True))
    )
    est, learned = learned_on_dask(
        tmp_path, ['"exported by "tool\n' + head + body] * 2, skip_lines=1, comment="#"
    )
    assert learned == 80
    assert all(sum(1 for v in r.values() if v) == 2 for r in est.dask_["rounds"])  # all rounds
    # Blank lines before the header, and files without one (header auto: settled from the first).
    est, learned = learned_on_dask(tmp_path, ["\n\n" + head + rows_text(30, 4)] * 2)
    assert learned == 60
    est, learned = learned_on_dask(tmp_path, [rows_text(30, 5), rows_text(30, 6)], header="auto")
    assert learned == 60


def test_partitions_that_differ_only_in_form(tmp_path):
    head = "a,b,label\n"
    # A first partition with no rows; a BOM, quoted names, a 0-byte file; trailing blank lines.
    texts = [head, "\ufeff" + head + rows_text(30, 7), '"a","b","label"\n' + rows_text(30, 8), ""]
    texts.append(head + rows_text(30, 9) + "\n" * 500)
    with pytest.warns(UserWarning, match="has no rows: skipped"):
        est, learned = learned_on_dask(tmp_path, texts, rounds=4)
    assert learned == 90
    # Partitions that each met one class merge into a model of both.
    cats = head + rows_text(20, 10, label=lambda i: "cat")
    dogs = head + rows_text(20, 11, label=lambda i: "dog")
    est, learned = learned_on_dask(tmp_path, [cats + rows_text(2, 12, label=lambda i: "dog"), dogs])
    assert sorted(est.classes_.tolist()) == ["cat", "dog"]
    # A decimal comma settled from the first partition.
    semi = "a;b;label\n" + rows_text(30, 13).replace(",", ";").replace(".", ",")
    est, learned = learned_on_dask(tmp_path, [semi, semi])
    assert learned == 60 and json.loads(est.to_json())["schema"].get("decimal") == ","
    with pytest.raises(ValueError, match="has a comma in its name"):
        learned_on_dask(tmp_path, ['"x,y",b,label\n' + rows_text(10, 14)])
    with pytest.raises(TypeError, match="not one path"):
        odask.fit(str(tmp_path / "p0.csv"))
