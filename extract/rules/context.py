"""Typing rules that read a phrase's context in the parse: the verb or noun it hangs from.

Each takes a ``Piece`` and returns a concept type or None. They type phrases of several words
that the vocabulary leaves untyped (one untyped word is too weak a signal on its own).

Each reads the phrase's attachment (``object_verb``: the verb it is the object of;
``preposition``: the preposition it hangs from), tests the word there and returns a type: a
named unit with its own docstring and example phrase, which the output's ``source`` names and
tests/test_rules.py exercises.
"""

import re

from .. import defaults
from ..normalise import concept_key, is_acronym
from .base import hyphen_compound, rule, span_text, term_type, tokens
from .spans import NAMING_VERBS


def several_words(piece):
    return " " in piece.key


def is_proper(piece):
    """The phrase is a name: its last word a proper noun or an acronym (``Hydra``, ``TPUv4``),
    a single word capitalised (or opening with a digit, as an acronym: ``6GTech``), not opening a
    sentence nor cut from a hyphenated word."""
    head = piece.doc[piece.end - 1]
    if not (head.pos_ == "PROPN" or is_acronym(head.text)):
        return False
    if piece.end - piece.start > 1:
        return True
    first, last = hyphen_compound(piece.doc, piece.start)
    opens_as_name = head.text[:1].isupper() or (head.text[:1].isdigit() and is_acronym(head.text))
    return opens_as_name and not head.is_sent_start and (first, last) == (piece.start, piece.end)


def object_verb(piece):
    """The verb a phrase of several words is the direct object of (``avoid`` in "avoid bank
    conflicts"), else None."""
    dep, head = piece.attachment
    return head if dep == "dobj" and several_words(piece) else None


def preposition(piece, words, several=True):
    """The preposition among ``words`` that the phrase is the object of (``from`` in "suffer
    from write amplification"), else None; with ``several``, for a phrase of several words only."""
    dep, head = piece.attachment
    if dep == "pobj" and head.lower_ in words and (several_words(piece) or not several):
        return head
    return None


def noun_type(token, vocab):
    """The type of a noun with the compound nouns before it (``scripting language``: a method,
    where ``language`` alone types nothing), as the field's terms give it."""
    compounds = [t.i for t in token.lefts if t.dep_ == "compound"]
    return term_type(concept_key(token.doc[min(compounds, default=token.i):token.i + 1].text), vocab)[0]


def category_type(token, vocab):
    """The type a category noun gives its instances (``a compiler``, ``accelerators``, ``a
    scripting language``): a method or hardware word; a problem word needs a phrase of several
    words to go with it."""
    kind = noun_type(token, vocab)
    return kind if kind != "problem" else None


@rule(score=0.8)
def appositive_of_typed_noun(piece):
    """A proper name in apposition to a typed noun takes its type.

    So does one thing a paper proposes in apposition to a method noun, named in lower case
    (``we present grafting, a simple approach for editing ...``), and a name after the noun it
    is one of (``two benchmarks, ActivityNet-Comp and YouCook2-Comp``).

    Example: "We build on Apache Arrow Flight, a protocol for columnar data." -> method "Apache Arrow Flight"
    """
    name = is_proper(piece)
    if not (name or proposed_alone(piece)):
        return None
    typing = noun_type if several_words(piece) else category_type
    for child in piece.root.children:
        kind = typing(child, piece.vocab) if child.dep_ == "appos" else None
        if kind and (name or kind == "method"):
            return kind
    quoted = appositive_after_a_quote(piece) if name else None
    if quoted is not None:
        return typing(quoted, piece.vocab)
    dep, noun = piece.attachment  # the name after the noun: "two benchmarks, ActivityNet-Comp and ..."
    if name and dep != "appos":
        noun = counted_kind_of_a_list(piece)
    return category_type(noun, piece.vocab) if name and noun is not None else None


