"""Candidate concepts in one parsed text (a spaCy ``Doc``): the rules of ``extract/rules`` run in
their order of precedence.

Phrases come from the span rules (noun chunks trimmed of determiners and evaluative words and
split at coordination, acronym long forms, runs the parser missed, the user's patterns); the
drop rules remove what names nothing; the first typing rule that types a phrase decides its
type and is its ``source``. A text cut off with an ellipsis also gets, for each candidate
ending in its last word, the candidate without that word (``cut``); ``concepts`` picks one.
"""

import re

from . import defaults
from .normalise import concept_key, is_acronym
from .rules import CANDIDATE_RULES, DROP_RULES, REPAIR_RULES, SPAN_RULES, TYPE_RULES, score
from .rules.base import Candidate, Piece, hyphen_compound, plain, term_type, tokens  # noqa: F401  (Candidate: public)
from .rules.drops import is_generic, is_institution, is_modifier_alone, organisation_alone
from .rules.heads import VOCABULARY_RULES
from .rules.spans import (OBSERVING_TASKS, PARSED_ORIGINS, WHOLE_PHRASE_ORIGINS, Phrase, SpanContext,
                          chunk_pieces, written_form)

__all__ = ["Candidate", "find_candidates", "names_nothing", "abbreviation_pairs", "lists_names", "term_type"]


DROPS_BEFORE_TYPING = tuple(drop for drop in DROP_RULES if not drop.after_typing)
DROPS_AFTER_TYPING = tuple(drop for drop in DROP_RULES if drop.after_typing)


def dropped(piece, kind):
    """True if a drop rule drops ``piece``: before typing (``kind`` None) the rules that need no
    type, after typing those that do (``after_typing``)."""
    return any(drop(piece, kind) for drop in (DROPS_BEFORE_TYPING if kind is None else DROPS_AFTER_TYPING))


def first_type(piece, rules=TYPE_RULES):
    """(type, rule name) from the first typing rule that types ``piece``, or (None, None)."""
    for type_rule in rules:
        kind = type_rule(piece)
        if kind:
            return kind, type_rule.__name__
    return None, None


def without_problem_modifier(piece):
    """``high communication overhead`` is the concept ``communication overhead``; ``limited
    memory`` keeps its modifier, since ``memory`` alone is generic, and so do a term of the
    field (``low resource languages``) and a shortfall of a goal (``excessive reasoning``,
    ``limited interpretability``: the goal alone is a concept only where a problem is said)."""
    doc, start = piece.doc, piece.start
    modifier = plain(doc[start].lower_)
    if modifier not in piece.vocab.problem_modifiers or not doc[start].whitespace_ \
            or start + 1 >= piece.end or piece.key in piece.vocab.terms:
        return piece  # "low resource languages", a term as the field writes it too
    rest = piece.text.split(None, 1)[1] if piece.text.lower().startswith(modifier + " ") else None
    if rest and not is_generic(concept_key(rest), piece.vocab) and not (
            modifier in defaults.SHORTFALL_WORDS and concept_key(rest) in piece.vocab.needs_cue):
        return piece.with_text(rest, start=start + 1)
    return piece


def typed(piece):
    """The Candidate for one piece, or None when it is not a concept."""
    whole = piece.origin in WHOLE_PHRASE_ORIGINS
    if dropped(piece, None) if not whole else organisation_alone(piece, None):
        return None  # a defined name is kept whole, unless it names an organisation ("UN")
    kind, source = first_type(piece)
    if kind is None:
        for repair in REPAIR_RULES:
            repaired = repair(piece)
            if repaired:
                shorter, accepted = repaired
                candidate = typed(shorter)
                return candidate if candidate and candidate.source in accepted else None
        return None
    if source in VOCABULARY_RULES:
        piece = without_problem_modifier(piece)
    if not whole and dropped(piece, kind):
        return None
    return Candidate(piece.start, piece.end, kind, source, without_context_tail(piece))


