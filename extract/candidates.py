"""Candidate concepts in one parsed text (a spaCy ``Doc``), as plain functions.

Candidates come from noun chunks (trimmed of determiners and evaluative words, split at
coordination: ``computational and communication bottlenecks`` gives two), from abbreviation
long forms, from names (``FuseFlow``, ``ZeRO-3``, ``Rotated Tensor``) and from the user's token
patterns. Each is typed by the longest field term or head noun it ends with
(``parameter server`` -> method, ``overhead`` -> problem, ``GPU`` -> hardware) or, failing that,
by its context: ``approaches such as X``, ``X, a compiler``, ``we propose X``, ``reduce X``,
``the challenge of X``. A text cut off with an ellipsis also gets, for each candidate ending in
its last word, the candidate without that word (source ``cut``); ``concepts`` picks one of the two.
"""

import re
from typing import NamedTuple

from . import defaults
from .normalise import concept_key, is_acronym

NOUN_PHRASE_POS = {"NOUN", "PROPN", "ADJ", "X"}
DROPPED_POS = {"DET", "PRON", "NUM", "PUNCT", "ADP", "CCONJ", "SCONJ", "PART", "SYM", "SPACE"}
_PARENTHESES = re.compile(r"\s*\([^()]*(?:\)|$)")
_QUANTITY = re.compile(r"^(?:[\d.,]+[kmbx]?|[a-z])$")
_LATEX_COMMAND = re.compile(r"\\[a-zA-Z]+\{?|[{}]")


class Candidate(NamedTuple):
    start: int  # token offsets in the doc
    end: int
    type: str
    source: str
    text: str  # the text the label is made from (the span's, or a coordination part's)


def term_type(key, vocab):
    """(type, source) of a normalised phrase from the longest field term it ends with."""
    words = key.split()
    for i in range(len(words)):
        found = vocab.terms.get(" ".join(words[i:]))
        if found:
            whole_term = i < len(words) - 1 or len(words) == 1
            return found, "lexicon" if whole_term else "noun phrase"
    if len(words) >= 2 and words[-1] in defaults.UNTYPED_TAILS:
        return term_type(" ".join(words[:-1]), vocab)
    return None, None


def phrase_type(key, vocab):
    """term_type, except that a hardware word makes its container hardware: ``GPU systems``."""
    kind, source = term_type(key, vocab)
    words = key.split()
    if (len(words) >= 2 and words[-1] in defaults.HARDWARE_CONTAINERS
            and vocab.terms.get(words[-2]) == "hardware"):
        return "hardware", source or "noun phrase"
    return kind, source


def is_generic(key, vocab):
    """One generic word, alone or with evaluative words (``approach``, ``proposed method``),
    or a vague head with only generic modifiers (``training process``)."""
    words = [w for w in key.split() if w not in vocab.evaluative]
    if len(words) <= 1:
        return all(w in vocab.generic for w in words)
    return words[-1] in defaults.VAGUE_HEADS and key not in vocab.terms \
        and all(w in vocab.generic for w in words)


def only_degree(key, vocab):
    """A generic head with only size or trend words before it (``large problem``,
    ``increasing demand``, ``ever-increasing complexity``): a degree, not a concept."""
    words = key.split()
    return (len(words) >= 2 and words[-1] in vocab.generic and key not in vocab.terms
            and all(w in vocab.degree or w in vocab.evaluative for w in words[:-1]))


def has_content(key, vocab):
    """False for a generic head whose modifiers name nothing of the field (``targeted
    approach``, ``mitigation strategy``); true for ``training strategy``, ``fully sharded
    approach``, ``FedAvg framework``."""
    words = key.split()
    if len(words) < 2 or words[-1] not in defaults.GENERIC_TAILS:
        return True
    rest = " ".join(words[:-1])
    return (term_type(rest, vocab)[0] is not None or all(w in vocab.words for w in words[:-1])
            or any(c.isdigit() for c in rest))


def is_name(tokens):
    """Names of systems and methods: ``DistDD``, ``ZeRO-3``, ``MPI``, ``Rotated Tensor``."""
    words = [t for t in tokens if not t.is_punct]
    if not words:
        return False
    if all(is_acronym(t.text) or (t.text[:1].isupper() and any(c.isdigit() for c in t.text))
           for t in words):
        return True
    return (len(words) >= 2 and all(t.is_title or is_acronym(t.text) for t in words)
            and not words[0].is_sent_start)