def appositive_after_a_quote(piece):
    """The noun in apposition to a name quoted whole (``we present "SatDepth", a novel
    dataset that``), which the parser hangs elsewhere: the first noun after the closing quote and a
    comma that no noun after it takes as a modifier, past determiners, numbers and adjectives
    only; None otherwise."""
    doc, start, end = piece.doc, piece.start, piece.end
    if start == 0 or doc[start - 1].tag_ != "``" or end + 2 >= len(doc) or doc[end].tag_ != "''" \
            or doc[end + 1].text != ",":
        return None  # the name quoted whole
    for token in doc[end + 2:end + 8]:
        if token.pos_ in ("NOUN", "PROPN") and not (token.dep_ in ("compound", "amod", "nmod")
                                                     and token.head.i > token.i):
            return token
        if token.pos_ not in ("DET", "NUM", "ADJ", "ADV", "NOUN", "PROPN") and token.tag_ != "HYPH":
            return None
    return None


@rule(score=0.8)
def name_given_to_a_typed_noun(piece):
    """A name given to a typed noun takes its type.

    ``a dataset named X``, ``a benchmark called X``, ``an accelerator dubbed X``; names joined by
    ``and`` only after a plural noun (``two models called Dash and Dot``).

    Example: "We collect a corpus named Lingua from technical papers." -> dataset "Lingua"
    """
    dep, verb = piece.attachment
    noun = verb.head
    if dep not in ("oprd", "dobj", "attr") or verb.lower_ not in NAMING_VERBS \
            or verb.dep_ != "acl" or noun.pos_ != "NOUN" or not is_proper(piece):
        return None
    if (piece.root.dep_ == "conj" or heads_a_list(piece.root)) and noun.tag_ != "NNS":
        return None  # one name with its "and": "a token compression method called Prune and Merge"
    return category_type(noun, piece.vocab)


def counted_kind_of_a_list(piece):
    """The counted plural noun that a list of names follows after a comma, which the parser made
    the names' conjunct, not their apposition (``on two benchmark datasets, AOL and
    Tiangong-ST``); None otherwise."""
    token = piece.root
    while token.dep_ == "conj" and token.head.pos_ == "PROPN" and token.head.i < token.i:
        token = token.head  # "Tiangong-ST" hangs from "AOL"
    noun, doc = token.head, piece.doc
    if token.dep_ != "conj" or noun.tag_ != "NNS" or noun.i + 1 >= token.i \
            or doc[noun.i + 1].text != "," or not any(c.dep_ == "nummod" for c in noun.children):
        return None
    return noun


def proposed(piece):
    """The phrase is the direct object of a verb that introduces a contribution (``we propose X``)."""
    dep, verb = piece.attachment
    return dep == "dobj" and verb.lower_ in piece.vocab.intro_verbs


def proposed_alone(piece):
    """``proposed``, one thing named whole: in the singular, not in a list, not a part of a
    hyphenated word (not ``two key innovations: ...``, ``Self-critique and Refinement``)."""
    doc, root = piece.doc, piece.root
    return (proposed(piece) and root.tag_ == "NN" and not heads_a_list(root)
            and hyphen_compound(doc, piece.start)[0] == piece.start
            and hyphen_compound(doc, piece.end - 1)[1] == piece.end)


def heads_a_list(token):
    """``token`` has items coordinated with it (``HuDocVQA and HuDocVQA-manual``)."""
    return any(child.dep_ == "conj" for child in token.children)


@rule(score=0.8)
def task_used_as_a_means(piece):
    """A task that a paper uses, employs or applies is a method there.

    What a paper uses is a method (the guidelines); a phrase of several words whose head names a
    task, a process noun (``constrained optimization``, ``semantic segmentation``, ``physics-based
    simulation``), is one where it is the object of a verb of using, active or passive (not a
    cost or a property: ``leverages the representational power``, ``uses a large batch size``).

    Example: "It employs constrained optimization to keep contacts feasible." -> method "constrained optimization"
    """
    dep, verb = piece.attachment
    if not several_words(piece) or dep not in ("dobj", "nsubjpass") or verb.lower_ not in USING_VERBS:
        return None
    root = piece.root
    return "method" if root.lower_.endswith(PROCESS_ENDINGS) and noun_type(root, piece.vocab) == "problem" \
        else None


PROCESS_ENDINGS = ("tion", "sion", "ing", "ment", "sis")  # a process, not a cost or a property
USING_VERBS = frozenset(("use", "uses", "used", "using", "employ", "employs", "employed", "employing",
                         "leverage", "leverages", "leveraged", "leveraging", "adopt", "adopts",
                         "adopted", "adopting", "apply", "applies", "applied", "applying",
                         "utilize", "utilizes", "utilized", "utilizing", "utilise", "utilises",
                         "utilised", "utilising"))


