"""The spaCy pipeline: the English model, scispaCy's abbreviation detector and paperkg's own
components, which write their results to ``doc.spans`` (span groups survive ``nlp.pipe`` with
several processes; Doc extensions holding Spans do not).

The extractor's public API is here: ``make_nlp``, ``extract_records`` and ``concept_table``.
"""

import re

from spacy.language import Language
from spacy.matcher import Matcher, PhraseMatcher
from spacy.tokens import Span
from spacy.util import compile_infix_regex, compile_suffix_regex

import scispacy.abbreviation  # noqa: F401  (registers the "abbreviation_detector" factory)
from scispacy.abbreviation import find_abbreviation

from . import defaults
from .candidates import abbreviation_pairs, find_candidates, lists_names, names_nothing
from .normalise import concept_key
from .rules.base import forget_facts, hyphen_compound, span_text, text_of, tokens, words_of
from .rules.drops import is_institution
from .rules.spans import written_form
from .concepts import concept_table, extract_records
from .nlp import load_model
from .vocabulary import load_vocabulary

__all__ = ["make_nlp", "extract_records", "concept_table", "OWN_COMPONENTS"]

OWN_COMPONENTS = ("paperkg_name_tags", "paperkg_abbreviations", "paperkg_candidates")
# A comparison sign glued between a name and a value ("Dice=0.98", "p<0.05", "AUC>=0.9") is a
# word of its own, as spaCy already makes it between two words ("x=y").
VALUE_SIGN_INFIX = r"(?<=[\w)\]])(?:[=<>]=?|[\u2264\u2265\u2248])(?=[-+~\u00b1]?\.?\d)"
# A full stop after a name that ends in capitals behind a digit or a small letter ("GSM8K.",
# "Llama-3-8B.", "3DGS.", "CoT.") ends the sentence: spaCy splits a final stop only after a small
# letter, to keep "U.S." whole, so these kept it, the name lost its end and the sentence ran on.
CAPITALS_END_STOP_SUFFIX = "".join((
    "(?:", "|".join(f"(?<=[a-z0-9]{hyphen}[A-Z]{{{n}}})" for hyphen in ("", "-")
                   for n in (1, 2, 3)), r")\.$"))
# A name with its version or size ("Qwen2.5-VL-72B", "DeepSeek-R1", "GSM8K", "CUB-200-2011") is
# one word: spaCy cut it at hyphens between digits, before capitals and before a unit letter
# ("GSM8" "K"), so the tagger read its pieces as numbers and verbs and a part of it was lost.
# It starts with a letter, holds a digit, and each part after a hyphen holds a digit or starts
# with a capital (not "GPT-4-based": there the hyphen joins words), but for a last part in lower
# case naming the model's variant (defaults.MODEL_VARIANTS: "o3-mini", "Llama-2-7b-chat",
# "Gemma-2-9b-it", which were cut into "o3" "-" "mini" and lost).
# Written so that a word has one way to match (a lookahead, not an alternation, tests a part):
# a long hyphenated word that fails at its end is then rejected in linear time, not exponential.
NAME_PART = r"(?:\.[0-9][A-Za-z0-9]*)*"
VERSIONED_NAME = re.compile(
    rf"(?=[^ ]*[0-9])[A-Za-z][A-Za-z0-9]*{NAME_PART}"
    rf"(?:-(?=[A-Z]|[A-Za-z]*[0-9])[A-Za-z0-9]+{NAME_PART})*(?:-(?:{'|'.join(sorted(defaults.MODEL_VARIANTS))}))?$")


def make_nlp(model=None, patterns=()):
    """Load the English model without the components paperkg does not use, then add the
    abbreviation detector and paperkg's components. ``patterns`` are extra JSONL pattern files
    in paperkg's vocabulary format (``{"label": TYPE, "pattern": ...}``, TYPE one of
    ``CONCEPT_TYPES``; see ``vocabulary``)."""
    nlp = load_model(model, exclude=list(defaults.UNUSED_COMPONENTS))
    nlp.tokenizer.infix_finditer = compile_infix_regex(
        (*nlp.Defaults.infixes, VALUE_SIGN_INFIX)).finditer
    nlp.tokenizer.token_match = VERSIONED_NAME.match
    nlp.tokenizer.suffix_search = compile_suffix_regex(
        (*nlp.Defaults.suffixes, CAPITALS_END_STOP_SUFFIX)).search
    nlp.add_pipe("paperkg_name_tags")
    nlp.add_pipe("abbreviation_detector", config={"make_serializable": True})
    nlp.add_pipe("paperkg_abbreviations")
    nlp.add_pipe("paperkg_candidates", config={"patterns": [str(p) for p in patterns]})
    return nlp


