"""Every extraction rule, tested on the example its docstring gives, through the real pipeline.

A rule's docstring ends with ``Example: "SENTENCE" -> TYPE "LABEL"``: extracting SENTENCE must
give a concept labelled LABEL of type TYPE, typed by that very rule (its ``source``) when the
rule is a typing rule. ``-> no "LABEL"`` (drop rules): no concept is labelled LABEL, and the rule
itself says so for that phrase.
"""

import re

import pytest

from paperkg.extract import concepts
from paperkg.extract.candidates import first_type
from paperkg.extract.rules import (ALL_RULES, CANDIDATE_RULES, DROP_RULES, REPAIR_RULES, SCORES,
                                   SPAN_RULES, TYPE_RULES)
from paperkg.extract.rules.base import Piece

from conftest import ROOT

EXAMPLE = re.compile(r'Example:\s*"(?P<text>[^"]+)"\s*->\s*(?P<type>\w+)\s*"(?P<label>[^"]+)"'
                     r'(?:\s*\(with the user pattern file of (?P<patterns>[^)\s]+)\))?', re.S)


def example(rule):
    match = EXAMPLE.search(" ".join((rule.__doc__ or "").split()))
    assert match, f"{rule.__name__} has no 'Example: \"...\" -> type \"label\"' line"
    return match


def record(text):
    return {"id": "p1", "role": "related", "title": None, "abstract": text, "truncated": False,
            "anchors": [], "sources": []}


@pytest.fixture(scope="module")
def pattern_nlp():
    from paperkg.extract.pipeline import make_nlp

    return {}, make_nlp


def extracted(nlp, pattern_nlp, match):
    if match["patterns"]:
        cache, make_nlp = pattern_nlp
        if match["patterns"] not in cache:
            cache[match["patterns"]] = make_nlp(patterns=[ROOT / match["patterns"]])
        nlp = cache[match["patterns"]]
    [out] = concepts.extract_records([record(match["text"])], nlp)
    return {c["label"].lower(): c for c in out["concepts"]}


def test_every_rule_has_a_one_line_summary_an_example_and_a_unique_name():
    names = [r.__name__ for r in ALL_RULES]
    assert len(names) == len(set(names))
    for r in ALL_RULES:
        summary = (r.__doc__ or "").strip().splitlines()[0]
        assert summary.endswith(".") and len(summary) <= 100, r.__name__
        example(r)
    assert set(SCORES) == {r.__name__ for r in TYPE_RULES + CANDIDATE_RULES}


@pytest.mark.parametrize("rule", TYPE_RULES + CANDIDATE_RULES, ids=lambda r: r.__name__)
def test_typing_rule_types_its_example(nlp, pattern_nlp, rule):
    match = example(rule)
    found = extracted(nlp, pattern_nlp, match)
    concept = found.get(match["label"].lower())
    assert concept, f"{match['label']!r} not found in {sorted(found)}"
    assert (concept["type"], concept["source"]) == (match["type"], rule.__name__)


@pytest.mark.parametrize("rule", SPAN_RULES + REPAIR_RULES, ids=lambda r: r.__name__)
def test_span_rule_finds_its_example(nlp, pattern_nlp, rule):
    match = example(rule)
    found = extracted(nlp, pattern_nlp, match)
    concept = found.get(match["label"].lower())
    assert concept and concept["type"] == match["type"], sorted(found)


@pytest.mark.parametrize("rule", DROP_RULES, ids=lambda r: r.__name__)
def test_drop_rule_drops_its_example(nlp, pattern_nlp, rule):
    match = example(rule)
    assert match["type"] == "no"
    assert match["label"].lower() not in extracted(nlp, pattern_nlp, match)
    doc = nlp(match["text"])
    at = match["text"].lower().index(match["label"].lower())
    span = doc.char_span(at, at + len(match["label"]))
    vocab = nlp.get_pipe("paperkg_candidates").vocabulary
    piece = Piece.of(doc, span.start, span.end, span.text, span.root, "noun_chunks_joined_at_hyphens",
                     vocab)
    assert rule(piece, first_type(piece)[0])
