"""scikit-learn estimators on onepass's core: one pass over the rows, in their order.

``fit`` learns the rows once, from a fresh pipeline; ``partial_fit`` goes on from where the
last call stopped; each row is predicted before it is learned (progressive validation,
docs/algorithms.md 6.1). ``fit_csv`` reads a CSV with the core's reader, so a raw file learns
exactly as ``onepass run`` learns it (column roles, labels, categorical and text columns).
Models are the one model file of every front end (``to_json``/``from_json``): a model trained
here loads in the browser, the JS API and both CLIs, and the other way round.
"""

import json

import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.utils.metaestimators import available_if
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from . import _core
from ._options import CSV_OPTIONS, core_options
from ._sources import feed


def _class_value(name):
    """A class name from a model file as the value it was written from (str(value)): a bool, an
    int or a float when that value writes back as the same text ("7", not "007"), else the text."""
    if name in ("True", "False"):
        return name == "True"
    for kind in (int, float):
        try:
            value = kind(name)
        except ValueError:
            continue
        if str(value) == name:
            return value
    return name


# The CSV options that say how to read rows, which predict_csv takes from the estimator too (the
# others say what to learn: the model file already holds what they decided).
READING_OPTIONS = (
    "header",
    "delimiter",
    "decimal",
    "skip_lines",
    "comment",
    "missing",
    "default_missing",
    "label",
    "label_trim",
    "max_record_bytes",
    "max_fields",
    "on_error",
)


