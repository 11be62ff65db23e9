"""The knowledge graph: a networkx MultiDiGraph built from extracted paper records.

Node ids are IRI paths relative to the base IRI (``paper/<paper id>``, ``concept/<slug>``: a
concept's type is an attribute, not part of its id), so the RDF export is a mapping, not a
translation. Edges are keyed by
their kind, so one pair of nodes holds at most one edge of each kind.

Nodes
    paper    kind="paper", role ("anchor"|"related"|"cited"), label (short), title, abstract (str,
             "" if none), text (what was analysed), truncated, sources (["FILE:LINE"]), anchors
             ([ids]), references ([work keys] of cited works outside the graph), authors ([str]),
             year, venue, doi, arxiv, url (None when unknown). A "cited" paper is a work outside
             the corpus that several corpus papers cite: no text, only its DOI or arXiv id.
    concept  kind="concept", concept_type (one of CONCEPT_TYPES), first_year, mean_year (after
             relate.py; None when no paper mentioning it has a year), specificity (0-1, how rare
             its words are in general English), label, alt_labels
             ([str]), papers (how many papers mention it)
Edges
    RELATED_TO         related paper -> anchor (from the input lists)
    CITES              citing paper -> cited paper (from the records' references)
    USES_METHOD, ADDRESSES_PROBLEM, MENTIONS_HARDWARE, USES_DATASET, REPORTS_METRIC
                       paper -> concept; mentions ([{text, start, end}] into the paper's text),
                       source (the rule that found it), score (0-1)
    SIMILAR_TO         paper -> paper (lower id first; read as undirected); score, concept_score,
                       text_score, coupling_score, cocitation_score (None where the pair has no
                       citations to compare), shared ([concept node ids], best first),
                       shared_references ([node ids or work keys]), cited_by_both ([paper node
                       ids])                                                     (relate.py)
    CO_OCCURS          concept -> concept (lower id first); count, strength     (relate.py)
Every edge has kind and weight. Graph attributes: tool, version, model, model_version,
spacy_version (provenance) and, after relate.py, communities
([{id, name, concepts, members}]); nodes then also carry community and pagerank.
"""

import re

import networkx as nx

from paperkg.extract.records import (ANCHOR, CITED, CONCEPT_TYPES, RELATED, analysed_text, work_id,
                                     work_keys)

from . import defaults

PAPER, CONCEPT = "paper", "concept"
RELATED_TO = "RELATED_TO"
CITES = "CITES"
USES_METHOD = "USES_METHOD"
ADDRESSES_PROBLEM = "ADDRESSES_PROBLEM"
MENTIONS_HARDWARE = "MENTIONS_HARDWARE"
USES_DATASET = "USES_DATASET"
REPORTS_METRIC = "REPORTS_METRIC"
SIMILAR_TO = "SIMILAR_TO"
CO_OCCURS = "CO_OCCURS"
# The paper -> concept edge of each concept type (CONCEPT_TYPES lives in extract/records.py).
MENTION_EDGE = {t: e for t, e in (("method", USES_METHOD), ("problem", ADDRESSES_PROBLEM),
                                  ("hardware", MENTIONS_HARDWARE), ("dataset", USES_DATASET),
                                  ("metric", REPORTS_METRIC)) if t in CONCEPT_TYPES}
MENTION_KINDS = frozenset(MENTION_EDGE.values())  # a set: asked of every edge of a big graph
# Bibliographic fields a paper node carries (None or [] when the input had none).
METADATA = ("authors", "year", "venue", "doi", "arxiv", "url")


def paper_node(paper_id):
    return f"paper/{paper_id}"


def concept_node(concept_id):
    return f"concept/{concept_id}"


def citations(records, min_cited=defaults.MIN_CITED):
    """Resolve the records' references: ([(citing id, cited id)] inside the corpus, sorted;
    {work key: [citing ids]} of the works outside it that at least ``min_cited`` papers cite;
    {paper id: [work keys of the other works outside it it cites]})."""
    known = {}
    for record in records:
        for key in work_keys(record):
            known.setdefault(key, record["id"])
    inside, outside = set(), {}
    for record in records:
        for key in record.get("references") or ():
            target = known.get(key)
            if target is None:
                outside.setdefault(key, set()).add(record["id"])
            elif target != record["id"]:
                inside.add((record["id"], target))
    classics = {key: sorted(ids) for key, ids in outside.items() if len(ids) >= max(1, min_cited)}
    for key in classics:
        for citing in classics[key]:
            inside.add((citing, work_id(key)))
    elsewhere = {}
    for key, ids in outside.items():
        if key not in classics:
            for citing in ids:
                elsewhere.setdefault(citing, []).append(key)
    return sorted(inside), classics, {k: sorted(v) for k, v in elsewhere.items()}


