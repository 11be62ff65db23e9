"""Label normalisation: the key under which mentions of one concept meet, and its display form.

``concept_key("Multiple GPUs")`` and ``concept_key("GPU")`` differ only by the evaluative
``multiple``, which candidate finding drops; ``concept_key("data centres") ==
concept_key("data-center")``. Keys are lower case, hyphens are spaces, the head (last word) is
singular and British spellings are American. All functions are pure and cached.
"""

import re
import unicodedata
from functools import lru_cache

from . import defaults
from .vocabulary import data_file, read_patterns

SPELLING = tuple(sorted(((row["pattern"].lower(), row["id"].lower())
                         for row in read_patterns(data_file("spelling.jsonl"))),
                        key=lambda pair: (-len(pair[0]), pair[0])))

_LATEX = re.compile(r"\$?\\(?:operatorname|mathrm|text|emph|textbf|textit)\{([^{}]*)\}\$?")
_PARENTHETICAL = re.compile(r"\([^()]*(?:\)|$)")
_STRAY = re.compile(r"[()\[\]\"$\\{}]")
_POSSESSIVE = re.compile(r"'s\b|(?<=\w)s'(?=\s|$)")
_SEPARATORS = re.compile(r"[-\u2010\u2011\u2012\u2013_/]")
_NOT_WORD = re.compile(r"[^\w\s.+]|(?<!\d)\.|\.(?!\d)")
_KEEP_ENDINGS = ("ss", "us", "is", "ics", "as", "ous", "sis", "ws")


def is_acronym(word):
    """``GPU``, ``LLMs``, ``ZeRO``, ``SpMSpV``, ``multi-GPU``: an upper-case letter after the
    first character of a hyphen-separated part and at least two letters (``2D`` is not one, nor
    is a capitalised hyphenated word such as ``Large-Language``)."""
    return (sum(c.isalpha() for c in word) >= 2
            and any(any(c.isupper() for c in part[1:]) for part in word.split("-")))


def head_index(words):
    """The head of a noun phrase: its last word, or the word before ``of`` when one word
    follows it (``mixture of experts``)."""
    if len(words) >= 3 and words[-2].lower() == "of":
        return len(words) - 3
    return len(words) - 1


def is_of_compound(word):
    """``mixture-of-experts``: a hyphenated word whose head comes before ``of``."""
    parts = word.split("-")
    return len(parts) >= 3 and parts[-2].lower() == "of"


@lru_cache(maxsize=65536)
def singular(word):
    """The singular of a head noun: ``GPUs`` -> ``GPU``, ``centres`` -> ``centre``."""
    lower = word.lower()
    if lower in defaults.IRREGULAR_PLURALS:
        return defaults.IRREGULAR_PLURALS[lower]
    if is_acronym(word):
        return word[:-1] if word.endswith("s") and word[:-1].upper() == word[:-1] else word
    if len(lower) <= 3 or not lower.endswith("s") or lower.endswith(_KEEP_ENDINGS):
        return word
    if lower.endswith("ies") and len(lower) > 4:
        return word[:-3] + "y"
    if lower.endswith(("sses", "xes", "ches", "shes", "zzes")):
        return word[:-2]
    return word[:-1]


@lru_cache(maxsize=65536)
def american(word):
    """``optimisation`` -> ``optimization``, ``centres`` -> ``centers`` (word beginnings)."""
    lower = word.lower()
    for british, us in SPELLING:
        rest = lower[len(british):]
        # -is- stems change only before -e, -a, -i (optimise, optimisation, optimising),
        # so parallelism, specialist and organism keep their s.
        if lower.startswith(british) and (not british.endswith("is") or rest[:1] in ("e", "a", "i")):
            return us + word[len(british):] if word.islower() else word
    return word


def _words(text):
    """The words of a label: no LaTeX, parenthetical, stray bracket, quote or possessive."""
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'")
    text = _LATEX.sub(r"\1", text)
    text = _STRAY.sub(" ", _PARENTHETICAL.sub(" ", text))
    text = _POSSESSIVE.sub("", text)
    return text.split()


@lru_cache(maxsize=65536)
def concept_key(text):
    """The key mentions of one concept share: lower case, no punctuation, hyphens as spaces,
    American spelling, singular head; ``X parallel`` and ``X-parallel training`` are
    ``X parallelism``, ``X-efficient`` is ``X efficiency``."""
    words = _NOT_WORD.sub(" ", _SEPARATORS.sub(" ", " ".join(_words(text)))).split()
    if not words:
        return ""
    head = head_index(words)
    words[head] = singular(words[head])
    words = [american(w.lower()) for w in words]
    if len(words) >= 2 and words[-2:] == ["parallel", "training"]:
        words[-2:] = ["parallelism"]
    elif len(words) >= 2 and words[-1] == "parallel":
        words[-1] = "parallelism"
    elif len(words) >= 2 and words[-1] == "efficient":
        words[-1] = "efficiency"
    return " ".join(words)


@lru_cache(maxsize=65536)
def display_label(text):
    """A readable label: acronyms and names keep their case, other words are lower case,
    the head is singular and the spelling American (``Multiple GPUs`` -> ``multiple GPU``)."""
    words = _words(text)
    if not words:
        return ""
    words = [w if is_acronym(w) else american(w.lower()) for w in words]
    head = head_index(words)
    if not is_of_compound(words[head]):
        words[head] = singular(words[head])
    if words[-1].endswith("-efficient"):
        words[-1] = words[-1][:-len("-efficient")] + " efficiency"
    return " ".join(words)


def slug(key):
    """``federated learning`` -> ``federated-learning``."""
    return re.sub(r"[^a-z0-9.+]+", "-", key.lower()).strip("-")
