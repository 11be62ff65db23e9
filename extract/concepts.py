"""From paper records to concepts: run the pipeline over every text, then normalise across the
whole corpus: acronyms defined in one abstract resolve in all, mentions of one concept meet
under one key, and each concept gets one preferred label everywhere.

    extract_records(records, nlp) -> records, each with "concepts":
        [{"id", "type", "label", "mentions": [{"text", "start", "end"}], "source", "score"}]
    concept_table(records) -> [{"id", "type", "label", "alt_labels", "papers"}]
"""

import copy
import re
from collections import Counter, defaultdict
from functools import lru_cache
from typing import NamedTuple

from . import defaults
from .heap import collector_paused
from .records import CONCEPT_TYPES, analysed_text
from .candidates import term_type
from .rules.spans import judged_word
from .rules import score as rule_score
from .vocabulary import general_english
from .normalise import (FORMS_CACHE, DisplayLabels, concept_key, dataset_label, display_label, head_index,
                        is_acronym, is_of_compound, is_title_run, joins_two_things, singular, slug,
                        system_name, written_case)

# an acronym, not the first part of a hyphenated name (``WSI-GMamba``, ``GPT-4o``, ``RFT-core``)
# nor part of a name joined by ``&`` (``SLAM&Render``):
# a hyphen after it is followed by a word that makes it an adjective (``LLM-based``)
# (or one opening with a dimension: ``3DGS``)
_ACRONYM = re.compile(r"(?<![\w&-])(?:[A-Za-z][\w]*|[1-4]D)[A-Z][\w]*(?![\w&])(?!-(?!(?:[a-z]+ed|%s)(?![\w])))"
                      % "|".join(defaults.ACRONYM_ADJECTIVE_WORDS))
# a hyphenated word, which is an acronym where a paper defines it so (``TP-GMM``, ``DP-SGD``,
# ``3D-GS``)
_HYPHENATED_WORD = re.compile(r"(?<![\w&-])(?:[A-Za-z]\w*|[1-4]D)(?:-\w+)+(?![\w&-])")
_USING_SUFFIX = re.compile(r"(?<=\w)-(?:%s)$" % "|".join(defaults.USING_SUFFIXES))
_CUT_WORD = re.compile(r"(\w[\w-]*)(?:\u2026|\.\.\.)\s*$")
# The closing bracket of an acronym whose opening one the phrase left out, glued to the hyphen of
# what follows it: "(CNN)-based methods" gives the phrase "CNN)-based methods".
_UNOPENED_BRACKET = re.compile(r"^([^()]*)\)(?=-\w)")


class Found(NamedTuple):
    """A candidate read from a processed doc, with character offsets into its text."""
    start: int
    end: int
    text: str  # the text its label is made from
    type: str
    source: str  # the rule that typed it
    cut: bool  # a shorter form of a candidate ending in a truncated text's cut last word


def read_doc(doc):
    """Plain data from a processed doc: candidates (``Found`` tuples: start, end, label text,
    type, source, cut) with character offsets, and the acronyms it defines {acronym: long
    form text}."""
    candidates = [Found(s.start_char, s.end_char, s.id_, s.label_, s.kb_id_, cut)
                  for key, cut in ((defaults.SPANS_CANDIDATES, False),
                                   (defaults.SPANS_CUT_CANDIDATES, True))
                  for s in doc.spans.get(key, ())]
    acronyms = {}
    for span in doc.spans[defaults.SPANS_SHORT_FORMS]:
        acronyms.setdefault(singular(span.text), span.id_)
    return candidates, acronyms


def in_original(found, clean):
    """A doc's compact result (``read_doc``) with the candidates' character offsets moved from
    the clean text that was parsed to the original text (``normalise.CleanText``)."""
    if isinstance(clean.origin, range):  # nothing was removed: the offsets are the original's
        return found
    candidates, acronyms = found
    return [Found(*clean.span(c[0], c[1]), *c[2:]) for c in candidates], acronyms


