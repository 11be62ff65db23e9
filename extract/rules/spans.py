"""Span rules: where candidate phrases come from, before any typing.

Each span rule takes the doc and a ``SpanContext`` and yields ``Phrase`` records (a span of
the doc, the rule's name as its origin, and a type hint for a user's pattern). Phrases of the
parser's noun chunks and of the runs it missed are trimmed and split at coordination
(``chunk_pieces``); long forms and pattern matches are kept whole.
"""

import re
from functools import lru_cache
from typing import NamedTuple

from .. import defaults
from ..normalise import concept_key, is_acronym, singular
from ..vocabulary import organisation_names
from .base import (Candidate, hyphen_compound, hyphenated_words, is_name, per_doc, plain, rule, span_text,
                   term_type, text_of, tokens, word_type)

SEPARATORS = {"e.g.", "i.e.", "e.g", "i.e", "eg", "ie", "etc.", "cf.", "viz.", ";", ":",
              "existing", "proposed"}  # "private set intersection existing protocols": two phrases
NOUN_PHRASE_POS = {"NOUN", "PROPN", "ADJ", "X"}
# Verbs that name what follows them ("a method termed X"): no part of its name.
NAMING_VERBS = frozenset(("termed", "dubbed", "named", "called", "coined"))
# Verbs the parser takes for a noun before the challenges they face ("FL face challenges").
FACING_VERBS = frozenset(("face", "faces", "pose", "poses", "encounter", "encounters"))
# Problem and harm verbs whose form is also a noun ("address translation", "root cause analysis",
# "token limit", "lower bound", "solve rate", "societal harms"): inside a phrase they may be its nouns.
VERBS_ALSO_NOUNS = frozenset(("address", "cause", "limit", "lower", "solve", "harm", "harms", "plague",
                              "plagues"))
# Gerunds that say what a thing is used for, before it ("Incorporating depth estimation improves
# accuracy"): the verb goes, the thing stays.
MEANS_GERUNDS = frozenset(("using", "leveraging", "incorporating", "employing", "utilizing", "utilising",
                           "adopting", "integrating", "combining", "applying", "exploiting", "harnessing",
                           "introducing", "adding"))
# Verbs of what a method does that are no nouns of the field: at a phrase's start, the parser
# took the verb for a noun ("(and) facilitate ontology learning", "(to) automate detection").
VERBS_NEVER_NOUNS = frozenset(("facilitate", "leverage", "outperform", "automate", "utilize",
                               "utilise", "exploit", "foster", "enhance", "mitigate", "optimize",
                               "optimise", "empower", "streamline", "alleviate"))
DROPPED_POS = {"DET", "PRON", "NUM", "PUNCT", "ADP", "CCONJ", "SCONJ", "PART", "SYM", "SPACE"}
_PARENTHESES = re.compile(r"\s*\([^()]*(?:\)|$)")
_QUANTITY = re.compile(r"^(?:[+\-\u00b1~]?[\d.,]+(?:%|\u00d7)?[kmbx]?|%|[a-z]|[a-z\d]{0,3}[/+*^][a-z\d]{1,3}"
                       r"|[+\-\u00b1~]?\d+[.,]\d+%?[a-z]{1,4}"  # ... a value glued to its unit: 0.2db
                       r"|[\d.,]+\u00b1[\d.,]+%?"  # ... with its error: 0.80\u00b10.02
                       r"|\d+(?:st|nd|rd|th))$")  # ... and an ordinal: the 8th challenge
# A model's size as the first part of a hyphenated word (``7B-parameter``, ``1.5B-scale``): with
# the word, no part of a concept.
_SIZE_TEXT = r"\d+(?:\.\d+)?[kmbt]"
_SIZE = re.compile(rf"^{_SIZE_TEXT}$")
_SIZES = re.compile(rf"^{_SIZE_TEXT}(?:\s*[-\u2013]\s*{_SIZE_TEXT})?$")  # 7B, 60M-1B: a size or a range
_LIST_MARKER = re.compile(r"^(?:[ivx]{1,4}|[a-z])$")  # "ii)", "c)": an item's number in a list
# Words that say how a value compares when they follow it (``3x higher convergence rate``,
# ``2.0 times inference speedups``, ``40% fewer FLOPs``): they go with the value.
VALUE_COMPARISONS = {"times", "fold", "percent", "higher", "lower", "fewer", "more", "less",
                     "faster", "slower", "better", "smaller", "larger", "greater"}
# Nouns of a measured gain after what was measured ("accuracy gains", "PSNR improvements",
# "energy efficiency gains", "memory footprint savings").
GAIN_WORDS = {"gain", "gains", "improvement", "improvements", "boost", "boosts", "saving", "savings"}
# Words that hedge or qualify a measured value before it ("about 70% accuracy", "as much as 76.3%
# fine-tuning", "average 16.8% mIoU"): with the value, no part of a concept.
QUANTITY_HEDGES = {"average", "much", "many", "roughly", "approximately", "nearly", "almost",
                   "about", "around", "only", "just", "least", "most", "additional", "extra"}

# Comparatives and participles of change that open a phrase only to compare it ("a smaller
# model size", "higher decoding throughput", "reduced computational costs"; "reduced precision"
# is a term); "faster", "better", "greater" and "stronger" are judging words of data/words.jsonl.
COMPARATIVES = frozenset(("larger", "smaller", "bigger", "higher", "lower", "cheaper", "slower", "weaker",
                          "reduced", "increased", "decreased", "lowered", "safer", "wider", "richer",
                          "denser", "sparser", "tighter", "coarser", "smarter", "cleaner", "lighter",
                          "heavier", "newer", "easier", "harder", "narrower"))

# Adverbs that say how or when a thing was made before the participle that says it ("carefully
# designed", "recently introduced", "specially trained"): both go, no part of a concept.
MAKING_ADVERBS = {"carefully", "meticulously", "thoughtfully", "deliberately", "rigorously",
                  "theoretically", "empirically",
                  "recently", "newly", "previously", "originally", "initially", "specially",
                  "specifically", "simply", "purposely", "purposefully", "painstakingly"}

# Words opening a relative clause: a verb after one of them opens no concept ("that prevent ...").
RELATIVE_PRONOUNS = frozenset(("that", "which", "who"))
# Subjects: the word after one of them is their verb, whatever its tag ("we benchmark ...").
SUBJECT_PRONOUNS = frozenset(("we", "they"))
# Endings of a noun of a quality, a head of its own before `and` (`visual quality and memory usage`).
QUALITY_ENDINGS = ("ity", "ness", "cy")
# Heads that only say what kind of thing the items before them are ("latency and reliability
# constraints"): shared by both items.
KINDS_OF_ITEMS = frozenset(defaults.KIND_HEADS + defaults.CONTEXT_TAILS + defaults.PROBLEM_OF
                           + ("constraint", "requirement", "guarantee", "budget", "metric"))

# Abbreviations whose full stops are their own, not a sentence's (U.S., i.i.d., a.k.a.).
_ABBREVIATION = re.compile(r"^(?:[A-Za-z]\.){2,}$")


class Phrase(NamedTuple):
    span: object  # a spaCy Span
    origin: str  # the span rule's name
    hint: str | None = None  # the type a user's pattern gives
    label: str | None = None  # the text the label is made from, when not the span's


class SpanContext(NamedTuple):
    vocab: object
    long_forms: tuple  # Spans of long forms defined for acronyms (paperkg_long_forms)
    matcher: object  # spaCy Matcher of the user's token patterns, or None
    found: list  # the phrases earlier span rules found
    term_matcher: object = None  # spaCy PhraseMatcher of the vocabulary's terms of several words


@rule(score=0.9)
def acronym_long_form(doc, context):
    """A long form defined for an acronym is one phrase, however the parser split it.

    Example: "We adopt Elastic Weight Averaging (EWA) for drift." -> method "Elastic Weight Averaging"
    """
    for span in context.long_forms:
        yield Phrase(span, "acronym_long_form")


@rule(score=0.6)
def noun_chunks_joined_at_hyphens(doc, context):
    """The parser's noun chunks, with chunks it split at a hyphen joined again.

    Example: "We study LLM post-training at scale." -> method "LLM post-training"
    """
    joined = []
    for chunk in doc.noun_chunks:
        # a chunk opens where its first word does: the parser may start one inside a hyphenated
        # word ("SQL" of "Text-to-SQL", its "Text" a modifier outside the chunk); not a chunk
        # that runs over a list, whose first word the parser misread ("-training, data
        # augmentation" of "without pre-training, data augmentation")
        start = hyphen_compound(doc, chunk.start)[0]
        if start < chunk.start and any(t.text == "," or t.dep_ == "cc" for t in chunk):
            start = chunk.start
        if joined and (joined[-1].end > start or joins_at_hyphen(doc, joined[-1].end, chunk.start)):
            joined[-1] = doc[joined[-1].start:chunk.end]
        else:
            joined.append(doc[start:chunk.end])
    for chunk in joined:
        yield Phrase(chunk, "noun_chunks_joined_at_hyphens")


def joins_at_hyphen(doc, end, start):
    """A chunk ending at ``end`` and one starting at ``start`` are one word's halves: a hyphen
    without spaces between them, or the parser made the hyphen a chunk of its own (``image
    super - resolution``)."""
    if start == end + 1:
        hyphen = start - 1
    elif start == end:
        hyphen = end if doc[start].text == "-" else start - 1
    else:
        return False
    return hyphen > 0 and doc[hyphen].text == "-" \
        and not doc[hyphen].whitespace_ and not doc[hyphen - 1].whitespace_


