"""onepass: one-pass online learners and feature scalers on a C++ core, for Python.

The same core as onepass's JS API, CLIs and browser demo (cpp/include/onepass/api), bound
with pybind11 (bindings/python/module.cpp): the same pipelines, CSV reader, column roles,
labels and model files. ``onepass.dask`` trains on a Dask cluster.
"""

from . import _core
from .estimators import OnePassClassifier, OnePassRegressor
from .models import merge

__all__ = ["OnePassClassifier", "OnePassRegressor", "merge", "default_pipeline"]


def default_pipeline(task="binary"):
    """The pipeline a run uses when none is given, for the task."""
    return _core.default_pipeline(task)
