"""Label normalisation: the key under which mentions of one concept meet, and its display form.

``concept_key("Multiple GPUs")`` and ``concept_key("GPU")`` differ only by the evaluative
``multiple``, which candidate finding drops; ``concept_key("data centres") ==
concept_key("data-center")``. Keys are lower case, hyphens are spaces, the head (last word) is
singular and British spellings are American. All functions are pure and cached.
"""

import re
import unicodedata
from array import array
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from . import defaults
from .vocabulary import data_file, general_english, load_vocabulary, organisation_names, read_patterns

SPELLING = tuple(sorted(((row["pattern"].lower(), row["id"].lower())
                         for row in read_patterns(data_file("spelling.jsonl"))),
                        key=lambda pair: (-len(pair[0]), pair[0])))

_LATEX = re.compile(r"\$?\\(?:operatorname|mathrm|text|emph|textbf|textit)\{([^{}]*)\}\$?")
_PARENTHETICAL = re.compile(r"\([^()]*(?:\)|$)")
_STRAY = re.compile(r"[()\[\]\"\u201c\u201d\u201e$\\{}]")
# a bracketed word glued to a hyphen is a part of the hyphenated word: "(MLP)-Mixer", "ADMM)-based"
_BRACKETS_AT_HYPHEN = re.compile(r"[(\[]([^()\[\]\s]*)[)\]](?=-)|[()\[\]\"\u201c\u201d](?=-)"
                                 r"|(?<=-)[()\[\]\"\u201c\u201d]")  # and a quote: "decoder\u201d-based"
_POSSESSIVE = re.compile(r"'s\b|\b(\w+s)'(?=\s|$)")  # model's; clients', companies'
_MARKED = "\\$(){}[]\"'"  # what _LATEX, _PARENTHETICAL, _STRAY and _POSSESSIVE need to match
# Unicode format characters (category Cf): invisible, yet they reorder (U+202E), join (U+200D) or
# mark (U+FEFF) the text around them; a label never keeps one
_FORMAT = re.compile("[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
                     "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
                     "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
                     "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]")
_SEPARATORS = re.compile(r"[-\u2010\u2011\u2012\u2013_/]")
_NOT_WORD = re.compile(r"[^\w\s.+]|(?<!\d)\.|\.(?!\d)")
_FUNCTION_WORDS = {"of", "and", "the", "for", "in", "on", "to", "a", "an", "with", "by", "via"}
_VOWELS = "aeiou"
_KEEP_ENDINGS = ("ss", "us", "is", "ics", "ous", "sis")
# Surface forms whose key and display label are remembered: the extraction, the graph and the RDF
# export each look up every form of the corpus (about 140K at 21.6K abstracts), so all of them
# are kept for the next step (a few tens of MB) instead of being computed three times.
FORMS_CACHE = 2 ** 18


@lru_cache(maxsize=65536)
def is_acronym(word):
    """``GPU``, ``LLMs``, ``ZeRO``, ``SpMSpV``, ``multi-GPU``: an upper-case letter after the
    first character of a hyphen-separated part and at least two letters (``2D`` is not one, nor
    is a capitalised hyphenated word such as ``Large-Language``)."""
    return (sum(c.isalpha() for c in word) >= 2
            and any(any(c.isupper() for c in part[1:]) for part in word.split("-")))


_NAME_WORD = re.compile(r"[A-Z0-9][\w.+]*(?:-[A-Z0-9][\w.+]*)*")  # hyphen parts open with a capital


def system_name(words):
    """The words of a system's name before a generic head (``JAVELIN``, ``Lincoln CSR``,
    ``HydraServe``): each part of each word opens with a capital or a digit, and one word is an
    acronym (``CNN-based``, ``BARREL-a novel`` and ``multimodal LLM`` are no names)."""
    return (bool(words) and any(is_acronym(w) for w in words)
            and all(_NAME_WORD.fullmatch(w) for w in words))