@rule(score=0.8)
def named_object_of_intro_verb(piece):
    """A proper name that a paper proposes, introduces or builds is a method.

    Example: "In this work we present Blue Heron to place experts." -> method "Blue Heron"
    """
    if not (proposed(piece) and is_proper(piece)):
        return None
    # one word alone too ("We then propose Hermes, which ..."), not one of a list of names
    # ("we present HuDocVQA and HuDocVQA-manual, datasets ...")
    root = piece.root
    return "method" if several_words(piece) \
        or (root.dep_ == "dobj" and not heads_a_list(root) and not described_as_data(piece)) else None


def described_as_data(piece):
    """The words after a name and its comma, up to a preposition, a relative word or a
    punctuation mark, name data (``Granary, a large-scale collection of ...``, ``AnyPhotoDoc6300,
    a rigorously designed ... benchmark comprising``)."""
    doc, i = piece.doc, piece.end
    if i >= len(doc) or doc[i].text != ",":
        return False
    for token in doc[i + 1:i + 12]:
        if (token.is_punct and token.text != "-") or token.pos_ == "ADP" or token.lower_ in ("that", "which"):
            return False
        if token.lower_ in defaults.DATASET_WORDS:
            return True
    return False


@rule(score=0.8)
def object_of_problem_verb(piece):
    """What a paper reduces, mitigates, addresses or suffers is a problem.

    Example: "Our kernels avoid bank conflicts." -> problem "bank conflict"
    """
    verb = object_verb(piece)
    if verb is None:  # "reduces the number of trainable parameters": what is counted
        of = preposition(piece, ("of",))  # "mitigates the impact of noisy labels": what has it
        if of is not None and of.head.dep_ == "dobj" and (
                of.head.lower_ in AMOUNT_NOUNS or is_lessened_effect(of.head, piece.vocab)):
            verb = of.head.head
    return "problem" if verb is not None and verb.lower_ in piece.vocab.problem_verbs else None


AMOUNT_NOUNS = frozenset(("number", "amount", "size", "count", "volume"))
EFFECT_NOUNS = frozenset(("impact", "impacts", "effect", "effects", "influence"))
HARMFUL = frozenset(("negative", "adverse", "detrimental", "harmful"))


def is_lessened_effect(noun, vocab):
    """An effect a paper lessens (``mitigates the impact of``), not one of a kind it names
    (``the environmental impact of``) or one it improves (``improves the effect of``)."""
    verb = noun.head.lower_
    return noun.lower_ in EFFECT_NOUNS and verb in vocab.problem_verbs \
        and not verb.startswith(("improv", "enhanc", "accelerat", "caus")) and not any(
        child.dep_ == "amod" and child.lower_ not in HARMFUL for child in noun.children)


@rule(score=0.8)
def example_of_typed_host(piece):
    """An example of a typed noun (``methods such as X``, ``devices like X``) takes its type.

    Example: "It runs on accelerators such as Ascend 910B and Gaudi2." -> hardware "Ascend 910B"
    """
    marker = preposition(piece, defaults.EXAMPLE_MARKERS, several=False)
    if marker is None or not (several_words(piece) or is_proper(piece)):
        return None
    host = marker.head
    if host.lower_ == "such":
        host = host.head
    typing = noun_type if several_words(piece) else category_type
    listed = noun_before_the_comma(marker) if is_proper(piece) else None
    if listed is not None and listed is not host and typing(listed, piece.vocab):
        host = listed  # "methods on real-world benchmarks, including CUHK-PEDES": the benchmarks
    return typing(host, piece.vocab) if host.pos_ in ("NOUN", "PROPN") else None


# Nouns whose examples are tasks: ``tasks such as summarization``, ``applications like inpainting``.
TASK_HOSTS = frozenset(("task", "application", "problem", "scenario", "challenge"))