def hyphen_compound(doc, i):
    """(start, end) of the hyphenated word token ``i`` belongs to (``state-of-the-art``)."""
    start, end = i, i + 1
    while start > 0 and not doc[start - 1].whitespace_ and "-" in (doc[start - 1].text, doc[start].text):
        start -= 1
    while end < len(doc) and not doc[end - 1].whitespace_ and "-" in (doc[end - 1].text, doc[end].text):
        end += 1
    return start, end


def trim(doc, start, end, vocab):
    """Drop leading determiners, numbers, punctuation and evaluative words (hyphenated ones
    too: ``state-of-the-art``), trailing punctuation."""
    while start < end:
        word = plain(doc[start].lower_)
        if doc[start].pos_ in DROPPED_POS or word in vocab.evaluative or _QUANTITY.match(word):
            start += 1
            continue
        first, last = hyphen_compound(doc, start)
        if last - first > 1 and doc[first:last].text.lower() in vocab.evaluative:
            start = last
            continue
        break
    while end > start and doc[end - 1].is_punct and doc[end - 1].text != ")":
        end -= 1
    return start, end


def plain(text):
    """Text without LaTeX markup: ``\\emph{low`` -> ``low``."""
    return _LATEX_COMMAND.sub("", text) if "\\" in text or "{" in text else text


def label_text(doc, start, end):
    return plain(_PARENTHESES.sub("", doc[start:end].text)).strip()


def chunk_pieces(doc, start, end, vocab):
    """The (start, end, label text) parts of one noun chunk, split at coordination:
    ``computational and communication bottlenecks`` -> ``computational bottlenecks`` (over the
    whole span) and ``communication bottlenecks``; ``ZeRO-3 and FSDP`` -> each name."""
    start, end = trim(doc, start, end, vocab)
    if start >= end:
        return []
    cc = next((t.i for t in doc[start + 1:end - 1] if t.dep_ == "cc" and t.pos_ == "CCONJ"), None)
    if cc is None:
        return [(start, end, label_text(doc, start, end))]
    left_end = cc
    while left_end > start and doc[left_end - 1].is_punct:
        left_end -= 1
    first = doc[cc + 1]
    first_end = max([t.i for t in first.subtree if cc < t.i < end] or [cc + 1]) + 1
    named = is_name(doc[start:left_end]) or is_name([first])
    shared_head = end - first_end == 1 and word_type(doc[end - 1], vocab)
    if first_end >= end or (named and not shared_head):
        parts = [(start, left_end), (cc + 1, first_end), (first_end, end)]
        return [(s, e, label_text(doc, s, e)) for s, e in (trim(doc, s, e, vocab) for s, e in parts)
                if s < e]
    tail = label_text(doc, first_end, end)
    return [(start, end, f"{label_text(doc, start, left_end)} {tail}"),
            (cc + 1, end, label_text(doc, cc + 1, end))]


def word_type(token, vocab):
    return vocab.terms.get(concept_key(token.text))


def context_type(root, vocab):
    """The type a noun chunk's context gives it, or None: ``approaches like X`` (the host's
    type), ``Hydra, a compiler`` (the apposition's), ``we propose Hydra`` (a name),
    ``reduce X``, ``suffer from X``, ``limited by X``, ``the challenge of X``, ``concerns about X``,
    ``models for X`` (problems)."""
    proper = root.pos_ == "PROPN" or is_acronym(root.text)
    for child in root.children:
        if child.dep_ == "appos" and proper and word_type(child, vocab):
            return word_type(child, vocab)
    first = root
    while first.dep_ == "conj" and first.head is not first:
        first = first.head
    head = first.head
    if first.dep_ == "dobj":
        if head.lower_ in vocab.intro_verbs and proper:
            return "method"
        return "problem" if head.lower_ in vocab.problem_verbs else None
    if first.dep_ != "pobj":
        return None
    if head.lower_ in defaults.EXAMPLE_MARKERS:
        host = head.head
        if host.lower_ == "such":
            host = host.head
        return word_type(host, vocab) if host.pos_ in ("NOUN", "PROPN") else None
    if head.lower_ == "from" and head.head.lower_ in vocab.problem_verbs:
        return "problem"
    if head.lower_ == "by" and head.dep_ == "agent" and (
            head.head.lower_ in vocab.problem_verbs or head.head.lower_ in vocab.problem_modifiers):
        return "problem"
    if head.lower_ == "for" and head.head.lower_ in defaults.TASK_HOSTS:
        return "problem"
    if head.lower_ in ("of", "about") and concept_key(head.head.text) in defaults.PROBLEM_OF:
        return "problem"
    return None