def corpus_acronyms(per_doc):
    """{acronym: long form}: for each acronym, the long form most papers define it with."""
    counts = defaultdict(Counter)
    texts = defaultdict(dict)
    for acronyms in per_doc:
        for short, long_text in acronyms.items():
            key = concept_key(long_text)
            counts[short][key] += 1
            texts[short].setdefault(key, long_text)
    return {short: texts[short][min(c, key=lambda k: (-c[k], k))] for short, c in counts.items()}


def expand_acronyms(text, local, corpus, inner=False):
    """``prototype-based FL`` -> ``prototype-based federated learning`` (this paper's
    definitions first, then the corpus's). An acronym in a long form is spelled out too, once
    (``GAI``: ``Generative AI``, ``generative artificial intelligence``, as that long form's own
    mention is), so the acronym and its long form are one concept."""
    def long_form(match):
        word = singular(match.group(0))
        found = local.get(word) or corpus.get(word)
        if not found or found.lower() in text.lower():  # "IceCube Neutrino Observatory"
            return match.group(0)
        found = written_case(found)
        if not inner:
            found = expand_acronyms(found, local, corpus, inner=True)
        return found if word != match.group(0) else singular_phrase(found)
    def spelled_out(text):
        return _ACRONYM.sub(long_form, _HYPHENATED_WORD.sub(long_form, text) if "-" in text else text)

    if text == text.lower():
        return text
    expanded = spelled_out(text)
    if expanded != text and is_title_run(text.split()):
        # "Generative AI", capitalised as a definition is: its written form, then spelled out
        # ("generative artificial intelligence", not "Generative artificial intelligence")
        expanded = spelled_out(written_case(text))
    return expanded


def uses_undefined_acronym(text, local, corpus):
    """True when ``text`` holds an acronym this paper uses without defining it, which
    expand_acronyms spells out from another paper's definition (``KITTI``, ``GPT-4o``)."""
    return any(singular(word) not in local and singular(word) in corpus
               for word in _ACRONYM.findall(text) + _HYPHENATED_WORD.findall(text))


def singular_phrase(text):
    """``large language models`` -> ``large language model`` (the head only: ``mixtures of
    experts`` -> ``mixture of experts``; ``Mixture-of-Experts`` stays)."""
    words = text.split()
    if is_of_compound(words[-1]):
        return text
    head = head_index(words)
    words[head] = singular(words[head])
    return " ".join(words)


def cut_word(text):
    """(start, end, word) of the last word of a text cut off with an ellipsis, or None."""
    match = _CUT_WORD.search(text)
    return (match.start(1), match.end(1), match.group(1)) if match else None


def without_cut(candidates, cut, cut_counts, vocab):
    """The truncated-ending rule. When the last word, glued to the ellipsis, is not known as a
    word (from the vocabulary, or seen elsewhere in the corpus) it was cut: candidates running
    into it give way to their shorter forms found without it (source "cut"). Otherwise those
    shorter forms are dropped."""
    if cut is None:
        return [c for c in candidates if not c.cut]
    word = cut[2].lower()
    if word in vocab.words or cut_counts[word] >= defaults.CUT_WORD_MIN_COUNT:
        return [c for c in candidates if not c.cut]
    return [c._replace(cut=False) for c in candidates if c.end <= cut[0] or c.cut]


def known_words(texts, words):
    """How often each of ``words`` (lower case) occurs as a word in ``texts``."""
    if not words:
        return Counter()
    counts = Counter()
    for text in texts:
        counts.update(w for w in re.findall(r"\w+", text.lower()) if w in words)
    return counts


def without_repeated_words(text):
    """A label with a word written twice in a row once: an acronym spelled out before the word
    it already ends in (``baseline LLM model`` -> ``baseline large language model``, not ``...
    model model``; ``large LLMs`` -> ``large language model``)."""
    words = text.split()
    kept = [w for i, w in enumerate(words)
            if i == 0 or not (w.isalpha() and len(w) > 1 and w.lower() == words[i - 1].lower())]
    return " ".join(kept) if len(kept) < len(words) else text


