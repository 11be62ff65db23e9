"""The field's vocabulary: word lists and patterns shipped as package data (JSONL, the format
spaCy's rulers read), plus any pattern files the user adds.

- ``data/terms.jsonl``: ``{"label": TYPE, "pattern": PHRASE}``: a phrase of the field and the
  concept type it names. One-word patterns act as head nouns (``overhead`` -> problem); longer
  ones are field terms (``parameter server`` -> method). A pattern may also be a list of token
  patterns, as for spaCy's ``Matcher``.
- ``data/words.jsonl``: ``{"label": ROLE, "pattern": WORD}``: words with a role in candidate
  finding: ``EVALUATIVE`` (dropped from the start of a label), ``PROBLEM_MODIFIER`` (turns a
  method head into a problem: ``growing KV cache``), ``GENERIC`` (not a concept on its own),
  ``INTRO_VERB`` (``we propose X``), ``PROBLEM_VERB`` (``reduce X``, ``suffer from X``),
  ``DEGREE`` (size and trend words that add nothing to a generic head: ``large problems``,
  ``increasing demand``).
- ``data/spelling.jsonl`` (read by ``normalise``): ``{"label": "SPELLING", "pattern": BRITISH,
  "id": AMERICAN}``: word beginnings rewritten so British and American spellings meet in one label.
"""

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .errors import PaperkgError

TYPES = ("method", "problem", "hardware")
DATA_FILES = ("terms.jsonl", "words.jsonl")


@dataclass(frozen=True)
class Vocabulary:
    """What the candidate finder knows of the field, loaded once per set of pattern files."""

    terms: dict  # normalised phrase -> concept type
    token_patterns: tuple = ()  # (type, [token pattern dicts]) for spaCy's Matcher
    evaluative: frozenset = frozenset()
    problem_modifiers: frozenset = frozenset()
    generic: frozenset = frozenset()
    intro_verbs: frozenset = frozenset()
    problem_verbs: frozenset = frozenset()
    degree: frozenset = frozenset()
    words: frozenset = frozenset()  # every word of every term


def read_patterns(path):
    """The pattern dicts of one JSONL file; a bad line is an error naming file and line."""
    rows = []
    text = (Path(path) if isinstance(path, str) else path).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            row["label"], row["pattern"]
        except (ValueError, KeyError, TypeError):
            raise PaperkgError(f"{path}:{number}: not a pattern line: expected "
                               '{"label": ..., "pattern": ...}') from None
        rows.append(row)
    return rows


def data_file(name):
    return resources.files(__package__) / "data" / name


def package_rows():
    return [row for name in DATA_FILES for row in read_patterns(data_file(name))]


@lru_cache(maxsize=8)
def load_vocabulary(extra_paths=()):
    """The shipped vocabulary plus the pattern files in ``extra_paths`` (a tuple of paths)."""
    from .normalise import concept_key

    rows = package_rows()
    for path in extra_paths:
        try:
            rows.extend(read_patterns(path))
        except OSError as exc:
            raise PaperkgError(f"{path}: cannot read pattern file: {exc.strerror or exc}") from None
    roles = {"EVALUATIVE": set(), "PROBLEM_MODIFIER": set(), "GENERIC": set(), "INTRO_VERB": set(),
             "PROBLEM_VERB": set(), "DEGREE": set()}
    terms, token_patterns = {}, []
    for row in rows:
        label, pattern = row["label"], row["pattern"]
        if label in roles:
            roles[label].add(pattern.lower())
        elif label in TYPES and isinstance(pattern, list):
            token_patterns.append((label, pattern))
        elif label in TYPES:
            terms[concept_key(pattern)] = label
        else:
            raise PaperkgError(f"unknown pattern label {label!r}: expected one of "
                               f"{', '.join(TYPES)} or a word role")
    return Vocabulary(
        terms=terms,
        token_patterns=tuple(token_patterns),
        evaluative=frozenset(roles["EVALUATIVE"]),
        problem_modifiers=frozenset(roles["PROBLEM_MODIFIER"]),
        generic=frozenset(roles["GENERIC"]),
        intro_verbs=frozenset(roles["INTRO_VERB"]),
        problem_verbs=frozenset(roles["PROBLEM_VERB"]),
        degree=frozenset(roles["DEGREE"]),
        words=frozenset(w for key in terms for w in key.split()),
    )