_X_TO_Y = re.compile(r"[^\W_]+(?:-[^\W_]+)*-to-[^\W_]+(?:-[^\W_]+)*")


def joins_two_things(text):
    """One hyphenated word joining two things with ``to`` (``text-to-image``, ``end-to-end``,
    ``sequence-to-sequence``), bracketed words aside: it modifies a noun (``text-to-image
    models``)."""
    words = _words(text)
    return len(words) == 1 and _X_TO_Y.fullmatch(words[0]) is not None


def head_index(words):
    """The head of a noun phrase: its last word, or the word before ``of`` when one word
    follows it (``mixture of experts``)."""
    if len(words) >= 3 and words[-2].lower() == "of":
        return len(words) - 3
    return len(words) - 1


def is_of_compound(word):
    """``mixture-of-experts``: a hyphenated word whose head comes before ``of``."""
    parts = word.split("-")
    return len(parts) >= 3 and parts[-2].lower() == "of"


@lru_cache(maxsize=65536)
def singular(word):
    """The singular of a head noun: ``GPUs`` -> ``GPU``, ``centres`` -> ``centre``."""
    lower = word.lower()
    if lower in defaults.IRREGULAR_PLURALS:
        return defaults.IRREGULAR_PLURALS[lower]
    if _CAPITALS_PART.search(word):
        return word  # "Atlas-S" (its S no plural)
    if is_acronym(word):
        # LLMs, MoEs, ViTs, NeRFs: an s after a capital or a digit (MLOps, HoloLens stay)
        return word[:-1] if word.endswith("s") and (word[-2].isupper() or word[-2].isdigit()) else word
    if len(lower) <= 3 or not lower.endswith("s"):
        return word
    if lower.endswith("as"):
        # cameras, replicas, antennas, personas, schemas; bias, alias, atlas, canvas, pandas stay
        singular_already = (lower.endswith("ias") or lower == "pandas"
                            or lower[:-1] not in general_english())
        return word if singular_already else word[:-1]
    if lower.endswith(_KEEP_ENDINGS):
        return word
    if lower.endswith("ies") and len(lower) > 4:
        # strategies -> strategy; movies, cookies, zombies -> movie, cookie, zombie
        english = general_english()
        if lower[:-1] in english and lower[:-3] + "y" not in english:
            return word[:-1]
        return word[:-3] + "y"
    if lower.endswith("oes") and lower[:-1] not in general_english() and lower[:-2] in general_english():
        return word[:-2]  # heroes, tomatoes, echoes (shoes, canoes: -oe)
    if lower.endswith("ches"):
        # niches, caches: a single vowel after a consonant before -ches ends in -che;
        # batches, approaches, searches end in -ch
        before = lower[-6:-4]
        return word[:-1] if len(before) == 2 and before[0] not in _VOWELS and before[1] in _VOWELS \
            else word[:-2]
    if lower.endswith(("sses", "xes", "shes", "zzes", "iases")):
        return word[:-2]  # processes, boxes, meshes, biases
    return word[:-1]


@lru_cache(maxsize=65536)
def american(word):
    """``optimisation`` -> ``optimization``, ``centres`` -> ``centers`` (word beginnings)."""
    lower = word.lower()
    for british, us in SPELLING:
        rest = lower[len(british):]
        # -is- stems change only before -e, -a, -i (optimise, optimisation, optimising),
        # so parallelism, specialist and organism keep their s.
        if not lower.startswith(british) or (british.endswith("is") and rest[:1] not in ("e", "a", "i")):
            continue
        if not word.islower():
            return word
        if british.endswith("e") and not us.endswith("e") and rest[:1] in ("d", "r"):
            # programmer, programmed are written so in both; centred -> centered
            return word if british.endswith("mme") else us + "e" + rest
        return us + rest
    return word