@rule(score=0.8)
def task_listed_as_an_example(piece):
    """A word used both as a term and as a plain noun, listed as an example of tasks, is that term.

    ``generic_term_in_problem_context`` types such a word (``summarization``, ``inpainting``,
    ``segmentation``) after a problem's verb only; ``example_of_typed_host`` a name or a phrase
    of several words only.

    Example: "It struggles on long-form generation tasks like summarization and translation." -> problem "summarization"
    """
    vocab = piece.vocab
    if piece.key not in vocab.needs_cue:
        return None
    marker = preposition(piece, defaults.EXAMPLE_MARKERS, several=False)
    if marker is None:
        return None
    host = marker.head.head if marker.head.lower_ == "such" else marker.head
    return vocab.terms[piece.key] if host.pos_ == "NOUN" and concept_key(host.text) in TASK_HOSTS else None


def noun_before_the_comma(marker):
    """The plural noun just before the comma that opens a list of examples (``benchmarks`` in
    "on real-world benchmarks, including X, Y and Z", ``GPUs`` in "on GPUs, such as the A100"),
    which the examples are of whatever the parser hung them from; else None."""
    doc, i = marker.doc, marker.i - (2 if marker.lower_ == "as" else 1)
    if i < 2 or doc[i].text != "," or doc[i - 1].tag_ not in ("NNS", "NNPS"):
        return None
    return doc[i - 1]


@rule(score=0.8)
def source_of_suffering(piece):
    """What a system suffers from is a problem.

    Example: "Sharded checkpoints suffer from write amplification on parallel file systems." -> problem "write amplification"
    """
    source = preposition(piece, ("from",))
    return "problem" if source is not None and source.head.lower_ in piece.vocab.problem_verbs \
        else None


@rule(score=0.8)
def subject_of_harm(piece):
    """What degrades, hurts or hampers something is a problem, if named in several words.

    One word (``text``, ``mismatch``, ``integration``) says too little of what harms.

    Example: "Semantic ambiguity between frames degrades the synthesis stability." -> problem "semantic ambiguity"
    """
    dep, verb = piece.attachment
    if dep != "nsubj" or verb.lower_ not in piece.vocab.harm_verbs or not several_words(piece):
        return None
    return "problem" if any(child.dep_ == "dobj" for child in verb.children) else None  # not "degrade into"


@rule(score=0.8)
def what_a_model_withstands(piece):
    """What a model is robust or vulnerable to, or works in the presence of, is a problem.

    Example: "The tracker stays robust to partial occlusions." -> problem "partial occlusion"
    """
    on = preposition(piece, ("to", "against", "of"))
    if on is None:
        return None
    if on.lower_ == "of":  # "in the presence of noisy labels"
        return "problem" if on.head.lower_ == "presence" and on.head.head.lower_ == "in" else None
    host = on.head
    if host.pos_ in ("VERB", "AUX"):  # "stays robust to partial occlusions"
        host = next((child for child in host.children if child.dep_ == "acomp"), host)
    return "problem" if host.lower_ in defaults.WITHSTANDING_WORDS else None


@rule(score=0.8)
def agent_of_limiting(piece):
    """What a task is limited, hindered or caused by is a problem.

    Example: "Scaling is limited by the serial fraction of the code." -> problem "serial fraction"
    """
    agent = preposition(piece, ("by",))
    if agent is None or agent.dep_ != "agent":
        return None
    limited = agent.head.lower_
    vocab = piece.vocab
    return "problem" if limited in vocab.problem_verbs or limited in vocab.problem_modifiers else None


@rule(score=0.8)
def task_of_method_host(piece):
    """What models, methods or systems are for is a task: a problem.

    Example: "We propose models for crop yield mapping." -> problem "crop yield mapping"
    """
    purpose = preposition(piece, ("for",))
    return "problem" if purpose is not None and purpose.head.lower_ in defaults.TASK_HOSTS else None


@rule(score=0.8)
def object_of_challenge_noun(piece):
    """The challenge, issue or risk of something, concerns about it, a shortage of data: a problem.

    Example: "We examine the risk of silent data corruption in long jobs." -> problem "silent data corruption"
    """
    of = preposition(piece, ("of", "about"))
    if of is None:
        return None
    noun = concept_key(of.head.text)
    if noun in defaults.PROBLEM_OF:
        return "problem"
    # "the scarcity of labeled data": a shortage of data is a problem (a shortage of anything
    # else mostly is none of the field's: "the lack of a comparative study")
    return "problem" if is_shortage(of.head, noun) and piece.key.split()[-1] in SCARCE_DATA else None


