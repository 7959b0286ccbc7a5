"""The CSV options as the core names them, from Python's names.

The core holds the one table of CSV options (cpp/include/onepass/api/csv_options.hpp), under
their JS names (``skipLines``, ``classWeight``); Python takes the same options in snake case
(``skip_lines``, ``class_weight``). Each value goes to the core as text, as a CLI flag's does,
so every option is checked by the same code and says the same message in every front end.
"""

import re

from . import _core


def _snake(name):
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


# Python's name -> the core's name, for every CSV option of the core's table.
CSV_OPTIONS = {_snake(name): name for name in _core.csv_option_names()}


def _text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):  # class weights by class: {"yes": 5, "no": 1}
        return ",".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def core_options(options):
    """The options (Python names, values as given) as the core's names and text, or a
    ValueError naming the option it does not know."""
    out = {}
    for name, value in options.items():
        if value is None:
            continue
        if name not in CSV_OPTIONS:
            known = ", ".join(sorted(CSV_OPTIONS))
            raise ValueError(f"unknown CSV option '{name}'; the options are: {known}")
        out[CSV_OPTIONS[name]] = _text(value)
    return out