def without_inner_judgement(text, vocab):
    """A label without the hyphenated words inside it that only judge (``open-source
    top-performing LLMs`` -> ``open-source LLMs``, ``multilingual high-quality corpus`` ->
    ``multilingual corpus``), not a name's (``Constrained Novel-View Enhancement``); the phrase's
    first words lost theirs already (``trim``)."""
    words = text.split()
    kept = [w for i, w in enumerate(words)
            if not (0 < i < len(words) - 1 and "-" in w.strip("-") and w.islower()
                    and judged_word(w, vocab))]
    return " ".join(kept) if len(kept) < len(words) else text


def without_generic_tail(text, vocab):
    """``federated learning framework`` -> ``federated learning`` (two words must remain);
    ``deep learning models`` -> ``deep learning`` (what remains must be a term of the field);
    ``image classification tasks`` -> ``image classification`` (what remains must end in one:
    ``complex real-world tasks`` and ``classification task`` stay). What would end in an
    adjective in -ive keeps its head (``deep generative techniques``, ``multi-agent
    collaborative framework``: not ``deep generative``)."""
    words = text.split()
    if len(words) < 3 or words[-2].lower().endswith("ive"):
        return text
    tail, rest = concept_key(words[-1]), " ".join(words[:-1])
    if tail in defaults.GENERIC_TAILS \
            or (tail in defaults.TERM_TAILS and concept_key(rest) in vocab.terms) \
            or (tail in defaults.TASK_TAILS and term_type(concept_key(rest), vocab)[0]):
        return rest
    return text


def only_modifies(words, local, corpus):
    """The words before a head, acronyms spelled out, only modify it (``T2I`` in ``T2I
    models``: text-to-image, ``normalise.joins_two_things``), so the head stays."""
    return joins_two_things(expand_acronyms(" ".join(words), local, corpus))


def is_common_word(words):
    """One plain word of general English (``English``, ``Chinese``), not the name of a dataset."""
    return (len(words) == 1 and not is_acronym(words[0])
            and general_english().get(words[0].lower(), 0.0) >= defaults.COMMON_WORD_ZIPF)


