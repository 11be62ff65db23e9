"""The records that flow from the readers through the extractor to the graph, defined once.

Both packages import from here: ``paperkg.extract`` (readers, extractor) and ``paperkg.graph``
(model, exporters). A record is a plain dict (JSON-ready, picklable for worker processes); its
keys are the ``PaperRecord`` and ``ConceptRecord`` TypedDicts below.
"""

import hashlib
from typing import TypedDict

# The concept types, in display order. Every module that lists types reads this tuple.
# (The hand annotations grade the first three; dataset and metric are scored where the gold
# lists them, see GUIDELINES.md.)
CONCEPT_TYPES = ("method", "problem", "hardware", "dataset", "metric")

# Paper roles: an anchor paper (a list's header, or --anchor), a paper related to an anchor or
# read from a bibliographic file, and a work outside the corpus that several corpus papers cite.
ANCHOR, RELATED, CITED = "anchor", "related", "cited"


class Mention(TypedDict):
    text: str       # the exact text of the mention
    start: int      # character offsets into the paper's analysed text
    end: int


class ConceptRecord(TypedDict):
    """One concept a paper mentions (``paperkg extract`` output, per paper)."""
    id: str         # corpus-wide concept id
    type: str       # one of CONCEPT_TYPES
    label: str      # preferred label
    mentions: list  # [Mention]
    source: str     # the rule that found it
    score: float


class PaperRecord(TypedDict, total=False):
    """One unique paper, as read (readers) and then extracted (``concepts`` added)."""
    id: str
    role: str               # ANCHOR | RELATED
    title: str | None
    abstract: str | None
    truncated: bool
    anchors: list           # ids of the anchors this paper is related to
    sources: list           # ["FILE:LINE", ...] every place it was read from
    authors: list           # ["Given Family", ...]
    year: int | None
    venue: str | None
    doi: str | None         # lower case, no resolver prefix: "10.1145/3600006.3613165"
    arxiv: str | None       # "2503.11731" (no version)
    openalex: str | None    # "W2741809807"
    s2: str | None          # Semantic Scholar paperId
    url: str | None
    keywords: list
    references: list        # work keys of cited works: "doi:…", "arxiv:…", "openalex:W…", "s2:…"
    concepts: list          # [ConceptRecord], after extraction


# The keys of a paper row in papers.jsonl and `paperkg papers`, in order (null or [] when the
# input had no such field).
PAPER_FIELDS = ("id", "role", "title", "abstract", "truncated", "anchors", "sources", "authors",
                "year", "venue", "doi", "arxiv", "url", "references")


def analysed_text(record):
    """The text concepts are found in: an anchor's title, any other paper's abstract (its title
    when it has no abstract)."""
    if record["role"] == ANCHOR:
        return record.get("title") or record.get("abstract") or ""
    return record.get("abstract") or record.get("title") or ""


# Identifier schemes of a work key ``scheme:value``, strongest first (the order merging uses).
WORK_KEY_SCHEMES = ("doi", "arxiv", "openalex", "s2")


def work_keys(record):
    """The keys a work is known by: ``doi:…``, ``arxiv:…``, ``openalex:…``, ``s2:…``."""
    return [f"{name}:{record[name]}" for name in WORK_KEY_SCHEMES if record.get(name)]


def work_id(key):
    """The paper id of a work known by a work key: the same for a corpus paper with that DOI or
    arXiv id and for a cited work outside the corpus, whatever input it came from."""
    return "p" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
