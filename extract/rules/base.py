"""What every extraction rule works on: the ``Piece`` of text a rule looks at, the ``Candidate``
it makes, the ``rule`` decorator that gives a rule its score, and the small look-ups into the
vocabulary and the parse that several rule families share.

A rule is a plain function with a one-line docstring and an ``Example:`` line::

    Example: "Our scheduler mitigates pipeline stalls." -> problem "pipeline stall"

``tests/test_rules.py`` runs every rule's example through the real pipeline: the concept with
that label must come out with that type, and (for a typing rule) with the rule's name as its
``source``. ``-> no "label"`` means no concept with that label may come out.
"""

import re
from typing import NamedTuple

from .. import defaults
from ..normalise import concept_key, is_acronym, system_name

_LATEX_COMMAND = re.compile(r"\\[a-zA-Z]+\{?|[{}]")


class Candidate(NamedTuple):
    """A typed candidate concept in one doc."""
    start: int  # token offsets in the doc
    end: int
    type: str
    source: str  # the name of the rule that typed it
    text: str  # the text the label is made from (the span's, or a coordination part's)
    cut: bool = False  # a shorter form of a candidate ending in a truncated text's cut last word


class Piece(NamedTuple):
    """A span a typing rule looks at: where it is, the text its label is made from, the root of
    the phrase it came from (for context rules), the span rule that found it, and, for a
    user's pattern, the type the pattern gives."""
    doc: object
    start: int
    end: int
    text: str
    root: object
    origin: str
    vocab: object
    hint: str | None = None
    key: str = ""  # concept_key(text), computed once (make pieces with ``of`` and ``with_text``)
    attachment: tuple = (None, None)  # (dependency, head) of the root, seen through coordination

    @classmethod
    def of(cls, doc, start, end, text, root, origin, vocab, hint=None):
        return cls(doc, start, end, text, root, origin, vocab, hint, concept_key(text), attachment(root))

    def with_text(self, text, **changes):
        """This piece with another label text (and its key), and any other field changed."""
        return self._replace(text=text, key=concept_key(text), **changes)

    @property
    def tokens(self):
        return tokens(self.doc)[self.start:self.end]


def attachment(root):
    """(dependency, head token) of a phrase, seen through coordination: in ``reduce X and Y``,
    ``Y`` hangs from ``reduce`` as ``X`` does."""
    first = root
    while first.dep_ == "conj" and first.head is not first:
        first = first.head
    return first.dep_, first.head


def rule(score, after_typing=False):
    """Give a rule its score: how sure a concept it types is (a concept's score is its best
    mention's; the best-scored mention of a concept in a paper decides its type). A drop rule
    that needs the type typing gave is marked ``after_typing``; the others run before typing."""
    def mark(function):
        function.score = score
        function.after_typing = after_typing
        return function
    return mark


def plain(text):
    """Text without LaTeX markup: ``\\emph{low`` -> ``low``."""
    return _LATEX_COMMAND.sub("", text) if "\\" in text or "{" in text else text


def word_type(token, vocab):
    """The type the vocabulary gives one word (``GPU`` -> hardware), or None."""
    return vocab.terms.get(concept_key(token.text))


_TERM_TYPES = {}


def term_type(key, vocab):
    """(type, whole) of a normalised phrase from the longest field term it ends with: ``whole``
    is True when that term is more than its head noun (``parameter server``) or the phrase is
    one word. A last word that adds nothing (``AI scaling trends``) is skipped. (Cached per
    vocabulary: the typing rules ask for the same phrases many times.)"""
    terms, cache = _TERM_TYPES.get(id(vocab.terms), (None, None))
    if terms is not vocab.terms:
        cache = {}
        _TERM_TYPES[id(vocab.terms)] = (vocab.terms, cache)
    if key not in cache:
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = _term_type(key, vocab)
    return cache[key]


def _term_type(key, vocab):
    words = key.split()
    for i in range(len(words)):
        found = vocab.terms.get(" ".join(words[i:]))
        if found:
            return found, i < len(words) - 1 or len(words) == 1
    if len(words) >= 2 and words[-1] in defaults.UNTYPED_TAILS:
        return _term_type(" ".join(words[:-1]), vocab)
    return None, False