def paper_concepts(text, candidates, local, corpus, vocab):
    """Group one paper's candidates into concepts, one per concept id: {id: {"type", "source",
    "score", "spans", "forms"}}; the best-scored candidate decides type and source. The id is
    the slug of the concept key, so keys that differ only in what an id cannot hold (``mAP@δ``
    and ``mAP``, both ``mean-average-precision``) are one concept, as they are one node of the
    graph; a key with nothing an id can hold (``δ``) is no concept."""
    grouped = {}
    long_forms = {concept_key(long_text) for long_text in local.values()}
    for start, end, label_text, kind, source, _ in candidates:
        label_text = _UNOPENED_BRACKET.sub(r"\1", label_text) if ")" in label_text else label_text
        label_text = without_inner_judgement(label_text, vocab) if "-" in label_text else label_text
        words = label_text.split()
        if len(words) >= 2 and concept_key(words[-1]) in defaults.TERM_TAILS and source != "defined_long_form" \
                and ((len(words) == 2 and is_acronym(words[0]))
                     or concept_key(" ".join(words[:-1])) in long_forms) \
                and not only_modifies(words[:-1], local, corpus):
            # "MoE models" is the concept "MoE", "Mixture-of-Experts (MoE) models" the concept
            # "Mixture-of-Experts"; a long form keeps its own head ("Large Language Models"), as
            # does one that only modifies it ("T2I models": text-to-image models)
            label_text = " ".join(words[:-1])
        elif kind == "dataset" and len(words) >= 2 and concept_key(words[-1]) in defaults.DATASET_TAILS \
                and source != "defined_long_form" \
                and all(is_acronym(w) or w[:1].isupper() or any(c.isdigit() for c in w) for w in words[:-1]) \
                and not is_common_word(words[:-1]) and " ".join(words[:-1]).lower() not in vocab.languages:
            # "the Urban100 benchmark" is the dataset "Urban100"; a name defined with an acronym
            # keeps its head, as the acronym stands for it ("Virtual Moderation Dataset (VMD)");
            # a language's does too ("Amharic datasets": no language is a dataset)
            label_text = " ".join(words[:-1])
        elif kind == "method" and len(words) >= 2 and concept_key(words[-1]) in defaults.NAME_TAILS \
                and system_name(words[:-1]) and not only_modifies(words[:-1], local, corpus):
            label_text = " ".join(words[:-1])  # "the JAVELIN system" is the method "JAVELIN"
        expanded = without_generic_tail(without_repeated_words(expand_acronyms(label_text, local, corpus)),
                                        vocab)
        if _USING_SUFFIX.search(expanded):
            # "CNN-based models" lost its generic head: a label that ends on "-based" names what
            # it is based on, typed as that
            expanded = _USING_SUFFIX.sub("", expanded)
            kind = term_type(concept_key(expanded), vocab)[0] or kind
        short_form = without_generic_tail(label_text, vocab) \
            if expanded != label_text and uses_undefined_acronym(label_text, local, corpus) else None
        key = concept_key(expanded)
        cid = slug(key)
        if not cid:
            continue
        if source in ("name_is_method", "named_data_of_evaluation") and expanded != label_text:
            # a name typed by its form or its place is typed by its long form when the
            # vocabulary knows it ("evaluated on leading MoEs": mixture of experts, a method)
            kind = term_type(key, vocab)[0] or kind
        score = rule_score(source)
        concept = grouped.get(cid)
        if concept is None:
            concept = grouped[cid] = {"type": kind, "source": source, "score": score, "key": key,
                                      "spans": set(), "forms": [], "short_forms": [],
                                      "capitalised": [], "lower_case": 0}
        elif score > concept["score"]:
            concept.update(type=kind, source=source, score=score)
        concept["spans"].add(whole_mention(text, start, end, local))
        concept["forms"].append(dataset_label(expanded) if kind == "dataset" else display_label(expanded))
        surface = text[start:end]
        if expanded == label_text and kind != "dataset" and concept_key(surface) == key:
            written = surface.split()
            if not is_title_run(written):
                concept["lower_case"] += any(p[:1].islower() for w in written for p in w.split("-"))
            elif not defines_an_acronym(text, end):
                concept["capitalised"].append(display_label(surface, as_written=True))
        if short_form is not None:
            concept["short_forms"].append(display_label(short_form))
    return without_tail_twins(grouped)


def whole_mention(text, start, end, local):
    """A mention's offsets in ``text`` with the TeX markup it sits in, its brackets and its
    quotes taken whole or left out, in that order (``with_whole_markup``,
    ``with_paired_brackets``, ``with_paired_quotes``)."""
    start, end = with_whole_markup(text, start, end)
    return with_paired_quotes(text, *with_paired_brackets(text, start, end, local))


def with_paired_brackets(text, start, end, local):
    """A mention's offsets with its brackets paired, so that its evidence reads whole: one that
    opens a bracket it does not close ends before it (``Full fine-tuning (FFT`` -> ``Full
    fine-tuning``), one that closes one after its last word ends before it (``VRAM)``); one that
    closes a bracket inside it that it did not open starts with the bracket and, after an
    acronym's long form, with the long form (``SCA) method`` -> ``successive convex
    approximation (SCA) method``)."""
    mention = text[start:end]
    if "(" not in mention and ")" not in mention:
        return start, end  # most mentions: nothing to pair
    unclosed, unopened = [], None
    for i in range(start, end):
        if text[i] == "(":
            unclosed.append(i)
        elif text[i] == ")":
            if unclosed:
                unclosed.pop()
            elif unopened is None:
                unopened = i
    if unclosed and text[start:unclosed[0]].strip():
        end = len(text[:unclosed[0]].rstrip())
    if unopened is not None and not text[unopened + 1:end].strip():
        end = unopened  # a bracket closing after the whole mention: "VRAM)" -> "VRAM"
    elif unopened is not None:
        opened = text.rfind("(", max(0, start - _BRACKET_REACH), start)
        if opened >= 0 and ")" not in text[opened:start]:
            start = opened
            before = text[max(0, opened - _BRACKET_REACH):opened]
            for long_form in sorted(set(local.values()), key=len, reverse=True):
                found = re.search(r"\s+".join(map(re.escape, long_form.split())) + r"\s*$", before)
                if found:
                    start = opened - len(before) + found.start()
                    break
    return start, end