def is_shortage(token, noun):
    """True for a noun of shortage (``lack``, ``scarcity``), and for ``availability`` that a word of
    shortfall judges (``the limited availability of labeled data``)."""
    return noun in SHORTAGE_NOUNS or (noun == "availability" and any(
        child.dep_ == "amod" and child.lower_ in defaults.SHORTFALL_WORDS for child in token.children))


SHORTAGE_NOUNS = frozenset(("lack", "scarcity", "shortage", "absence", "paucity", "sparsity",
                            "insufficiency", "unavailability"))
SCARCE_DATA = frozenset(("data", "label", "annotation", "sample", "example", "demonstration",
                         "truth"))  # a phrase's last word: "ground truth"


@rule(score=0.8)
def named_data_of_evaluation(piece):
    """A name that experiments run, train or test on is a dataset (``we evaluate our models on X``).

    Example: "We evaluate on Pascal3D and ObjectNet." -> dataset "Pascal3D"
    """
    on = preposition(piece, ("on", "across", "over"), several=False)
    if on is None or not is_proper(piece) or is_pretrained_model(piece.text) \
            or piece.key in defaults.MODEL_NOUNS:
        return None
    hosts = (on.head, on.head.head) if on.head.dep_ == "dobj" and on.head.pos_ == "NOUN" else (on.head,)
    # "we evaluate our methods on OSWorld": "on" hangs from what is evaluated
    if any(host.lower_ in piece.vocab.evaluation_words for host in hosts):
        return "dataset"
    return "dataset" if on.lower_ != "over" and scored_on(on) else None  # "3% over X" compares


def scored_on(on):
    """``on`` follows a score: it hangs from a number or a percentage (``achieves 72.4% on X``)
    or from a verb that takes one (``scores 65.3 on X``, ``improves it by 5.8% on X``)."""
    head = on.head
    if is_score(head):
        return True
    return head.pos_ == "VERB" and any(
        (child.dep_ in ("dobj", "npadvmod") and is_score(child))
        or (child.lower_ == "by" and any(is_score(grand) for grand in child.children))
        for child in head.children)


def is_score(token):
    """A number or a percentage (``72.4``, ``%``, ``5.8 points``)."""
    return token.text == "%" or token.like_num or (
        token.lower_ in ("percent", "points", "pp") and any(c.like_num for c in token.children))


@rule(score=0.8)
def name_listed_with_datasets_or_metrics(piece):
    """A name listed with datasets (or metrics) the field knows is one of them.

    Benchmarks and scores are listed side by side: a list joined by ``and`` or ``or`` whose known
    names are all of one type and at least as many as the unknown ones.

    Example: "Experiments on CIFAR-10, CIFAR-100, and TinyImageNet confirm it." -> dataset "TinyImageNet"
    """
    if " " in piece.text or not is_proper(piece) or is_pretrained_model(piece.text):
        return None  # "tests on T5 and ImageNet": a model evaluated with a dataset
    names = listed_names(piece.doc, piece.start, piece.end)
    kinds = [term_type(concept_key(name), piece.vocab)[0] for name in names]
    known = [kind for kind in kinds if kind]
    unknown = len(kinds) - len(known) + 1  # the piece itself is one
    if not known or len(known) < unknown or len(set(known)) > 1:
        return None
    return known[0] if known[0] in ("dataset", "metric") else None