@rule(score=0.6)
def modifiers_sharing_a_head(doc, context):
    """Words listed before a conjoined phrase share its head where that makes a field term.

    Example: "We combine tensor, pipeline and data parallelism on 512 GPUs." -> method "tensor parallelism"
    """
    vocab = context.vocab
    for chunk in [p.span for p in context.found if p.origin == "noun_chunks_joined_at_hyphens"]:
        root = chunk.root
        if root.dep_ != "conj" or chunk.end - chunk.start < 2 or root.i != chunk.end - 1:
            continue
        for item in root.head.conjuncts + (root.head,):
            if item.i < chunk.start and shares_the_head(item) \
                    and concept_key(f"{item.text} {root.text}") in vocab.terms:
                yield Phrase(doc[item.i:chunk.end], "modifiers_sharing_a_head",
                             label=f"{item.text} {root.text}")


@rule(score=0.6)
def modifier_left_out_of_a_phrase(doc, context):
    """A modifier and ``and`` or ``or`` that the parse left before a phrase share its head.

    They do where the modifier and the phrase's first word each make a field term with the word
    after that one: ``distributed and federated learning algorithms`` (``distributed`` tagged a
    verb) gives ``distributed learning algorithms`` beside ``federated learning algorithms``; and
    where the modifier names what is spent and the phrase's head measures it
    (``computational and communication overhead``: ``defaults.RESOURCES``, ``MEASURES_OF_USE``).

    Example: "We study unsupervised and supervised learning methods." -> method "unsupervised learning"
    """
    vocab = context.vocab
    words = tokens(doc)
    for phrase in context.found:
        start, end = phrase.span.start, phrase.span.end
        if phrase.origin not in SHARING_ORIGINS or start < 2 or words[start - 1].lower_ not in ("and", "or"):
            continue
        item_start, item_end = hyphen_compound(doc, start - 2)
        first_end = hyphen_compound(doc, start)[1]
        if item_end != start - 1 or first_end >= end or any(
                p.span.start <= item_start < p.span.end for p in context.found if p.origin in SHARING_ORIGINS):
            continue
        item, first = span_text(doc, item_start, item_end), span_text(doc, start, first_end)
        shared = words[first_end].text
        if item.replace("-", "").isalpha() and item.islower() and (
                (concept_key(f"{item} {shared}") in vocab.terms and concept_key(f"{first} {shared}") in vocab.terms)
                or (item in defaults.RESOURCES and first_end == end - 1
                    and concept_key(shared) in defaults.MEASURES_OF_USE)):
            yield Phrase(doc[item_start:end], "modifier_left_out_of_a_phrase",
                         label=f"{item} {span_text(doc, first_end, end)}")


@rule(score=0.6)
def resource_sharing_a_measure(doc, context):
    """A spent noun listed before another that a measure of use follows shares that measure.

    The parse made the first noun a phrase of its own and the measure its conjunct (``high
    memory`` | ``and compute costs``), which named ``high memory`` and no memory cost; the
    nouns and measures are ``defaults.RESOURCES`` and ``MEASURES_OF_USE``
    (``measure_shared_by``).

    Example: "Such models impose high memory and compute costs." -> problem "memory cost"
    """
    words = tokens(doc)
    for i, word in enumerate(words):
        if word.lower_ in defaults.RESOURCES:
            head = measure_shared_by(doc, i)
            if head is not None:
                yield Phrase(doc[i:head + 1], "resource_sharing_a_measure",
                             label=f"{word.text} {words[head].text}")


def measure_shared_by(doc, i):
    """The index of the measure of use that the spent noun ``i`` shares with the noun listed
    after it (``time`` in ``high time and computation costs``), where the parse made the
    measure the conjunct of ``i``; else None. Not after an amount (``a significant amount of
    time and labor costs``), nor after another noun, which makes one phrase with it
    (``inference time and memory usage``)."""
    words = tokens(doc)
    if i + 3 >= len(words):
        return None
    word, joiner, second, head = words[i:i + 4]
    if word.lower_ not in defaults.RESOURCES or word.tag_ != "NN" or not word.is_lower \
            or joiner.lower_ not in ("and", "or") or hyphen_compound(doc, i) != (i, i + 1) \
            or not (second.is_alpha and second.is_lower) or second.pos_ not in ("NOUN", "ADJ", "VERB") \
            or second.head.i != i + 3 or concept_key(head.text) not in defaults.MEASURES_OF_USE \
            or head.dep_ != "conj" or head.head.i != i:
        return None
    if i >= 2 and words[i - 1].lower_ == "of" and words[i - 2].lower_ in AMOUNT_NOUNS:
        return None
    if i >= 1 and words[i - 1].pos_ in ("NOUN", "PROPN", "NUM"):
        return None
    return i + 3


# The span rules of the parse's own phrases: its noun chunks and the runs of nouns it missed.
PARSED_ORIGINS = ("noun_chunks_joined_at_hyphens", "noun_runs_outside_chunks")
# The span rules whose phrases a modifier left before them may share (``modifier_left_out_of_a_phrase``).
SHARING_ORIGINS = PARSED_ORIGINS + ("field_terms_outside_phrases",)


def shares_the_head(item):
    """A word listed alone, as a noun's modifier would be: a noun in lower case (``data``, which
    the tagger may call a plural), nothing of its own before it (``tensor`` in ``tensor, pipeline
    and data parallelism``)."""
    return (item.tag_ in ("NN", "NNS") and item.is_lower and item.is_alpha
            and not any(child.i < item.i for child in item.children))


@rule(score=0.6)
def long_form_with_head(doc, context):
    """A defined long form, its acronym in parentheses and a field head noun after them.

    The word after them must be no verb: in ``Large language models (LLMs) demand extensive
    memory``, ``demand`` is the sentence's verb.

    Example: "Vision Transformer (ViT) inference is costly on phones." -> problem "vision transformer inference"
    """
    for span in context.long_forms:
        close = span.end + 2
        if close + 1 < len(doc) and doc[span.end].text == "(" and doc[close].text == ")" \
                and doc[close + 1].tag_ not in ("VB", "VBP", "VBD") \
                and concept_key(doc[close + 1].text) in context.vocab.terms:
            yield Phrase(doc[span.start:close + 2], "long_form_with_head")


def lone_term(token, vocab):
    """A field term of one word the parser took for a verb (``we use ensembling``)."""
    key = concept_key(token.text)
    return key in vocab.terms and key not in vocab.generic and key not in vocab.needs_cue


def is_lower_initial_name(word):
    """A name that opens in lower case with capitals inside (``vLLM``, ``cuDNN``, ``gRPC``,
    ``iPhone``): whatever the tagger takes it for (an adjective, a past tense), it names a
    thing. Units (``dB``, ``kHz``, ``mAh``) have one capital and at most four letters."""
    return word[:1].islower() and not word.islower() and is_acronym(word) \
        and (sum(c.isupper() for c in word) >= 2 or len(word) >= 5)


@lru_cache(maxsize=65536)
def is_mixed_case_name(word):
    """A name by its mixed case (``vLLM``, ``TriviaQA``, ``HotpotQA``), whatever the tagger takes
    it for (a determiner, a number); an all-capital word (``IV``, ``ALL``) may be one."""
    return is_lower_initial_name(word) or (is_acronym(word) and not word.isupper())


_NAME_OF_PARTS = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*")


@lru_cache(maxsize=65536)
def is_mixed_case_word(word):
    """A name in mixed case of letters and digits, opening with a letter, its parts joined by
    hyphens or points (``RoBERTa``, ``ResNet50``, ``vLLM``, ``DeepSeek-R1-Zero``, which the tagger
    may take for a number), not what the tokenizer left glued to punctuation (``SFT)-based``)."""
    return bool(_NAME_OF_PARTS.fullmatch(word)) and is_mixed_case_name(word)


def is_name_word(token):
    """One word that is a name by its form: an acronym, capitals with digits (``CEC2013``) or
    mixed case (``TriviaQA``)."""
    return is_name([token]) or is_mixed_case_name(token.text)


def acts_as_verb(token):
    """True for a word other than a gerund with a subject or an auxiliary: a term used as a verb
    (``LLMs switch between modes``, ``to switch between tools``) names nothing; a gerund is a
    technique's name as often (``LLM ensembling``), but for one followed by ``as`` (``errors
    serving as signals``)."""
    if token.tag_ == "VBG":
        return any(child.dep_ == "prep" and child.lower_ == "as" for child in token.children)
    return any(child.dep_ in ("aux", "nsubj") for child in token.children)