_BRACKET_REACH = 200  # characters to look back for a bracket's opening and its long form


def with_paired_quotes(text, start, end):
    """A mention's offsets with its double quotes paired, as ``with_paired_brackets`` pairs
    brackets: one that closes a quote opened just before it starts with the quote (``ideal”
    downscaling SR-kernel`` -> ``“ideal” downscaling SR-kernel``); one that opens a quote it
    does not close ends with the quote's closing mark right after it (``objective “accuracy`` ->
    ``objective “accuracy”``) or else starts after it (``sequential “edge point cloud
    reconstruction`` -> ``edge point cloud reconstruction``). TeX's quotes (````ideal''``) count,
    and a straight quote opens after a space or a bracket and closes elsewhere."""
    unclosed, unopened = None, None
    for mark in _QUOTE_MARK.finditer(text, start, end):
        if is_opening_quote(text, mark):
            unclosed = mark
        elif unclosed is not None:
            unclosed = None
        elif unopened is None:
            unopened = mark
    if unopened is not None:
        before = [m for m in _QUOTE_MARK.finditer(text, max(0, start - _QUOTE_REACH), start)]
        if before and is_opening_quote(text, before[-1]):
            start = before[-1].start()
    if unclosed is not None:
        after = _QUOTE_MARK.match(text, end)
        if after and not is_opening_quote(text, after):
            end = after.end()
        elif text[unclosed.end():end].strip():
            start = end - len(text[unclosed.end():end].lstrip())
        else:
            end = len(text[:unclosed.start()].rstrip())
    return start, end


_QUOTE_MARK = re.compile("``|''|[\"\u201c\u201d\u201e]")
_QUOTE_REACH = 100  # characters to look back for a quote's opening


def with_whole_markup(text, start, end):
    """A mention's offsets with the TeX markup its first and last words sit in taken whole: the
    text parsed had none, and a mention mapped back started or ended inside it (``A}$daptive
    $\\textbf{D}$ata`` -> ``$\\textbf{A}$daptive $\\textbf{D}$ata``, ``ChartCoF} dataset`` ->
    ``\\textit{ChartCoF} dataset``, ``TCSF$_{IDMS`` -> ``TCSF$_{IDMS}$``)."""
    mention = text[start:end]
    if "}" not in mention and "{" not in mention and "$" not in mention:
        return start, end  # most mentions: no markup
    if mention.count("}") > mention.count("{") or _odd_dollars(mention):
        opening = _OPENING_MARKUP.search(text, max(0, start - _MARKUP_REACH), start)
        if opening:
            start = opening.start()
    mention = text[start:end]
    if mention.count("{") > mention.count("}") or _odd_dollars(mention):
        closing = _CLOSING_MARKUP.match(text, end)
        if closing:
            end = closing.end()
    return start, end


def _odd_dollars(text):
    return len(_MATH_SHIFT.findall(text)) % 2 == 1


_MARKUP_REACH = 60  # characters to look back for the markup a mention starts inside
_OPENING_MARKUP = re.compile(r"(?:(?<!\\)\$|\\[a-zA-Z]+\s*\{|(?<!\\)\{)+$")  # "$\textbf{", "\underline{\textbf{"
_CLOSING_MARKUP = re.compile(r"(?:(?<!\\)\}|(?<!\\)\$)+")  # "}$", "}}"
_MATH_SHIFT = re.compile(r"(?<!\\)\$")


