"""Typing rules that read the phrase itself: the field terms and head nouns of the vocabulary,
names, and what the span rule that found the phrase already knows (a user's pattern, a long
form defined for an acronym).

Each takes a ``Piece`` and returns a concept type or None.
"""

import re

from .. import defaults
from ..normalise import concept_key, is_acronym
from ..vocabulary import general_english
from .base import before_tail_is_name, hyphen_compound, is_name, plain, rule, term_type, tokens, words_of


@rule(score=0.85)
def token_pattern(piece):
    """A phrase a user's pattern file matches has the pattern's type.

    Example: "We shard long contexts with ring attention." -> method "ring attention" (with the
    user pattern file of tests/fixtures/extract_user_patterns.jsonl)
    """
    return piece.hint if piece.origin == "token_pattern_matches" else None


@rule(score=0.95)
def kind_named_before_a_list(piece):
    """A name listed right after a plural that says what it is has that type.

    Example: "We compare the models GPT-4o, Gemini 1.5 Pro, and Claude 3." -> method "Claude 3"
    """
    return piece.hint if piece.origin == "names_listed_after_a_kind" else None


# Words after the head of a long form that name what it is for or works with (``for``, ``with``).
LONG_FORM_LINKS = ("for", "with", "via", "using", "through", "based on")


@rule(score=0.9)
def defined_long_form(piece):
    """A long form defined for an acronym is typed by its field term or head, else a method.

    When the long form is no term but the acronym is a metric or dataset of the vocabulary, it
    has the acronym's type (``learned perceptual image patch similarity (LPIPS)``). A long form
    that says what its head is for or works with names an approach, a method, unless its head is
    a dataset or a metric: ``Multimodal Fusion for Sequential Recommendation (MFSR)``,
    ``Hallucination Detection via Decoupled Representations (HIDE)``, whatever their last words.
    A long form taken with the noun it modifies (``key-value (KV) cache``) is typed by the field's
    terms and heads only.

    A long form whose head names a kind of data (``Whole Slide Images (WSIs)``, ``Electronic
    Health Records (EHRs)``, ``chest X-rays (CXRs)``) is data, a dataset, not a method.

    Example: "We adopt Elastic Weight Averaging (EWA) for drift." -> method "Elastic Weight Averaging"
    """
    if piece.origin != "acronym_long_form":
        return None
    said = kind_said_after_the_acronym(piece)
    if said is not None:
        return said
    link = next((word for word in LONG_FORM_LINKS if f" {word} " in piece.key), None)
    if link is not None:
        kind = term_type(piece.key.split(f" {link} ")[0], piece.vocab)[0]
        return kind if kind in ("dataset", "metric") else "method"
    kind = term_type(piece.key, piece.vocab)[0]
    words = tokens(piece.doc)
    if any(word.text == "(" for word in words[piece.start:piece.end]):
        return kind  # with the noun it modifies ("key-value (KV) cache"): that noun types it
    if kind is None and piece.end + 1 < len(words) and words[piece.end].text == "(":
        named = term_type(concept_key(words[piece.end + 1].text), piece.vocab)[0]
        kind = named if named in ("metric", "dataset") else None  # SSD: a drive, or not
    if kind is None and piece.key.endswith(defaults.DATA_KIND_HEADS) \
            and " to " not in piece.key and " in " not in piece.key:
        return "dataset"  # a kind of data: "Whole Slide Images (WSIs)", "Electronic Health Records (EHRs)"
    return kind or "method"


def kind_said_after_the_acronym(piece):
    """The type of the noun that follows a long form's acronym in apposition, which says what
    the paper names: ``Dimensional and Contextual Evaluation (DICE), an approach that ...`` is
    a method, ``Explanation of Pretrained Image Classification (EPIC), a novel approach`` too,
    whatever their heads say; so is a long form whose acronym a part of a method follows, in
    the singular (``a Discriminative Pattern Mining (DPM) module``, ``a Progressive Motion
    Generation (PMG) method``), unless the long form is a term of the field (``Whisper
    automatic speech recognition (ASR) model``: the task); None without one."""
    words = tokens(piece.doc)
    close = next((i for i in range(piece.end + 2, min(piece.end + 5, len(words)))
                  if words[i].text == ")"), None)
    if close is not None and words[piece.end].text == "(" and close + 1 < len(words) \
            and words[close + 1].tag_ == "NN" and words[close + 1].lower_ in defaults.PROPOSED_PART_HEADS \
            and piece.key not in piece.vocab.terms:
        return "method"  # "a Discriminative Pattern Mining (DPM) module": the module's name
    if close is None or words[piece.end].text != "(" or close + 2 >= len(words) \
            or words[close + 1].text != "," or words[close + 2].lower_ not in ("a", "an"):
        return None
    noun = words[close + 2].head
    if not close + 2 < noun.i <= close + 6 or noun.pos_ != "NOUN":
        return None
    last = hyphen_compound(piece.doc, noun.i)[1] - 1  # "a memory-intensive co-processor"
    return term_type(concept_key(words[last].text), piece.vocab)[0]