class _OnePass(BaseEstimator):
    _task = None  # the task the estimator learns; a classifier decides binary or multiclass

    def __init__(self, pipeline=None, **csv_options):
        self.pipeline = pipeline
        for name, value in csv_options.items():
            if name not in CSV_OPTIONS:
                core_options({name: value})  # raises, naming the option
            setattr(self, name, value)

    # The CSV options given (snake-case names of the core's table) are parameters too, for
    # get_params, set_params and clone.
    def _csv_params(self):
        return {name: vars(self)[name] for name in CSV_OPTIONS if name in vars(self)}

    def get_params(self, deep=True):
        params = super().get_params(deep)
        params.update(self._csv_params())
        return params

    def set_params(self, **params):
        for name in [n for n in params if n in CSV_OPTIONS]:
            setattr(self, name, params.pop(name))
        return super().set_params(**params)

    def _more_tags(self):
        # Missing values (NaN) are the core's to handle (an impute stage, or the scalers'
        # rule for missing cells); infinities are refused.
        return {"allow_nan": True}

    # --- arrays -------------------------------------------------------------------------

    def _validate(self, X, y="no_validation", reset=False):
        kwargs = dict(
            reset=reset,
            accept_sparse="csr",
            dtype=np.float64,
            force_all_finite="allow-nan",
        )
        if isinstance(y, str) and y == "no_validation":
            return self._validate_data(X, **kwargs)
        return self._validate_data(X, y, y_numeric=self._task == "regression", **kwargs)

    def _spec(self, task):
        return self.pipeline if self.pipeline is not None else _core.default_pipeline(task)

    def _refuse_raw_rows(self):
        if hasattr(self, "pipeline_") and self.pipeline_.reads_raw_rows:
            raise ValueError(self.pipeline_.raw_rows_refused)

    @staticmethod
    def _csr(X):
        """X as CSR rows with sorted, distinct indices per row (what the core reads)."""
        X = X.tocsr()
        if not X.has_canonical_format:
            X = X.copy()
            X.sum_duplicates()
        return X

    def _learn(self, X, labels):
        rows = np.ascontiguousarray(labels, dtype=np.float64)
        if sp.issparse(X):
            X = self._csr(X)
            self.pipeline_.learn_sparse(
                X.indptr.astype(np.uint32),
                X.indices.astype(np.uint32),
                X.data,
                rows,
                X.shape[1],
            )
        else:
            self.pipeline_.learn_dense(X, rows)

    def _predicted(self, X):
        check_is_fitted(self, "pipeline_")
        self._refuse_raw_rows()
        X = self._validate(X)
        if sp.issparse(X):
            if self.pipeline_.task != "binary":
                X = X.toarray()
            else:
                X = self._csr(X)
                return self.pipeline_.score_sparse(
                    X.indptr.astype(np.uint32), X.indices.astype(np.uint32), X.data, X.shape[1]
                )
        return self.pipeline_.predict_dense(X)

    # --- CSV sources --------------------------------------------------------------------

    def _csv(self, overrides):
        options = self._csv_params()
        options.update(overrides)
        if self._task == "regression" and "task" not in options:
            options["task"] = "regression"
        return core_options(options)

    def fit_csv(self, source, **csv_options):
        """Learns a CSV (a path, a file object or bytes) in one pass from a fresh pipeline, read by
        the core's reader with this estimator's CSV options (and these, which win). The run's
        figures (progressive validation, baselines, notices) are ``run_``."""
        return self._run_csv(source, csv_options, models=[])

    def partial_fit_csv(self, source, **csv_options):
        """Learns a CSV further, from where this estimator is (or afresh when it is not fitted)."""
        models = [self.to_json()] if hasattr(self, "pipeline_") else []
        return self._run_csv(source, csv_options, models=models)

    def _run_csv(self, source, csv_options, models):
        specs = [] if models else ([self.pipeline] if self.pipeline is not None else [])
        runner = _core.CsvRunner(self._csv(csv_options), specs, models)
        try:
            feed(runner, source)
        finally:
            # What was learned before a bad row is kept (the error still reaches the caller).
            if runner.rows(0) > 0 or models:
                model = _core.Pipeline.from_json(runner.model_json(0))
                if (model.task == "regression") != (self._task == "regression"):
                    raise ValueError(
                        f"the label is {'a number' if model.task == 'regression' else 'classes'}"
                        f" ({model.task}): learn it with "
                        + (
                            "OnePassRegressor"
                            if model.task == "regression"
                            else "OnePassClassifier"
                        )
                        + ", or choose the task (option task)"
                    )
                self._adopt_pipeline(model)
                self.run_ = json.loads(runner.result_json(0))
        if runner.rows(0) == 0:
            raise ValueError("no row was learned: the source has no data rows")
        return self

    def predict_csv(self, source, threshold=None, **csv_options):
        """The predictions of a CSV's rows, read as the model's training file was read (its label
        column may be absent). Returns an array of the model's labels (or numbers). threshold: a
        yes/no model's decision threshold, on its probability when it gives one (in (0, 1)),
        else on its margin (default 0.5, or 0)."""
        return self._score_csv(source, csv_options, threshold)["predicted"]

    def _score_csv(self, source, csv_options, threshold=None):
        check_is_fitted(self, "pipeline_")
        own = self._csv_params()
        reading = {k: own[k] for k in READING_OPTIONS if k in own}
        scorer = _core.CsvScorer(self.to_json(), core_options({**reading, **csv_options}))
        if threshold is not None:
            scorer.set_threshold(float(threshold))
        feed(scorer, source)
        rows = scorer.take()
        if self.pipeline_.task == "regression":
            rows["predicted"] = rows["values"]
        elif self.pipeline_.task == "multiclass":
            rows["predicted"] = self._labels[rows["values"].astype(int)]
        else:
            rows["predicted"] = np.where(rows["predictions"] > 0, self._labels[1], self._labels[0])
        return rows

    # --- the model file -----------------------------------------------------------------

    def to_json(self):
        """The model file (the one format of every front end) as text."""
        check_is_fitted(self, "pipeline_")
        names = [str(n) for n in getattr(self, "feature_names_in_", [])]
        labels = getattr(self, "_labels", None)
        if self.pipeline_.task == "binary" and labels is not None and len(labels) == 2:
            return self.pipeline_.to_json(names, str(labels[0]), str(labels[1]))
        if self.pipeline_.task == "multiclass" and labels is not None:
            return self.pipeline_.to_json(names, classes=[str(c) for c in labels])
        return self.pipeline_.to_json(names)

    @classmethod
    def from_json(cls, text):
        """An estimator holding the model file's pipeline, ready to predict or learn further."""
        model = _core.Pipeline.from_json(text)
        est = cls(pipeline=model.spec)
        est._adopt_pipeline(model)
        return est

    def _adopt(self, text):
        self._adopt_pipeline(_core.Pipeline.from_json(text))

    def _adopt_pipeline(self, model):
        self.pipeline_ = model
        self.n_features_in_ = model.dims
        names = model.features
        if names and names != [f"x{i + 1}" for i in range(len(names))] and not model.reads_raw_rows:
            self.feature_names_in_ = np.asarray(names, dtype=object)
        elif hasattr(self, "feature_names_in_"):
            del self.feature_names_in_
        if model.task == "multiclass":
            self._set_labels([_class_value(c) for c in model.classes])
        elif model.task == "binary":
            negative, positive = model.class_names
            self._set_labels([_class_value(negative), _class_value(positive)])

    def _set_labels(self, labels):
        """The model's classes in its own order (a yes/no model's: negative, positive; a
        multiclass model's: by output), and classes_ sorted, as scikit-learn expects."""
        self._labels = np.asarray(labels, dtype=object if _mixed(labels) else None)
        try:
            self.classes_ = np.sort(self._labels)
        except TypeError:  # classes of types that do not compare: the model's order
            self.classes_ = self._labels.copy()
        # Where each of the model's classes stands in classes_.
        self._order = np.asarray([_position(self.classes_, c) for c in self._labels])

    # Pickling (joblib, Dask) keeps the model as its file: a pipeline is a C++ object.
    def __getstate__(self):
        state = dict(self.__dict__)
        if "pipeline_" in state:
            state["pipeline_"] = self.to_json()
        return state

    def __setstate__(self, state):
        model = state.get("pipeline_")
        self.__dict__.update(state)
        if isinstance(model, str):
            self.pipeline_ = _core.Pipeline.from_json(model)