def is_opening_quote(text, mark):
    """True when the quote mark ``mark`` (a match of _QUOTE_MARK) opens a quote."""
    if mark.group() == '"':
        return mark.start() == 0 or text[mark.start() - 1] in " \n(["
    return mark.group() in ("``", "\u201c", "\u201e")


_TWIN_TAIL_RANK = {tail: rank for rank, tail in enumerate(defaults.TWIN_TAILS)}


def without_tail_twins(grouped):
    """A paper's concepts without those named by another of its concepts and a generic head
    (``Transformer framework`` beside ``Transformer``, ``self-attention mechanism`` beside
    ``self-attention``, ``finetuning method`` beside ``finetuning``), or by the same words and
    another such head (``transformer framework`` beside ``transformer architecture``), of the
    same type: their mentions are the other concept's. (One concept named twice was two, a
    duplicate.)"""
    twins = defaultdict(list)  # the slug of the words before the head -> (head's rank, concept)
    for cid in grouped:
        words = grouped[cid]["key"].split()
        if len(words) >= 2 and words[-1] in _TWIN_TAIL_RANK:
            twins[slug(" ".join(words[:-1]))].append((_TWIN_TAIL_RANK[words[-1]], cid))
    for base, named in twins.items():  # each concept is in one list: popped once at most
        cids = [cid for _, cid in sorted(named)]
        kept = base if base in grouped else cids[0]
        for cid in cids:
            if cid != kept and grouped[cid]["type"] == grouped[kept]["type"]:
                grouped[kept]["spans"] |= grouped.pop(cid)["spans"]
    return grouped


def extract_records(records, nlp, workers=1, batch_size=defaults.BATCH_SIZE, progress=False,
                    cache=None, scheduler=None, stats=None):
    """Copies of ``records`` each with a ``concepts`` list (see the module docstring).

    The parse stage (``parse.compact_results``) reduces each text to its compact result
    (``read_doc``): in ``workers`` processes, or on the Dask cluster ``scheduler``; texts the
    ``cache`` holds are not parsed; ``stats`` (a ``parse.ParseStats``) counts both. The
    corpus-wide steps below read compact results only. ``progress`` draws bars on stderr."""
    from . import progress as bars
    from .parse import compact_results

    if progress and not bars.enabled():
        bars.enable()
    vocab = nlp.get_pipe("paperkg_candidates").vocabulary
    texts = [analysed_text(r) for r in records]
    found = compact_results(texts, nlp, workers=workers, batch_size=batch_size, cache=cache,
                            scheduler=scheduler, stats=stats)
    with collector_paused():
        return corpus_concepts(records, texts, found, vocab)


def corpus_concepts(records, texts, found, vocab):
    """extract_records' corpus-wide steps, from the parse's compact results ``found`` of the
    ``texts`` of ``records``."""
    corpus = corpus_acronyms(acronyms for _, acronyms in found)
    cuts = [cut_word(text) if record["truncated"] else None for record, text in zip(records, texts)]
    cut_counts = known_words(texts, {c[2].lower() for c in cuts if c})

    papers = []
    for text, (candidates, local), cut in zip(texts, found, cuts):
        papers.append(paper_concepts(text, without_cut(candidates, cut, cut_counts, vocab),
                                     local, corpus, vocab))

    labels = short_forms_kept(preferred_labels(papers), corpus, vocab)
    types = main_types(papers)
    out = []
    for record, text, grouped in zip(records, texts, papers):
        concepts = [
            {
                "id": cid,
                "type": types[cid],
                "label": labels[cid],
                "mentions": [{"text": text[s:e], "start": s, "end": e} for s, e in sorted(c["spans"])],
                "source": c["source"],
                "score": c["score"],
            }
            for cid, c in grouped.items()
        ]
        concepts.sort(key=lambda c: c["id"])
        out.append(dict(copy.deepcopy(record), concepts=concepts))
    return out