def is_name(span):
    """Names of systems and methods: ``DistDD``, ``ZeRO-3``, ``MPI``, ``Rotated Tensor``, ``Qwen``
    (``span``: Tokens in order)."""
    words = [t for t in span if not t.is_punct]
    while len(words) > 1 and words[-1].lower_ in defaults.MODEL_VARIANTS and is_glued(words[-1]):
        words = words[:-1]  # a model's variant is part of its name: GPT-4o-mini, BERT-base
    if not words:
        return False
    if all(is_acronym(t.text) or (t.text[:1].isupper() and any(c.isdigit() for c in t.text))
           for t in words):
        return True
    if len(words) == 1 and is_model_with_its_variant(words[0].text):
        return True  # a versioned name in lower case: o3-mini, o1-preview
    if len(words) == 1 and words[0].is_title and len(words[0].text) > 1 \
            and words[0].lower_ in defaults.MODEL_FAMILIES:
        return True  # a model family written as one capitalised word: Qwen, Llama, Mamba
    return (len(words) >= 2 and all(t.is_title or is_acronym(t.text) for t in words)
            and not words[0].is_sent_start)


def is_model_with_its_variant(text):
    """A model's versioned name and its variant after a hyphen: ``o3-mini``, ``o1-preview``."""
    name, _, variant = text.rpartition("-")
    return variant in defaults.MODEL_VARIANTS and name[:1].isalpha() and any(c.isdigit() for c in name)


def is_glued(token):
    """``token`` follows a hyphen with no space on either side (``mini`` in ``GPT-4o-mini``)."""
    doc, i = token.doc, token.i
    return i >= 2 and doc[i - 1].text == "-" and not doc[i - 1].whitespace_ and not doc[i - 2].whitespace_


def before_tail_is_name(piece):
    """The words before a phrase's last word name a system (``normalise.system_name``), its
    punctuation tokens left out: ``MINI-KID`` in ``the MINI-KID framework``."""
    return system_name([t.text for t in piece.tokens[:-1] if not t.is_punct])


FACT_PREFIX = "paperkg_"  # the names of what per_doc and tokens keep in doc.user_data


def per_doc(doc, name, compute):
    """``compute(doc)``, worked out once per doc and kept in ``doc.user_data[name]``: facts of a
    whole text that rules ask for piece after piece."""
    fact = doc.user_data.get(name)  # one look-up: the rules ask hundreds of times per text
    if fact is None:
        fact = doc.user_data[name] = compute(doc)
    return fact


def tokens(doc):
    """The doc's tokens in a list made once per doc: ``doc[i]`` makes a new Token object each
    time, and the rules read words by position hundreds of times per text. (The list refers to
    its doc: ``forget_facts`` drops it once the rules are done.)"""
    return per_doc(doc, "paperkg_tokens", list)


def text_of(doc):
    """``doc.text``, made once per doc: spaCy joins the text of every token each time it is
    asked."""
    return per_doc(doc, "paperkg_text", lambda doc: doc.text)


def words_of(doc):
    """The set of the doc's words in lower case, made once per doc."""
    return per_doc(doc, "paperkg_words", lambda doc: frozenset(t.lower_ for t in tokens(doc)))


def forget_facts(doc):
    """Drop what ``per_doc`` and ``tokens`` kept in ``doc.user_data`` once the rules are done:
    a token list would keep its doc alive in a reference cycle, and neither it nor a set can
    be serialised with the doc."""
    for name in [name for name in doc.user_data if isinstance(name, str) and name.startswith(FACT_PREFIX)]:
        del doc.user_data[name]


def span_text(doc, start, end):
    """``doc[start:end].text`` without making the Span, from the text and the character offsets
    of its words (``word_offsets``)."""
    if start >= end:
        return ""
    text, offsets = per_doc(doc, "paperkg_offsets", word_offsets)
    return text[offsets[start][0]:offsets[end - 1][1]]


def word_offsets(doc):
    """The doc's text and the (start, end) character offsets of each of its words."""
    return text_of(doc), [(t.idx, t.idx + len(t)) for t in tokens(doc)]


def hyphen_compound(doc, i):
    """(start, end) of the hyphenated word token ``i`` belongs to (``state-of-the-art``).
    The rules ask this of most words several times: one pass per doc answers for all."""
    return hyphenated_words(doc)[i]


def hyphenated_words(doc):
    """(start, end) of the hyphenated word of each token of ``doc`` (``hyphen_words``), made
    once per doc."""
    return per_doc(doc, "paperkg_hyphen_words", hyphen_words)


def hyphen_words(doc):
    """(start, end) of the hyphenated word of each token of ``doc``: tokens joined with no space
    where one of two neighbours is a hyphen."""
    words = tokens(doc)
    texts = [t.text for t in words]
    joined = [not t.whitespace_ for t in words]
    bounds, start = [], 0
    for i in range(len(texts)):
        if i > 0 and not (joined[i - 1] and "-" in (texts[i - 1], texts[i])):
            bounds.extend([(start, i)] * (i - start))
            start = i
    bounds.extend([(start, len(texts))] * (len(texts) - start))
    return bounds