def without_context_tail(piece):
    """The label of a typed piece without a last word that only says where or how its concept
    is met: ``label noise issue`` is ``label noise``, ``speculative decoding setting``
    ``speculative decoding`` (the phrase was typed whole). The word stays after an adjective
    (``grand challenge``) or a word making a name with it (``inverse problem``), in a name holding
    a number (``NTIRE 2025 shadow removal challenge``), written capitalised, and when one word
    would remain that the field does not know as a term."""
    words = [word for word in piece.tokens if not word.is_space]
    text, vocab = piece.text, piece.vocab
    if len(words) < 2 or not words[-1].is_lower or concept_key(words[-1].text) not in defaults.CONTEXT_TAILS \
            or not text.endswith(words[-1].text) or any(word.like_num for word in words) \
            or words[-2].tag_ not in ("NN", "NNS", "NNP", "NNPS", "VBG") \
            or words[-2].lower_ in defaults.CONTEXT_TAIL_KEEPERS:
        return text
    before = text[:-len(words[-1].text)]
    rest = before.rstrip()
    key = concept_key(rest)
    if rest == before or is_generic(key, vocab) or (len(rest.split()) < 2 and key not in vocab.terms):
        return text
    return rest


def cut_token(doc):
    """The index of the word a text cut off with an ellipsis ends in (``Communi…``), or None."""
    if len(doc) >= 2 and doc[-1].text in defaults.TRUNCATION_MARKS and not doc[-2].whitespace_ \
            and not doc[-2].is_punct:
        return len(doc) - 2
    return None


_WORD_BREAKS = re.compile(r"[\s,;/-]+")


def names_nothing(text, vocab):
    """A phrase made only of evaluative, degree or generic words, listed or not
    (``state-of-the-art``, ``novel approach``, ``Simple, Fast, Efficient (SFE) filter``), or a modifier alone (``in-distribution``: ``is_modifier_alone``),
    names no concept, even when an acronym is defined for it; nor does an institution's name
    (``Lawrence Livermore National Laboratory (LLNL)``)."""
    lowered = text.lower()
    if lowered in vocab.evaluative or lowered.replace(" ", "-") in vocab.evaluative:
        return True
    words = [word for word in _WORD_BREAKS.split(lowered) if word and word not in defaults.COORDINATORS]
    judging = [word in vocab.evaluative or word in vocab.degree for word in words]
    return (any(judging) and all(judge or word in vocab.generic for word, judge in zip(words, judging))) \
        or is_modifier_alone(text, concept_key(text), vocab) or is_institution(text)


def phrases(doc, vocab, long_forms, matcher, term_matcher=None):
    """Every phrase the span rules find, in rule order."""
    found = []
    context = SpanContext(vocab, tuple(long_forms), matcher, found, term_matcher)
    for span_rule in SPAN_RULES:
        found.extend(span_rule(doc, context))
    return joined_across_terms(doc, found)


def joined_across_terms(doc, found):
    """``found`` with each noun chunk or run that the parser began inside a term of the field
    written out (``sentiment | analysis tasks``, ``question`` taken for a verb in ``question
    answering tasks``) or ended inside one (``inference scaling | laws``) made one phrase with
    the term and with each other (``video question | answering benchmarks``); the term then is
    no phrase of its own, nor are the chunks inside it (``sentiment``): cut at the term's inner
    word, a chunk named a fragment (``analysis task``). A chunk before the term whose last word
    the tagger took for a verb is left out (``not only advance machine | unlearning techniques``)."""
    joined, gone = [], set()
    for term in [p.span for p in found if p.origin == "field_terms_outside_phrases" and is_joinable_term(doc, p.span)]:
        parsed = [(i, p.span.start, p.span.end) for i, p in enumerate(found)
                  if p.origin in PARSED_ORIGINS and i not in gone]
        opening = [i for i, start, end in parsed if term.start < start < term.end < end and doc[start - 1].whitespace_]
        closing = [i for i, start, end in parsed if start < term.start < end < term.end and doc[end - 1].whitespace_
                   and not (opening and doc[term.start - 1].tag_.startswith("VB"))]
        if not opening and not closing:
            continue
        first, *others = closing + opening
        spans = [found[i].span for i in closing + opening] + [term]
        found[first] = Phrase(doc[min(s.start for s in spans):max(s.end for s in spans)], found[first].origin)
        gone.update(others)
        joined.append(term)
    if not joined:
        return found
    return [p for i, p in enumerate(found) if i not in gone and not any(
        (p.origin == "field_terms_outside_phrases" and p.span == term)
        or (p.origin in PARSED_ORIGINS and term.start <= p.span.start and p.span.end <= term.end)
        for term in joined)]


