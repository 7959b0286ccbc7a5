"""The scikit-learn estimators: scikit-learn's own checks, hand-computed steps, the model file
shared with the other front ends, and the errors."""

import json
import pickle
import subprocess

import numpy as np
import pytest
import scipy.sparse as sp
from conftest import DATA, ROOT
from sklearn.datasets import make_classification, make_regression
from sklearn.utils.estimator_checks import parametrize_with_checks

import onepass
from onepass import OnePassClassifier, OnePassRegressor


# Every check of scikit-learn 1.2's check_estimator passes for the default classifier
# (predict_proba by +temperature), one without probabilities, a logistic one and the default
# regressor.
@parametrize_with_checks(
    [
        OnePassClassifier(),
        OnePassClassifier("zscore | pa2(c=0.1) +avg"),
        OnePassClassifier("zscore | logreg"),
        OnePassRegressor(),
    ]
)
def test_scikit_learn_checks(estimator, check):
    check(estimator)


def test_perceptron_steps_by_hand():
    # w = 0, b = 0. Row 1 (1, 0), y = no: margin 0, a tie says yes, a mistake: w = (-1, 0),
    # b = -1. Row 2 (0, 2), y = yes: margin -1 says no, a mistake: w = (-1, 2), b = 0. Row 3
    # (1, 1), yes: margin 1, right.
    X = np.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
    clf = OnePassClassifier("perceptron").fit(X, ["no", "yes", "yes"])
    assert json.loads(clf.to_json())["learner"]["params"] == [-1.0, 2.0, 0.0]
    np.testing.assert_array_equal(clf.decision_function([[1, 0], [0, 1], [3, 1]]), [-1, 2, -1])
    assert clf.predict([[0, 1], [3, 1]]).tolist() == ["yes", "no"]
    assert not hasattr(clf, "predict_proba")  # the perceptron gives no probability


def test_platt_gives_any_yes_no_learner_probabilities():
    # docs/algorithms.md 4.29: +platt calibrates the default pipeline's margin into a
    # probability. Which estimators have predict_proba is the core's rule (has_probability),
    # asked of the pipeline the spec builds.
    rows = np.loadtxt(DATA / "heart.csv", delimiter=",", skiprows=1)
    X, y = rows[:, :-1], np.where(rows[:, -1] > 0, "yes", "no")
    spec = "zscore | pa2(c=0.1) +avg +platt"
    assert not hasattr(OnePassClassifier("zscore | pa2(c=0.1) +avg"), "predict_proba")
    clf = OnePassClassifier(spec)
    assert hasattr(clf, "predict_proba")
    clf.fit(X[:200], y[:200])
    p = clf.predict_proba(X[200:])
    assert p.shape == (70, 2)
    np.testing.assert_allclose(p.sum(axis=1), 1, rtol=1e-12)
    # The probability is the sigmoid of the calibrated margin, and says yes from 1/2 on.
    margin = clf.decision_function(X[200:])
    np.testing.assert_allclose(p[:, 1], 1 / (1 + np.exp(-margin)), rtol=1e-12)
    assert (clf.predict(X[200:]) == np.where(p[:, 1] >= 0.5, "yes", "no")).all()
    model = json.loads(clf.to_json())
    assert model["learner"]["params"] == [] and len(model["learner"]["state"]) == 9
    # Better probabilities than 1/2 for every row, on rows it did not learn.
    t = (y[200:] == "yes").astype(float)
    log_loss = -np.mean(t * np.log(p[:, 1]) + (1 - t) * np.log(p[:, 0]))
    assert log_loss < np.log(2)
    # One probability of a yes/no score: not for three classes.
    with pytest.raises(ValueError, match="'\\+platt' calibrates the score of a yes/no learner"):
        OnePassClassifier(spec).fit(X[:30], np.arange(30) % 3)


