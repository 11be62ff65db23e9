"""The field's vocabulary: word lists shipped as package data, plus any pattern files the user adds.

The files are JSON Lines in **paperkg's vocabulary format**. It borrows the shape of spaCy's
``EntityRuler`` patterns (``{"label": ..., "pattern": ...}``) but not their matching: a string
pattern is not matched as an exact phrase. It is a term of the field, looked up by its
normalised key (``concept_key``: case, hyphens, plurals and British spelling folded) at the end
of every candidate phrase, so ``parameter server`` types ``asynchronous parameter servers``. A
list pattern is a token pattern and goes to spaCy's ``Matcher`` as it is (``[{"ORTH": "mAP"}]``),
which is where case-sensitive or exact matches belong.

- ``data/terms.jsonl``: ``{"label": TYPE, "pattern": PHRASE, "generic": true?}``: a phrase of the
  field and the concept type (one of ``CONCEPT_TYPES``) it names. One-word patterns act as head
  nouns (``overhead`` -> problem); longer ones are field terms (``parameter server`` -> method).
  ``"generic": true`` marks a head noun that types a longer phrase but names no concept alone
  (``cost``, ``dataset``): the one list that says so (a word is never both in the GENERIC role
  and a term). ``"cue": true`` marks a word the field uses both as a term and as a plain noun
  (``inference``, ``efficiency``): alone it is a concept only where its context makes it one
  (``improve efficiency``, not ``during inference``). ``"fixed": true`` marks the fixed name of
  a classic technique or task (``random forest``, ``Kalman filter``, ``coreference
  resolution``): it types the phrase it ends, but its words are not words of the field on their
  own (``Vocabulary.words``: ``random``, ``based`` or ``structure`` would keep ``random-based
  strategy`` or ``structure-aware framework``).
- ``data/words.jsonl``: ``{"label": ROLE, "pattern": WORD}``: words with a role in candidate
  finding (``ROLES`` below). A word has one role, except where two roles belong to two word
  classes (``ALLOWED_DOUBLE_ROLES``: ``design`` the noun is generic, the verb introduces).
- ``data/spelling.jsonl`` (read by ``normalise``): ``{"label": "SPELLING", "pattern": BRITISH,
  "id": AMERICAN}``: word beginnings rewritten so British and American spellings meet in one label.
- ``data/general_english.tsv`` (read by ``specificity``): how common words are in general English.
"""

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .errors import PaperkgError
from .records import CONCEPT_TYPES

TYPES = CONCEPT_TYPES
DATA_FILES = ("terms.jsonl", "words.jsonl")

# Word roles: the Vocabulary field each fills and what it does.
ROLES = {
    "EVALUATIVE": "evaluative",  # dropped from the start of a label: novel, existing, extensive
    "PROBLEM_MODIFIER": "problem_modifiers",  # make a method head a problem: growing KV cache
    "GENERIC": "generic",  # no concept alone: approach, paper, study
    "INTRO_VERB": "intro_verbs",  # we propose X
    "PROBLEM_VERB": "problem_verbs",  # reduce X, suffer from X
    "GOAL_VERB": "goal_verbs",  # ensure X, boost X: X a problem only if a goal of the field
    "HARM_VERB": "harm_verbs",  # X degrades, hurts, hampers Y: X is a problem
    "DEGREE": "degree",  # size and trend words that add nothing to a generic head: large problems
    "HEAD_JUDGEMENT": "head_judgements",  # words that rank or place a generic head without
    #                                       naming what it is: open challenge, complex task
    "INTEREST_VERB": "interest_verbs",  # draw/receive attention: attention as interest
    "ROLE_NOUN": "role_nouns",  # machines named by their role: workers, clients, nodes
    "DISTRIBUTED_CUE": "distributed_cues",  # words of a distributed setting: federated, cluster
    "PERFORMANCE_QUANTITY": "performance_quantities",  # measured alone, a cost of a process:
    #                                          latency (metric), inference latency (problem)
    "EVALUATION_WORD": "evaluation_words",  # experiments on X: X is a dataset
    "TASK_GERUND": "task_gerunds",  # training X, accelerating X: a task phrased as a verb;
    #                                 "id" is its noun ("detecting X" is the task "X detection")
    "METHOD_MODIFIER": "method_modifiers",  # Bayesian optimization, k-means clustering: a
    #                                          technique, not the task its head names
    "ORGANISATION": "organisations",  # vendors, labs, venues and code hosts: no concept alone
    #                                   (NVIDIA, CVPR, GitHub), a modifier of one (NVIDIA A100)
    "PLACE": "places",  # countries and regions as written: no concept alone (the United States)
    "LANGUAGE": "languages",  # natural languages as written: no concept alone ("on Italian")
}