def build_graph(records, concept_rows=(), meta=None, min_cited=defaults.MIN_CITED):
    """The graph of extracted ``records`` (reader records with "concepts") and the corpus-wide
    ``concept_rows`` (id, type, label, alt_labels, papers). Works outside the corpus that at
    least ``min_cited`` papers cite become paper nodes of role "cited". Deterministic: nodes and
    edges are added in a sorted order. A mention edge holds its record's list of mentions, not a
    copy (nothing changes it, and a corpus has half a million)."""
    graph = nx.MultiDiGraph(**(meta or {}))
    cites, classics, elsewhere = citations(records, min_cited)
    for record in sorted(records, key=lambda r: (r["role"] != ANCHOR, r["id"])):
        graph.add_node(
            paper_node(record["id"]),
            kind=PAPER,
            role=record["role"],
            label=short_label(record),
            title=record.get("title") or "",
            abstract=record.get("abstract") or "",
            text=analysed_text(record),
            truncated=record.get("truncated", False),
            sources=list(record.get("sources", ())),
            anchors=list(record.get("anchors", ())),
            references=elsewhere.get(record["id"], []),
            **{name: copy_value(record.get(name)) for name in METADATA},
        )
    for key in sorted(classics, key=work_id):
        scheme, _, value = key.partition(":")
        graph.add_node(
            paper_node(work_id(key)), kind=PAPER, role=CITED, label=key, title="",
            abstract="", text="", truncated=False, sources=[], anchors=[], references=[],
            authors=[], year=None, venue=None, url=None,
            doi=value if scheme == "doi" else None, arxiv=value if scheme == "arxiv" else None)
    rows = {row["id"]: row for row in concept_rows}
    for record in records:
        for concept in record.get("concepts", ()):
            rows.setdefault(concept["id"], {"id": concept["id"], "type": concept["type"],
                                            "label": concept["label"], "alt_labels": [],
                                            "papers": 0})
    for cid in sorted(rows):
        row = rows[cid]
        graph.add_node(concept_node(cid), kind=CONCEPT, concept_type=row["type"],
                       label=row["label"], alt_labels=list(row["alt_labels"]),
                       papers=row["papers"], specificity=row.get("specificity"))
    for record in sorted(records, key=lambda r: r["id"]):
        source = paper_node(record["id"])
        for anchor in sorted(record.get("anchors", ())):
            graph.add_edge(source, paper_node(anchor), key=RELATED_TO, kind=RELATED_TO, weight=1.0)
        for concept in sorted(record.get("concepts", ()), key=lambda c: c["id"]):
            kind = MENTION_EDGE[concept["type"]]
            graph.add_edge(source, concept_node(concept["id"]), key=kind, kind=kind,
                           weight=1.0, mentions=concept["mentions"],
                           source=concept["source"], score=concept["score"])
    for citing, cited in cites:
        graph.add_edge(paper_node(citing), paper_node(cited), key=CITES, kind=CITES, weight=1.0)
    return graph


def copy_value(value):
    return list(value) if isinstance(value, list) else value


def papers(graph, role=None):
    """Paper node ids (of one role, if given), in graph order."""
    return [n for n, d in graph.nodes(data=True)
            if d["kind"] == PAPER and (role is None or d["role"] == role)]


def concepts(graph, concept_type=None):
    """Concept node ids (of one type, if given), in graph order."""
    return [n for n, d in graph.nodes(data=True)
            if d["kind"] == CONCEPT and (concept_type is None or d["concept_type"] == concept_type)]


def concept_weight(data, papers=None):
    """How high a concept ranks in the top lists (report, compare, the explorer's overview): the
    papers that mention it (``papers`` if given, e.g. within one list) times its specificity, so
    a field's own terms come before generic words that many abstracts use (``scalability``
    before ``model performance``). A concept without a specificity counts its papers."""
    count = data["papers"] if papers is None else papers
    specificity = data.get("specificity")
    return count * (1.0 if specificity is None else specificity)