def typed(doc, start, end, text, cue, vocab):
    """The Candidate for one piece of a chunk, or None when it is not a concept."""
    key = concept_key(text)
    if not key or is_generic(key, vocab) or not has_content(key, vocab):
        return None
    kind, source = phrase_type(key, vocab)
    if kind is None:
        if is_name(doc[start:end]) or is_acronym(doc[end - 1].text):
            kind, source = "method", "name"
        elif cue and " " in key:
            kind, source = cue, "cue"
        elif end - start >= 3 and " " in text:
            # a verb the parser took for the head: "speculative decoding leverages"
            shorter = typed(doc, start, end - 1, text.rsplit(None, 1)[0], None, vocab)
            return shorter if shorter and shorter.source == "lexicon" else None
        else:
            return None
    elif plain(doc[start].lower_) in vocab.problem_modifiers and doc[start].whitespace_ and start + 1 < end:
        # "high communication overhead" is the concept "communication overhead", a problem;
        # "limited memory" keeps its modifier, since "memory" alone is generic.
        if kind == "method" and source == "noun phrase":
            kind = "problem"
        modifier = plain(doc[start].lower_)
        rest = text.split(None, 1)[1] if text.lower().startswith(modifier + " ") else None
        if rest and not is_generic(concept_key(rest), vocab):
            start, text = start + 1, rest
    if kind == "problem" and only_degree(concept_key(text), vocab):
        return None
    return Candidate(start, end, kind, source, text)


def embedded_hardware(doc, start, end, vocab):
    """Hardware acronyms inside longer phrases: ``GPU`` in ``multi-GPU tensor parallelism``."""
    if end - start < 2 or doc[start:end].text.islower():
        return []
    return [Candidate(t.i, t.i + 1, "hardware", "embedded", t.text) for t in doc[start:end]
            if is_acronym(t.text) and word_type(t, vocab) == "hardware"]


def missed_chunks(doc, chunks, vocab):
    """Noun phrases the parser left out of ``doc.noun_chunks``: runs of adjectives and nouns
    ending in a noun outside every chunk (a run right after a chunk extends it: ``communication``
    + ``overhead``), and lone names (``FlashDMoE``)."""
    covered, chunk_start = set(), {}
    for chunk in chunks:
        covered.update(range(chunk.start, chunk.end))
        chunk_start[chunk.end] = chunk.start
    runs, start = [], None
    for token in doc:
        inside = token.i not in covered and (token.pos_ in NOUN_PHRASE_POS
                                             or (token.text == "-" and not token.whitespace_)
                                             or concept_key(token.text) in vocab.terms)
        if inside and start is None:
            start = token.i
        elif not inside and start is not None:
            runs.append((start, token.i))
            start = None
    if start is not None:
        runs.append((start, len(doc)))
    spans = []
    for start, end in runs:
        while end > start and doc[end - 1].pos_ not in ("NOUN", "PROPN", "X") \
                and concept_key(doc[end - 1].text) not in vocab.terms:
            end -= 1
        if start in chunk_start and end > start:
            spans.append(doc[chunk_start[start]:end])
        elif end - start >= 2 or (end > start and is_acronym(doc[start].text)):
            spans.append(doc[start:end])
    return spans


def without_nested(candidates):
    """Drop a candidate inside a longer one of the same type and head: ``neural networks``
    inside ``spiking neural networks``."""
    by_end = {}
    for c in candidates:
        by_end.setdefault((c.end, c.type), []).append(c)
    return [c for c in candidates
            if not any(o.start < c.start and o.text.endswith(c.text) for o in by_end[c.end, c.type])]


def joined_at_hyphens(doc, chunks):
    """Chunks the parser split at a hyphen joined again: ``LLM post`` + ``training``."""
    joined = []
    for chunk in chunks:
        if joined and chunk.start == joined[-1].end + 1 and doc[chunk.start - 1].text == "-" \
                and not doc[chunk.start - 1].whitespace_ and not doc[chunk.start - 2].whitespace_:
            joined[-1] = doc[joined[-1].start:chunk.end]
        else:
            joined.append(chunk)
    return joined


def defined_phrases(doc, long_forms, vocab):
    """``Large Language Model (LLM) inference``: a defined long form, its short form in
    parentheses and a head noun of the field after them, however the parser attached them."""
    phrases = []
    for span in long_forms:
        close = span.end + 2
        if close + 1 < len(doc) and doc[span.end].text == "(" and doc[close].text == ")" \
                and concept_key(doc[close + 1].text) in vocab.terms:
            phrases.append(doc[span.start:close + 2])
    return phrases