@rule(score=0.6)
def noun_runs_outside_chunks(doc, context):
    """Runs of adjectives and nouns ending in a noun that the parser left out of its chunks.

    A run right after a chunk extends it, and the chunk coordinated with that one (the tagger
    often takes ``overhead`` for an adverb: ``memory and time overhead``); a lone acronym counts
    as a run, and a name in mixed case is a word of one whatever its tag (``RoBERTa`` in
    ``BERT, RoBERTa and DeBERTa``, tagged an adjective).

    Example: "Partitioning cuts cross-node traffic." -> problem "cross-node traffic"
    """
    vocab = context.vocab
    covered, chunk_start = set(), {}
    for phrase in context.found:
        if phrase.origin in WHOLE_PHRASE_ORIGINS:
            continue
        covered.update(range(phrase.span.start, phrase.span.end))
        chunk_start[phrase.span.end] = phrase.span.start
    words = tokens(doc)
    runs, start = [], None
    for token in words:
        inside = token.i not in covered and (token.pos_ in NOUN_PHRASE_POS
                                             or is_mixed_case_word(token.text)
                                             or (token.text == "-" and not token.whitespace_)
                                             or (concept_key(token.text) in vocab.terms
                                                 and not acts_as_verb(token)))
        if inside and start is None:
            start = token.i
        elif not inside and start is not None:
            runs.append((start, token.i))
            start = None
    if start is not None:
        runs.append((start, len(doc)))
    for start, end in runs:
        while end > start and words[end - 1].pos_ not in ("NOUN", "PROPN", "X") \
                and concept_key(words[end - 1].text) not in vocab.terms \
                and not is_mixed_case_word(words[end - 1].text):
            end -= 1
        if start in chunk_start and end > start:
            first = chunk_start[start]
            if first - 1 in chunk_start and words[first - 1].lower_ in ("and", "or") \
                    and words[start - 1].dep_ == "conj" and end - start == 1 and words[start].pos_ == "ADV":
                first = chunk_start[first - 1]  # "low memory and time | overhead" (an adverb): both share it
            yield Phrase(doc[first:end], "noun_runs_outside_chunks")
        elif end - start >= 2 or (end > start and (is_acronym(words[start].text) or lone_term(words[start], vocab))):
            yield Phrase(doc[start:end], "noun_runs_outside_chunks")


@rule(score=0.6)
def field_terms_outside_phrases(doc, context):
    """A term of the field written out where the parse found no phrase around it.

    Example: "In distributed and federated learning algorithms, communication overhead is high." -> method "federated learning"
    """
    if context.term_matcher is None:
        return
    covered = [(p.span.start, p.span.end) for p in context.found]
    for _, start, end in context.term_matcher(doc):
        if (end - start == 1 or doc[end - 1].tag_ == "VBG") and acts_as_verb(doc[end - 1]):
            continue  # "LLMs switch between modes", "a secondary LLM serving as a judge"
        if not any(s <= start and end <= e for s, e in covered):
            yield Phrase(doc[start:end], "field_terms_outside_phrases")


# Dependencies of a gerund that stands where a noun would (subject, object of a preposition).
NOMINAL_GERUND_DEPS = ("nsubj", "nsubjpass", "csubj", "pcomp", "pobj", "ROOT", "dobj", "xcomp", "conj",
                       "attr", "appos")
# Prepositions before a gerund that make it the means, not the task ("by training X").
MEANS_PREPOSITIONS = ("by", "via", "through", "with", "using", "without", "while", "when", "after",
                      "before", "upon")


def task_gerund_ends(doc, vocab):
    """{start: end} of the doc's words that are task gerunds (``training``, ``fine-tuning``),
    hyphenated words whole, made once per doc: rules ask it of every word."""
    def find(doc):
        words = tokens(doc)
        return {first: last for first, last in dict.fromkeys(hyphenated_words(doc))
                if words[last - 1].lower_.endswith("ing")  # as every task gerund does: a cheap test first
                and span_text(doc, first, last).lower() in vocab.task_gerunds}
    return per_doc(doc, "paperkg_task_gerunds", find)


def gerund_before_a_model(doc, start, vocab):
    """(gerund end, model noun) when a sentence or the object of a preposition opens at
    ``start`` with a task gerund that the parser took for a modifier of the plural model noun
    after it (``Training diffusion models requires ...``, ``Fine-tuning pretrained ASR models
    is ...``, ``experiments on pre-training LLMs``): that is a task, not a model called
    ``training diffusion model``. Not after a preposition of means (``by fine-tuning LLMs``).
    None otherwise."""
    last = task_gerund_ends(doc, vocab).get(start)
    if last is None:
        return None
    words = tokens(doc)
    if not (words[start].is_sent_start or (words[start - 1].pos_ == "ADP"
                                            and words[start - 1].lower_ not in MEANS_PREPOSITIONS)):
        return None
    gerund = words[last - 1]
    if gerund.dep_ not in ("amod", "compound", "nmod") or last >= len(doc):
        return None
    noun = gerund.head
    if noun.i < last or noun.tag_ not in ("NNS", "NNPS") or concept_key(noun.text) not in defaults.MODEL_NOUNS \
            or any((t.is_punct and t.text != "-") or t.dep_ in ("cc", "conj") or t.tag_ == "VBG"
                   for t in words[last:noun.i]):  # not "training and evaluating models"
        return None
    return last, noun


def object_right_edge(obj):
    """The last token of a verb's object without its clauses and prepositional phrases: the object
    and what precedes it, and the objects coordinated with it (``computation and communication``)."""
    right = obj.i
    rights = list(obj.rights)
    for k, child in enumerate(rights):
        if child.dep_ == "cc" and not any(later.dep_ == "conj" for later in rights[k + 1:]):
            break  # "reconstructing private data and ...": the "and" joins what comes after elsewhere
        if child.dep_ in ("conj", "cc") or (child.dep_ == "compound"):
            right = max(right, object_right_edge(child) if child.dep_ == "conj" else child.i)
        else:
            break
    return right


def object_names_nothing_new(span, vocab, observed=False):
    """An object that is generic (``training models``) or already a problem or a measure
    (``balancing workload imbalance``): the gerund clause would add nothing to the object's own
    concept. A task that ``observed`` its object names one, problem or not (``detecting
    deepfakes``, ``predicting click-through rate``)."""
    key = concept_key(span.text)
    words = key.split()
    if observed:  # a problem's head names what is observed ("detecting lesions"), "models" not
        return not words or all((w in vocab.generic and vocab.terms.get(w) != "problem")
                                or w in vocab.degree or w in vocab.evaluative for w in words)
    if not words or key in vocab.generic or all(w in vocab.generic or w in vocab.evaluative for w in words):
        return True  # a size says which ones: "training large models" is a task of the field
    return term_type(key, vocab)[0] in ("problem", "metric")


# The tasks of a gerund that observe what it names (``detecting deepfakes`` is a task of its own
# beside ``deepfake``; ``balancing workload imbalance`` is about the imbalance).
OBSERVING_TASKS = frozenset(("detection", "identification", "prediction", "estimation",
                             "classification", "recognition", "diagnosis", "forecasting",
                             "monitoring", "analysis", "localization", "segmentation",
                             "verification"))


@rule(score=0.7)
def gerund_clause(doc, context):
    """A task phrased as a verb: a gerund of the field's tasks with its object.

    Example: "We focus on balancing computation and communication in pipeline training." -> problem "balancing computation and communication"

    Its label is the task's noun form (``detecting violent incidents`` -> ``violent incident
    detection``) unless objects are coordinated or the phrase is a term of the field as written
    (``scaling laws``); the span keeps the verb phrase.
    """
    vocab = context.vocab
    gerunds = task_gerund_ends(doc, vocab)
    for token in tokens(doc):
        if token.i not in gerunds and token.lower_ not in vocab.task_gerunds:
            continue  # each way below starts from a task's gerund
        before_a_model = gerund_before_a_model(doc, token.i, vocab) if token.i in gerunds else None
        if before_a_model:
            last, noun = before_a_model
            phrase = gerund_phrase(doc, token.i, last, last, noun.i + 1, vocab)
            if phrase:
                yield phrase
            continue
        subject = gerund_taken_for_a_noun(token, vocab)
        if subject is not None:  # "Training robots in simulation requires ..."
            phrase = gerund_phrase(doc, token.i, token.i + 1, token.i + 1, object_right_edge(subject) + 1, vocab)
            if phrase:
                yield phrase
            continue
        if token.tag_ != "VBG" or token.lower_ not in vocab.task_gerunds \
                or token.dep_ not in NOMINAL_GERUND_DEPS:
            continue
        if token.dep_ in ("pcomp", "pobj") and token.head.lower_ in MEANS_PREPOSITIONS:
            continue
        obj = next((c for c in token.rights if c.dep_ in ("dobj", "obj")), None)
        if obj is None or obj.pos_ not in ("NOUN", "PROPN"):
            continue
        phrase = gerund_phrase(doc, token.i, token.i + 1, max(token.i + 1, obj.left_edge.i),
                               object_right_edge(obj) + 1, vocab)
        if phrase:
            yield phrase


# Nouns of tasks whose phrase with "of" names something else as often: the statistical sense of
# "the distribution of the data".
NOT_TASKS_BEFORE_OF = frozenset(("distribution",))
# Nouns of study that name a task with "the" alone (``the analysis of large-scale traces``), the
# paper's own study with anything else (``a comprehensive analysis of``, ``a better
# understanding of``).
STUDY_NOUNS = frozenset(("analysis", "understanding", "interpretation"))
# Nouns of amount: ``the retrieval of a wide variety of documents`` retrieves documents.
AMOUNT_NOUNS = frozenset(("variety", "number", "range", "set", "series", "amount", "lot", "plethora",
                          "multitude", "host", "array", "collection", "family", "kind", "type", "class",
                          "subset", "group", "majority", "fraction", "portion", "part"))


