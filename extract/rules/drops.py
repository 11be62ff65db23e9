"""Rules that say a phrase is not a concept at all.

Each takes a ``Piece`` and the type the typing rules gave it (None before typing) and returns
True to drop the phrase. They run before typing and again after it.
"""

import re

from .. import defaults
from ..normalise import concept_key, is_acronym
from .base import (before_tail_is_name, hyphen_compound, per_doc, rule, term_type, tokens, word_type,
                   words_of)
from .spans import measure_shared_by

_NUMBER_FORMAT = re.compile(defaults.NUMBER_FORMAT)
_NAME_JOINERS = ("and", "for", "of", "&")  # small words inside an institution's name
_DIMENSION = re.compile(r"^\d[Dd]$")


def is_generic(key, vocab):
    """One generic word, alone or with evaluative words (``approach``, ``proposed method``),
    or a vague head with only generic modifiers (``training process``). A term of the field is
    none, whatever its words (``extra trees``)."""
    if key in vocab.generic:
        return True
    if key in vocab.terms:
        return False
    words = [w for w in key.split() if w not in vocab.evaluative]
    if len(words) <= 1:
        return all(w in vocab.generic for w in words)
    return words[-1] in defaults.VAGUE_HEADS and key not in vocab.terms \
        and all(w in vocab.generic for w in words)


def only_degree(key, vocab):
    """A generic head with only size, trend or judging words before it (``large problem``,
    ``open challenge``, ``complex task``)."""
    words = key.split()
    return (len(words) >= 2 and words[-1] in vocab.generic and key not in vocab.terms
            and all(w in vocab.degree or w in vocab.evaluative or w in vocab.head_judgements
                    for w in words[:-1]))


@rule(score=0)
def generic_word(piece, kind):
    """A generic noun, alone or with evaluative or generic words, names no concept.

    Example: "The proposed approach improves the training process." -> no "training process"
    """
    return not piece.key or is_generic(piece.key, piece.vocab)


@rule(score=0)
def generic_tail_without_content(piece, kind):
    """A generic head (approach, strategy) whose modifiers name nothing of the field.

    Example: "We follow a targeted approach to tuning." -> no "targeted approach"
    """
    words = piece.key.split()
    if len(words) < 2 or words[-1] not in defaults.GENERIC_TAILS:
        return False
    rest = " ".join(words[:-1])
    return not (term_type(rest, piece.vocab)[0] is not None
                or all(w in piece.vocab.words for w in words[:-1])
                or any(c.isdigit() for c in rest)
                or before_tail_is_name(piece)  # the JAVELIN framework
                or names_an_action(piece))  # a caching strategy


def names_an_action(piece):
    """The word before the generic head is a noun of an action (``correction strategy``,
    ``sampling scheme``), not a judging or generic one (``targeted approach``)."""
    if piece.end - piece.start < 2:
        return False
    vocab, before = piece.vocab, piece.doc[piece.end - 2]
    word = before.lower_
    return (before.pos_ == "NOUN" and word.endswith(defaults.ACTION_ENDINGS)
            and word not in vocab.generic and word not in vocab.evaluative
            and word not in vocab.degree
            # what any strategy does to a problem: a "mitigation strategy" names none (a
            # "collision avoidance strategy" does)
            and not (len(piece.key.split()) == 2
                     and any(word.startswith(verb.rstrip("e")) for verb in vocab.problem_verbs)))


@rule(score=0, after_typing=True)
def degree_of_generic_head(piece, kind):
    """Size, trend or judging words before a generic head make no problem; comparatives no method.

    Nor do words of place: ``the final layer``, ``intermediate layers`` say where a layer is.
    ``larger models`` against ``smaller models`` is a comparison; ``large models`` a kind of model.

    Example: "Models face an increasing demand from users." -> no "increasing demand"
    """
    if kind is None or not only_degree(piece.key, piece.vocab):
        return False
    return kind in ("problem", "dataset", "metric") \
        or all(w.endswith("er") or w in piece.vocab.head_judgements for w in piece.key.split()[:-1])


@rule(score=0)
def bare_number_format(piece, kind):
    """A number format alone (FP16, BF16, INT8) is no concept; ``FP16 training`` is a method.

    Example: "Weights are kept in BF16 while gradients use FP32." -> no "BF16"
    """
    return len(piece.key.split()) == 1 and _NUMBER_FORMAT.match(piece.text) is not None