def written_variants(phrase):
    """A term as written, singular and plural: ``parameter server`` -> ``parameter servers`` too."""
    plural = phrase[:-1] + "ies" if phrase.endswith("y") and phrase[-2:-1] not in "aeiou" else \
        phrase + ("es" if phrase.endswith(("s", "x", "ch", "sh")) else "s")
    return (phrase, plural)


# A versioned name with a capital: the tagger, which never saw one whole (spaCy cut them before),
# takes it for a number, an adverb or a verb ("UCF-CC-50", "GPT-4V", "Gemini-1.5-Pro").
CAPITALISED_VERSIONED_NAME = re.compile(rf"(?=[^A-Z]*[A-Z]){VERSIONED_NAME.pattern}")


# The words (runs of letters, digits, points and hyphens) holding a capital and a digit, as a
# versioned name with a capital does: only their tokens are looked at. Lookaheads from the run's
# start, so that a long run without a digit is passed over in linear time.
_CAPITAL_AND_DIGIT_WORD = re.compile(r"(?<![A-Za-z0-9.\-])(?=[A-Za-z0-9.\-]*[0-9])(?=[A-Za-z0-9.\-]*[A-Z])"
                                     r"[A-Za-z0-9.\-]+")


@Language.component("paperkg_name_tags")
def tag_versioned_names(doc):
    """Tags each versioned name with a capital a proper noun (NNP, PROPN)."""
    for word in _CAPITAL_AND_DIGIT_WORD.finditer(text_of(doc)):
        for token in doc.char_span(word.start(), word.end(), alignment_mode="expand"):
            if CAPITALISED_VERSIONED_NAME.match(token.text) and token.tag_ != "NNP":
                token.tag_, token.pos_ = "NNP", "PROPN"
    return doc


@Language.factory("paperkg_abbreviations", assigns=["doc.spans"], requires=["doc._.abbreviations"])
def make_abbreviation_spans(nlp, name):
    return AbbreviationSpans(load_vocabulary())


class AbbreviationSpans:
    """Sets ``doc.spans["paperkg_short_forms"]`` (every short form; ``span.id_`` is its long
    form's text) and ``doc.spans["paperkg_long_forms"]`` (each defining long form; ``span.id_``
    is its short form's text) from scispaCy's ``doc._.abbreviations``, leaving out long forms
    that name nothing (``state-of-the-art (SOTA)``, ``in-distribution (ID)``), whose short
    forms go to ``doc.spans["paperkg_empty_short_forms"]``."""

    def __init__(self, vocabulary):
        self.vocabulary = vocabulary

    def __call__(self, doc):
        shorts, longs, empty = [], {}, []
        pairs = abbreviation_pairs(doc._.abbreviations)
        for short_start, short_end, long_start, long_end in pairs + hyphenated_acronym_pairs(doc, pairs) \
                + digit_acronym_pairs(doc):
            # a long form starts with the whole hyphenated word: "multi-modal large language
            # models (MLLMs)", where scispaCy matches the M of "modal"
            long_start = hyphen_compound(doc, long_start)[0]
            long_start = whole_long_form_start(doc, doc[short_start:short_end].text, long_start, long_end)
            if long_start <= short_start and short_end <= long_end:
                continue  # the name inside its own long form: "IceCube Neutrino Observatory (IceCube)"
            short_text = doc[short_start:short_end].text
            long_text = written_form(doc, long_start, doc[long_start:long_end].text)
            if long_start > short_start and lists_names(long_text):
                continue  # examples of the short form, not its long form
            if is_institution(long_text) and concept_key(short_text) in self.vocabulary.terms:
                continue  # KITTI, named after two institutes: the short form is the name
            if names_nothing(long_text, self.vocabulary):
                empty.append(Span(doc, short_start, short_end, label="empty"))
                continue
            shorts.append(Span(doc, short_start, short_end, label="short", span_id=long_text))
            longs.setdefault((long_start, long_end),
                             Span(doc, long_start, long_end, label="long", span_id=short_text))
        doc.spans[defaults.SPANS_SHORT_FORMS] = shorts
        doc.spans[defaults.SPANS_LONG_FORMS] = [longs[k] for k in sorted(longs)]
        doc.spans[defaults.SPANS_EMPTY_SHORT_FORMS] = empty
        return doc