def is_joinable_term(doc, term):
    """A term of content words only (not ``precision and recall``, ``area under the curve``),
    no part of a hyphenated word (``deep learning`` of ``Deep learning-based``)."""
    return all(word.pos_ not in ("ADP", "CCONJ", "DET", "PART", "PUNCT") for word in term) \
        and hyphen_compound(doc, term.start)[0] == term.start and hyphen_compound(doc, term.end - 1)[1] == term.end


def pieces(doc, phrase, vocab, long_forms=()):
    """The pieces one phrase gives: itself, or its trimmed coordination parts; none for a
    coordination inside a defined long form ((start, end) in ``long_forms``), which names one
    thing (``Dimensional and Contextual Evaluation (DICE)``: no ``dimensional evaluation``)."""
    span = phrase.span
    if phrase.origin not in WHOLE_PHRASE_ORIGINS \
            and any(t.lower_ in defaults.COORDINATORS for t in span) \
            and any(start <= span.start and span.end <= end for start, end in long_forms):
        return []
    if phrase.origin in WHOLE_PHRASE_ORIGINS or (  # a term holding "and": branch and bound
            phrase.origin == "field_terms_outside_phrases" and any(t.dep_ == "cc" for t in span)):
        return [Piece.of(doc, span.start, span.end, phrase.label or written_form(doc, span.start, span.text),
                         span.root, phrase.origin, vocab, phrase.hint)]
    return [Piece.of(doc, start, end, text, span.root, phrase.origin, vocab)
            for start, end, text in chunk_pieces(doc, span.start, span.end, vocab)]


def find_candidates(doc, vocab, long_forms=(), matcher=None, term_matcher=None):
    """All candidates of a doc, in document order, each (start, end, text) once."""
    long_forms = [with_the_noun_it_modifies(doc, span, vocab) for span in long_forms
                  if not names_nothing(span.text, vocab)]
    cut = cut_token(doc)
    named = [(span.start, span.end) for span in long_forms]
    found = []
    terms = []  # (start, end) of the field's terms of several words the parse split
    made = {origin: [] for origin in PARSED_ORIGINS}  # see without_early_chunk_ends
    for phrase in phrases(doc, vocab, long_forms, matcher, term_matcher):
        if phrase.origin == "field_terms_outside_phrases" and len(phrase.span) > 1:
            terms.append((phrase.span.start, phrase.span.end))
        first = len(found)
        for piece in pieces(doc, phrase, vocab, named):
            candidate = typed(piece)
            if candidate:
                found.append(candidate)
            if phrase.origin in WHOLE_PHRASE_ORIGINS:
                continue
            if candidate is None or candidate.type != "hardware":
                for candidate_rule in CANDIDATE_RULES:
                    found.extend(candidate_rule(doc, piece.start, piece.end, vocab))
            if piece.end - 1 == cut and piece.end - piece.start >= 2 and " " in piece.text:
                shorter = typed(piece.with_text(piece.text.rsplit(None, 1)[0], end=piece.end - 1))
                if shorter:
                    found.append(shorter._replace(cut=True))
        if phrase.origin in made:
            made[phrase.origin].append((phrase.span.start, phrase.span.end, first, len(found)))
    if made["noun_runs_outside_chunks"]:
        found = without_early_chunk_ends(found, made["noun_chunks_joined_at_hyphens"],
                                         made["noun_runs_outside_chunks"])
    if terms:
        found = [c for c in found if not is_head_of_a_split_term(c, terms)]
    best = {}
    for candidate in found:
        where = (candidate.start, candidate.end, candidate.text, candidate.cut)
        known = best.get(where)
        if known is None or score(candidate.source) > score(known.source):
            best[where] = candidate
    return without_observed_objects(without_fragments(doc, without_nested(sorted(best.values())), vocab))