# A value glued to its unit, after a relation or not: "2KB", "< 2KB", "~13.2fps".
_GLUED_VALUE = re.compile(r"^[<>=~\u2248\u2264\u2265]*\s*\d+(?:\.\d+)?\s*(?:%s)$"
                          % "|".join(sorted(defaults.VALUE_UNITS, key=lambda u: (-len(u), u))), re.IGNORECASE)


@rule(score=0)
def unit_of_a_value(piece, kind):
    """A unit alone after its value (``3 dB``, ``80 GB``) or glued to it (``< 2KB``) is no concept.

    Example: "The codec gains 3 dB over the baseline." -> no "dB"
    """
    if _GLUED_VALUE.match(piece.text):  # "2KB", "< 2KB", "13.2fps": a value with its unit
        return True
    if piece.key not in defaults.VALUE_UNITS or piece.end - piece.start != 1 or piece.start == 0:
        return False
    return any(c.isdigit() for c in piece.doc[piece.start - 1].text)


@rule(score=0)
def notation_or_list_marker(piece, kind):
    """A list's Roman numeral (``(II)``) or a letter before a parenthesis (``O(N)``) is no concept.

    The numeral marks an item of a list; the letter is a function's notation (big-O).

    Example: "The lookup costs O(N) time, and (II) a hybrid retriever ranks the passages." -> no "II", no "O"
    """
    if piece.end - piece.start != 1:
        return False
    word = piece.text
    if word.isupper() and word.lower() in defaults.LIST_NUMERALS:
        return True
    if len(word) != 1:
        return False
    words = tokens(piece.doc)
    return words[piece.start].text.startswith(word + "(") \
        or (piece.end < len(words) and words[piece.end].text.startswith("("))


@rule(score=0)
def data_modality(piece, kind):
    """A colour space or sensing modality (RGB, RGB-D, NIR) is a kind of input data, no method.

    So alone and as what generic methods are based on (``RGB-based methods``).

    Example: "Our detector fuses RGB and depth, and outperforms RGB-based methods." -> no "RGB"
    """
    words = piece.key.split()  # hyphens are spaces in a key: "rgb based method"
    return bool(words) and words[0] in defaults.DATA_MODALITIES \
        and all(w in piece.vocab.generic or w in defaults.USING_SUFFIXES for w in words[1:])


# A web address, or the words arXiv puts in place of one ("this https URL"); not HTTP itself.
_WEB_ADDRESS = re.compile(r"https?(?::/|\s+url\b)|\bwww\.", re.IGNORECASE)


@rule(score=0)
def web_address(piece, kind):
    """A web address, or arXiv's stand-in for one (``this https URL``), is no concept.

    Example: "Our code is available at this https URL for reuse." -> no "https URL"
    """
    return _WEB_ADDRESS.search(piece.text) is not None


_WITH_A_YEAR = re.compile(r"^(.+?)\s*(?:19|20)\d\d$")  # "cvpr2025", "iclr 2025"


@rule(score=0)
def organisation_alone(piece, kind):
    """A vendor, lab, institution or country alone (NVIDIA, Purdue University, the UK) is no concept.

    ``NVIDIA A100`` is hardware. Institutions: ``University of California``, ``Lawrence Livermore
    National Laboratory`` (``is_institution``), and the place after one (``University of X``).
    Countries, regions and natural languages as written, capitalised (``US``, ``the Middle East``,
    ``strong results on Italian``; not ``US`` where the text defines it, as ultrasound).

    A venue with its year is the venue (``CVPR2025``, ``ICLR 2025``).

    Example: "The kernels were provided by NVIDIA last year." -> no "NVIDIA"
    """
    if piece.key in piece.vocab.organisations or is_institution(piece.text) \
            or opens_an_institution(piece):
        return True
    dated = _WITH_A_YEAR.match(piece.key)
    if dated and dated.group(1) in piece.vocab.organisations:
        return True
    named = " ".join(piece.text.lower().split())
    if piece.text[:1].isupper() and (named in piece.vocab.places or named in piece.vocab.languages):
        return not any(s.text == piece.text for s in piece.doc.spans.get(defaults.SPANS_SHORT_FORMS, ()))
    # the place or field an institution is of: "University of S\~ao Paulo", "Institute of Science"
    return piece.start >= 2 and piece.doc[piece.start - 1].text == "of" \
        and piece.doc[piece.start - 2].text in defaults.INSTITUTIONS