def _words(text):
    """The words of a label: no LaTeX, parenthetical, stray bracket, quote or possessive."""
    if text.isascii() and not any(c in text for c in _MARKED):
        return text.split()  # nothing below would change it (most forms): four times faster
    text = _FORMAT.sub("", unicodedata.normalize("NFKC", text)).replace("\u2019", "'")
    text = _LATEX.sub(r"\1", text)
    text = _STRAY.sub(" ", _PARENTHETICAL.sub(" ", _BRACKETS_AT_HYPHEN.sub(r"\1", text)))
    text = _POSSESSIVE.sub(lambda m: "" if not m.group(1) else m.group(1) if is_name_in_s(m.group(1))
                           else singular(m.group(1)), text)  # Kubernetes' stays
    return text.split()


@lru_cache(maxsize=FORMS_CACHE)
def concept_key(text):
    """The key mentions of one concept share: lower case, no punctuation, hyphens as spaces,
    American spelling, singular head; ``X parallel`` and ``X-parallel training`` are
    ``X parallelism``, ``X-efficient`` is ``X efficiency``."""
    words = _NOT_WORD.sub(" ", _SEPARATORS.sub(" ", " ".join(_words(text)))).split()
    if not words:
        return ""
    head = head_index(words)
    words[head] = singular(words[head])
    words = [american(w.lower()) for w in words]
    if len(words) >= 2 and words[-2:] == ["parallel", "training"]:
        words[-2:] = ["parallelism"]
    elif len(words) >= 2 and words[-1] == "parallel":
        words[-1] = "parallelism"
    elif len(words) >= 2 and words[-1] == "efficient":
        words[-1] = "efficiency"
    return " ".join(words)


# A name's last part in capitals after a hyphen (``Rouge-L``, ``Swin-T``, ``Motion-X``): a name
# as written, not a capitalised common word.
_CAPITALS_PART = re.compile(r"[A-Za-z]-[A-Z]{1,4}$")


def keeps_case(word, title_run):
    """True for a word whose capitals are part of its written form: an acronym or a name with
    inner capitals (``vLLM``, ``PyTorch``, ``NVIDIA``), letters with digits (``H100``), a
    capitalised word inside a phrase that is not capitalised throughout (``Merkle`` in ``Merkle
    tree``) or standing alone (``Transformer``). Words of a phrase capitalised throughout
    (``Large Language Models``, as definitions are written) are lower-cased, but for words named
    after a person (``Gaussian`` in ``3D Gaussian Splatting``, ``defaults.EPONYMS``) or a vendor
    (``Nvidia``)."""
    if is_acronym(word) or (any(c.isupper() for c in word) and any(c.isdigit() for c in word)) \
            or _CAPITALS_PART.search(word):
        return True
    return word[:1].isupper() and (not title_run or word.lower() in defaults.EPONYMS
                                   or word.lower() in organisation_names())


def is_title_run(words):
    """True for words capitalised throughout, as definitions and titles are written (``Large
    Language Models``, ``Area Under the Curve``): at least two content words, function words
    aside, not opening with a vendor's name (``Intel Xeon`` names a product)."""
    parts = [p for w in words for p in w.split("-") if p[:1].isalpha() and p.lower() not in _FUNCTION_WORDS]
    if parts and parts[0].lower() in organisation_names():
        return False  # a vendor's product: "Intel Xeon", "NVIDIA Triton Inference Server"
    return len(parts) >= 2 and all(p[:1].isupper() for p in parts)


def capitalised_term_run(words):
    """How many of ``words`` open the phrase with a term of the field written capitalised, as a
    definition is, before words in lower case (``Large Language Model deployment``, ``Deep
    Neural Network compression``; no capitalised word after them but an acronym): those are
    lower-cased as a title's are (``keeps_case``), so the label is ``large language model
    deployment``; 0 when there is no such run."""
    if len(words) < 3 or not (words[0][:1].isupper() and words[1][:1].isupper()):
        return 0
    run = 0
    while run < len(words) and _CAPITALISED_WORD.fullmatch(words[run]):
        run += 1
    terms = load_vocabulary().terms
    return next((n for n in range(min(run, len(words) - 1), 1, -1)
                 if concept_key(" ".join(words[:n])) in terms
                 and not any(w[:1].isupper() and not is_acronym(w) for w in words[n:])), 0)