@rule(score=0.8)
def name_listed_before_a_dataset_head(piece):
    """A name listed before another that a dataset's head follows is a dataset too.

    Example: "We merge CASIA, SCUT and DeepWriting datasets." -> dataset "CASIA"
    """
    text = piece.text
    if " " in text or not is_proper(piece) or is_pretrained_model(text) \
            or text.isalpha() and text[1:].islower():
        return None  # "the Abstraction and Reasoning Corpus": a word of a longer name
    doc, words, i, joined = piece.doc, tokens(piece.doc), piece.end, False
    determined = piece.start > 0 and words[piece.start - 1].lower_ in LIST_DETERMINERS
    while i < len(doc) and words[i].lower_ in LIST_SEPARATORS:
        i, conjunction = past_separators(words, i)
        joined = joined or conjunction
        if i < len(doc) and words[i].lower_ in LIST_DETERMINERS:
            if not determined:
                return None  # "built with PyTorch and the COCO dataset": no list of like items
            i += 1  # "on our SWEC, the MAYO, and the FNUSA dataset"
        if i >= len(doc) or not words[i].text[:1].isupper():
            return None
        i = hyphen_compound(doc, i)[1]
        if joined and i < len(doc) and words[i].lower_ in defaults.DATASET_WORDS:
            return "dataset"
    return None


LIST_SEPARATORS = (",", "and", "or")
LIST_DETERMINERS = ("the", "our")


def past_separators(words, i, step=1):
    """The index of the first word from ``i`` on (in the direction ``step``) that is no list
    separator, and whether an ``and`` or ``or`` was among the separators passed."""
    conjunction = False
    while 0 <= i < len(words) and words[i].lower_ in LIST_SEPARATORS:
        conjunction = conjunction or words[i].lower_ != ","
        i += step
    return i, conjunction


def listed_names(doc, start, end):
    """The one-word names listed with the words ``start:end``, separated by commas, ``and`` or
    ``or`` (one of these at least): ``CIFAR-10`` and ``CIFAR-100`` for ``TinyImageNet`` in ``on
    CIFAR-10, CIFAR-100, and TinyImageNet``. The list ends at a word that is not a one-word name
    (``Dice`` of ``Liar's Dice`` is none); empty when no ``and`` or ``or`` joins it."""
    words, names, joined = tokens(doc), [], False
    for step, i in ((-1, start - 1), (1, end)):
        while 0 <= i < len(doc) and words[i].lower_ in LIST_SEPARATORS:
            i, conjunction = past_separators(words, i, step)
            joined = joined or conjunction
            if not 0 <= i < len(doc):
                break
            first, last = hyphen_compound(doc, i)
            name = span_text(doc, first, last)
            if not (name[:1].isupper() and is_whole_word(words, first, last)):
                break
            names.append(name)
            i = first - 1 if step < 0 else last
    return names if joined else []


def is_whole_word(words, first, last):
    """The word ``first:last`` is no part of a longer name: the words around it are no nouns,
    adjectives or possessives (``Liar's Dice``, ``Overall Accuracy``, ``ImageNet dataset``)."""
    return not any(0 <= i < len(words) and (words[i].pos_ in ("NOUN", "PROPN", "ADJ", "NUM")
                                            or words[i].tag_ == "POS")
                   for i in (first - 1, last))


def is_pretrained_model(name):
    """A name of a pretrained model's family with its version or size (``GPT-4o``, ``LLaMA-2``,
    ``Qwen2.5-7B``, ``BERT``, ``T5``; ``defaults.MODEL_FAMILIES``)."""
    stem = _NAME_STEM.match(name)
    return stem is not None and stem.group(0).lower() in defaults.MODEL_FAMILIES and len(name) > 1


_NAME_STEM = re.compile(r"[A-Za-z]+(?=[-\d.]|$)")


@rule(score=0.8)
def quantity_measured(piece):
    """What results are measured by or in terms of is a metric.

    Example: "Gains are reported in terms of Kendall distance and NDCG." -> metric "Kendall distance"
    """
    via = preposition(piece, ("of", "by"), several=False)
    if via is None or not (several_words(piece) or is_proper(piece)):
        return None
    if via.lower_ == "of" and via.head.lower_ == "terms" and via.head.head.lower_ == "in":
        return "metric"
    if via.lower_ == "by" and via.head.lower_ in ("measured", "quantified", "assessed", "evaluated"):
        return "metric"
    return None


@rule(score=0.8)
def name_after_a_percentage(piece):
    """A name right after a percentage is what the value measures.

    Example: "The detector reaches 95.1% AP on the test split." -> metric "AP"
    """
    start = piece.start
    if start < 2 or piece.end - start != 1 or not is_proper(piece):
        return None
    words = tokens(piece.doc)
    return "metric" if words[start - 1].text == "%" and words[start - 2].like_num else None
