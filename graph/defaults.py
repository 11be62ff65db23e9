"""Tunables of the graph side, in one place."""

# relate.py: SIMILAR_TO between papers
SIMILARITY_TOP_K = 5            # each paper keeps at most this many neighbours ...
SIMILARITY_THRESHOLD = 0.08     # ... whose combined score is at least this
CONCEPT_WEIGHT = 0.5            # combined = CONCEPT_WEIGHT * concept score + (1 - it) * text score
SCORE_DIGITS = 4                # scores are rounded so output is deterministic

# relate.py: CO_OCCURS between concepts
MIN_COOCCURRENCE = 2            # concept pairs mentioned together by at least this many papers

# relate.py: communities (Louvain) and centrality
COMMUNITY_SEED = 42
COMMUNITY_RESOLUTION = 1.0
COMMUNITY_NAME_CONCEPTS = 3     # a community is named by its this many most characteristic concepts
PAGERANK_DIGITS = 6

# report.py
REPORT_TOP_CONCEPTS = 10        # concepts listed per type
REPORT_TOP_PAIRS = 10           # nearest-neighbour pairs listed
REPORT_COMMUNITY_MEMBERS = 12   # paper labels listed per community

# rdf.py: the RDF export
BASE_IRI = "https://w3id.org/paperkg/id/"   # instance IRIs: BASE_IRI + node id (paper/<id>, ...)
LANGUAGE = "en"                             # language tag of titles, abstracts and labels

# html.py / gephi.py: the HTML explorer draws at most this many nodes (the most connected);
# `paperkg build --max-nodes`.
MAX_NODES = 400
# html.py / gephi.py: seed of every layout (the spring layout written into the HTML and Gephi
# files, and vis-network's randomSeed); spring-layout iterations and scale (screen units);
# vis-network stabilisation iterations before physics is switched off.
LAYOUT_SEED = 42
LAYOUT_ITERATIONS = 50
LAYOUT_SCALE = 900.0
# Spring layout for at most this many nodes (the most connected); the rest are placed beside
# a neighbour, LAYOUT_SPREAD x LAYOUT_SCALE away.
LAYOUT_MAX_NODES = 500
LAYOUT_SPREAD = 0.04
STABILIZATION_ITERATIONS = 80
# html.py / gephi.py: node appearance by kind (legend text, #rrggbb colour, vis-network shape;
# GEXF_SHAPES maps the shapes to the ones GEXF knows), alpha, size BASE + STEP * sqrt(degree).
NODE_KINDS = ("anchor", "related", "method", "problem", "hardware")
KIND_LABELS = {"anchor": "Anchor paper", "related": "Related paper", "method": "Method",
               "problem": "Problem", "hardware": "Hardware"}
KIND_COLORS = {"anchor": "#d62728", "related": "#1f77b4", "method": "#2ca02c",
               "problem": "#ff7f0e", "hardware": "#9467bd"}
KIND_SHAPES = {"anchor": "star", "related": "dot", "method": "diamond", "problem": "triangle",
               "hardware": "square"}
GEXF_SHAPES = {"star": "disc", "dot": "disc", "diamond": "diamond", "triangle": "triangle",
               "square": "square"}
NODE_ALPHA = 0.9
NODE_SIZE_BASE = 8.0
NODE_SIZE_STEP = 4.0
# html.py / gephi.py: edge appearance by kind (hover text, colour); kinds hidden until toggled.
EDGE_LABELS = {"RELATED_TO": "related to", "CITES": "cites", "USES_METHOD": "uses method",
               "ADDRESSES_PROBLEM": "addresses problem", "MENTIONS_HARDWARE": "mentions hardware",
               "SIMILAR_TO": "similar to", "CO_OCCURS": "co-occurs with"}
EDGE_COLORS = {"RELATED_TO": "#d62728", "CITES": "#8c564b", "USES_METHOD": "#2ca02c",
               "ADDRESSES_PROBLEM": "#ff7f0e", "MENTIONS_HARDWARE": "#9467bd",
               "SIMILAR_TO": "#17becf", "CO_OCCURS": "#7f7f7f"}
HIDDEN_EDGE_KINDS = ("SIMILAR_TO", "CO_OCCURS")
# html.py / gephi.py: colours of communities (colour by community), cycled.
COMMUNITY_COLORS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac")
NO_COMMUNITY_COLOR = "#cccccc"