def test_temperature_gives_probabilities_and_keeps_the_answers():
    # docs/algorithms.md 4.30: +temperature turns a margin into probabilities sigma(a s), a > 0,
    # so its answers are those of the pipeline without it, row for row, and predict_proba works;
    # for three classes it gives softmax(a s) over the classes' scores. The default (4.32)
    # gives probabilities too: each of its members is calibrated so.
    rows = np.loadtxt(DATA / "heart.csv", delimiter=",", skiprows=1)
    X, y = rows[:, :-1], np.where(rows[:, -1] > 0, "yes", "no")
    calibrated = OnePassClassifier("zscore | pa2(c=0.1) +avg +temperature")
    plain = OnePassClassifier("zscore | pa2(c=0.1) +avg")
    assert hasattr(calibrated, "predict_proba") and not hasattr(plain, "predict_proba")
    calibrated.fit(X[:200], y[:200])
    plain.fit(X[:200], y[:200])
    assert (calibrated.predict(X) == plain.predict(X)).all()
    p = calibrated.predict_proba(X[200:])
    np.testing.assert_allclose(p.sum(axis=1), 1, rtol=1e-12)
    a = json.loads(calibrated.to_json())["learner"]["state"][0]
    assert a > 0
    np.testing.assert_allclose(
        p[:, 1], 1 / (1 + np.exp(-a * plain.decision_function(X[200:]))), rtol=1e-9
    )
    t = (y[200:] == "yes").astype(float)
    assert -np.mean(t * np.log(p[:, 1]) + (1 - t) * np.log(p[:, 0])) < np.log(2)
    default = OnePassClassifier().fit(X[:200], y[:200])
    q = default.predict_proba(X[200:])
    np.testing.assert_allclose(q.sum(axis=1), 1, rtol=1e-12)
    assert -np.mean(t * np.log(q[:, 1]) + (1 - t) * np.log(q[:, 0])) < np.log(2)
    three = OnePassClassifier("zscore | mpa2 +avg +temperature").fit(X[:200], np.arange(200) % 3)
    q = three.predict_proba(X[200:])
    assert q.shape == (70, 3)
    np.testing.assert_allclose(q.sum(axis=1), 1, rtol=1e-12)
    assert (three.classes_[q.argmax(axis=1)] == three.predict(X[200:])).all()
    with pytest.raises(
        ValueError, match="'\\+platt' and '\\+temperature' both calibrate the score"
    ):
        OnePassClassifier("pa2 +platt +temperature").fit(X[:30], y[:30])


def test_partial_fit_is_fit_in_parts_and_sparse_rows_are_dense_rows():
    X, y = make_classification(400, random_state=1)
    whole = OnePassClassifier("zscore | logreg").fit(X, y)
    parts = OnePassClassifier("zscore | logreg")
    for lo in range(0, 400, 150):
        parts.partial_fit(X[lo : lo + 150], y[lo : lo + 150], classes=[0, 1])
    assert parts.to_json() == whole.to_json()
    sparse = OnePassClassifier("maxabs | logreg").fit(sp.csr_matrix(X), y)
    dense = OnePassClassifier("maxabs | logreg").fit(X, y)
    np.testing.assert_allclose(sparse.predict_proba(X), dense.predict_proba(X), rtol=1e-12)


def test_three_classes_and_a_number():
    X, y = make_classification(600, n_classes=3, n_informative=4, random_state=0)
    labels = np.array(["a", "b", "c"])[y]
    clf = OnePassClassifier().fit(X, labels)
    assert clf.classes_.tolist() == ["a", "b", "c"]
    p = clf.predict_proba(X)
    assert p.shape == (600, 3)
    np.testing.assert_allclose(p.sum(axis=1), 1, rtol=1e-12)
    # Trained once, scored on its own rows, it beats the majority class by far.
    assert clf.score(X, labels) > 0.6 > np.bincount(y).max() / 600
    assert clf.predict(X).tolist() == clf.classes_[p.argmax(axis=1)].tolist()
    X, t = make_regression(600, n_features=5, noise=1, random_state=0)
    reg = OnePassRegressor().fit(X, t)
    assert reg.score(X, t) > 0.9  # the mean predictor scores 0


def test_model_file_round_trip_and_pickle():
    X, y = make_classification(300, random_state=2)
    clf = OnePassClassifier("zscore | logreg").fit(X, np.where(y == 1, "yes", "no"))
    again = OnePassClassifier.from_json(clf.to_json())
    assert again.classes_.tolist() == ["no", "yes"]
    np.testing.assert_array_equal(again.predict_proba(X), clf.predict_proba(X))
    assert again.to_json() == clf.to_json()
    thawed = pickle.loads(pickle.dumps(clf))
    np.testing.assert_array_equal(thawed.predict_proba(X), clf.predict_proba(X))
    # Exact resume: trained further after the round trip, as if never stopped.
    X2, y2 = make_classification(100, random_state=3)
    y2 = np.where(y2 == 1, "yes", "no")
    assert thawed.partial_fit(X2, y2).to_json() == clf.partial_fit(X2, y2).to_json()


