"""Typing rules that read the phrase itself: the field terms and head nouns of the vocabulary,
names, and what the span rule that found the phrase already knows (a user's pattern, a long
form defined for an acronym).

Each takes a ``Piece`` and returns a concept type or None.
"""

from .. import defaults
from ..normalise import is_acronym
from .base import is_name, plain, rule, term_type


@rule(score=0.85)
def user_pattern(piece):
    """A phrase a user's pattern file matches has the pattern's type.

    Example: "We shard long contexts with ring attention." -> method "ring attention" (with the
    user pattern file of tests/fixtures/extract_user_patterns.jsonl)
    """
    return piece.hint if piece.origin == "user_pattern_matches" else None


@rule(score=0.9)
def defined_long_form(piece):
    """A long form defined for an acronym is typed by its field term or head, else a method.

    Example: "We adopt Elastic Weight Averaging (EWA) for drift." -> method "Elastic Weight Averaging"
    """
    if piece.origin != "acronym_long_form":
        return None
    return term_type(piece.key, piece.vocab)[0] or "method"


@rule(score=0.6)
def hardware_container(piece):
    """A system, platform or node named by its hardware is hardware.

    Example: "Jobs run on TPU platforms shared by many teams." -> hardware "TPU platform"
    """
    words = piece.key.split()
    if (len(words) >= 2 and words[-1] in defaults.HARDWARE_CONTAINERS
            and piece.vocab.terms.get(words[-2]) == "hardware"):
        return "hardware"
    return None


@rule(score=0.9)
def field_term(piece):
    """A phrase ending in a term of the field's vocabulary has that term's type.

    Example: "Training relies on a parameter server and ring all-reduce." -> method "parameter server"
    """
    kind, whole = term_type(piece.key, piece.vocab)
    return kind if whole else None


@rule(score=0.6)
def problem_modifier_on_method_head(piece):
    """A method head with a word of cost or scarcity before it is a problem.

    Example: "Long prompts lead to a growing attention cache." -> problem "attention cache"
    """
    first = plain(piece.doc[piece.start].lower_)
    if first not in piece.vocab.problem_modifiers or not piece.doc[piece.start].whitespace_ \
            or piece.end - piece.start < 2:
        return None
    kind, whole = term_type(piece.key, piece.vocab)
    return "problem" if kind == "method" and not whole else None


@rule(score=0.6)
def head_noun(piece):
    """A phrase whose head noun the vocabulary types has that type.

    Example: "This yields a lower checkpoint overhead." -> problem "checkpoint overhead"
    """
    kind, whole = term_type(piece.key, piece.vocab)
    return kind if not whole else None


@rule(score=0.7)
def name_is_method(piece):
    """An untyped name (acronym, capitalised words, letters with digits) is a method.

    Example: "Both runs use MegaScale-Infer to route tokens." -> method "MegaScale-Infer"
    """
    if is_name(piece.tokens) or is_acronym(piece.doc[piece.end - 1].text):
        return "method"
    return None


# Rules that type a phrase from the vocabulary (a word of cost before them is dropped).
VOCABULARY_RULES = ("hardware_container", "field_term", "problem_modifier_on_method_head",
                    "head_noun")