@rule(score=0.7)
def task_noun_with_its_object(doc, context):
    """A task named by its noun and its object after ``of``, as a gerund clause names one.

    ``the detection of anomalies`` is the task ``anomaly detection`` as ``detecting
    anomalies`` is, ``the deployment of LLMs on edge devices`` is ``LLM deployment``; the
    object's determiners go. Not after a possessive (``our analysis of the results``: the
    paper's own work), for a noun of study other than after a bare ``the`` (``a comprehensive
    analysis of``), for ``distribution`` (``the distribution of the data``), nor for an amount
    (``a wide variety of``).

    Example: "We study the detection of anomalies in system logs." -> problem "anomaly detection"
    """
    vocab = context.vocab
    nouns = {noun for _, noun in vocab.task_nouns}
    for token in tokens(doc):
        if token.lower_ not in nouns or token.pos_ != "NOUN" or token.lower_ in NOT_TASKS_BEFORE_OF \
                or any(child.dep_ == "poss" for child in token.children):
            continue
        of = next((child for child in token.rights if child.dep_ == "prep" and child.lower_ == "of"), None)
        obj = next((child for child in of.children if child.dep_ == "pobj"), None) if of is not None else None
        if obj is None or obj.pos_ not in ("NOUN", "PROPN") or obj.lower_ in AMOUNT_NOUNS:
            continue
        if token.lower_ in STUDY_NOUNS and [child.lower_ for child in token.lefts] != ["the"]:
            continue
        start = obj.left_edge.i
        while start < obj.i and doc[start].pos_ == "DET":
            start += 1  # "the deployment of the model"
        phrase = gerund_phrase(doc, token.i, token.i + 1, start, object_right_edge(obj) + 1, vocab,
                               noun=token.lower_)
        if phrase:
            yield phrase._replace(origin="task_noun_with_its_object")


def gerund_taken_for_a_noun(token, vocab):
    """The object of a task's gerund that opens a sentence and that the tagger took for a noun
    modifying a plural subject whose verb is singular (``Training robots in simulation requires
    ...``: what requires is the training, not the robots); None otherwise."""
    if token.tag_ not in ("NN", "NNP") or token.lower_ not in vocab.task_gerunds \
            or token.dep_ not in ("compound", "amod") or not token.is_sent_start:
        return None
    subject = token.head
    return subject if subject.tag_ == "NNS" and subject.dep_ == "nsubj" and subject.head.tag_ == "VBZ" \
        else None


def written_words(span):
    """How many words a span holds as written: a hyphenated word counts once (``fine-tuning``)."""
    return sum(-1 if token.text == "-" else 1 for token in span)


def gerund_phrase(doc, start, gerund_end, object_start, end, vocab, noun=None):
    """The ``gerund_clause`` phrase of the gerund ``doc[start:gerund_end]`` and its object
    ``doc[object_start:end]``, labelled by the task's noun form (``noun``, when the task is
    named by it); None when the object names nothing the clause adds to."""
    words = doc[object_start:end]
    if written_words(doc[start:end]) > defaults.GERUND_CLAUSE_MAX_WORDS or any(
            (t.is_punct and t.text != "-") or t.pos_ in ("DET", "PRON", "NUM") for t in words):
        return None
    noun = noun or dict(vocab.task_nouns).get(span_text(doc, start, gerund_end).lower())
    obj_start, obj_end = trim(doc, words.start, words.end, vocab)
    if obj_start >= obj_end or object_names_nothing_new(doc[obj_start:obj_end], vocab,
                                                         observed=noun in OBSERVING_TASKS):
        return None
    label = None
    # a term of the field as written ("scaling laws") is a noun phrase, not a verb's object
    written = concept_key(doc[start:end].text)
    if noun and not (" " in written and written in vocab.terms) \
            and not any(t.dep_ == "cc" for t in words):
        *rest, head = label_text(doc, obj_start, obj_end).split()
        label = " ".join(rest + [singular(head), noun])
    return Phrase(doc[start:end], "gerund_clause", label=label)


@rule(score=0.85)
def token_pattern_matches(doc, context):
    """Matches of the token patterns in the user's pattern files.

    Example: "We shard long contexts with ring attention." -> method "ring attention" (with the
    user pattern file of tests/fixtures/extract_user_patterns.jsonl)
    """
    if context.matcher is None:
        return
    for match_id, start, end in context.matcher(doc):
        yield Phrase(doc[start:end], "token_pattern_matches", doc.vocab.strings[match_id])


@rule(score=0.95)
def names_listed_after_a_kind(doc, context):
    """Names listed right after a plural that says what they are: datasets, models, metrics.

    The parser often leaves such names outside any phrase or takes them for verbs. The list may
    stand in parentheses (``video-text alignment benchmarks (EgoMCQ, EgoNLQ)``), and a slash
    parts two of its names (``datasets (BillSum, CNN/DailyMail, PubMed)``). The singular
    says it of the one name after it (``a synthetic dataset FreeGraspData``).

    Example: "We evaluate on two standard datasets KITTI and NuScenes." -> dataset "KITTI"
    """
    words = tokens(doc)
    for i, word in enumerate(words[:-1]):
        kind = defaults.KIND_SINGULARS.get(word.lower_) if is_singular_kind(word) else None
        if kind is not None:
            named = name_after_a_kind(doc, i)
            if named is not None:
                yield Phrase(doc[i + 1:named], "names_listed_after_a_kind", kind)
            continue
        kind = defaults.KIND_PLURALS.get(word.lower_)
        if kind is None or not is_plural_kind(word):
            continue
        first = i + 1
        if words[first].text == "(":
            closing = next((t.i for t in words[first:] if t.text == ")"), len(words))
            if not any(t.text == "," or t.lower_ in ("and", "or") for t in words[first:closing]):
                continue  # "Large Language Models (LLMs)": a short form, not a list
            first += 1
        j, last = first, False
        while (stop := name_end(doc, j, listed=j > first)) is not None:
            if _SIZES.match(span_text(doc, j, stop).lower()):
                break  # "models (60M-1B)": sizes, not names
            yield Phrase(doc[j:stop], "names_listed_after_a_kind", kind)
            j = stop + (stop < len(words) and (words[stop].text == "," or is_glued_slash(words, stop)))
            while j < len(words) and words[j].is_space:
                j += 1  # a line break inside the list
            if last or j == len(words):
                break  # "X, Y, and Z": the list ends with the name after "and"
            if words[j].lower_ in ("and", "or"):
                j, last = j + 1, True
            elif j == stop:
                break


def is_singular_kind(word):
    """A singular noun of ``defaults.KIND_SINGULARS`` (``dataset``, ``model``), or its acronym
    (``LLM``, which the tagger calls a proper noun)."""
    return word.lower_ in defaults.KIND_SINGULARS and (word.tag_ == "NN" or word.text.isupper())


def is_plural_kind(word):
    """A plural noun, or the plural of an acronym (``LLMs``, which the tagger calls a proper noun)."""
    return word.tag_ == "NNS" or (word.tag_ == "NNPS" and word.text[:-1].isupper() and len(word.text) > 2)


def name_after_a_kind(doc, i):
    """The end of the one name right after the singular kind noun at ``i`` (``a synthetic
    dataset FreeGraspData``, ``the method PointMLP``), which ends the noun's phrase (not ``the
    model GPT-4o architecture``); None when there is none."""
    stop = name_end(doc, i + 1)
    if stop is None or not is_name_word(doc[i + 1]):
        return None
    after = doc[stop] if stop < len(doc) else None
    return stop if after is None or after.pos_ not in ("NOUN", "PROPN") else None


def name_end(doc, start, listed=False):
    """The end of the name that opens at word ``start`` (``ImageNet-1K``, ``Gemini 1.5 Pro``,
    ``Claude 3``), or None when no name opens there. A capitalised word is one only ``listed``
    after another name (``GPT-4o and Claude``)."""
    words = tokens(doc)
    if start >= len(words):
        return None
    end = hyphen_compound(doc, start)[1]
    while end < len(words) and not words[end - 1].whitespace_ \
            and not (words[end].is_punct or words[end].is_space):
        end = hyphen_compound(doc, end)[1]  # "GSM8K" is two tokens, GSM8 and K
    if words[start].pos_ in ("DET", "PRON") or words[start].is_stop:
        return None  # "Methods: A nonrandomized trial" (a section heading)
    first = span_text(doc, start, end)
    if not (is_name_word(words[start])
            or (end - start > 1 and any(c.isupper() for c in first) and first[:1].isupper())
            or (listed and words[start].is_title and not words[start].is_sent_start)):
        return None
    while end < len(words) and words[end - 1].whitespace_ and (
            words[end].text[:1].isdigit() or is_acronym(words[end].text)
            or (words[end].is_title and not words[end].is_sent_start)):
        end = hyphen_compound(doc, end)[1]
    return end


@rule(score=0.6)
def hardware_acronym_inside_phrase(doc, start, end, vocab):
    """A hardware acronym inside a longer phrase is hardware of its own.

    Example: "We propose multi-GPU expert parallelism for MoE." -> hardware "GPU"
    """
    if end - start < 2 or span_text(doc, start, end).islower():
        return []
    return [Candidate(t.i, t.i + 1, "hardware", "hardware_acronym_inside_phrase", t.text)
            for t in tokens(doc)[start:end] if is_acronym(t.text) and word_type(t, vocab) == "hardware"
            and concept_key(t.text) not in vocab.needs_cue]  # not "CoRe" of "T-CoRe"


# Span rules whose phrases are kept whole: not trimmed, split or filtered.
WHOLE_PHRASE_ORIGINS = ("acronym_long_form", "token_pattern_matches", "names_listed_after_a_kind",
                        "gerund_clause", "task_noun_with_its_object", "modifiers_sharing_a_head",
                        "modifier_left_out_of_a_phrase", "resource_sharing_a_measure")