def test_fit_csv_learns_as_the_native_cli(tmp_path):
    # The same bytes of model file as `onepass-native run --save`: one core, one reader.
    saved = tmp_path / "native.json"
    subprocess.run(
        [ROOT / "build/native/onepass-native", "run", DATA / "heart.csv", "--save", saved],
        check=True,
        capture_output=True,
    )
    clf = OnePassClassifier().fit_csv(DATA / "heart.csv")
    assert clf.to_json() == saved.read_text().strip()
    # And as the JS CLI (node and the wasm module) writes it.
    js_saved = tmp_path / "js.json"
    subprocess.run(
        ["node", ROOT / "lib/cli.js", "run", DATA / "heart.csv", "--save", js_saved],
        check=True,
        capture_output=True,
    )
    assert OnePassClassifier.from_json(js_saved.read_text()).to_json() == clf.to_json()
    assert clf.run_["rows"] == 270 and clf.classes_.tolist() == [-1, 1]
    # And predicts the file's rows as `onepass-native predict` does.
    out = subprocess.run(
        [ROOT / "build/native/onepass-native", "predict", DATA / "heart.csv", "--model", saved],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    native = [int(line.split(",")[1]) for line in out[1:]]
    assert clf.predict_csv(DATA / "heart.csv").tolist() == native


def test_a_model_trained_in_python_scores_the_same_in_the_js_api(tmp_path):
    clf = OnePassClassifier("zscore | logreg", categorical=["cp"]).fit_csv(
        b"age,cp,label\n63,typical,1\n41,none,-1\n57,typical,1\n39,atypical,-1\n"
        b"60,typical,1\n45,none,-1\n"
    )
    model = tmp_path / "model.json"
    model.write_text(clf.to_json())
    rows = b"age,cp\n50,typical\n50,none\n70,atypical\n"
    mine = clf._score_csv(rows, {})["probabilities"]
    script = (
        "import('" + (ROOT / "lib/index.js").as_uri() + "').then(async ({ load }) => {"
        "const op = await load(); const fs = await import('node:fs');"
        f"const s = op.csvScorer(fs.readFileSync('{model}', 'utf8'));"
        "const a = s.push(fs.readFileSync(0)), b = s.finish();"
        "console.log(JSON.stringify([...a.probabilities, ...b.probabilities])); })"
    )
    js = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=rows,
        capture_output=True,
        check=True,
    )
    assert json.loads(js.stdout) == mine.tolist()


def test_errors_name_what_is_wrong_and_keep_what_was_learned():
    with pytest.raises(ValueError, match="unknown CSV option 'delimter'"):
        OnePassClassifier(delimter=";")
    with pytest.raises(ValueError, match="unknown learner|unknown"):
        OnePassClassifier("zscore | nosuch").fit([[0.0], [1.0]], [0, 1])
    with pytest.raises(ValueError, match="two classes or more"):
        OnePassClassifier().fit([[0.0], [1.0]], [1, 1])
    clf = OnePassClassifier().partial_fit([[0.0], [1.0]], [0, 1])
    with pytest.raises(ValueError, match="a class the model does not know: 2"):
        clf.partial_fit([[0.0]], [2])
    # A bad row stops the file at its line and column; the rows before it are kept.
    bad = b"x,label\n" + b"".join(b"%d,%d\n" % (i, i % 2) for i in range(50)) + b"1,1,1\n"
    clf = OnePassClassifier("zscore | logreg")
    with pytest.raises(ValueError, match="line 52, column 3: expected 2 fields, found 3"):
        clf.fit_csv(bad)
    assert clf.run_["rows"] == 50
    # A model of categorical columns reads raw CSV rows, not numbers.
    with pytest.raises(ValueError, match="reads raw CSV rows"):
        OnePassClassifier(categorical=["c"]).fit_csv(b"c,label\na,1\nb,0\na,1\n").predict([[1.0]])
    with pytest.raises(
        ValueError, match="nothing was learned: the input has a header but no data rows"
    ):
        OnePassClassifier().fit_csv(b"x,label\n")


def test_csv_options_are_parameters():
    clf = OnePassClassifier("zscore | logreg", delimiter=";", class_weight="balanced")
    assert clf.get_params() == {
        "pipeline": "zscore | logreg",
        "delimiter": ";",
        "class_weight": "balanced",
    }
    clf.set_params(skip_lines=1)
    assert clf.get_params()["skip_lines"] == 1
    with pytest.raises(ValueError, match="option skipLines"):
        clf.set_params(skip_lines=-3).fit_csv(b"x;label\n1;1\n")
    assert onepass.default_pipeline() == "zscore | leader"