FORM_ONLY = "name_is_method"  # the rule that types a name by its form alone


def main_types(papers):
    """{concept id: type}: the type most papers give a concept (ties: the first in
    CONCEPT_TYPES), so a term the corpus uses in two types is one concept with one main type.
    A paper that types a name by its form alone (``name_is_method``) votes only where no paper
    says more of it: ``AIME24``, a method by its form in most papers, is the dataset the papers
    that write ``the AIME24 dataset`` or ``evaluated on AIME24`` say it is."""
    votes, by_form = defaultdict(Counter), defaultdict(Counter)
    for grouped in papers:
        for cid, concept in grouped.items():
            (by_form if concept["source"] == FORM_ONLY else votes)[cid][concept["type"]] += 1
    for cid, counts in by_form.items():
        if cid not in votes:
            votes[cid] = counts
    order = {t: i for i, t in enumerate(CONCEPT_TYPES)}
    return {cid: min(c, key=lambda t: (-c[t], order.get(t, len(order)))) for cid, c in votes.items()}


def preferred_labels(papers):
    """{concept id: label}: each concept's most frequent display form in the corpus (then the
    shortest, then the first in alphabetical order), so one concept has one label everywhere.

    A concept named by an acronym is labelled as the corpus writes it: by its long form when at
    least as many papers define or write it as papers that use only an acronym defined elsewhere
    (``federated learning``: defined wherever ``FL`` is used), else by its most frequent short
    form (``KITTI``, ``BLEU``, ``GPT-4o``: most papers never spell them out, and one paper's
    definition should not rename the concept in all the others)."""
    forms, short_forms = defaultdict(Counter), defaultdict(Counter)
    spelled_out, acronym_only = Counter(), Counter()
    capitalised, capitalising_papers, lower_case = defaultdict(Counter), Counter(), Counter()
    for grouped in papers:
        for cid, concept in grouped.items():
            forms[cid].update(concept["forms"])
            capitalised[cid].update(concept["capitalised"])
            capitalising_papers[cid] += bool(concept["capitalised"])
            lower_case[cid] += concept["lower_case"]
            if concept["short_forms"]:
                short_forms[cid].update(concept["short_forms"])
                if len(concept["short_forms"]) == len(concept["forms"]):
                    acronym_only[cid] += 1
                    continue
            spelled_out[cid] += 1
    labels = {}
    for cid, counts in forms.items():
        if acronym_only[cid] > spelled_out[cid]:
            counts = short_forms[cid]
        elif capitalising_papers[cid] >= defaults.NAME_CASE_PAPERS and not lower_case[cid]:
            counts = capitalised[cid]  # a name the corpus always capitalises: Stable Diffusion
        labels[cid] = min(counts, key=lambda f: (-counts[f], len(f), f))
    return labels


@lru_cache(maxsize=FORMS_CACHE)
def _whole_words(text):
    """A pattern of ``text`` as whole words (compiled once per text: the word list's terms are
    asked for at every call of short_forms_kept)."""
    return re.compile(r"(?<!\w)" + re.escape(text) + r"(?!\w)")