def trim(doc, start, end, vocab):
    """Drop leading determiners, numbers, punctuation and evaluative words (hyphenated ones
    too: ``state-of-the-art``), trailing punctuation. A phrase that starts inside a hyphenated
    word starts with the whole word (``end-to-end training``, not ``end training``), unless it
    starts at an acronym (``GPU throughput`` of ``Cloud-to-GPU throughput``)."""
    words = tokens(doc)
    start = after_naming_verb(words, start, end)
    if start < end and not is_acronym(words[start].text):
        start = min(start, hyphen_compound(doc, start)[0])
    while start < end:
        opening = gerund_before_a_model(doc, start, vocab)
        if opening and opening[1].i < end:
            start = opening[0]  # "Training diffusion models (requires ...)": the task's verb goes
            continue
        comma = listed_adjectives_end(doc, start, end)
        if comma is not None:
            start = comma + 1  # "complex, spatial reasoning": the last adjective stays with its noun
            continue
        first, last = hyphen_compound(doc, start)
        if last - first > 1 and words[start].text != "-":  # a hyphenated word: D-STT, state-of-the-art
            if (_SIZE.match(words[start].lower_) or is_value_range(words[first:last])
                    or is_value_comparison(words[first:last])) and last < end:
                # "7B-parameter open-source LLM", "30-80% compression", "10-fold speedup": the
                # size, the range of values or the comparison goes whole, with what follows it
                start = past_value_words(words, last, end)  # "4-8 times speedup"
                continue
            if words[start].text[:1] in "+\u00b1" and _QUANTITY.match(words[start].lower_) and last < end:
                start = last  # "+12.9-point F1 score": a signed gain goes with its unit
                continue
            if words[start].like_num and words[start].text[:1].isdigit() and start + 2 < end \
                    and words[start + 1].text == "-" \
                    and not words[start + 2].is_lower:
                start += 2  # "8-H100 GPU node": the count goes, the name stays ("8-bit" stays)
                continue
            hyphenated = span_text(doc, first, last).lower()
            if judged_word(hyphenated, vocab) or hyphenated in defaults.HYPHENATED_VERBS:
                start = last  # "state-of-the-art", "(we) fine-tune the model"
                continue
            named = start_of_names_after_a_kind(words, start, end, vocab)
            if named is not None:
                start = named  # "real-time object detection models YOLOv8n"
                continue
            break
        word = plain(words[start].lower_)
        if word in MAKING_ADVERBS and start + 2 < end and words[start + 1].tag_ in ("VBN", "VBD"):
            start += 2  # "carefully designed reward", "recently introduced foundation model"
            continue
        if (words[start].pos_ in DROPPED_POS and not is_mixed_case_name(words[start].text)) \
                or _QUANTITY.match(word) \
                or (word in vocab.evaluative and not opens_term(doc, start, end, vocab)):
            start = past_value_words(words, start + 1, end)
            continue
        if word in defaults.VALUE_UNITS and 0 < start < end - 1 and holds_digit(words[start - 1]):
            start += 1  # "(<50) ms TPOT": the unit of a value before the phrase
            continue
        if (words[start].pos_ == "ADV" or word in QUANTITY_HEDGES) and hedges_a_value(doc, start, end):
            start += 1  # "about 70% accuracy"
            continue
        if word in COMPARATIVES and start + 1 < end and not opens_term(doc, start, end, vocab):
            start += 1  # "a larger teacher model", "at lower cost" (one word: "higher-order" stays)
            continue
        if start + 2 < end and words[start + 1].text == ")" and _LIST_MARKER.match(word):
            start += 2  # "(ii) High quality translation", "iii) non-IID data distributions"
            continue
        if word == "so" and start + 2 < end and words[start + 1].lower_ == "called":
            start += 2  # "the so called tensor network structure search problem"
            continue
        if word == "at" and start + 1 < end and words[start + 1].lower_ in ("least", "most"):
            start += 2  # "at least nodes", where the math of "at least $x = \omega(\log n)$ nodes" went
            continue
        if words[start].pos_ == "ADV" and adverb_before_a_judgement(words, start, end, vocab):
            start += 1  # "even the strongest model", "the currently best explanation", "strictly fewer nodes"
            continue
        if word in MEANS_GERUNDS and words[start].tag_ == "VBG" and start + 1 < end:
            start += 1  # "Incorporating vision-based depth estimation (improves ...)"
            continue
        if start + 1 < end and gerund_taken_for_a_noun(words[start], vocab) is not None:
            start += 1  # "Training robots (in simulation requires ...)": the gerund's own clause
            continue
        if word.endswith("izing") and start + 1 < end and words[start].is_lower \
                and word not in vocab.task_gerunds and not opens_term(doc, start, end, vocab):
            start += 1  # "(or) customizing personalized local models": a verb's gerund, whatever its tag
            continue
        if verb_opening_a_clause(doc, start, end, vocab):
            start += 1  # "without compromising accuracy", ", assessing accuracy": the verb goes
            continue
        if (word in vocab.intro_verbs or word in NAMING_VERBS) and start + 1 < end and (
                words[start + 1].pos_ == "DET" or words[start + 1].text[:1].isupper()
                or is_mixed_case_name(words[start + 1].text)) and not opens_term(doc, start, end, vocab):
            start += 1  # "(we) present ZIPA", "termed MultIple STochastic Prompt tuning"
            continue
        named = start_of_names_after_a_kind(words, start, end, vocab)
        if named is not None:
            start = named  # "(on the) benchmarks CEC2013 and CEC2017", "benchmark datasets KITTI"
            continue
        if start + 1 < end and ((words[start].is_lower and is_clause_verb(words, start)
                                 and not opens_term(doc, start, end, vocab))
                                or (start > 0 and words[start - 1].lower_ in SUBJECT_PRONOUNS
                                    and words[start].is_lower)
                                or (word.endswith("s") and word in vocab.problem_verbs)
                                or (word in VERBS_NEVER_NOUNS and words[start].is_lower)
                                or is_harm_verb(words[start], vocab)):
            # a verb in -s left at the phrase's start, tagged so ("(prior work) overlooks critical
            # memory access bottlenecks"), a verb after "that" or an infinitive's "to" ("weights that
            # prevent flexible deployment", "to pretrain LLMs"), a word after "we", whatever its tag
            # ("we benchmark multiple models"), or a problem verb taken for a noun ("... and
            # mitigates error accumulation"; the rare noun "address translation" loses its first
            # word), or a harm verb ("(oversmoothing) hurt deep GNNs")
            start += 1
            continue
        break
    while end > start and (words[end - 1].is_punct and words[end - 1].text != ")"
                           or words[end - 1].text in ("=", "<", ">", "\u2264", "\u2265", "\u2248")):
        end -= 1  # "DSC=0.841": the sign goes with its value
    if end - start >= 2 and words[end - 1].lower_ in GAIN_WORDS \
            and term_type(concept_key(span_text(doc, start, end - 1)), vocab)[0] in ("metric", "problem"):
        end -= 1  # "accuracy gains", "energy efficiency gains": what was measured
    return start, end


def is_clause_verb(words, i):
    """``words[i]`` is tagged a verb in -s (``overlooks``), or a verb's base form after a
    relative pronoun (``that prevent``) or an infinitive's ``to`` (``to pretrain``; not the
    preposition of ``to affine subspace estimation``, which the tagger may call a particle)."""
    word = words[i]
    if word.tag_ == "VBZ":
        return True
    if i == 0 or word.tag_ not in ("VBP", "VB"):
        return False
    before = words[i - 1]
    return before.lower_ in RELATIVE_PRONOUNS \
        or (before.pos_ == "PART" and before.dep_ == "aux" and before.head.i == word.i)


GENERIC_PLURAL_REACH = 4  # how far into a phrase a generic plural before names is looked for


def start_of_names_after_a_kind(words, start, end, vocab):
    """The index of a name that follows a generic plural noun in the first words of a phrase
    (``benchmarks CEC2013``, ``SOTA benchmark datasets CIFAR-100``, ``models GPT-4o``; a plural
    of ``defaults.KIND_PLURALS`` anywhere: ``real-time object detection models YOLOv8n``), or a
    singular kind noun before the one name that ends the phrase (``synthetic dataset
    FreeGraspData``): the noun only says what kind of thing the names are. None when there is
    none."""
    for i in range(start, end - 1):
        if words[i].text == "-":
            continue  # "real-time object detection models YOLOv8n"
        if words[i].pos_ not in ("NOUN", "PROPN", "ADJ"):
            return None
        kind_plural = words[i].lower_ in defaults.KIND_PLURALS
        if i >= start + GENERIC_PLURAL_REACH and not kind_plural:
            continue
        if is_plural_kind(words[i]) and (kind_plural or concept_key(words[i].lower_) in vocab.generic) \
                and is_name_word(words[i + 1]):
            return i + 1
        if is_singular_kind(words[i]) and name_after_a_kind(words[i].doc, i) == end:
            return i + 1  # "a synthetic dataset FreeGraspData": the one name the phrase ends with
    return None


def after_naming_verb(words, start, end):
    """Where a phrase starts once a naming verb inside it is cut with what comes before it: the
    parser's chunk ``scheme termed error performance enhancement scheme`` names the scheme after
    ``termed``. (``named entity recognition`` keeps its first word.)"""
    for i in range(end - 2, start, -1):
        if words[i].lower_ in NAMING_VERBS and words[i].tag_ in ("VBN", "VBD") \
                and words[i - 1].pos_ in ("NOUN", "PROPN") \
                and words[i + 1].lower_ not in ("entity", "entities"):
            return i + 1
    return start