@rule(score=0.7)
def task_as_gerund_clause(piece):
    """A gerund of the field's tasks with its object names the task: a problem.

    So does the task's noun with its object after ``of`` (``task_noun_with_its_object``).

    Example: "Accelerating sparse attention kernels is hard on CPUs." -> problem "sparse attention kernel acceleration"
    """
    return "problem" if piece.origin in ("gerund_clause", "task_noun_with_its_object") else None


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
    if piece.key in piece.vocab.needs_cue:
        return None  # a plain noun as often as a term: generic_term_in_problem_context decides
    return kind if whole else None


# A measure at a cutoff: Recall@10, NDCG@10, mAP@0.5, mAP@50:95, pass@k, Hit@1.
_AT_CUTOFF = re.compile(r"^[A-Za-z][A-Za-z0-9-]{0,11}@(?:\d+(?:\.\d+)?(?::\d+(?:\.\d+)?)?|[kKnN])$")
# A detection measure with its overlap threshold glued on, as detection papers write it: mAP50,
# AP75, mAP50-95, AR50 (the threshold in hundredths of IoU).
_GLUED_THRESHOLD = re.compile(r"^(?:m?AP|AR)(?:50|75|95)(?:[-:]95)?$")


@rule(score=0.85)
def measure_at_cutoff(piece):
    """A measure written with ``@`` and its cutoff, alone or as a phrase's head, is a metric.

    The cutoff is the number of top results or an overlap threshold (``text R@1``, ``mAP@0.5``;
    glued on in detection papers: ``mAP50``, ``AP75``).

    Example: "Our retriever improves Recall@10 and NDCG@10 on MS MARCO." -> metric "NDCG@10"
    """
    words = piece.text.split()
    return "metric" if words and (_AT_CUTOFF.match(words[-1]) or _GLUED_THRESHOLD.match(words[-1])) else None


# A benchmark's name: a name ending in Bench, glued or after a hyphen, with a version or a split
# after it or not (OlympiadBench, T2I-CompBench, NAS-Bench-201, VerifyBench-Hard). Names in Eval
# are not: as many name an evaluation method or metric (G-Eval, CheckEval) as a benchmark.
_BENCHMARK_NAME = re.compile(r"[A-Za-z0-9-](?:Bench|BENCH)(?:-?(?:v?\d[\w.]*|Pro|Hard|Lite|Verified|Plus|Mini))?$")


# A question-answering benchmark's name: a name glued to QA (or VQA) after a lower-case letter, a
# digit or a hyphen, with a version or not (TriviaQA, 2WikiMultiHopQA, NExT-QA, KB-VQA). Capitals
# only (GQA, CSQA) may be an acronym of a method (grouped-query attention) and are left to the rest.
_QA_BENCHMARK_NAME = re.compile(r"[a-z0-9-]V?QA(?:-?v?\d[\w.]*)?$")


@rule(score=0.8)
def benchmark_name(piece):
    """A name ending in Bench or glued to QA is a benchmark: a dataset, whatever the verb before it.

    Example: "We introduce OmniGenBench and test on T2I-CompBench." -> dataset "T2I-CompBench"
    """
    words = piece.text.split()
    return "dataset" if len(words) == 1 and (_BENCHMARK_NAME.search(words[0])
                                             or _QA_BENCHMARK_NAME.search(words[0])) else None