# Words an acronym takes no letter from ("Tree of Thoughts (ToT)", "Mixture of Experts (MoE)").
ACRONYM_SKIPPED_WORDS = frozenset(("of", "and", "for", "in", "on", "to", "with", "the", "a", "an",
                                   "by", "via", "from", "at"))
LONG_FORM_REACH = 4  # words before a long form looked at for the first letters of its acronym
LONG_FORM_POS = ("NOUN", "PROPN", "ADJ", "ADV")  # what such a word may be (no verb)


def whole_long_form_start(doc, short_text, long_start, long_end):
    """Where a long form starts once the words before it that give its acronym's first letters
    are taken in: scispaCy's detector stops short of them in ``Tree of Thought (ToT)``
    (``Thought``), ``Test Time Augmentation (TTA)`` (``Time Augmentation``) and
    ``Correlation-Aware Covariance Weighting (CACW)``. The long form must give the acronym's
    last capitals, and the words before it exactly the capitals missing, written as the long
    form is (capitalised before a capitalised one); otherwise ``long_start`` stays."""
    capitals = [c for c in short_text if c.isupper()]
    if not short_text.isalpha() or len(capitals) < 2:
        return long_start
    given = acronym_letters(span_text(doc, long_start, long_end).split())
    if not given or len(given) >= len(capitals) or capitals[-len(given):] != given:
        return long_start
    missing = capitals[:-len(given)]
    capitalised = doc[long_start].text[:1].isupper()
    start, found = long_start, []
    while start > 0 and long_start - start < LONG_FORM_REACH:
        first = hyphen_compound(doc, start - 1)[0]
        word = span_text(doc, first, start)
        start = first
        if word.lower() in ACRONYM_SKIPPED_WORDS:
            continue
        if not word.replace("-", "").isalpha() or word[:1].isupper() != capitalised \
                or doc[first].pos_ not in LONG_FORM_POS:
            return long_start  # "(samples that) originate from out-of-distribution (OOD)"
        found = acronym_letters([word]) + found
        if len(found) >= len(missing):
            return start if found == missing else long_start
    return long_start


def acronym_letters(words):
    """The capitals an acronym takes from ``words``: the first letter of each word or part of a
    hyphenated word, every capital of a part holding several (``CoT`` gives C and T), nothing
    from a word in ACRONYM_SKIPPED_WORDS (the ``of`` of ``Tree of Thought``; but the ``of`` of
    ``out-of-distribution`` is one of OOD's letters)."""
    letters = []
    for word in words:
        parts = word.split("-")
        if len(parts) == 1 and word.lower() in ACRONYM_SKIPPED_WORDS:
            continue
        for part in parts:
            if not part:
                continue
            inner = [c for c in part if c.isupper()]
            letters += inner if len(inner) >= 2 else [part[0].upper()]
    return letters


_HYPHENATED_IN_PARENTHESES = re.compile(r"\([A-Za-z][A-Za-z0-9]*-[A-Za-z0-9]")


def hyphenated_acronym_pairs(doc, pairs):
    """(short start, short end, long start, long end) of each use of an acronym with a hyphen
    defined in parentheses (``Task-Parameterized Gaussian Mixture Model (TP-GMM)``), which
    scispaCy's detector passes over (its short forms have no one-letter word, and ``-`` is
    one); the long form is found as the detector finds it (``find_abbreviation`` over as many
    words before the parenthesis as the detector reads). Acronyms among ``pairs`` (the
    detector's) are left out."""
    if not _HYPHENATED_IN_PARENTHESES.search(text_of(doc)):
        return []  # most texts: no word to look at
    words = tokens(doc)
    taken = {doc[start:end].text for start, end, _, _ in pairs}
    defined = {}  # the acronym's text -> (its length in tokens, long start, long end)
    for i in range(1, len(words) - 4):
        if words[i].text != "(":
            continue
        end = next((j for j in range(i + 4, min(i + 7, len(words))) if words[j].text == ")"), None)
        inner = doc[i + 1:end] if end is not None else None
        if inner is None or not is_hyphenated_acronym(inner) or inner.text in taken or inner.text in defined:
            continue
        letters = sum(c.isalnum() for c in inner.text)
        candidate = doc[max(i - min(letters + 5, letters * 2), 0):i]
        long_form = find_abbreviation(candidate, inner)[1]
        if long_form is not None and names_a_long_form(long_form):
            defined[inner.text] = (len(inner), long_form.start, long_form.end)
    return uses_of_acronyms(doc, defined)