def opens_term(doc, start, end, vocab):
    """The words from ``start`` (two to four of them, within ``end``) are a term of the field
    whose first word is also a judging one: ``strong scaling`` is no kind of scaling."""
    return any(concept_key(span_text(doc, start, stop)) in vocab.terms
               for stop in range(start + 2, min(start + 4, end) + 1))


def judged_word(word, vocab):
    """True for a hyphenated word that only judges: an evaluative one (``state-of-the-art``),
    one led by an evaluative adverb (``widely-used``, ``highly-optimized``) or by ``well`` before
    a participle (``well-trained``, ``well-generalized``, ``well-known``), a superlative before a
    participle (``best-suited``, ``highest-performing``, ``top-ranked``), or the comparative of
    an evaluative one (``higher-quality``)."""
    lead, _, rest = word.partition("-")
    return (word in vocab.evaluative
            or (lead.endswith("ly") and lead in vocab.evaluative)
            or (lead == "well" and (rest.endswith("ed") or rest == "known"))
            or (lead in JUDGING_LEADS and (rest.endswith("ed") or rest in JUDGED_DOINGS))
            or (lead == "higher" and f"high-{rest}" in vocab.evaluative))


# Superlatives and comparatives that judge the participle after them (``best-suited``).
JUDGING_LEADS = ("best", "better", "highest", "strongest", "top")
JUDGED_DOINGS = ("performing", "scoring")  # not any -ing: ``top-tuning`` is a technique


def listed_adjectives_end(doc, start, end):
    """The comma that ends a list of adjectives opening the phrase (``large-scale, high-quality
    dataset``), or None."""
    words = tokens(doc)
    for i in range(start + 1, end - 1):
        if words[i].text == ",":
            return i
        first, last = hyphen_compound(doc, i)
        if not (words[i].pos_ in ("ADJ", "ADV") or words[i].text == "-" or last - first > 1):
            return None
    return None


def verb_opening_a_clause(doc, start, end, vocab):
    """True when word ``start`` is a verb's gerund right after ``without``, ``by``, ``while``...
    (``without sacrificing model quality``) or opening a clause after a comma (``..., assessing
    accuracy``), not one that makes a problem (``growing``) nor, after a comma, a gerund the
    field names things by (``..., training data``) or one opening a term (``..., reading
    comprehension``)."""
    words = tokens(doc)
    token = words[start]
    if not (token.tag_ == "VBG" and token.pos_ == "VERB" and start > 0 and start + 1 < end
            and token.lower_ not in vocab.problem_modifiers and token.lower_ not in vocab.degree):
        return False
    before = words[start - 1].lower_
    return before in MEANS_PREPOSITIONS or (before == "," and concept_key(token.text) not in vocab.terms
                                            and token.lower_ not in vocab.task_gerunds
                                            and not opens_term(doc, start, end, vocab))


def hedges_a_value(doc, start, end):
    """True when a number or a variable follows the word ``start`` within three words, inside
    the phrase (``about 70%``, ``as much as 76.3%``, ``at least $f$ nodes``), with the phrase
    going on after it."""
    words = tokens(doc)
    for i in range(start + 1, min(start + 4, end - 1)):
        if words[i].like_num or (_QUANTITY.match(words[i].lower_) and holds_digit(words[i])) \
                or is_variable(words[i]):
            return True
        if words[i].pos_ not in ("ADV", "ADP", "ADJ") and words[i].lower_ not in QUANTITY_HEDGES:
            return False
    return False


def adverb_before_a_judgement(words, start, end, vocab):
    """True when the adverb ``start`` comes before a determiner, a judging word or (an -ly adverb,
    ``much`` or ``far``) a comparative, line breaks aside; or an -ly adverb before a word of
    degree or of a problem's size (``computationally expensive gradient updates``,
    ``exceptionally high manual cost``, ``linearly growing demand``), which then goes as it goes
    alone."""
    following = next((w for w in words[start + 1:end] if not w.is_space), None)
    if following is None:
        return False
    word, judged = plain(words[start].lower_), plain(following.lower_)
    return following.pos_ == "DET" or judged in vocab.evaluative \
        or (following.tag_ in ("JJR", "JJS", "RBR", "RBS") and (word.endswith("ly") or word in ("much", "far"))) \
        or (word.endswith("ly") and (judged in vocab.problem_modifiers or judged in vocab.degree))


def is_variable(token):
    """One lower-case letter standing for a value (``$f$`` or ``k`` in ``at most f nodes``)."""
    return len(token.text) == 1 and token.is_lower and token.text not in ("a", "i")


def past_value_words(words, start, end):
    """Where a phrase goes on after a value that ends before ``start``: past the words comparing
    it and its unit (``3x higher convergence rate``, ``80 GB GPUs``), never past the last word
    (a unit left alone is dropped: drops.unit_of_a_value)."""
    while (start < end - 1 and (words[start].lower_ in VALUE_COMPARISONS
                                or words[start].lower_ in defaults.VALUE_UNITS)
           and holds_digit(words[start - 1])):
        start += 1
    return start


def is_value_comparison(tokens):
    """True for a value and its comparison written as one hyphenated word: ``10-fold``, ``3-times``."""
    return len(tokens) == 3 and tokens[1].text == "-" and tokens[0].like_num \
        and tokens[2].lower_ in VALUE_COMPARISONS


def is_value_range(tokens):
    """True for a range of values written as one hyphenated word: ``17-45``, ``1.5-2``."""
    return len(tokens) == 3 and tokens[1].text == "-" and all(
        t.like_num or (_QUANTITY.match(t.lower_) and holds_digit(t)) for t in (tokens[0], tokens[2]))


def holds_digit(token):
    """True when the token holds a digit (``3x``, ``70%``, ``0.2dB``)."""
    return any(c.isdigit() for c in token.text)


def label_text(doc, start, end):
    """The text a label is made from: no parenthetical, no markup, no sentence's full stop
    glued to its last word (``ADE20K.``, ``DataComp-1.4B.``; ``U.S.`` keeps its own), in its
    written form."""
    return written_form(doc, start, bare_label_text(doc, start, end))


def bare_label_text(doc, start, end):
    """label_text before its written form is decided."""
    text = span_text(doc, start, end)
    if "(" in text:
        text = _PARENTHESES.sub("", text)
    text = plain(text).strip()
    last = text.rsplit(None, 1)[-1] if text else ""
    if text.endswith(".") and ("." not in last[:-1] or has_glued_full_stop(last)):
        text = text[:-1]
    return text


def joined_label(doc, start, left_end, head_start, end):
    """The label of the words from ``start`` to ``left_end`` with the head they share with
    another part after them (``head_start`` to ``end``): ``AR and VR applications`` ->
    ``AR applications``, its written form decided on the whole (``Immersive AR/VR applications``
    opening a sentence is ``immersive AR applications``)."""
    head = bare_label_text(doc, head_start, end)
    return written_form(doc, start, f"{bare_label_text(doc, start, left_end)} {head}".rstrip())


def written_form(doc, start, text):
    """``text`` (starting at token ``start``) with a first word capitalised only because it
    opens a sentence in lower case: ``Federated learning has...`` -> ``federated learning``;
    a hyphened name stays (``Trinity-RFT is...``, ``is_hyphened_name``), as do the names of
    vendors and model families (``NVIDIA GPUs``, ``Falcon and Vicuna are...``)."""
    words = tokens(doc)
    first = words[start]
    rest = [w for w in text.split()[1:] if w[:1].isalpha() and w.lower() not in ("of", "and", "the", "for")]
    if rest and all(w[:1].isupper() for w in rest):
        return text  # capitalised throughout (a definition): display_label lower-cases it whole
    if text and first.is_sent_start and first.is_title and not first.is_upper and "-" not in first.text[1:] \
            and first.lower_ not in organisation_names() and first.lower_ not in defaults.MODEL_FAMILIES \
            and not is_hyphened_name(doc, text.split()[0]):
        return text[:1].lower() + text[1:]
    return text


def is_hyphened_name(doc, word):
    """``Trinity-RFT``: a capitalised word hyphened to an acronym, which the text also writes
    so after a lower-case word (``of Trinity-RFT``; ``Multi-GPU`` opening a sentence is
    ``multi-GPU`` elsewhere)."""
    return "-" in word and is_acronym(word) and word in per_doc(doc, "paperkg_capitalised_inside",
                                                                capitalised_inside)


def capitalised_inside(doc):
    """The capitalised words (as written between spaces) a text writes after a lower-case word."""
    words = [word.strip(".,;:!?()[]{}\"'") for word in text_of(doc).split()]
    return frozenset(word for before, word in zip(words, words[1:]) if word[:1].isupper() and before.islower())


def listed_items(doc, start, comma, end, head, vocab):
    """The pieces of the items before ``comma`` in a list whose last items are joined by
    ``and``/``or``: a lower-case word alone shares the list's ``head`` (``computation`` in
    ``computation, memory, and communication bottlenecks``); any other item stands alone
    (``pre-training corpora`` in ``pre-training corpora, FineWeb and Chinese FineWeb datasets``)."""
    words = tokens(doc)
    pieces, item_start = [], start
    for i in range(start, comma + 1):
        if i < comma and words[i].text != ",":
            continue
        s, e = trim(doc, item_start, i, vocab)
        if e - s == 1 and head and words[s].is_lower and not words[s].like_num:
            pieces.append((s, end, f"{label_text(doc, s, e)} {head}"))
        elif s < e:
            pieces.extend(chunk_pieces(doc, s, e, vocab))
        item_start = i + 1
    return pieces