@rule(score=0)
def shortfall_of_availability(piece, kind):
    """A shortfall of availability before what is short names the shortage, not a concept.

    Example: "Training is hindered by the limited availability of labeled data." -> no "limited availability"
    """
    words = piece.key.split()
    return len(words) >= 2 and words[-1] == "availability" \
        and all(w in defaults.SHORTFALL_WORDS for w in words[:-1]) \
        and piece.end < len(piece.doc) and piece.doc[piece.end].lower_ == "of"


def opens_an_institution(piece):
    """True for capitalised words that an institution's name goes on from, past ``and`` or
    ``of`` (``Commonwealth Scientific`` of ``Commonwealth Scientific and Industrial Research
    Organization``, split at its ``and``)."""
    words = tokens(piece.doc)
    if not piece.text[:1].isupper() or piece.end >= len(words) or words[piece.end].text not in _NAME_JOINERS:
        return False
    end = piece.end
    while end < len(words) and (words[end].text[:1].isupper() or words[end].text in _NAME_JOINERS):
        end += 1
    return is_institution(" ".join(w.text for w in words[piece.start:end]))


def is_institution(text):
    """``Purdue University``, ``University of California``, ``National Institute of Standards
    and Technology``, ``Food and Drug Administration``: capitalised words (``and``, ``for``,
    ``of`` between them) up to a word of defaults.INSTITUTIONS that ends the name or comes
    before ``of`` (``Language System at Lincoln Laboratory`` names a system)."""
    words = text.split()
    if len(words) < 2:
        return False
    for word, after in zip(words, words[1:] + [None]):
        if word in _NAME_JOINERS and after is not None:
            continue
        if not word[:1].isupper():
            return False
        if word in defaults.INSTITUTIONS and after in (None, "of"):
            return True
    return False


@rule(score=0)
def attention_as_interest(piece, kind):
    """Attention that a topic draws or receives is interest, not the attention mechanism.

    Example: "Sparse training has received extensive research attention." -> no "research attention"
    """
    words = piece.key.split()
    if not words or words[-1] != "attention":
        return False
    vocab = piece.vocab
    head = piece.doc[piece.end - 1]
    verb = head.head if head.dep_ in ("dobj", "nsubjpass", "pobj") else None
    if verb is not None and verb.dep_ == "prep":
        verb = verb.head
    if verb is not None and verb.lower_ in vocab.interest_verbs:
        return True
    return len(words) >= 2 and all(w in vocab.generic or w in vocab.degree or w in vocab.evaluative
                                   for w in words[:-1])


@rule(score=0)
def point_in_time(piece, kind):
    """A time named after a phase (at test time, during inference time) says when, not a cost.

    Example: "At test time, the model adapts its prompts to each image." -> no "test time"
    """
    dep, head = piece.attachment
    words = piece.key.split()
    return (len(words) >= 2 and words[-1] == "time" and dep == "pobj"
            and head is not None and head.lower_ in ("at", "during"))


@rule(score=0)
def cut_from_a_hyphenated_phrase(piece, kind):
    """A phrase that ends inside a hyphenated phrase going on with -of- or -the- names nothing.

    ``limited chain`` of ``limited chain-of-thought (CoT) data``, where the definition took
    ``chain-of-thought`` out of the phrase (``-to-``, ``-and-`` join two things and stay).

    Example: "We use limited chain-of-thought (CoT) data." -> no "limited chain"
    """
    doc, end = piece.doc, piece.end
    return end + 1 < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_ \
        and doc[end - 1].is_lower and doc[end + 1].lower_ in _HYPHENED_FUNCTION_WORDS


_HYPHENED_FUNCTION_WORDS = frozenset(("of", "the"))


@rule(score=0, after_typing=True)
def hardware_cut_from_a_term(piece, kind):
    """A machine the parser cut off from a term (its last word and the next make one) is no hardware.

    ``Machine`` of ``Machine unlearning aims to ...``, where the tagger read ``unlearning`` as an
    adjective; ``collaborative machine`` of ``a collaborative machine learning paradigm``. (Only
    for hardware: a cut metric or task still names its concept, ``macro F1`` of ``macro F1
    score``: at 6,241 abstracts of the field, a rule for every type dropped as many good
    concepts as junk.)

    Example: "Machine unlearning aims to remove knowledge from trained networks." -> no "Machine"
    """
    doc, end = piece.doc, piece.end
    if kind != "hardware" or end >= len(doc) or not doc[end - 1].whitespace_ or not doc[end].is_alpha \
            or doc[end].is_stop or any(t.lower_ in ("and", "or") for t in piece.tokens):
        return False  # "storage and computing (resources)": a coordination shares the next word
    return concept_key(f"{doc[end - 1].text} {doc[end].text}") in piece.vocab.terms