@rule(score=0.8)
def hardware_product_name(piece):
    """A processor or board named by its product name is hardware, whatever the verb before it.

    A hardware acronym with its version or place (``TPUv4``, ``EdgeTPU``), a hardware family glued
    to its model number (``RTX5090``), or a name opened by a hardware family, after a vendor or
    not (``Jetson Nano``, ``NVIDIA Jetson Orin``).

    Example: "We evaluate on a Jetson Nano and a TPUv4." -> hardware "Jetson Nano"
    """
    words = piece.text.split()
    if len(words) == 1:
        glued = _FAMILY_AND_NUMBER.match(words[0])  # RTX5090, GTX1080: a family and its model number
        return "hardware" if _HARDWARE_NAME.match(words[0]) or (
            glued and term_type(concept_key(glued[1]), piece.vocab)[0] == "hardware") else None
    first = words[1] if concept_key(words[0]) in piece.vocab.organisations else words[0]
    # a family's name, no English word (``Robot Operating System`` is software), and no term
    # or acronym ending the name (``LiDAR SLAM`` is a method)
    return "hardware" if first[:1].isupper() and is_name(piece.tokens) \
        and first.lower() not in general_english() and term_type(concept_key(words[-1]), piece.vocab)[0] is None \
        and not (words[-1].isalpha() and words[-1].isupper()) \
        and term_type(concept_key(first), piece.vocab)[0] == "hardware" else None


_HARDWARE_NAME = re.compile(r"^(?:Edge|Cloud)?(?:TPU|GPU|NPU|CPU|DPU|IPU)(?:-?v?\d+[a-z]*)?$")
_FAMILY_AND_NUMBER = re.compile(r"^([A-Z]{2,})(\d{3,}[A-Za-z]?)$")


@rule(score=0.8)
def version_of_a_dataset(piece):
    """A dataset's name with a size or version after a hyphen is that dataset's variant.

    Example: "We test robustness on CIFAR-10-C and NAS." -> dataset "CIFAR-10-C"
    """
    text = piece.text
    if " " in text or "-" not in text:
        return None
    stem, rest = text.split("-", 1)
    return "dataset" if rest[:1].isdigit() and term_type(concept_key(stem), piece.vocab)[0] == "dataset" \
        else None


@rule(score=0.8)
def generic_term_in_problem_context(piece):
    """A word used both as a term and as a plain noun is a concept alone in a problem's context.

    Example: "The cache layer improves efficiency, while inference stays unchanged." -> problem "efficiency"
    """
    vocab = piece.vocab
    if piece.key not in vocab.needs_cue:
        return None
    first = piece.doc[piece.end - 1]
    while first.dep_ == "conj" and first.head is not first:
        first = first.head
    head = first.head
    if first.dep_ == "dobj" and (head.lower_ in vocab.problem_verbs
                                  or head.lower_ in vocab.goal_verbs):  # "ensure safety"
        return vocab.terms[piece.key]
    if first.dep_ == "pobj" and (head.lower_ == "from" and head.head.lower_ in vocab.problem_verbs
                                 or head.lower_ in ("of", "about") and head.head.lower_ in defaults.PROBLEM_OF):
        return vocab.terms[piece.key]
    return None


def modifiers(piece):
    """The words of a phrase before its head, without the words that only judge or grade it."""
    vocab = piece.vocab
    return [w for w in piece.key.split()[:-1]
            if w not in vocab.evaluative and w not in vocab.degree and w not in vocab.problem_modifiers]


@rule(score=0.7)
def role_noun_in_distributed_context(piece):
    """Machines named by their role (workers, clients, peers) in a distributed setting are hardware.

    Example: "Gradients are averaged across heterogeneous workers after every step of synchronous SGD." -> hardware "heterogeneous worker"
    """
    vocab = piece.vocab
    words = piece.key.split()
    size = next((n for n in (3, 2, 1) if len(words) >= n and " ".join(words[-n:]) in vocab.role_nouns), 0)
    if not size or hyphen_compound(piece.doc, piece.end - 1)[1] > piece.end:
        return None  # not "peer" cut from "peer-to-peer"
    if any(w not in vocab.distributed_cues and vocab.terms.get(w) != "hardware"
           and not w.isdigit() for w in modifiers(piece.with_text(" ".join(words[:len(words) - size + 1])))):
        return None
    return "hardware" if distributed_setting(piece.doc, vocab) else None


def distributed_setting(doc, vocab):
    """True if the text speaks of a distributed setting (a word of DISTRIBUTED_CUE), from the
    text's set of words (``words_of``, made once per doc)."""
    return not vocab.distributed_cues.isdisjoint(words_of(doc))


@rule(score=0.7)
def cost_of_a_process(piece):
    """A measured quantity of a process (training throughput, decoding latency) is a problem.

    Example: "The new runtime improves the training throughput of MoE models." -> problem "training throughput"
    """
    words = piece.key.split()
    while len(words) >= 2 and words[-1] in defaults.UNTYPED_TAILS:
        words = words[:-1]
    if len(words) >= 2 and words[-1] in piece.vocab.performance_quantities \
            and modifiers(piece.with_text(" ".join(words))):
        return "problem"
    return None