# Pairs of roles one word may hold, because they belong to two word classes or two uses.
ALLOWED_DOUBLE_ROLES = {
    frozenset({"EVALUATIVE", "INTRO_VERB"}),  # "the proposed method" / "we proposed"
    frozenset({"GENERIC", "INTRO_VERB"}),  # "the design" / "we design"
    frozenset({"PROBLEM_MODIFIER", "PROBLEM_VERB"}),  # "lower bandwidth" / "we lower costs"
    frozenset({"PROBLEM_MODIFIER", "DEGREE"}),  # "growing KV cache" / "growing complexity"
    frozenset({"PROBLEM_MODIFIER", "HARM_VERB"}),  # "slow convergence" / "stragglers slow training"
    frozenset({"GENERIC", "DISTRIBUTED_CUE"}),  # no concept alone / a word of the setting
    frozenset({"GENERIC", "EVALUATION_WORD"}),  # no concept alone / "experiments on X"
    frozenset({"EVALUATIVE", "EVALUATION_WORD"}),  # "state-of-the-art X" / "SOTA on X"
    frozenset({"PROBLEM_VERB", "TASK_GERUND"}),  # "accelerate X" / "accelerating X is hard"
    frozenset({"EVALUATION_WORD", "TASK_GERUND"}),  # "fine-tuning on X" / "fine-tuning X"
    frozenset({"ROLE_NOUN", "HEAD_JUDGEMENT"}),  # "CPU cores" / "the core challenge"
    frozenset({"EVALUATIVE", "INTEREST_VERB"}),  # "a given model" / "attention is given to X"
}


@dataclass(frozen=True)
class Vocabulary:
    """What the candidate finder knows of the field, loaded once per set of pattern files."""

    terms: dict  # normalised phrase -> concept type
    token_patterns: tuple = ()  # (type, [token pattern dicts]) for spaCy's Matcher
    evaluative: frozenset = frozenset()
    problem_modifiers: frozenset = frozenset()
    generic: frozenset = frozenset()  # GENERIC words and the terms marked generic
    intro_verbs: frozenset = frozenset()
    problem_verbs: frozenset = frozenset()
    goal_verbs: frozenset = frozenset()
    harm_verbs: frozenset = frozenset()
    degree: frozenset = frozenset()
    head_judgements: frozenset = frozenset()
    interest_verbs: frozenset = frozenset()
    role_nouns: frozenset = frozenset()
    distributed_cues: frozenset = frozenset()
    performance_quantities: frozenset = frozenset()
    organisations: frozenset = frozenset()
    places: frozenset = frozenset()
    languages: frozenset = frozenset()
    evaluation_words: frozenset = frozenset()
    task_gerunds: frozenset = frozenset()
    method_modifiers: frozenset = frozenset()
    needs_cue: frozenset = frozenset()  # terms that are concepts alone only in a problem context
    task_nouns: tuple = ()  # (gerund, noun) pairs: accelerating -> acceleration
    words: frozenset = frozenset()  # every word of every term but the fixed names
    term_phrases: tuple = ()  # the terms of several words as written (for the PhraseMatcher)


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


@lru_cache(maxsize=1)
def general_english():
    """{word: Zipf frequency} of the 40,000 most common English words (data/general_english.tsv,
    from wordfreq; CC BY-SA 4.0): how common a word is outside the field."""
    table = {}
    for line in data_file("general_english.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, zipf = line.split("\t")
            table[word] = float(zipf)
    return table


@lru_cache(maxsize=1)
def organisation_names():
    """The one-word names of vendors, labs and venues in the package's word list (``nvidia``,
    ``google``): names, whose capitals a label keeps. Those that are also ordinary words
    (``meta``, ``arm``) are left out: ``Meta Learning`` is no product."""
    return frozenset(row["pattern"] for row in read_patterns(data_file("words.jsonl"))
                     if row["label"] == "ORGANISATION" and " " not in row["pattern"]) \
        - {"meta", "arm", "apple", "amazon", "soda"}


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
    roles = {role: set() for role in ROLES}
    terms, token_patterns, generic_terms, cue_terms, task_nouns, phrases = {}, [], set(), set(), {}, set()
    field_words = set()
    for row in rows:
        label, pattern = row["label"], row["pattern"]
        if label in roles:
            roles[label].add(pattern.lower())
            if label == "TASK_GERUND" and row.get("id"):
                task_nouns[pattern.lower()] = row["id"]
        elif label in TYPES and isinstance(pattern, list):
            token_patterns.append((label, pattern))
        elif label in TYPES:
            terms[concept_key(pattern)] = label
            if len(pattern.replace("-", " ").split()) >= 2:
                phrases.add(pattern.lower())
            if row.get("generic"):
                generic_terms.add(concept_key(pattern))
            if row.get("cue"):
                cue_terms.add(concept_key(pattern))
            if not row.get("fixed"):
                field_words.update(concept_key(pattern).split())
        else:
            raise PaperkgError(f"unknown pattern label {label!r}: expected one of "
                               f"{', '.join(TYPES)} or a word role ({', '.join(ROLES)})")
    fields = {field: frozenset(roles[role]) for role, field in ROLES.items()}
    fields["generic"] = fields["generic"] | frozenset(generic_terms)
    # names are looked up by concept key ("Non-governmental organizations", "United Nations")
    fields["organisations"] = frozenset(concept_key(name) for name in fields["organisations"])
    return Vocabulary(terms=terms, token_patterns=tuple(token_patterns),
                      task_nouns=tuple(sorted(task_nouns.items())), needs_cue=frozenset(cue_terms),
                      term_phrases=tuple(sorted(phrases)),
                      words=frozenset(field_words), **fields)