def test_class_weights_on_arrays_are_the_csv_options():
    # The same rows as arrays and as a CSV, with balanced weights: the same learner, the same
    # counts; and they move a rare class's balanced accuracy far above the unweighted model's.
    X, y = make_classification(3000, weights=[0.93], flip_y=0, random_state=0)
    text = "a,b,c,label\n" + "".join(f"{r[0]!r},{r[1]!r},{r[2]!r},{t}\n" for r, t in zip(X, y))
    arrays = OnePassClassifier("zscore | logreg", class_weight="balanced").fit(X[:, :3], y)
    csv = OnePassClassifier("zscore | logreg", class_weight="balanced").fit_csv(text.encode())
    a, c = json.loads(arrays.to_json()), json.loads(csv.to_json())
    assert a["learner"] == c["learner"] and a["class_weights"] == c["class_weights"]
    assert a["class_weights"]["counts"] == [float((y == 0).sum()), float((y == 1).sum())]
    from sklearn.metrics import balanced_accuracy_score

    plain = OnePassClassifier("zscore | logreg").fit(X[:2000], y[:2000])
    weighted = OnePassClassifier("zscore | logreg", class_weight={0: 1, 1: 10}).fit(
        X[:2000], y[:2000]
    )
    assert balanced_accuracy_score(y[2000:], weighted.predict(X[2000:])) > 0.05 + (
        balanced_accuracy_score(y[2000:], plain.predict(X[2000:]))
    )
    with pytest.raises(ValueError, match="names class '7', which is not a class of the label"):
        OnePassClassifier(class_weight={0: 1, 7: 3}).fit(X, y)
    with pytest.raises(ValueError, match="a regression label is a number"):
        OnePassRegressor(class_weight="balanced").fit(X, y.astype(float))


def test_merge_weighs_models_by_rows_or_as_asked():
    X, y = make_classification(400, random_state=4)
    a = OnePassClassifier("zscore | logreg").fit(X[:300], y[:300])
    b = OnePassClassifier("zscore | logreg").fit(X[300:], y[300:])
    wa, wb = (json.loads(m.to_json())["learner"]["params"] for m in (a, b))
    by_rows = json.loads(onepass.merge([a, b]))["learner"]["params"]
    np.testing.assert_allclose(by_rows, [0.75 * p + 0.25 * q for p, q in zip(wa, wb)], rtol=1e-13)
    plain = json.loads(onepass.merge([a, b], mean=True))["learner"]["params"]
    np.testing.assert_allclose(plain, [(p + q) / 2 for p, q in zip(wa, wb)], rtol=1e-13)
    given = json.loads(onepass.merge([a, b], weights=[1, 3]))["learner"]["params"]
    np.testing.assert_allclose(given, [0.25 * p + 0.75 * q for p, q in zip(wa, wb)], rtol=1e-13)
    with pytest.raises(ValueError, match="give one weight per model"):
        onepass.merge([a, b], weights=[1])


def test_predict_csv_takes_a_decision_threshold():
    clf = OnePassClassifier("zscore | logreg").fit_csv(DATA / "heart.csv")
    p = clf._score_csv(DATA / "heart.csv", {})["probabilities"]
    for t in (0.2, 0.5, 0.8):
        said = clf.predict_csv(DATA / "heart.csv", threshold=t)
        assert said.tolist() == np.where(p >= t, 1, -1).tolist()
    with pytest.raises(ValueError, match="is a probability between 0 and 1"):
        clf.predict_csv(DATA / "heart.csv", threshold=1.0)


