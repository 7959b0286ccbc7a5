"""Model files merged: parameter mixing of models of one pipeline trained on parts of a
stream (docs/algorithms.md, the merge's section)."""

from . import _core


def _text(model):
    return model if isinstance(model, str) else model.to_json()


def merge(models, weights=None, mean=False, base=None):
    """The merged model file (text) of model files or fitted estimators (docs/algorithms.md
    3.4): each weighed by the rows it learned, or by ``weights`` (one per model), or their plain
    mean (``mean=True``). ``base``: the model every one of them continued from (a round of
    parameter mixing, docs/algorithms.md 6.12), whose rows then count once."""
    models = list(models)
    if not models:
        raise ValueError("merge needs at least one model")
    base = "" if base is None else _text(base)
    weights = [] if weights is None else [float(w) for w in weights]
    return _core.merge_models([_text(m) for m in models], weights, mean, base)