def without_early_chunk_ends(found, chunks, runs):
    """``found`` without the candidates of a noun chunk that a run of nouns after it extends
    (``noun_runs_outside_chunks``) into a candidate covering the chunk and more: the parser ended the
    chunk early (``distributed optimization | algorithms``, ``selective concept | unlearning``,
    ``storage | overhead``), and alone it is a fragment of the phrase, as it is where the parser
    gets the chunk right. A name keeps its own candidate (``FastText`` of ``FastText
    embedding``). ``chunks``, ``runs``: (start, end, first, last) of each such phrase,
    ``found[first:last]`` the candidates it gave."""
    dropped = set()
    for run_start, run_end, first, last in runs:
        for start, end, chunk_first, chunk_last in chunks:
            if run_start <= start and end < run_end \
                    and any(c.start <= start and c.end > end for c in found[first:last]):
                dropped.update(i for i in range(chunk_first, chunk_last) if found[i].text.islower())
    return [c for i, c in enumerate(found) if i not in dropped] if dropped else found


def is_head_of_a_split_term(candidate, terms):
    """The last word or words of a term of the field the parser split (``clouds`` of ``projects
    point clouds``, ``point`` taken for a verb): the term is the concept (or none, when it is
    generic), not its head alone."""
    return any(start < candidate.start and candidate.end == end for start, end in terms)


def without_observed_objects(candidates):
    """Drop a problem or measure inside the gerund clause of a task that observes it: ``detecting
    fraud`` is the concept ``fraud detection``, where ``fraud`` names no second concept."""
    tasks = [c for c in candidates if c.source == "task_as_gerund_clause"
             and c.text.rsplit(None, 1)[-1] in OBSERVING_TASKS]
    return [c for c in candidates if c.type not in ("problem", "metric")
            or not any(t.start <= c.start and c.end <= t.end and t is not c for t in tasks)]


def with_the_noun_it_modifies(doc, long_form, vocab):
    """A long form of one hyphenated word, no term of the field, whose acronym's brackets a noun
    follows, with that noun: the words modify it (``key-value (KV) cache``, ``Kullback-Leibler
    (KL) divergence``, ``near-infrared (NIR) spectrum``) and name nothing alone."""
    words = tokens(doc)
    end = long_form.end
    if " " in long_form.text.strip() or "-" not in long_form.text \
            or concept_key(long_form.text) in vocab.terms or end >= len(words) or words[end].text != "(":
        return long_form
    close = next((t.i for t in words[end:end + 5] if t.text == ")"), None)
    if close is None or close + 1 >= len(words) or words[close + 1].pos_ not in ("NOUN", "PROPN"):
        return long_form
    last = close + 1  # the nouns that follow, hyphenated ones whole: "(KV) cache size"
    while last + 1 < len(words) and (words[last + 1].pos_ in ("NOUN", "PROPN") or (
            words[last + 1].text == "-" and not words[last].whitespace_ and last + 2 < len(words))):
        last += 2 if words[last + 1].text == "-" else 1
    return doc[long_form.start:last + 1]


def without_nested(candidates):
    """Drop a candidate inside a longer one of the same type and head: ``neural networks``
    inside ``spiking neural networks`` (whole words: ``supervised learning`` is not inside
    ``unsupervised learning``)."""
    by_end = {}
    for c in candidates:
        by_end.setdefault((c.end, c.type), []).append(c)
    return [c for c in candidates
            if not any(o.start < c.start and ends_with_words(o.text, c.text) for o in by_end[c.end, c.type])]


def ends_with_words(text, end):
    """``text`` ends with the whole words of ``end`` (after a space or a hyphen)."""
    return text.endswith(end) and (len(text) == len(end) or text[-len(end) - 1] in " -")