@rule(score=0)
def part_of_a_hyphenated_name(piece, kind):
    """A part of one word made of acronyms joined by hyphens names nothing: the word is the name.

    ``iS`` and ``QL`` of ``iS-QL``, where the parser took ``iS`` for a verb and parted them.

    Example: "Importantly, iS-QL requires a smaller memory footprint." -> no "QL"
    """
    first, last = hyphen_compound(piece.doc, piece.start)
    if (first, last) == (piece.start, piece.end) or piece.end > last:
        return False
    parts = [t.text for t in tokens(piece.doc)[first:last] if t.text != "-"]
    return len(parts) >= 2 and all(is_acronym(part) or (len(part) == 1 and part.isupper()) for part in parts)


def is_modifier_alone(text, key, vocab):
    """One hyphenated word that only modifies a noun (``on-device``, ``on-chip``, ``in-memory``,
    ``out-of-domain``), or ``real time``, with no noun of its own; field terms that take this form
    (``out-of-distribution``, ``on-policy``) excepted."""
    if key in vocab.terms:
        return False
    if key in defaults.MANNER_KEYS:
        return True
    return (len(text.split()) == 1 and "-" in text
            and text.split("-", 1)[0].lower() in defaults.MODIFIER_PREFIXES)


@rule(score=0)
def pronoun_one_as_head(piece, kind):
    """A phrase whose head is the pronoun ``one(s)`` stands for a noun said before it.

    Example: "Parsers range from heuristics for simple documents to ML systems for degraded ones." -> no "degraded ones"
    """
    words = tokens(piece.doc)
    last = words[piece.end - 1]
    return piece.end - piece.start >= 2 and last.lower_ in ("one", "ones") \
        and words[piece.end - 2].text != "-"


@rule(score=0)
def modifier_alone(piece, kind):
    """A word that only modifies a noun (on-device, in-memory, real-time) is no concept alone.

    ``on-device deployment`` is a problem, ``on-device`` nothing; ``in real time`` says how fast.

    Example: "The detector runs on-device and tracks hands in real time." -> no "on-device", no "real time"
    """
    return is_modifier_alone(piece.text, piece.key, piece.vocab)


@rule(score=0)
def resource_of_a_shared_measure(piece, kind):
    """A spent noun that shares the measure of use listed after it is no concept of its own.

    ``spans.resource_sharing_a_measure`` names the measure it shares (``memory cost``).

    Example: "Such models impose high memory and compute costs." -> no "high memory"
    """
    return measure_shared_by(piece.doc, piece.end - 1) is not None


@rule(score=0, after_typing=True)
def node_of_a_structure(piece, kind):
    """A node of a graph or a tree is no machine.

    Outside a distributed setting, ``leaf node`` and ``graph node`` are parts of a structure,
    and ``node`` alone is one where the text speaks of graphs or trees and names no machine.

    Example: "Each leaf node of the decision tree stores one class label." -> no "leaf node"
    """
    words = piece.key.split()
    if kind != "hardware" or not words or words[-1] != "node":
        return False
    distributed, about_structures = structure_reading(piece.doc, piece.vocab)
    if distributed:
        return False
    if any(w in defaults.STRUCTURE_NODE_MODIFIERS for w in words[:-1]):
        return True
    return len(words) == 1 and about_structures