def has_own_head(item, head, kind, vocab):
    """A listed item of several words ends in a head of its own: a noun of the field of the same
    type ``kind`` as the list's shared ``head``, and not a generic one (``image classification``
    in ``image classification and image segmentation``; ``GPU memory`` and ``computational``
    share the head after them). A noun of an action is a head of its own too, unless the shared
    head only says what kind of thing the items are: ``human-robot collaboration`` in
    ``human-robot collaboration and imitation learning``, not ``anomaly detection`` in
    ``anomaly detection and classification methods``."""
    last = item[-1]
    if len(item) < 2 or last.pos_ != "NOUN" or concept_key(last.text) in vocab.generic:
        return False
    return word_type(last, vocab) == kind or (
        last.lower_.endswith(defaults.ACTION_ENDINGS)
        and concept_key(head.text) not in defaults.KIND_HEADS)


def is_measured_already(last, head, vocab):
    """The left item of ``A B and C D`` (``A`` a noun) ends in a measure, ``B`` (``time``,
    ``latency``), and ``D`` measures what is spent (``usage``, ``consumption``): a measure takes
    no measure after it, so ``inference time and memory usage`` is ``inference time`` and
    ``memory usage``, not ``inference time usage``."""
    measure = concept_key(last)
    return concept_key(head) in defaults.MEASURES_OF_USE and (
        measure in defaults.MEASURES_OF_USE or measure in vocab.performance_quantities
        or measure in MEASURED_QUANTITIES)


# Quantities a process is measured by, besides the vocabulary's performance quantities.
MEASURED_QUANTITIES = frozenset(("time", "speed", "accuracy", "runtime", "delay"))


def ends_in_a_head_noun(left, first, head, vocab):
    """The left item of ``A B and C D`` is a phrase of its own when ``B`` is a noun of a quality
    (``-ity``, ``-ness``, ``-cy``) or a noun of an action the field types, and ``C`` a noun:
    ``memory usage and power consumption``, ``visual quality and memory usage``, ``model
    accuracy and training efficiency``; so is a one-word item the field types alone as a measure
    or as a problem of quality (``latency and memory usage``, ``instability and loss spikes``);
    not ``large language and vision models`` (``language``
    types nothing), ``high memory and runtime costs`` (``memory`` is no action), ``GPU memory
    and computational resources`` (an adjective after ``and``) nor before a ``head`` that says
    what kind of thing both are (``latency and reliability constraints``, ``protein editing and
    representation learning benchmarks``)."""
    last = left[-1]
    word = last.lower_
    if concept_key(head.text) in KINDS_OF_ITEMS or last.pos_ != "NOUN" or first.pos_ not in ("NOUN", "PROPN"):
        return False
    if len(left) == 1:
        kind = word_type(last, vocab)
        return kind == "metric" or (kind == "problem" and word.endswith(QUALITY_ENDINGS))
    return word.endswith(QUALITY_ENDINGS) \
        or (word.endswith(defaults.ACTION_ENDINGS + ("age",)) and word_type(last, vocab) is not None)


def two_actions(left, first, head, vocab):
    """``A B and C D`` where ``B`` is a noun of an action the field types, after a modifier, and
    ``C D`` an adjective (or a word the tagger calls a verb: ``cross``) before another such noun:
    two actions, neither the other's head (``dual-prompt learning and cross fusion``, ``weight
    quantization and dense pruning``; not ``communication and computation overlapping``, where
    one word shares the head, nor ``LLM training and inference acceleration``, where a noun
    before the head may share it)."""
    last = left[-1]
    return len(left) >= 2 and first.pos_ in ("ADJ", "VERB") and last.pos_ == "NOUN" \
        and last.lower_.endswith(defaults.ACTION_ENDINGS) and word_type(last, vocab) is not None \
        and head.lower_.endswith(defaults.ACTION_ENDINGS) and concept_key(head.text) not in KINDS_OF_ITEMS


def is_verb_taken_for_noun(token, vocab):
    """A verb in the third person inside a phrase (``Cascade limits slowdown``, ``KDRL leverages
    policy gradient optimization``, ``FiSco more reliably identifies nuanced biases``): the
    parser took the sentence's verb for a noun, and the phrase is two. The verbs: any the tagger
    calls one, and problem and introducing verbs and ``defaults.CLAUSE_VERBS`` it calls a plural;
    ``face`` or ``pose`` before the challenges faced (``FL face challenges``); a problem verb's
    plain form or a harm verb after a noun, tagged as a noun (``label noise hinder model
    training``, ``network congestion impairs throughput``); a plural right after a name in a
    sentence the tagger left without a verb (``verb_of_a_named_subject``); a plural with an
    ending only a verb has (``VERB_ONLY_ENDINGS``: ``quantifies``)."""
    word = token.lower_
    doc = token.doc
    if token.tag_ == "VBZ" and token.is_lower and word.endswith("s") \
            and doc[token.i - 1].text != "-" and doc[token.i + 1].text != "-":
        return True
    if word in FACING_VERBS and singular(doc[token.i + 1].lower_) in defaults.PROBLEM_OF:
        return True
    if token.tag_ in ("NN", "NNS", "JJ") and token.is_lower and word not in VERBS_ALSO_NOUNS \
            and ((token.tag_ == "NN" and word in vocab.problem_verbs and not word.endswith(("s", "ing", "ed")))
                 or is_harm_verb(token, vocab)) \
            and doc[token.i - 1].pos_ in ("NOUN", "PROPN") and doc[token.i + 1].pos_ in ("NOUN", "ADJ", "PROPN"):
        return True  # "class imbalance hinder model performance", "congestion impairs throughput"
    return token.tag_ == "NNS" and word.endswith("s") \
        and (word in vocab.problem_verbs or word in vocab.intro_verbs or word in defaults.CLAUSE_VERBS
             or (len(word) >= 7 and word.endswith(VERB_ONLY_ENDINGS)) or verb_of_a_named_subject(token))


# Endings only a verb in the third person has (``simplifies``, ``minimizes``, ``analyzes``; a
# word that short, such as ``sizes``, is left out).
VERB_ONLY_ENDINGS = ("ifies", "izes", "yzes")


def verb_of_a_named_subject(token):
    """A plural noun in lower case right after a name, in a sentence the parser rooted in a noun:
    the sentence's verb the tagger missed (``DiffUMI breaches privacy-preserving face recognition
    systems``, ``SINR models deformations as ...``, ``A-IDE excels in ...``)."""
    name = token.doc[token.i - 1]
    if not token.is_lower or not (
            name.tag_ in ("NNP", "NNPS") or is_acronym(name.text) or is_mixed_case_name(name.text)):
        return False
    sentence = token.sent  # found by walking the doc: asked last
    return token.i != sentence.start and sentence.root.pos_ in ("NOUN", "PROPN")


def is_harm_verb(token, vocab):
    """A harm verb (``degrade``, ``hurt``, ``slows``) that stands for a verb: not one whose form
    is also a noun (``VERBS_ALSO_NOUNS``: ``harm``) or a problem modifier (``slow``, as in ``slow
    convergence`` and ``slow thinking``, whatever the tagger calls it)."""
    word = plain(token.lower_)
    return word in vocab.harm_verbs and word not in VERBS_ALSO_NOUNS and word not in vocab.problem_modifiers


def is_verb_joined_to_a_verb(token):
    """A plural noun that ``and`` joins to a verb in the present or past is that verb's
    companion, taken for a noun (``identifies and manipulates hallucination-sensitive modules``)."""
    return token.tag_ == "NNS" and token.dep_ == "conj" and token.head.tag_ in ("VBZ", "VBP", "VBD")


def has_glued_full_stop(word):
    """A word with the sentence's full stop glued to it (``8B.`` before ``LoLA``), which the
    tokenizer kept whole; not an abbreviation (``U.S.``, ``i.i.d.``)."""
    return len(word) > 1 and word.endswith(".") and word[-2].isalnum() and not _ABBREVIATION.match(word)


def names_with_its_owner(words, start, i, end, vocab):
    """The possessive at ``i`` stays inside its phrase: after a person's name alone, which names
    the thing with it (``Parkinson's disease``, ``Cohen's kappa``, ``Bird's Eye View``: one
    capitalised word, no acronym, after at most a determiner), or before one task noun or one
    hardware word that a word of its own owns (``LLMs' deployment`` is ``LLM deployment``, as
    ``the deployment of LLMs`` is; ``clients' devices`` are client devices; ``the model's
    predictions`` is no task)."""
    name = words[i - 1]
    if name.is_title and not is_acronym(name.text) and (
            i - 1 == start or (i - 2 == start and words[start].pos_ == "DET")):
        return True
    owned = concept_key(words[end - 1].text)
    return end == i + 2 and concept_key(name.text) not in vocab.generic and (
        vocab.terms.get(owned) == "hardware" or any(owned == noun for _, noun in vocab.task_nouns))


def owner_start(words, start, i):
    """Where the owner before the possessive at ``i`` starts: its nouns and adjectives, back to
    ``start`` at most, not a verb the parser hung from it (``fine-tuning OpenAI's Whisper``);
    ``i`` (no owner phrase) for one common noun (``the clients' local data`` names no client)."""
    owned = {t.i for t in words[i].head.subtree}
    first = i
    while first > start and first - 1 in owned and (
            words[first - 1].pos_ in ("NOUN", "PROPN", "ADJ", "NUM") or words[first - 1].text == "-"):
        first -= 1
    while first < i and words[first].text == "-":
        first += 1
    return i if first == i - 1 and words[first].is_lower else first