def test_classes_are_sorted_whatever_order_the_model_keeps():
    # A model whose positive class sorts first: classes_ sorted, scores and probabilities by
    # classes_, so scikit-learn's metrics read them right.
    from sklearn.metrics import roc_auc_score

    X, y = make_classification(400, n_features=2, n_informative=2, n_redundant=0, random_state=5)
    labels = np.where(y == 1, "yes", "no")
    text = "a,b,label\n" + "".join(f"{r[0]!r},{r[1]!r},{t}\n" for r, t in zip(X, labels))
    c = OnePassClassifier("zscore | logreg", positive="no").fit_csv(text.encode())
    assert c.classes_.tolist() == ["no", "yes"]
    assert roc_auc_score(labels, c.decision_function(X[:, :2])) > 0.8
    assert roc_auc_score(labels, c.predict_proba(X[:, :2])[:, 1]) > 0.8
    assert (c.predict(X[:, :2]) == labels).mean() > 0.75
    c.partial_fit(X[:5, :2], labels[:5])  # known classes, in either order
    # The same from arrays, with the positive class named.
    a = OnePassClassifier("zscore | logreg", positive="no").fit(X[:, :2], labels)
    assert json.loads(a.to_json())["schema"]["positive"] == "no"
    c2 = OnePassClassifier("zscore | logreg", positive="no").fit_csv(text.encode())
    np.testing.assert_allclose(a.predict_proba(X[:, :2]), c2.predict_proba(X[:, :2]), rtol=1e-9)
    # A model trained further keeps its classes' names, whatever rows come.
    m = OnePassClassifier("logreg").fit_csv(b"a,label\n1,cat\n-1,dog\n2,cat\n")
    m.partial_fit_csv(b"a,label\n-3,dog\n-2,dog\n")
    assert sorted(m.classes_.tolist()) == ["cat", "dog"]
    # Names come back as values that write back as the same text ("007" stays text; "2.0" and
    # 2.0 are one name in the file), so a model file's predictions are the estimator's.
    for values in (["007", "010"], [True, False], ["1.0", "2.0"], [3, 5]):
        f = OnePassClassifier("logreg").fit([[0.0], [1.0]], values)
        back = OnePassClassifier.from_json(f.to_json()).predict([[0.0], [1.0]])
        assert [str(v) for v in back] == [str(v) for v in f.predict([[0.0], [1.0]])]
    assert OnePassClassifier.from_json(f.to_json()).classes_.tolist() == [3, 5]


def test_arrays_edge_cases():
    # Warm-up scalers fit at the end of fit on the rows they hold.
    X, y = make_classification(300, random_state=6)
    assert OnePassClassifier("as | logreg").fit(X, y).pipeline_.rows == 300
    # A CSR matrix with unsorted, repeated indices is the matrix it stands for.
    M = sp.csr_matrix((np.array([1.0, 2.0, 3.0]), np.array([2, 0, 0]), np.array([0, 3, 3])))
    clf = OnePassClassifier("maxabs | logreg").fit(M, [1, 0])
    dense = OnePassClassifier("maxabs | logreg").fit(M.toarray(), [1, 0])
    assert clf.to_json() == dense.to_json()
    # A class no row has had yet still has its column.
    c = OnePassClassifier("zscore | softmax").partial_fit(X[:4], [0, 1, 0, 1], classes=[0, 1, 2])
    assert c.decision_function(X[:3]).shape == (3, 3) == c.predict_proba(X[:3]).shape
    with pytest.raises(ValueError, match="differ from those of the first call"):
        c.partial_fit(X[:4], [0, 1, 0, 1], classes=[0, 1])
    # A bad first call leaves nothing behind.
    d = OnePassClassifier()
    with pytest.raises(ValueError, match="a class the model does not know: 2"):
        d.partial_fit(X[:3], [0, 1, 2], classes=[0, 1])
    assert not hasattr(d, "pipeline_")
    # Class weights by class value, whatever its type; weights as an array.
    w = OnePassClassifier("logreg", class_weight={0: 1, 1: 5}).fit(X, y.astype(float))
    assert json.loads(w.to_json())["class_weights"]["weights"] == [1.0, 5.0]
    onepass.merge([w, w], weights=np.array([1, 3]))
    assert not hasattr(OnePassClassifier("zscore | nosuch"), "predict_proba")
    with pytest.raises(ValueError, match="a classifier learns classes"):
        OnePassClassifier(task="regression").fit(X, y)


def test_csv_edge_cases(tmp_path):
    numbers = b"a,target\n" + b"".join(b"%d,%d.5\n" % (i, 3 * i) for i in range(100))
    with pytest.raises(ValueError, match="learn it with OnePassRegressor"):
        OnePassClassifier().fit_csv(numbers)
    assert OnePassRegressor().fit_csv(numbers).pipeline_.task == "regression"
    # predict_csv reads with the estimator's own reading options.
    f = tmp_path / "skip.csv"
    f.write_bytes(b"# exported\na,label\n1,1\n-1,0\n2,1\n-2,0\n")
    c = OnePassClassifier("logreg", skip_lines=1).fit_csv(f)
    assert c.predict_csv(f).tolist() == c.predict([[1.0], [-1.0], [2.0], [-2.0]]).tolist()