_CAPITALISED_WORD = re.compile(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*")


@lru_cache(maxsize=FORMS_CACHE)
def written_case(text):
    """``text`` with each word in its written form (``keeps_case``), nothing else changed:
    ``Area Under the Curve`` -> ``area under the curve``, ``Merkle tree`` stays."""
    words = text.split()
    title_run = is_title_run(words)
    return " ".join(w if keeps_case(w, title_run) else w.lower() for w in words)


def is_name_in_s(word):
    """A capitalised word in -es or -os whose singular is no English word: a name (``Hermes``,
    ``Kubernetes``, ``Chronos``; ``Transformers``, ``Videos`` are plurals). Labels keep its s;
    keys, which match case-insensitively, do not."""
    lower = word.lower()
    return word[:1].isupper() and word.isalpha() and not is_acronym(word) and lower.endswith(("es", "os")) \
        and singular(lower) not in general_english()


@lru_cache(maxsize=FORMS_CACHE)
def display_label(text, as_written=False):
    """A readable label in the written form of its words (``keeps_case``: ``Merkle tree``,
    ``NVIDIA A100``, ``vLLM``; other words lower case), the head singular and the spelling
    American (``Multiple GPUs`` -> ``multiple GPU``). Text taken from a sentence's first word
    should come lower-cased when that word is only capitalised by its place (``written_form``).
    ``as_written`` keeps the capitals of words capitalised throughout (``Stable Diffusion``),
    which are otherwise taken for a definition's or a title's."""
    words = _words(text)
    if not words:
        return ""
    title_run = not as_written and is_title_run(words)
    term_run = 0 if as_written or title_run else capitalised_term_run(words)
    words = [w if keeps_case(w, title_run or i < term_run) else american(w.lower()) for i, w in enumerate(words)]
    head = head_index(words)
    if not is_of_compound(words[head]) and not is_name_in_s(words[head]) and not ends_a_list_of_plurals(words, head):
        words[head] = singular(words[head])
    if words[-1].endswith("-efficient"):
        words[-1] = words[-1][:-len("-efficient")] + " efficiency"
    return " ".join(words)


def ends_a_list_of_plurals(words, head):
    """The head ends a list whose item before it is a plural (``detecting urban objects and
    incidents``, ``identifying established approaches and unresolved issues``): in the singular
    it would not agree with it."""
    join = next((i for i in range(head - 1, 0, -1) if words[i].lower() in ("and", "or")), None)
    return join is not None and singular(words[join - 1]) != words[join - 1]


def dataset_label(text):
    """A dataset's display label: a name is kept as written, plural and capitals included
    (``Cityscapes``, ``Natural Questions``, ``ActivityNet Captions``); a phrase whose head is a
    common noun (``image datasets``, ``LiDAR point clouds``) gets ``display_label``."""
    words = _words(text)
    if words and any(c.isupper() for c in words[-1]):
        return " ".join(words)
    return display_label(text)


class DisplayLabels(dict):
    """{text: display_label(text)} computed once per text (or the text itself where the display
    label is empty, with ``fallback``), even for a corpus with more surface forms than
    display_label's own cache (FORMS_CACHE) holds."""

    def __init__(self, fallback=False):
        super().__init__()
        self.fallback = fallback

    def __missing__(self, text):
        value = self[text] = display_label(text) or (text if self.fallback else "")
        return value


@lru_cache(maxsize=FORMS_CACHE)
def slug(key):
    """``federated learning`` -> ``federated-learning``; accents are folded away (``Fréchet
    inception distance`` -> ``frechet-inception-distance``, one concept with ``Frechet ...``),
    other letters outside ASCII (``δ``) dropped. A bound prefix joins its word, as the field
    writes it either way (``pre-trained model`` and ``pretrained model``: ``pretrained-model``;
    ``multi-modal``, ``fine-tuning``, ``auto-encoder``, ``non-IID``, ``semi-supervised``), a
    word joins the number after it (``GPT-4o``, ``GPT4o`` and ``GPT 4o``: ``gpt4o``), and
    ``computation`` before a measure of it is ``computational`` (``computation cost``)."""
    if not key.isascii():
        key = "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c))
    found = _NAME_NUMBER.sub(r"\1", _BOUND_PREFIX.sub(r"\1", _NOT_IN_ID.sub("-", key.lower()).strip("-")))
    return _COMPUTATION_MEASURE.sub("computational-", found) if "computation-" in found else found


_NOT_IN_ID = re.compile(r"[^a-z0-9.+]+")
# Prefixes written joined to their word or hyphenated (``fine`` only before ``tune``: ``fine
# grained`` stays two words).
_BOUND_PREFIX = re.compile(r"(?<![^-])(pre|multi|non|semi|auto|bi|tri|uni|omni|anti|post|sub|inter|intra"
                           r"|re|co|fine(?=-tun))-(?=[a-z])")
# A word of letters and the number after it, written joined, hyphenated or apart (``GPT-4o``,
# ``GPT4o``, ``Llama 3``, ``CIFAR-10``, ``ZeRO-3``): one id. Not after one letter (``R@1``).
_NAME_NUMBER = re.compile(r"(?<![^-])([a-z]{2,})-(?=[0-9])")
# ``computation cost`` is ``computational cost`` (25 and 593 papers at 21.6K abstracts): before a
# word that measures it, the noun and the adjective say one thing.
_COMPUTATION_MEASURE = re.compile(
    r"(?<![^-])computation-(?=(?:cost|efficiency|inefficiency|overhead|complexity|demand|burden|"
    r"requirement|time|constraint|bottleneck|speed|latency|delay|budget|load|intensity|expense|"
    r"capacity|capability|resource|power|footprint|saving)s?(?:-|$))")


# --- text without markup or citations, with offsets back into the original ---------------------

_TEXT_COMMAND = re.compile(r"\\(?:texttt|textbf|textit|textsc|textrm|textsf|emph|underline|text|"
                           r"mathrm|mathbf|mathit|mathsf|mathtt|mathcal|mathbb|operatorname|"
                           r"boldsymbol|bm|url|mbox)\s*\{")
# Commands whose argument names no concept: a citation's or a reference's key, a label, a
# footnote, a link's address (``\\href{address}{text}`` keeps its text).
_DROPPED_COMMAND = re.compile(r"\\(?:cite[a-zA-Z]*|ref|eqref|autoref|cref|Cref|label|footnote|href)\s*"
                              r"(?:\[[^\]]*\]\s*)*\{[^{}]*\}")
_SYMBOLS = {"times": "\u00d7", "sim": "~", "approx": "\u2248", "leq": "\u2264", "le": "\u2264",
            "geq": "\u2265", "ge": "\u2265", "cdot": "\u00b7", "pm": "\u00b1", "infty": "\u221e",
            "alpha": "\u03b1", "beta": "\u03b2", "gamma": "\u03b3", "delta": "\u03b4",
            "epsilon": "\u03b5", "lambda": "\u03bb", "mu": "\u03bc", "sigma": "\u03c3",
            "theta": "\u03b8", "tau": "\u03c4", "rho": "\u03c1", "eta": "\u03b7", "pi": "\u03c0",
            "%": "%", "&": "&", "_": "_", "#": "#", "$": "$", "{": "{", "}": "}",
            "eg": "e.g.", "ie": "i.e."}  # the macros papers define for these
_COMMAND = re.compile(r"\\([a-zA-Z]+|[%&_#${}])")
_ACCENT = re.compile(r"\\(['\"`^~=.])\s*\{?([a-zA-Z])\}?")  # Fr\'echet -> Fréchet
_COMBINING = {"'": "\u0301", '"': "\u0308", "`": "\u0300", "^": "\u0302", "~": "\u0303",
              "=": "\u0304", ".": "\u0307"}
_CITATION = re.compile(
    r"(?=\s?[\[(A-Z])(?:"  # what every alternative starts with: a quick test at each position
    r"\s?\[\s*\d+(?:\s*[-\u2013,;]\s*\d+)*\s*\]"  # [12], [3-5], [1, 2]
    r"|\s?\((?:[A-Z][\w'\u2019-]+(?:\s+(?:and|&)\s+[A-Z][\w'\u2019-]+|\s+et\s+al\.?)?,?\s+"
    r"(?:19|20)\d\d[a-z]?(?:\s*;\s*)?)+\)"  # (Smith et al., 2020; Lee, 2019)
    r"|\s?\b[A-Z][\w'\u2019-]+\s+et\s+al\.?(?:,?\s*(?:\((?:19|20)\d\d[a-z]?\)|\[\d+\]))?"  # Smith et al. (2020)
    # [Bar-Joseph and Ben-Or, PODC 1998], (Goldwasser, Pavlov, and Vaikuntanathan, FOCS 2006):
    # capitalised words without digits (authors, a venue) joined by commas or "and", then a year
    # (not "(GSM8K, MATH500, AIME 2024)", a list of benchmarks)
    r"|\s?[\[(](?=[^\])]*(?:,|\band\b|&))(?:[A-Z][A-Za-z'\u2019.-]*,?\s+(?:(?:and|&)\s+)?)+"
    r"(?:19|20)\d\d[a-z]?[\])]"
    r")"
)
# Asymptotic notation, in math or not: O(n log n), $O(\log n)$, $\Omega(t/\sqrt{n})$,
# $\tilde{O}(n)$ (two levels of parentheses inside), with the hyphen gluing it to a word
# ("$O(\log n)$-round protocols"); it names no concept and left "O" labels.
_BIG_O = re.compile(r"(?<![\w\\$}])\$?(?:\\tilde\{O\}|\\(?:Omega|Theta)|[O\u03a9\u0398])\s*"
                    r"\((?:[^()$]|\((?:[^()$]|\([^()$]*\))*\))*\)\$?-?")  # "-round protocols"
# What makes inline math a relation ($t < n/3$, $k=4$, $\epsilon \leq 0.1$).
_RELATION = re.compile(r"[<>=]|\\(?:leq?|geq?|neq|approx|sim|ll|gg)(?![a-zA-Z])")
_DOLLAR = re.compile(r"(?<!\\)\$+")
# \( ... \): inline math as $ ... $ (bounded: an unclosed \( must not scan the rest of the text)
_PAREN_MATH = re.compile(r"\\\((.{0,300}?)\\\)", re.DOTALL)


def math_relations(text):
    """(start, end) of the inline math segments of ``text`` that state a relation (``$t <
    n/3$``, ``\\( X \\sim LL(\\alpha) \\)``): a condition names no concept. Dollars pair in
    order; ``$$`` display math too."""
    marks = [match.span() for match in _DOLLAR.finditer(text)] if "$" in text else []
    found = [(opening[0], closing[1]) for opening, closing in zip(marks[::2], marks[1::2])
             if _RELATION.search(text, opening[1], closing[0])]
    if "\\(" in text:
        found += [m.span() for m in _PAREN_MATH.finditer(text) if _RELATION.search(m.group(1))]
    return found

# A web address: with a scheme (also glued to the word before it, "athttps://", as PDF text
# has it), from "www.", or a host of a common top-level domain followed by a path
# ("github.com/org/repo"), its last character not the sentence's punctuation; and a paper's
# identifier (arXiv:2503.10460, doi:10.1000/x), a reference like a citation.
_URL = re.compile(r"(?:(?:https?|ftp)://|\bwww\.|\b(?:[\w-]+\.)+(?:com|org|net|edu|gov|io|ai|co|dev)/"
                  r"|\b(?:doi|DOI):\s?10\.)[^\s{}]*[^\s.,;:!?)\]{}'\"]"  # no brace: \\href{url}{text}
                  r"|\b(?:arXiv|arxiv):\s?\d{4}\.\d{4,5}(?:v\d+)?")


def _may_hold_link(text):
    """A quick test before _URL: every address or id it finds holds one of these."""
    return "/" in text or "www." in text or "rxiv:" in text or "rXiv:" in text


# A quick test before _CITATION: every citation it finds holds a bracket, "et al" or a year.
_MAY_CITE = re.compile(r"\[|et al|(?:19|20)\d\d")


class CleanText(NamedTuple):
    """A text without LaTeX markup and citations: ``origin[i]`` is the offset in the original
    text of character ``i`` of ``text`` (a ``range`` when nothing was removed, else an array of
    4-byte offsets: a corpus's texts are held at once, and a tuple of ints costs ~36 bytes a
    character)."""
    text: str
    origin: Sequence[int]

    def span(self, start, end):
        """(start, end) in the original text of the clean text's ``[start, end)``."""
        if end <= start:
            return self.origin[start], self.origin[start]
        return self.origin[start], self.origin[end - 1] + 1


def _removed_citations(text):
    """(start, end) of the citations (``[12]``, ``(Smith et al., 2020)``, ``Smith et al.``) and
    web addresses (a link to code or data names no concept) of ``text``, by start."""
    found = [match.span() for match in _CITATION.finditer(text)] if _MAY_CITE.search(text) else []
    if "(" in text:
        found += [match.span() for match in _BIG_O.finditer(text)]
    if "$" in text or "\\(" in text:
        found += math_relations(text)
    if _may_hold_link(text):
        found += [match.span() for match in _URL.finditer(text)]
    return sorted(found)


def is_tie(text, i):
    """True when the ``~`` at ``i`` is TeX's unbreakable space between two words (``policy~\\cite``,
    ``MedSAM~2``, ``vs.~SISO``, ``(1)~how``, ``+8.8\\%~mPC``), not ``about`` before a value
    (``~40%``, ``(~5%``) or a range (``3~5``, ``5%~9%``)."""
    before, after = text[i - 1:i], text[i + 1:i + 2]
    if not before or not after or after.isspace():
        return False
    return before.isalpha() or before in ".)}$" or ((before.isdigit() or before == "%")
                                                   and (after.isalpha() or after == "\\"))


# "state of the art", "state-of-the arts": as usually written, in as many characters (the
# offsets stay); the spaced form left "art model", "art embedding" as concepts
_STATE_OF_THE_ART = re.compile(r"\b([Ss])tate(?: of the art| of-the-art|-of-the art|-of the-art)\b"
                               r"|\b([Ss])tate-of-the-arts\b")
# "higher order", "first order" before a noun: the compound as usually written ("higher-order
# reasoning"); spaced, "higher" judged and left "order reasoning"
_ORDER = re.compile(r"\b((?:[Ff]irst|[Ss]econd|[Tt]hird|[Hh]igher|[Hh]igh|[Ll]ower|[Ll]ow|[Zz]ero)) (order [a-z])")


def without_markup(text):
    """``_without_markup``, with ``state of the art`` written ``state-of-the-art`` and ``higher
    order X`` ``higher-order X`` (in as many characters)."""
    clean = _without_markup(text)
    usual = clean.text
    if "the art" in usual or "the-arts" in usual:
        usual = _STATE_OF_THE_ART.sub(lambda m: (m.group(1) or m.group(2)) + "tate-of-the-art"
                                      + (" " if m.group(2) else ""), usual)
    if " order " in usual:
        usual = _ORDER.sub(r"\1-\2", usual)
    return clean if usual is clean.text else CleanText(usual, clean.origin)


def _without_markup(text):
    """``text`` without LaTeX markup (``\\texttt{D-STT}`` -> ``D-STT``, ``$\\times$`` or
    ``\\(\\times\\)`` -> ``×``,
    ``$\\mathrm{EF}^{21}$`` -> ``EF21``, ``Kullback--Leibler`` -> ``Kullback-Leibler``, any other
    ``--`` an em dash, TeX's tie ``~`` a space: ``is_tie``; ``\\cite{key}``, ``\\ref{key}`` and
    footnotes gone), citations (``[12]``, ``(Smith et al., 2020)``, an
    author before ``et al.``) and web addresses, with each kept character's offset in ``text``
    (``CleanText``)."""
    dashes, quotes = "--" in text, "``" in text
    if not any(c in text for c in "\\${}[(~") and not dashes and not quotes \
            and " et al" not in text and not _may_hold_link(text):
        return CleanText(text, range(len(text) + 1))
    cited = _removed_citations(text)
    if not any(c in text for c in "\\${}~") and not dashes and not quotes:  # no markup: cut the citations out by slices
        if not cited:
            return CleanText(text, range(len(text) + 1))
        out, origin, i = [], array("I"), 0
        for start, end in cited:
            out.append(text[i:start])
            origin.extend(range(i, start))
            i = max(i, end)
        out.append(text[i:])
        origin.extend(range(i, len(text) + 1))
        return CleanText("".join(out), origin)
    gone = {i for start, end in cited for i in range(start, end)}
    out, origin = [], []
    i, math, quoted = 0, False, False
    while i < len(text):
        if i in gone:
            i += 1
            continue
        c = text[i]
        if c == "\\":
            if text[i + 1:i + 2] in ("(", ")", "[", "]"):  # \( \) and \[ \]: math, as $ and $$
                math = text[i + 1] in "(["
                i += 2
                continue
            dropped = _DROPPED_COMMAND.match(text, i)
            if dropped:
                i = dropped.end()
                continue
            accent = _ACCENT.match(text, i)
            if accent:
                out.append(unicodedata.normalize("NFC", accent.group(2) + _COMBINING[accent.group(1)]))
                origin.append(i)
                i = accent.end()
                continue
            command = _TEXT_COMMAND.match(text, i)
            if command:
                i = command.end()  # the argument's characters are kept, its braces dropped
                continue
            symbol = _COMMAND.match(text, i)
            if symbol:
                kept = _SYMBOLS.get(symbol.group(1), "")
                for ch in kept:
                    out.append(ch)
                    origin.append(i)
                i = symbol.end()
                if not kept and not math and symbol.group(1).isalpha():  # a declaration takes
                    while i < len(text) and text[i].isspace():  # the spaces after it, as in TeX:
                        i += 1  # "({\sc Turbo})" -> "(Turbo)"; in math they part symbols
                continue
        if c == "$":
            math = not math
            i += 1
            continue
        if c == "-" and text.startswith("--", i):  # TeX's en and em dashes
            n = 3 if text.startswith("---", i) else 2
            # Kullback--Leibler, 2019--2020 join names or numbers; "dataset--the first of
            # its kind--containing" and "LLMs --i.e." break the phrase
            joins = (i > 0 and text[i - 1].isalnum() and i + n < len(text)
                     and (text[i + n].isupper() or text[i + n].isdigit()))
            out.append("-" if joins else "\u2014")
            origin.append(i)
            i += n
            continue
        if text.startswith("``", i) or (quoted and (text.startswith("''", i) or c == '"')):
            quoted = c == "`"  # TeX's quotes, ``child'' (or ``child" as some write)
            out.append("\u201c" if quoted else "\u201d")
            origin.append(i)
            i += 1 if c == '"' else 2
            continue
        if c in "{}" or (math and c in "^_"):
            i += 1
            continue
        if c == "~" and is_tie(text, i):
            c = " "
        out.append(c)
        origin.append(i)
        i += 1
    origin.append(len(text))
    return CleanText("".join(out), array("I", origin))