def slash_between_names(doc, start, end, vocab):
    """(the slash, the end of the name after it) of the first slash between ``start`` and
    ``end`` that joins two names written without spaces, each a thing of its own (``DPO/SimPO``,
    ``RNNs/LSTM``, ``MNIST/Fashion-MNIST``), not a name's variants (``Mistral-7B/24B``,
    ``ViT-B/16``, ``CIFAR-10/100``), a name and what is based on it (``AI/ML-based``) nor a name
    the field writes with its slash (``CNN/DailyMail``, ``CI/CD``: terms of the vocabulary);
    None when there is none."""
    words = tokens(doc)
    for i in range(start + 1, end - 1):
        if not is_glued_slash(words, i):
            continue
        first, _ = hyphen_compound(doc, i - 1)
        _, last = hyphen_compound(doc, i + 1)
        if last <= end and is_slashed_name(doc, first, i) and is_slashed_name(doc, i + 1, last) \
                and concept_key(span_text(doc, first, last)) not in vocab.terms:
            return i, last
    return None


def is_glued_slash(words, i):
    """``words[i]`` is a slash written without a space on either side, a letter after it: it
    may join two names (``BERT/RoBERTa``), not ``and / or`` nor a fraction (``1/4``)."""
    return words[i].text == "/" and 0 < i < len(words) - 1 and not words[i - 1].whitespace_ \
        and not words[i].whitespace_ and words[i + 1].text[:1].isalpha()


def is_slashed_name(doc, start, end):
    """The words from ``start`` to ``end`` (one hyphenated word) are a name: one name word
    (``is_name_word``), or hyphened parts that make an acronym and do not end in a lower-case
    word (``Fashion-MNIST``, not ``ML-based``)."""
    if end - start == 1:
        return is_name_word(tokens(doc)[start])
    text = span_text(doc, start, end)
    return is_acronym(text) and not text.rsplit("-", 1)[-1].islower()


def chunk_pieces(doc, start, end, vocab):
    """The (start, end, label text) parts of one phrase, split at coordination:
    ``computational and communication bottlenecks`` -> ``computational bottlenecks`` (over the
    whole span) and ``communication bottlenecks``; ``ZeRO-3 and FSDP`` -> each name; the items
    of a longer list one by one (``listed_items``); the ``and``
    of a hyphenated word (``plug-and-play module``) coordinates nothing; a determiner after the
    ``and`` opens a phrase of its own (``the selection time and the communication overhead``);
    a slash between two names parts them as ``and`` would (``slash_between_names``: ``L1/L2
    regularization`` -> ``L1 regularization``, ``L2 regularization``).
    A phrase
    is first cut at ``e.g.``, ``i.e.``, a colon, a semicolon, ``existing`` or ``proposed``
    (``private set intersection existing protocols``), a verb the parser took for a noun
    (``is_verb_taken_for_noun``, ``is_verb_joined_to_a_verb``) or a possessive (``SAM2's
    adaptability``, ``the model's information extraction capabilities``; not
    ``names_with_its_owner``): no concept holds them. A comma
    after a noun with no ``and`` after it parts two items of a list the parser took for one phrase
    (``MAC protocol, LoRaWAN``, ``layer freezing, cyclical learning rates``); after an adjective
    it does not (``provably convergent, data-driven algorithms``)."""
    if start >= end:
        return []
    words = tokens(doc)
    cut = next((t.i for t in words[start:end] if t.lower_ in SEPARATORS
                or (t.is_punct and t.text.endswith((":", ";")))  # "(VQA): base model"
                or (t.tag_ == "POS" and start < t.i < end - 1 and not names_with_its_owner(words, start, t.i, end, vocab))
                or (start < t.i < end - 1 and is_verb_taken_for_noun(t, vocab))
                or (t.i == start < end - 1 and is_verb_joined_to_a_verb(t))), None)
    if cut is not None:
        before = owner_start(words, start, cut) if words[cut].tag_ == "POS" else start
        left_end = cut  # "coverage and" of "improves coverage and simplifies maintenance"
        while left_end > before and (words[left_end - 1].pos_ == "CCONJ" or words[left_end - 1].is_punct):
            left_end -= 1
        return chunk_pieces(doc, before, left_end, vocab) + chunk_pieces(doc, cut + 1, end, vocab)
    ended = next((t.i for t in words[start:end - 1] if has_glued_full_stop(t.text)), None)
    if ended is not None:  # "trained on DataComp-1.4B. Code for ...": a sentence ends inside
        return chunk_pieces(doc, start, ended + 1, vocab) + chunk_pieces(doc, ended + 1, end, vocab)
    start, end = trim(doc, start, end, vocab)
    if start >= end:
        return []
    names = slash_between_names(doc, start, end, vocab)
    if names is not None:  # "DPO/SimPO", "AR/VR applications": two names, and the head they share
        slash, second_end = names
        if second_end < end and not words[second_end].is_punct:
            return [(start, end, joined_label(doc, start, slash, second_end, end))] \
                + chunk_pieces(doc, slash + 1, end, vocab)
        # no head after them: "QPU and CPU/GPU", "MNIST/Fashion-MNIST, MedMNIST"
        return chunk_pieces(doc, start, slash, vocab) + chunk_pieces(doc, slash + 1, second_end, vocab) \
            + chunk_pieces(doc, second_end, end, vocab)
    cc = next((t.i for t in words[start + 1:end - 1] if t.dep_ == "cc" and t.pos_ == "CCONJ"
               and hyphen_compound(doc, t.i) == (t.i, t.i + 1)), None)  # not plug-and-play
    if cc is None:
        comma = next((t.i for t in words[start + 1:end - 1] if t.text == "," and t.whitespace_
                      and (words[t.i - 1].tag_.startswith("NN") or words[t.i - 1].tag_ == "VBG")), None)
        if comma is not None:  # "behavioral decoding, neural forecasting": two items of a list
            return chunk_pieces(doc, start, comma, vocab) + chunk_pieces(doc, comma + 1, end, vocab)
        return [(start, end, label_text(doc, start, end))]
    again = next((t.i for t in words[cc + 2:end - 1] if t.dep_ == "cc" and t.pos_ == "CCONJ"
                  and words[t.i - 1].text != "/"), None)  # not and/or
    if again is not None:  # "zero-shot and fine-tuning and two ID card datasets": cut at the second
        return chunk_pieces(doc, start, again, vocab) + chunk_pieces(doc, again + 1, end, vocab)
    left_end = cc
    while left_end > start and (words[left_end - 1].is_punct or words[left_end - 1].is_space):
        left_end -= 1
    if words[cc + 1].lower_ in ("the", "a", "an") or words[cc + 1].tag_ == "PRP$":
        # "the feature selection time and the communication overhead": a determiner after the
        # "and" opens a noun phrase of its own, which shares nothing with the one before
        return [(s, e, label_text(doc, s, e))
                for s, e in (trim(doc, s, e, vocab) for s, e in ((start, left_end), (cc + 1, end)))
                if s < e]
    first = words[cc + 1]
    first_end = max([t.i for t in first.subtree if cc < t.i < end] or [cc + 1]) + 1
    first_end = min(end, max(first_end, hyphen_compound(doc, first_end - 1)[1]))  # zero-shot
    comma = max((t.i for t in words[start + 1:left_end] if t.text == ","), default=None)
    if comma is not None:  # a list: "latency, energy and memory costs"
        head = label_text(doc, first_end, end) if first_end < end else None
        return listed_items(doc, start, comma, end, head, vocab) + chunk_pieces(doc, comma + 1, end, vocab)
    named = is_name(words[start:left_end]) or is_name([first])
    shared_kind = word_type(words[end - 1], vocab)
    shared_head = end - first_end == 1 and shared_kind
    left, left_words = words[start:left_end], span_text(doc, start, left_end).split()
    if (shared_kind and first_end < end and (shared_head or len(left_words) >= 2)
            and has_own_head(left, words[end - 1], shared_kind, vocab)) \
            or (len(left_words) >= 2 and concept_key(" ".join(left_words)) in vocab.terms) \
            or (first_end < end and ends_in_a_head_noun(left, first, words[end - 1], vocab)) \
            or (shared_head and two_actions(left, first, words[end - 1], vocab)) \
            or (len(left) >= 2 and left[-2].pos_ in ("NOUN", "PROPN")
                and is_measured_already(left[-1].text, words[end - 1].text, vocab)):
        # "image classification and image segmentation", "balanced request scheduling and flexible
        # PD node allocation", "artificial intelligence and machine learning models": two
        # phrases, whatever the parse says
        return [(s, e, label_text(doc, s, e))
                for s, e in (trim(doc, s, e, vocab) for s, e in ((start, left_end), (cc + 1, end)))
                if s < e]
    if first_end >= end or (named and not shared_head):
        parts = [(start, left_end), (cc + 1, first_end), (first_end, end)]
        return [(s, e, label_text(doc, s, e)) for s, e in (trim(doc, s, e, vocab) for s, e in parts)
                if s < e]
    right_start = trim(doc, cc + 1, end, vocab)[0]  # "large and powerful language models"
    right = (right_start, end, label_text(doc, right_start, end))
    if right_start >= end:
        return [(start, end, joined_label(doc, start, left_end, first_end, end))]
    if words[left_end - 1].text.endswith("-"):  # "linguistics- and NLP-based methods": the left is cut
        return [right]
    return [(start, end, joined_label(doc, start, left_end, first_end, end)), right]