# An acronym with a digit: one for "to" or "for" (T2I, Seq2Seq, Sim2Real, E2E) or a
# dimension (3DGS, 3D-GS, 2DGS, 3DMM): where one is defined, and the acronym's pieces
_DIGIT_ACRONYM = re.compile(r"\((?:[A-Za-z]+[24][A-Za-z]|[1-4]D-?[A-Z])")
_ACRONYM_PIECE = re.compile(r"[1-4]D|[24]|[A-Z][a-z]*|[a-z]+")
_DIGIT_WORDS = {"2": "to", "4": "for"}


def digit_acronym_pairs(doc):
    """(short start, short end, long start, long end) of each use of an acronym with a digit
    defined in parentheses after its long form, which scispaCy's detector passes over: one that
    writes ``to`` as 2 (``for`` as 4: ``text-to-image (T2I)``, ``sequence-to-sequence
    (Seq2Seq)``, ``end-to-end (E2E)``) or keeps a dimension whole (``3D Gaussian Splatting
    (3DGS)``, ``3D-GS``). Each piece of the acronym opens a word (or a hyphened part) of the
    long form, in order; a digit stands for its word, a dimension for itself."""
    if not _DIGIT_ACRONYM.search(text_of(doc)):
        return []  # most texts: no word to look at
    words = tokens(doc)
    defined = {}  # the acronym's text -> (its length in tokens, long start, long end)
    for i in range(1, len(words) - 2):
        close = next((j for j in range(i + 2, min(i + 5, len(words))) if words[j].text == ")"), None)
        if words[i].text != "(" or close is None or any(t.whitespace_ for t in words[i + 1:close - 1]):
            continue
        short = span_text(doc, i + 1, close)
        letters = short.replace("-", "")
        letters = letters[:-1] if letters.endswith("s") else letters  # "T2Is"
        pieces = _ACRONYM_PIECE.findall(letters)
        if short in defined or len(pieces) < 3 or "".join(pieces) != letters \
                or not any(piece[0].isdigit() for piece in pieces):
            continue
        parts, j = [], i - 1  # the long form's words and hyphened parts, last first
        while j >= 0 and len(parts) < len(pieces) and (words[j].text.isalnum() or words[j].text == "-"):
            if words[j].text != "-":
                parts.append(words[j].lower_)
            j -= 1
        if len(parts) == len(pieces) and all(opens_a_part(part, piece) for part, piece in zip(parts[::-1], pieces)):
            defined[short] = (close - i - 1, j + 1, i)
    return uses_of_acronyms(doc, defined)


def opens_a_part(part, piece):
    """The acronym's ``piece`` stands for the long form's word ``part`` (in lower case): a
    digit for its word (2 for ``to``), a dimension for itself (``3d``), letters for a word they
    open (``Seq`` for ``sequence``)."""
    if piece in _DIGIT_WORDS:
        return part == _DIGIT_WORDS[piece]
    return part == piece.lower() if piece[0].isdigit() else part.startswith(piece.lower())


def uses_of_acronyms(doc, defined):
    """(short start, short end, long start, long end) of every use in ``doc`` of the acronyms
    ``defined`` ({text: (its length in tokens, long start, long end)}), each a whole word
    (``hyphen_compound``: not the ``TP-GMM`` of ``TP-GMM-based``)."""
    words = tokens(doc)
    return sorted((i, i + size, long_start, long_end)
                  for text, (size, long_start, long_end) in defined.items()
                  for i in range(len(words) - size + 1)
                  if hyphen_compound(doc, i) == (i, i + size) and span_text(doc, i, i + size) == text)


def is_hyphenated_acronym(span):
    """Acronyms joined by hyphens (``TP-GMM``, ``VI-ReID``, ``D-MoE``, ``DP-SGD``): each part in
    capitals (digits allowed) or with two capitals at least, eight letters at most, the first
    part opening with a letter; not a name with a word in it (``ACT-Net``, ``AutoGEEval-Bench``)."""
    parts = [t.text for t in span]
    return (len(parts) % 2 == 1 and all(part == "-" for part in parts[1::2])
            and not any(t.whitespace_ for t in span[:-1]) and parts[0][0].isalpha()
            and all(part.isalnum() and len(part) <= 8
                    and (part.isupper() or part.isdigit() or sum(c.isupper() for c in part) >= 2)
                    for part in parts[0::2]))