# The concept types every table shows, in the order the lists, tables and report read them
# (what a paper is about, how it does it, what it runs on), then whatever else CONCEPT_TYPES holds.
MAIN_TYPES = ("problem", "method", "hardware")
TYPE_ORDER = MAIN_TYPES + tuple(t for t in CONCEPT_TYPES if t not in MAIN_TYPES)


def shown_types(graph):
    """The concept types a table shows: MAIN_TYPES always, then any other type of TYPE_ORDER the
    graph holds concepts of."""
    held = {d["concept_type"] for _, d in graph.nodes(data=True) if d["kind"] == CONCEPT}
    return [t for t in TYPE_ORDER if t in MAIN_TYPES or t in held]


def concept_rows(graph):
    """One row per concept node, as concepts.jsonl holds them: id, type, label, alt_labels,
    papers, specificity."""
    return [{"id": node.removeprefix("concept/"), "type": d["concept_type"], "label": d["label"],
             "alt_labels": d["alt_labels"], "papers": d["papers"],
             "specificity": d.get("specificity")}
            for node, d in graph.nodes(data=True) if d["kind"] == CONCEPT]


def concept_edges(graph):
    """(paper, concept, data) for every paper -> concept edge."""
    return [(u, v, d) for u, v, d in graph.edges(data=True) if d["kind"] in MENTION_KINDS]


# A coined system name: two or more capitals, or a capital after a lower-case letter, or digits.
_NAME = r"(?:[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9-]*|[A-Z][a-z]+[A-Z][A-Za-z0-9-]*)"
_INTRODUCES = re.compile(
    r"\b(?:[Ww]e|[Tt]his (?:paper|work)|[Hh]ere,? we)\s+(?:\w+ly\s+)?"
    r"(?:propose|introduce|present|develop|design|build|describe)s?\s+"
    r"(?:(?:a|an|the)\s+)?(?:(?P<name>" + _NAME + r")\b(?!\s*\()"
    r"|[^.;()]{0,80}?\((?P<acronym>" + _NAME + r")\))"
)
_TITLE_NAME = re.compile(r"^\s*(?P<name>[^:]{1,40}):\s")
TITLE_CHARS = 60  # a paper titled but unnamed is labelled by its title, cut to this length


def short_label(record):
    """A short label for a paper: an anchor's name before the colon of its title, a related
    paper's system name when its abstract introduces one (``we propose FuseFlow``,
    ``we introduce Subnetwork Data Parallelism (SDP)``), else its title, else a short phrase of
    its abstract (``abstract_phrase``)."""
    if record.get("title"):
        text = record["title"]
        match = _TITLE_NAME.match(text)
        if match:
            return match.group("name").strip()
        if record["role"] != ANCHOR:
            return shortened(text)
    else:
        text = analysed_text(record)
        match = _INTRODUCES.search(text)
        if match:
            return match.group("name") or match.group("acronym")
    return abstract_phrase(text)


def shortened(text, limit=TITLE_CHARS):
    """``text`` cut at a word boundary to at most about ``limit`` characters, with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


_CONTRIBUTION = re.compile(
    r"\b(?:[Ww]e|[Tt]his (?:paper|work|article|study)|[Hh]ere,? we)\s+(?:\w+ly\s+)?"
    r"(?:(?:propose|introduce|present|develop|design|build|describe|investigate|explore|"
    r"examine|tackle)s?|stud(?:y|ies)|analy[sz]es?|address(?:es)?)"
    r"(?:\s+and\s+\w+)?\s+(?P<what>[^.;:!?]{12,})")
_SENTENCE = re.compile(r"^(?P<first>.+?[.!?])(?:\s|$)", re.S)
_LEAD = re.compile(r"^(?:In (?:this|the present) (?:paper|work|article|study),?\s*|Here,?\s*)", re.I)


def abstract_phrase(text, limit=TITLE_CHARS):
    """What an untitled paper proposes (``we propose a dataflow compiler that …`` -> ``A dataflow
    compiler that …``), else its first sentence, cut at a word boundary to about ``limit``."""
    text = " ".join(text.split())
    match = _CONTRIBUTION.search(text)
    if match:
        phrase = match.group("what")
    else:
        sentence = _SENTENCE.match(text)
        phrase = _LEAD.sub("", sentence.group("first") if sentence else text).rstrip(".!?")
    phrase = phrase.strip()
    return shortened(phrase[:1].upper() + phrase[1:], limit) if phrase else ""