def cut_token(doc):
    """The index of the word a text cut off with an ellipsis ends in (``Communi…``), or None."""
    if len(doc) >= 2 and doc[-1].text in defaults.TRUNCATION_MARKS and not doc[-2].whitespace_ \
            and not doc[-2].is_punct:
        return len(doc) - 2
    return None


def names_nothing(text, vocab):
    """A phrase made only of evaluative, degree or generic words (``state-of-the-art``,
    ``novel approach``) names no concept, even when an acronym is defined for it."""
    lowered = text.lower()
    if lowered in vocab.evaluative or lowered.replace(" ", "-") in vocab.evaluative:
        return True
    words = lowered.replace("-", " ").split()
    judging = [word in vocab.evaluative or word in vocab.degree for word in words]
    return any(judging) and all(judge or word in vocab.generic for word, judge in zip(words, judging))


def find_candidates(doc, vocab, long_forms=(), matcher=None):
    """All candidates of a doc, in document order, each (start, end, text) once."""
    found = []
    long_forms = [span for span in long_forms if not names_nothing(span.text, vocab)]
    for span in long_forms:
        kind, _ = term_type(concept_key(span.text), vocab)
        found.append(Candidate(span.start, span.end, kind or "method", "abbreviation", span.text))
    chunks = joined_at_hyphens(doc, list(doc.noun_chunks)) + defined_phrases(doc, long_forms, vocab)
    cut = cut_token(doc)
    for chunk in chunks + missed_chunks(doc, chunks, vocab):
        cue = context_type(chunk.root, vocab)
        for start, end, text in chunk_pieces(doc, chunk.start, chunk.end, vocab):
            candidate = typed(doc, start, end, text, cue, vocab)
            if candidate:
                found.append(candidate)
            if candidate is None or candidate.type != "hardware":
                found.extend(embedded_hardware(doc, start, end, vocab))
            if end - 1 == cut and end - start >= 2 and " " in text:
                shorter = typed(doc, start, end - 1, text.rsplit(None, 1)[0], cue, vocab)
                if shorter:
                    found.append(shorter._replace(source="cut"))
    if matcher is not None:
        for match_id, start, end in matcher(doc):
            found.append(Candidate(start, end, doc.vocab.strings[match_id], "pattern",
                                   doc[start:end].text))
    best = {}
    for candidate in found:
        where = (candidate.start, candidate.end, candidate.text)
        known = best.get(where)
        if known is None or defaults.SOURCE_SCORES[candidate.source] > defaults.SOURCE_SCORES[known.source]:
            best[where] = candidate
    return without_fragments(doc, without_nested(sorted(best.values())), vocab)


def without_fragments(doc, candidates, vocab):
    """Drop a piece of a longer accepted name that the parser took for a phrase of its own:
    ``Sparse Times`` inside the defined long form ``Sparse Times Dense Matrix Multiplication``.
    Terms of the field, acronyms and names defined on their own stay."""
    names = [c for c in candidates if c.source in defaults.WHOLE_NAME_SOURCES]
    if not names:
        return candidates
    kept = []
    for c in candidates:
        end = next((t.i for t in doc[c.start:c.end] if t.text == "("), c.end)  # "X (SpMM"
        inside = any(n.start <= c.start and end <= n.end and n.end - n.start > end - c.start
                     for n in names)
        if inside and c.source not in defaults.WHOLE_NAME_SOURCES + ("embedded",) \
                and concept_key(c.text) not in vocab.terms and not (c.end - c.start == 1 and is_acronym(c.text)):
            continue
        kept.append(c)
    return kept


def abbreviation_pairs(abbreviations):
    """(short start, short end, long start, long end) token offsets from scispaCy's
    ``doc._.abbreviations`` (serialisable dicts or Spans); short forms need a capital letter."""
    pairs = []
    for abbr in abbreviations:
        if isinstance(abbr, dict):
            short = (abbr["short_text"], abbr["short_start"], abbr["short_end"])
            long_ = (abbr["long_start"], abbr["long_end"])
        else:
            short = (abbr.text, abbr.start, abbr.end)
            long_ = (abbr._.long_form.start, abbr._.long_form.end)
        if any(c.isupper() for c in short[0]):
            pairs.append((short[1], short[2], *long_))
    return sorted(set(pairs))