def _mixed(values):
    return len({type(v) for v in values}) > 1


def _position(classes, value):
    for i, c in enumerate(classes):
        if c == value and type(c) is type(value) or str(c) == str(value):
            return i
    raise ValueError(f"no class {value!r} among {list(classes)}")


def _has_probability(est):
    if hasattr(est, "pipeline_"):
        return est.pipeline_.has_probability
    task = "binary" if est.pipeline is None else ""
    try:
        return _core.Pipeline(est._spec(task), task).has_probability
    except ValueError:  # a spec that does not build: fit says why
        return False


class OnePassClassifier(ClassifierMixin, _OnePass):
    """A classifier learning its rows in one pass (two classes, or more: one-vs-rest or softmax
    learners, docs/algorithms.md 1.8).

    pipeline: a pipeline spec ("zscore | logreg", see ``onepass list``); None is the default of
    the task (two classes: "zscore | leader"). Other keywords are CSV options for
    ``fit_csv`` and ``predict_csv`` (label, positive, delimiter, categorical, class_weight, ...).
    """

    def fit(self, X, y):
        """One pass over the rows, from a fresh pipeline; at the end, scalers that fit on their
        first rows (warm-up) fit on those they hold, and the rows go through."""
        for attr in ("pipeline_", "classes_", "_labels", "_order"):
            self.__dict__.pop(attr, None)
        self.partial_fit(X, y)
        self.pipeline_.finish()
        return self

    def _first_labels(self, y, classes):
        """The model's classes in its order, from the first call: sorted, with the positive
        class (option positive) second for two classes."""
        known = np.unique(y) if classes is None else np.unique(np.asarray(classes))
        if len(known) < 2:
            raise ValueError(
                f"a classifier needs two classes or more; y has {len(known)} class"
                f" ({known.tolist()}): give every class with partial_fit(classes=...)"
            )
        given = self._csv_params()
        task = given.get("task") or ("binary" if len(known) == 2 else "multiclass")
        if task not in ("binary", "multiclass"):
            raise ValueError(f"a classifier learns classes (task binary or multiclass), not {task}")
        if task == "binary" and len(known) > 2:
            raise ValueError(f"task binary takes two classes; y has {len(known)}")
        labels = list(known)
        if "positive" in given and task == "binary":
            at = [i for i, c in enumerate(labels) if str(c) == str(given["positive"])]
            if not at:
                raise ValueError(f"option positive names {given['positive']!r}, not a class")
            labels = [labels[1 - at[0]], labels[at[0]]]
        return labels, task

    def _weights_text(self, labels):
        """Option class_weight as the core reads it, a dict's keys named as the model's classes."""
        weights = self._csv_params().get("class_weight")
        if not isinstance(weights, dict):
            return core_options({"class_weight": weights}).get("classWeight", "")
        named = {}
        for key, w in weights.items():
            match = [str(c) for c in labels if c == key or str(c) == str(key)]
            named[match[0] if match else str(key)] = w
        return core_options({"class_weight": named})["classWeight"]

    def partial_fit(self, X, y, classes=None):
        """Learns the rows from where the last call stopped. The first call takes every class
        in ``classes`` (else those of ``y``): two classes learn one yes/no model, more a
        multiclass one; a later call's ``classes``, when given, must be the same."""
        first = not hasattr(self, "pipeline_")
        self._refuse_raw_rows()
        X, y = self._validate(X, y, reset=first)
        check_classification_targets(y)
        if first:
            labels, task = self._first_labels(y, classes)
        else:
            labels, task = list(self._labels), self.pipeline_.task
            if classes is not None and set(np.unique(np.asarray(classes)).tolist()) != set(
                self.classes_.tolist()
            ):
                raise ValueError(
                    f"classes {list(classes)} differ from those of the first call"
                    f" ({self.classes_.tolist()})"
                )
        index = {c: i for i, c in enumerate(labels)}
        unknown = [v for v in y if v not in index]
        if unknown:
            raise ValueError(
                f"y has a class the model does not know: {unknown[0]!r};"
                f" its classes are {sorted(labels, key=str)}"
            )
        if first:  # built once y is known to fit
            pipeline = _core.Pipeline(self._spec(task), task)
            pipeline.set_class_weights(self._weights_text(labels), [str(c) for c in labels])
            self.pipeline_ = pipeline
            self._set_labels(labels)
        at = np.fromiter((index[v] for v in y), dtype=np.float64, count=len(y))
        binary = self.pipeline_.task == "binary"
        self._learn(X, np.where(at == 1, 1.0, -1.0) if binary else at)
        return self

    def decision_function(self, X):
        """Two classes: the margin (> 0 says classes_[1]); more: each class's score, a column
        per class of classes_ (a class no row has had yet scores 0)."""
        out = self._predicted(X)
        if self.pipeline_.task == "binary":
            # The model's margin says its positive class; classes_[1] may be the other.
            return out["scores"] if self._order[1] == 1 else -out["scores"]
        return self._by_class(out["scores"])

    def _by_class(self, columns):
        """Columns of the model's outputs (by its order, maybe fewer than its classes) as a
        column per class of classes_."""
        full = np.zeros((columns.shape[0], len(self.classes_)))
        for i in range(columns.shape[1]):
            full[:, self._order[i]] = columns[:, i]
        return full

    def predict(self, X):
        out = self._predicted(X)
        if self.pipeline_.task == "binary":
            # A tie (margin 0) says the positive class, as everywhere in onepass.
            return np.where(out["scores"] >= 0, self._labels[1], self._labels[0])
        return self._labels[out["values"].astype(int)]

    @available_if(_has_probability)
    def predict_proba(self, X):
        """Each class's probability (the logistic and softmax learners, any yes/no learner
        calibrated by +platt, and any classifier calibrated by +temperature, the default's), a
        column per class of classes_."""
        out = self._predicted(X)
        p = out["probabilities"]
        if self.pipeline_.task == "binary":
            by_model = np.column_stack([1 - p, p])
            return by_model if self._order[1] == 1 else by_model[:, ::-1]
        return self._by_class(p)  # a class no row has had yet has no output: 0

    @available_if(_has_probability)
    def predict_log_proba(self, X):
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))


class OnePassRegressor(RegressorMixin, _OnePass):
    """A regressor learning its rows in one pass (docs/algorithms.md 1.8).

    pipeline: a spec of a regression learner ("zscore | pareg2(c=0.1) +avg", the default;
    "zscore | linreg"); other keywords are CSV options for ``fit_csv`` and ``predict_csv``.
    """

    _task = "regression"

    def fit(self, X, y):
        self.__dict__.pop("pipeline_", None)
        self.partial_fit(X, y)
        self.pipeline_.finish()
        return self

    def partial_fit(self, X, y):
        first = not hasattr(self, "pipeline_")
        self._refuse_raw_rows()
        X, y = self._validate(X, y, reset=first)
        if first:
            pipeline = _core.Pipeline(self._spec("regression"), "regression")
            pipeline.set_class_weights(core_options(self._csv_params()).get("classWeight", ""), [])
            self.pipeline_ = pipeline
        self._learn(X, np.asarray(y, dtype=np.float64))
        return self

    def predict(self, X):
        return self._predicted(X)["values"]