@rule(score=0, after_typing=True)
def hardware_word_in_another_sense(piece, kind):
    """A cluster, node, machine, switch, core or infrastructure that no word names as computing hardware.

    Outside a distributed setting these heads have other senses (a cluster of data, a language
    switch, a hidden node, civil or public key infrastructure, machines that comprehend text);
    there such a head alone is no hardware, and a phrase the vocabulary does not know whole is
    hardware only with a word of hardware before the head (``GPU cluster``, ``storage node``).

    Hyphened to a name that is no hardware (``an RFT-core that unifies modes of RFT``), such a
    head is a part of a software system, whatever the setting.

    ``at their core``, ``at the core of`` say what is central, whatever the setting.

    Example: "Patients form a clinically meaningful cluster of symptoms." -> no "clinically meaningful cluster"
    """
    words = piece.key.split()
    if kind == "hardware" and words == ["core"] and is_at_the_core(piece):
        return True  # "at their core these models are still RNNs"
    if kind != "hardware" or not words or words[-1] not in defaults.HARDWARE_HEADS_OF_MANY_SENSES:
        return False
    if len(words) == 1:  # alone: hardware where the text names a distributed setting or hardware
        return not names_computing(piece)
    if term_type(piece.key, piece.vocab)[1]:
        return False
    before = piece.tokens[:-1]
    if len(before) >= 2 and before[-1].text == "-" and is_acronym(before[-2].text) \
            and word_type(before[-2], piece.vocab) != "hardware":
        return True  # hyphened to a name that is no hardware, a part of a system: the RFT-core
    if in_distributed_setting(piece):
        return False
    return not any(word_type(t, piece.vocab) == "hardware" for t in before)


def in_distributed_setting(piece):
    """True when the piece's text has a DISTRIBUTED_CUE other than ``cluster``, which alone
    sets no scene (a cluster of data)."""
    return bool((piece.vocab.distributed_cues & words_of(piece.doc)) - {"cluster", "clusters"})


def names_computing(piece):
    """True when the piece's text names a distributed setting or hardware other than the heads
    of many senses (``a single node with 8 GPUs``)."""
    if in_distributed_setting(piece):
        return True
    keys = {concept_key(t.text) for t in tokens(piece.doc)}  # as written: "GPUs" is gpu, "gpus" not
    return any(piece.vocab.terms.get(k) == "hardware" for k in keys - defaults.HARDWARE_HEADS_OF_MANY_SENSES)


def is_at_the_core(piece):
    """The piece is ``core`` of ``at its core``, ``at their core`` or ``at the core of``."""
    doc, start = piece.doc, piece.start
    return start >= 2 and doc[start - 2].lower_ == "at" and doc[start - 1].lower_ in ("its", "their", "the")


def structure_reading(doc, vocab):
    """(distributed, about structures) of a text, computed once per doc: whether it names a
    distributed setting (a DISTRIBUTED_CUE other than those graph texts use in their own sense),
    and whether it speaks of graphs or trees and names no machine (a hardware term but ``node``)."""
    def read(doc):
        words = words_of(doc)
        keys = {concept_key(w) for w in words}
        return (any(w in vocab.distributed_cues and w not in defaults.GRAPH_SENSE_CUES for w in words),
                any(w in words for w in defaults.STRUCTURE_WORDS)
                and not any(vocab.terms.get(k) == "hardware" for k in keys - {"node"}))

    return per_doc(doc, "paperkg_structures", read)


@rule(score=0)
def person_name(piece, kind):
    """A double-barrelled name of two capitalised words (Bar-Joseph, Ben-Or) is a person.

    Example: "Our protocol improves on the bound of Fischer-Lynch for consensus." -> no "Fischer-Lynch"
    """
    parts = piece.text.split("-")
    return (len(piece.text.split()) == 1 and 2 <= len(parts) <= 3
            and all(len(p) >= 2 and p[0].isupper() and p[1:].islower() and p.isalpha() for p in parts)
            and piece.key not in piece.vocab.terms)


@rule(score=0, after_typing=True)
def unnamed_dataset_or_metric(piece, kind):
    """A dataset, benchmark or metric named by no name and no word of the field is no concept.

    Example: "Experiments on a large-scale dataset and a new benchmark confirm it." -> no "large-scale dataset"
    """
    words = piece.text.split()
    tails = {"dataset": defaults.DATASET_TAILS, "metric": ("metric",)}.get(kind, ())
    if len(words) < 2 or concept_key(words[-1]) not in tails:
        return False
    vocab = piece.vocab
    named = any(is_acronym(w) or w[:1].isupper() or (any(c.isdigit() for c in w) and not _DIMENSION.match(w))
                for w in words[:-1])
    field = any(w in vocab.words and w not in vocab.generic and w not in vocab.evaluative
                and w not in vocab.degree for w in concept_key(" ".join(words[:-1])).split())
    return not (named or field)