def names_a_long_form(span):
    """A long form found for an acronym that reads as a name: it opens with no function word
    (``and Texture enhancement network`` for ``ACT-Net``) and holds no finite verb (``RARE is
    a knowledge-graph-driven synthesis``)."""
    return span[0].pos_ not in ("CCONJ", "DET", "ADP", "AUX", "PRON", "SCONJ", "PART") \
        and not any(t.tag_ in ("VBZ", "VBD", "VBP", "MD") for t in span)


def names_an_empty_acronym(text, empty):
    """``text`` is one of the acronyms ``empty`` (of long forms that name nothing), alone or with
    a system's generic heads (``E2E approaches``)."""
    words = text.split()
    return words[0] in empty and all(concept_key(word) in defaults.NAME_TAILS for word in words[1:])


class GatedMatcher:
    """A spaCy Matcher of (type, token pattern) pairs that runs only on a doc holding, for some
    pattern, a word of each word set it requires (``required_words``): the Matcher makes a Token
    object for every word of every doc, and most docs match no pattern. Requiring every set, not
    one, keeps a pattern such as ``the Pile`` from opening the gate on every text with ``the``."""

    def __init__(self, vocab, patterns):
        self.matcher = Matcher(vocab)
        self.required = []
        for kind, pattern in patterns:
            self.matcher.add(kind, [pattern])
            words = required_words(pattern)
            self.required = None if not words or self.required is None else self.required + [words]

    def __call__(self, doc):
        if self.required is not None:
            words = words_of(doc)
            if not any(all(not needed.isdisjoint(words) for needed in sets) for sets in self.required):
                return []
        return self.matcher(doc)


def required_words(pattern):
    """The word sets of a token pattern, in lower case, one per token that must match once or
    more and names its ORTH, LOWER or TEXT (or a list of them with IN), punctuation left out:
    every match holds a word of each set. Empty when no token names a word."""
    found = []
    for token in pattern:
        if token.get("OP", "1") not in ("1", "+"):
            continue
        for attr in ("ORTH", "LOWER", "TEXT"):
            value = token.get(attr)
            if isinstance(value, dict) and set(value) == {"IN"}:
                value = value["IN"]
            if isinstance(value, str):
                value = [value]
            if isinstance(value, list) and all(isinstance(w, str) for w in value) \
                    and any(w.isalnum() for w in value):
                found.append(frozenset(w.lower() for w in value))
    return tuple(found)


@Language.factory("paperkg_candidates", assigns=["doc.spans"], default_config={"patterns": []})
def make_candidate_finder(nlp, name, patterns):
    return CandidateFinder(nlp, patterns)


class CandidateFinder:
    """Sets ``doc.spans["paperkg_candidates"]``: candidate concepts, ``span.label_`` their type,
    ``span.kb_id_`` the rule that typed them, ``span.id_`` the text their label is made from;
    and ``doc.spans["paperkg_cut_candidates"]``: the same for the shorter forms of candidates
    that end in the cut last word of a truncated text.
    ``patterns``: extra JSONL pattern files added to the shipped vocabulary."""

    def __init__(self, nlp, patterns):
        self.vocabulary = load_vocabulary(tuple(patterns))
        self.matcher = None
        if self.vocabulary.token_patterns:
            self.matcher = GatedMatcher(nlp.vocab, self.vocabulary.token_patterns)
        self.term_matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.term_matcher.add("term", [nlp.make_doc(form) for phrase in self.vocabulary.term_phrases
                                       for form in written_variants(phrase)])

    def __call__(self, doc):
        found = find_candidates(doc, self.vocabulary, doc.spans.get(defaults.SPANS_LONG_FORMS, ()),
                                self.matcher, self.term_matcher)
        forget_facts(doc)
        # an acronym of a long form that names nothing names nothing either ("ID" of
        # in-distribution), nor with a system's generic head ("existing E2E approaches")
        empty = {span.text for span in doc.spans.get(defaults.SPANS_EMPTY_SHORT_FORMS, ())}
        if empty:
            found = [c for c in found if not names_an_empty_acronym(c.text, empty)]
        spans = [Span(doc, c.start, c.end, label=c.type, kb_id=c.source, span_id=c.text) for c in found]
        doc.spans[defaults.SPANS_CANDIDATES] = [s for s, c in zip(spans, found) if not c.cut]
        doc.spans[defaults.SPANS_CUT_CANDIDATES] = [s for s, c in zip(spans, found) if c.cut]
        return doc
