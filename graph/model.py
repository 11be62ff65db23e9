"""The knowledge graph: a networkx MultiDiGraph built from extracted paper records.

Node ids are IRI paths relative to the base IRI (``paper/<paper id>``,
``concept/<type>/<slug>``), so the RDF export is a mapping, not a translation. Edges are keyed by
their kind, so one pair of nodes holds at most one edge of each kind.

Nodes
    paper    kind="paper", role ("anchor"|"related"), label (short), title, abstract (str, "" if
             none), text (what was analysed), truncated, sources (["FILE:LINE"]), anchors ([ids])
    concept  kind="concept", concept_type ("method"|"problem"|"hardware"), label, alt_labels
             ([str]), papers (how many papers mention it)
Edges
    RELATED_TO         related paper -> anchor (from the input lists)
    USES_METHOD, ADDRESSES_PROBLEM, MENTIONS_HARDWARE
                       paper -> concept; mentions ([{text, start, end}] into the paper's text),
                       source (the rule that found it), score (0-1)
    SIMILAR_TO         paper -> paper (lower id first; read as undirected); score, concept_score,
                       text_score, shared ([concept node ids], best first)      (relate.py)
    CO_OCCURS          concept -> concept (lower id first); count, strength     (relate.py)
Every edge has kind and weight. Graph attributes: tool, version, model, model_version,
spacy_version (provenance) and, after relate.py, communities
([{id, name, concepts, members}]); nodes then also carry community and pagerank.
"""

import re

import networkx as nx

PAPER, CONCEPT = "paper", "concept"
ANCHOR, RELATED = "anchor", "related"
RELATED_TO = "RELATED_TO"
CITES = "CITES"
USES_METHOD = "USES_METHOD"
ADDRESSES_PROBLEM = "ADDRESSES_PROBLEM"
MENTIONS_HARDWARE = "MENTIONS_HARDWARE"
SIMILAR_TO = "SIMILAR_TO"
CO_OCCURS = "CO_OCCURS"
CONCEPT_TYPES = ("method", "problem", "hardware")
MENTION_EDGE = {"method": USES_METHOD, "problem": ADDRESSES_PROBLEM, "hardware": MENTIONS_HARDWARE}


def paper_node(paper_id):
    return f"paper/{paper_id}"


def concept_node(concept_id):
    return f"concept/{concept_id}"


def build_graph(records, concept_rows=(), meta=None):
    """The graph of extracted ``records`` (reader records with "concepts") and the corpus-wide
    ``concept_rows`` (id, type, label, alt_labels, papers). Deterministic: nodes and edges are
    added in a sorted order."""
    graph = nx.MultiDiGraph(**(meta or {}))
    for record in sorted(records, key=lambda r: (r["role"] != ANCHOR, r["id"])):
        text = record["title"] if record["role"] == ANCHOR else record["abstract"]
        graph.add_node(
            paper_node(record["id"]),
            kind=PAPER,
            role=record["role"],
            label=short_label(record),
            title=record["title"] or "",
            abstract=record["abstract"] or "",
            text=text,
            truncated=record["truncated"],
            sources=list(record["sources"]),
            anchors=list(record["anchors"]),
        )
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
                       papers=row["papers"])
    for record in sorted(records, key=lambda r: r["id"]):
        source = paper_node(record["id"])
        for anchor in sorted(record["anchors"]):
            graph.add_edge(source, paper_node(anchor), key=RELATED_TO, kind=RELATED_TO, weight=1.0)
        for concept in sorted(record.get("concepts", ()), key=lambda c: c["id"]):
            kind = MENTION_EDGE[concept["type"]]
            graph.add_edge(source, concept_node(concept["id"]), key=kind, kind=kind,
                           weight=1.0, mentions=[dict(m) for m in concept["mentions"]],
                           source=concept["source"], score=concept["score"])
    return graph


def papers(graph, role=None):
    """Paper node ids (of one role, if given), in graph order."""
    return [n for n, d in graph.nodes(data=True)
            if d["kind"] == PAPER and (role is None or d["role"] == role)]


def concepts(graph, concept_type=None):
    """Concept node ids (of one type, if given), in graph order."""
    return [n for n, d in graph.nodes(data=True)
            if d["kind"] == CONCEPT and (concept_type is None or d["concept_type"] == concept_type)]


def concept_rows(graph):
    """One row per concept node, as concepts.jsonl holds them: id, type, label, alt_labels,
    papers."""
    return [{"id": node.removeprefix("concept/"), "type": d["concept_type"], "label": d["label"],
             "alt_labels": d["alt_labels"], "papers": d["papers"]}
            for node, d in graph.nodes(data=True) if d["kind"] == CONCEPT]


def concept_edges(graph):
    """(paper, concept, data) for every paper -> concept edge."""
    return [(u, v, d) for u, v, d in graph.edges(data=True) if d["kind"] in MENTION_EDGE.values()]


# A coined system name: two or more capitals, or a capital after a lower-case letter, or digits.
_NAME = r"(?:[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9-]*|[A-Z][a-z]+[A-Z][A-Za-z0-9-]*)"
_INTRODUCES = re.compile(
    r"\b(?:[Ww]e|[Tt]his (?:paper|work)|[Hh]ere,? we)\s+(?:\w+ly\s+)?"
    r"(?:propose|introduce|present|develop|design|build|describe)s?\s+"
    r"(?:(?:a|an|the)\s+)?(?:(?P<name>" + _NAME + r")\b(?!\s*\()"
    r"|[^.;()]{0,80}?\((?P<acronym>" + _NAME + r")\))"
)
_TITLE_NAME = re.compile(r"^\s*(?P<name>[^:]{1,40}):\s")
FIRST_WORDS = 4


def short_label(record):
    """A short label for a paper: an anchor's name before the colon of its title, a related
    paper's system name when its abstract introduces one (``we propose FuseFlow``,
    ``we introduce Subnetwork Data Parallelism (SDP)``), else its first words."""
    if record["role"] == ANCHOR:
        text = record["title"]
        match = _TITLE_NAME.match(text)
        if match:
            return match.group("name").strip()
    else:
        text = record["abstract"]
        match = _INTRODUCES.search(text)
        if match:
            return match.group("name") or match.group("acronym")
    words = text.split()
    return " ".join(words[:FIRST_WORDS]) + ("…" if len(words) > FIRST_WORDS else "")