def short_forms_kept(labels, corpus, vocab):
    """``labels`` (from preferred_labels) where a label spells out, inside a longer phrase, an
    acronym of the ``corpus`` (corpus_acronyms) whose own concept is labelled by its short form:
    that part is written as the corpus writes it (``light detection and ranging-based place
    recognition`` -> ``LiDAR-based place recognition``, as most papers never spell LiDAR out),
    while an acronym labelled by its long form stays spelled out (``large language model
    inference``), and so does all of a long form so labelled (``graphical user interface``
    keeps its ``user interface``) or a term of the ``vocab`` (``root mean squared error`` keeps
    its ``mean squared error``). Only labels change: the ids, made from long forms, stay."""
    short, spelled_out = defaultdict(list), defaultdict(list)  # first word -> [(pattern, label)]
    for long_text in sorted(set(corpus.values())):
        spelled = display_label(long_text)
        label = labels.get(slug(concept_key(long_text)))
        if " " in spelled and label:
            kept_short = " " not in label and label.lower() != spelled.lower()
            (short if kept_short else spelled_out)[spelled.split()[0].lower()].append(
                (_whole_words(spelled.lower()), label))
    for term in vocab.terms:  # keys: lower case
        if " " in term:
            spelled_out[term.split()[0]].append((_whole_words(term), None))
    kept = dict(labels)
    for cid, label in labels.items():
        lower = label.lower()
        words = set(lower.split())
        if len(words) < 3 or not words & short.keys():
            continue
        found = [(m.start(), m.end(), written) for word in words & short.keys()
                 for pattern, written in short[word] for m in pattern.finditer(lower)]
        if not found:
            continue
        found += [(m.start(), m.end(), None) for word in words & spelled_out.keys()
                  for pattern, _ in spelled_out[word] for m in pattern.finditer(lower)]
        chosen = []  # the longest first; at equal length, the short form
        for start, end, written in sorted(found, key=lambda f: (f[0] - f[1], f[0], f[2] is None)):
            if all(end <= s or start >= e for s, e, _ in chosen):
                chosen.append((start, end, written))
        for start, end, written in sorted(chosen, reverse=True):
            if written is not None and (start, end) != (0, len(label)):
                label = label[:start] + written + label[end:]
        kept[cid] = label
    return kept


def defines_an_acronym(text, end):
    """True when the words ending at ``end`` are followed by an acronym in parentheses: their
    capitals may be the definition's (``Large Language Models (LLMs)``)."""
    return text[end:end + 2].lstrip().startswith("(")


def specificity(label):
    """How specific a concept's label is, from 0 (a common English word: ``accuracy`` 0.39) to 1
    (a term of its own: ``all-reduce`` 1.0), by how rare its rarest word is in general English
    (``general_english``), each further word making the phrase rarer (``federated learning``
    0.79, ``point cloud`` 0.42): a weight that ranks the field's terms above plain nouns."""
    table = general_english()
    words = [w for w in label.lower().split() if w not in defaults.SPECIFICITY_STOP_WORDS]
    if not words:
        return 0.0
    # a hyphenated word is one word (all-reduce: unknown to general English, so rare)
    common = [table.get(w.replace("-", ""), 0.0) if "-" in w else table.get(concept_key(w), 0.0)
              for w in words]
    zipf = min(common) - defaults.SPECIFICITY_PHRASE_STEP * (len(words) - 1)
    top = defaults.SPECIFICITY_ZIPF_MAX
    return round(min(1.0, max(0.0, (top - zipf) / top)), 3)


def concept_table(records_with_concepts):
    """One row per concept across the corpus: id, type, label, alt_labels (other surface forms
    seen, acronyms included), papers (how many mention it), specificity (``specificity``: rank
    by ``papers * specificity`` to put the field's terms first); sorted by id."""
    rows, shown = {}, DisplayLabels()
    for record in records_with_concepts:
        for concept in record.get("concepts", ()):
            row = rows.setdefault(concept["id"], {"id": concept["id"], "type": concept["type"],
                                                  "label": concept["label"], "alt_labels": set(),
                                                  "papers": 0})
            row["papers"] += 1
            row["alt_labels"].update(shown[m["text"]] for m in concept["mentions"]
                                     if not is_coordination(m["text"], concept["label"]))
    for row in rows.values():
        row["alt_labels"] = sorted(row["alt_labels"] - {row["label"]})
        row["specificity"] = specificity(row["label"])
    return [rows[k] for k in sorted(rows)]


def is_coordination(text, label):
    """True for a mention that coordinates this concept with another (``computational and
    communication bottlenecks`` for ``computational bottleneck``): evidence, not a variant."""
    words = text.lower().split()
    if defaults.COORDINATORS.isdisjoint(words):
        return False
    label_words = set(label.lower().split())
    return any(w in defaults.COORDINATORS and w not in label_words for w in words)