def without_fragments(doc, candidates, vocab):
    """Drop a piece of a longer accepted name that the parser took for a phrase of its own:
    ``Sparse Times`` inside the defined long form ``Sparse Times Dense Matrix Multiplication``.
    A term of the field of several words written out whole is such a name too: ``signal-to-noise``
    (a chunk the parser ended before ``ratio``) goes inside ``signal-to-noise ratio``; a part of
    a coordination does not (``time efficiency`` in ``memory and time efficiency``).
    Terms of the field, acronyms and names defined on their own stay, unless the term is one word
    that modifies the name (``modifies_a_name``)."""
    names = [c for c in candidates if c.source in defaults.WHOLE_NAME_SOURCES
             or (c.source == "field_term" and c.end - c.start > 1
                 and concept_key(c.text) in vocab.terms
                 and concept_key(doc[c.start:c.end].text) == concept_key(c.text))]
    if not names:
        return candidates
    # a long form taken with the noun it modifies ("key-value (KV) cache"): all inside it goes
    with_noun = [n for n in names if n.source == "defined_long_form" and "(" in doc[n.start:n.end].text]
    kept = []
    for c in candidates:
        if any(n.start <= c.start and c.end <= n.end and (n.start, n.end) != (c.start, c.end)
               for n in with_noun):
            continue
        end = next((t.i for t in tokens(doc)[c.start:c.end] if t.text == "("), c.end)  # "X (SpMM"
        # "IceCube Neutrino Observatory (IceCube": a name and an unclosed bracket
        unclosed = end < c.end and not any(t.text == ")" for t in tokens(doc)[end:c.end])
        inside = any(n.start <= c.start and end <= n.end and (n.end - n.start > end - c.start or unclosed)
                     for n in names)
        if inside and c.source not in defaults.WHOLE_NAME_SOURCES + ("hardware_acronym_inside_phrase",) \
                and not (c.end - c.start == 1 and is_acronym(c.text)) \
                and (concept_key(c.text) not in vocab.terms or modifies_a_name(doc, c, names)):
            continue
        kept.append(c)
    return kept


def modifies_a_name(doc, candidate, names):
    """True for a one-word candidate that a further word of the name it sits in follows:
    ``machine`` in the long form ``machine unlearning`` modifies it, where ``federated
    learning`` in ``Federated Learning with Differential Privacy`` ends at a preposition."""
    after = candidate.end
    return (candidate.end - candidate.start == 1
            and any(n.start <= candidate.start and after < n.end for n in names)
            and doc[after].pos_ in ("NOUN", "PROPN", "ADJ", "VERB") and doc[after - 1].whitespace_ != "")


def lists_names(text):
    """True for a comma-separated list of at least two names (an item with a digit or a capital
    inside a word: ``LLaMA-3, Mistral-7B, Qwen2-7B``): in parentheses after a short form it gives
    examples of it (``three LLMs (LLaMA-3, Mistral-7B, Qwen2-7B)``), not its long form, where
    ``HVAC (heating, ventilation, and air conditioning)`` spells one out."""
    items = [item.strip() for item in text.split(",")]
    return sum(any(c.isdigit() or (i and c.isupper()) for word in item.split() for i, c in enumerate(word))
               for item in items) >= 2


def abbreviation_pairs(abbreviations):
    """(short start, short end, long start, long end) token offsets from scispaCy's
    ``doc._.abbreviations`` (serialisable dicts or Spans). A short form needs a capital letter,
    one of several words an acronym (``Soft MoE``, ``Video LLMs``: not ``Stable Diffusion``,
    whose letters scispaCy found scattered over the 19 words before it), and its long form
    holds no bracket (``Domain I) and uncertainty quantification ...`` for ``Domain II``)."""
    pairs = []
    for abbr in abbreviations:
        if isinstance(abbr, dict):
            short = (abbr["short_text"], abbr["short_start"], abbr["short_end"])
            long_ = (abbr["long_start"], abbr["long_end"])
            long_text = abbr["long_text"]
        else:
            short = (abbr.text, abbr.start, abbr.end)
            long_ = (abbr._.long_form.start, abbr._.long_form.end)
            long_text = abbr._.long_form.text
        words = short[0].split()
        if any(c.isupper() for c in short[0]) and not set(long_text) & set("()[]") \
                and (len(words) == 1 or any(is_acronym(w) for w in words)):
            pairs.append((short[1], short[2], *long_))
    return sorted(set(pairs))
