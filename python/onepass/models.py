"""Model files merged: parameter mixing of models of one pipeline trained on parts of a
stream (docs/algorithms.md, the merge's section)."""

from . import _core


def _text(model):
    return model if isinstance(model, str) else model.to_json()


def merge(models):
    """The merged model file (text) of model files or fitted estimators."""
    models = list(models)
    if not models:
        raise ValueError("merge needs at least one model")
    return _core.merge_models([_text(m) for m in models])