@rule(score=0.7)
def technique_before_process_head(piece):
    """A process noun typed as a task, named with a technique's word, is that technique: a method.

    Example: "Hyperparameters are tuned by Bayesian optimization on a held-out split." -> method "Bayesian optimization"
    """
    vocab = piece.vocab
    words = piece.key.split()
    if len(words) < 2 or words[-1] not in defaults.PROCESS_HEADS or vocab.terms.get(words[-1]) != "problem":
        return None
    technique = {m.replace("-", " ") for m in vocab.method_modifiers}
    before = words[:-1]
    if piece.key in vocab.terms or not (any(w in technique for w in before) or any(
            " ".join(before[i:i + 2]) in technique for i in range(len(before) - 1))):
        return None
    return "method"


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
def shortfall_of_a_thing(piece):
    """A thing the vocabulary does not type, said to be lacking, wasted or excessive, is a problem.

    Example: "Silos lead to duplicated efforts and limited cross-team collaboration." -> problem "duplicated effort"
    """
    first, head = piece.doc[piece.start], piece.doc[piece.end - 1]
    vocab = piece.vocab
    if plain(first.lower_) not in defaults.SHORTFALL_WORDS or not first.whitespace_ \
            or piece.end - piece.start < 2 or head.pos_ != "NOUN":
        return None
    words = piece.key.split()
    vague = len(words) == 2 and (words[1] in defaults.SHORTFALL_NOT_THINGS or (
        words[1] in vocab.generic and words[0] not in defaults.WASTE_WORDS))
    if len(words) < 2 or vague or any(t.tag_ in ("VB", "VBP", "VBZ", "VBD")
                                          or t.lower_ in vocab.problem_verbs for t in piece.tokens[1:]):
        # "limited number", "limited success" ("duplicated efforts", "missing data" stay);
        # "limited returns hinder progress"
        return None
    return "problem" if term_type(piece.key, vocab)[0] is None else None


@rule(score=0.6)
def hard_setting(piece):
    """A setting or condition named by what is scarce, low, noisy or adverse in it is a problem.

    Example: "The detector degrades under low-light conditions." -> problem "low-light condition"
    """
    words = piece.key.split()
    if len(words) < 2 or words[-1] not in defaults.SETTING_HEADS \
            or term_type(piece.key, piece.vocab)[0] is not None:
        return None
    return "problem" if any(word in defaults.HARD_SETTING_WORDS for word in words[:-1]) else None


@rule(score=0.6)
def head_noun(piece):
    """A phrase whose head noun the vocabulary types has that type.

    Example: "This yields a lower checkpoint overhead." -> problem "checkpoint overhead"
    """
    kind, whole = term_type(piece.key, piece.vocab)
    return kind if not whole else None


@rule(score=0.7)
def named_score(piece):
    """A name whose last word is Score is a metric.

    ``Driving Score``, ``MICS-Score``: a name would else be a method by its form alone.

    Example: "Closed-loop runs reach a higher Driving Score than before." -> metric "Driving Score"
    """
    last = piece.doc[piece.end - 1].text
    named = last == "Score" or last.endswith("-Score")
    return "metric" if named and (is_name(piece.tokens) or is_acronym(last)) else None


@rule(score=0.7)
def name_is_method(piece):
    """An untyped name (acronym, capitalised words, letters with digits) is a method.

    So is a name before a generic head that says what it is (``the JAVELIN system``): the
    concept is the name.

    A term of the field written in capitals (``Super-Resolution``) is no new name: the
    vocabulary types it where its context allows.

    Example: "Both runs use MegaScale-Infer to route tokens." -> method "MegaScale-Infer"
    """
    if piece.key in piece.vocab.terms and " " in piece.key:
        return None
    if is_name(piece.tokens) or is_acronym(piece.doc[piece.end - 1].text):
        return "method"
    return "method" if is_named_system(piece) else None


def is_named_system(piece):
    """A name and then one of the generic heads of a system's name (``HydraServe system``, the
    ``ADMM algorithm``), the name no term of the field (``normalise.system_name``)."""
    name, _, tail = piece.key.rpartition(" ")
    return (tail in defaults.NAME_TAILS
            and before_tail_is_name(piece)
            and term_type(name, piece.vocab)[0] is None)


# Rules that type a phrase from the vocabulary (a word of cost before them is dropped).
VOCABULARY_RULES = ("hardware_container", "field_term", "problem_modifier_on_method_head",
                    "head_noun")
