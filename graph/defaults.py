"""Tunables of the graph side, in one place."""

# relate.py: SIMILAR_TO between papers
SIMILARITY_TOP_K = 5            # each paper keeps at most this many neighbours ...
SIMILARITY_THRESHOLD = 0.08     # ... whose combined score is at least this
CONCEPT_WEIGHT = 0.5            # combined = CONCEPT_WEIGHT * concept score + (1 - it) * text score
SCORE_DIGITS = 4                # scores are rounded so output is deterministic

# relate.py: citations join the similarity score where both papers have them (see relate.py):
# score = (CONCEPT_WEIGHT * concept + (1 - CONCEPT_WEIGHT) * text + COUPLING_WEIGHT * coupling
#          + COCITATION_WEIGHT * co-citation) / (1 + the citation weights that apply).
# With both measures applying, the words and concepts and the citations count half each.
COUPLING_WEIGHT = 0.5           # bibliographic coupling: references two papers share
COCITATION_WEIGHT = 0.5         # co-citation: corpus papers citing both

# relate.py: similarity candidates from sparse matrix products, without scoring every pair.
CANDIDATE_TOP_K = 100           # each paper keeps this many partners as candidates (by concepts
                                # and citations) before the text is scored and top_k are kept
CANDIDATE_MAX_DF = 50           # concepts (references) more than max(CANDIDATE_MAX_DF,
CANDIDATE_MAX_SHARE = 0.05      # CANDIDATE_MAX_SHARE * papers) papers hold make no candidates
CANDIDATE_BLOCK_ENTRIES = 4_000_000  # at most this many entries in one block of the product
PAIR_CHUNK = 20_000             # candidate pairs whose dot products are computed at once

# relate.py: concept years (first_year, mean_year)
YEAR_DIGITS = 2                 # mean_year is rounded to this many decimals

# relate.py: CO_OCCURS between concepts
MIN_COOCCURRENCE = 2            # concept pairs mentioned together by at least this many papers
MIN_CITED = 2                   # a work outside the corpus cited by this many papers is a node

# relate.py: communities (Louvain) and centrality
COMMUNITY_SEED = 42
COMMUNITY_RESOLUTION = 1.0
COMMUNITY_NAME_CONCEPTS = 3     # a community is named by its this many most characteristic concepts
# In RDF, a community ranks (pkg:rankedConcept) its this many most characteristic concepts; every
# concept stays a pkg:member. Ranking all (15,833 in the corpus's largest community) cost 350K
# triples, 5% of the 21.6K export, and made the community-concepts example read them all.
COMMUNITY_RANKED_CONCEPTS = 100
PAGERANK_DIGITS = 6

# report.py
REPORT_TOP_CONCEPTS = 10        # concepts listed per type
REPORT_TOP_PAIRS = 10           # nearest-neighbour pairs listed
REPORT_COMMUNITY_MEMBERS = 12   # paper labels listed per community
REPORT_ROLLUP_TERMS = 15        # broader terms listed in "Concepts by broader term"
REPORT_ROLLUP_NARROWER = 8      # narrower concepts listed per broader term
REPORT_ROLLUP_MIN_NARROWER = 2  # a broader term is listed when it has this many narrower ones
# report.py: rising concepts (only when papers have years): the share of the papers of the last
# RISING_RECENT_YEARS years (up to the latest year) mentioning a concept, minus its share of the
# earlier papers; concepts at least RISING_MIN_PAPERS recent papers mention, largest rise first.
REPORT_RISING_CONCEPTS = 10     # concepts listed
RISING_RECENT_YEARS = 2
RISING_MIN_PAPERS = 3

# rdf.py: the RDF export
BASE_IRI = "https://w3id.org/paperkg/id/"   # instance IRIs: BASE_IRI + node id (paper/<id>, ...)
LANGUAGE = "en"                             # language tag of titles, abstracts and labels
RDF_SORT_CHUNK = 500_000    # N-Triples lines sorted in memory (~100 MB), then spilled as a run
RDF_PARALLEL_TRIPLES = 200_000  # from this many triples, helper processes write .ttl and .jsonld
RDF_QUOTE_CONTEXT = 32      # characters of oa:prefix / oa:suffix (what Hypothesis keeps)

# html.py: the HTML explorer draws at most this many nodes (`paperkg build --max-nodes`); a
# bigger graph opens on an overview: the papers with the highest PageRank (anchors first) get
# OVERVIEW_PAPER_SHARE of the places, the concepts most papers mention the rest, with at least
# OVERVIEW_MIN_PER_TYPE of each concept type; each concept keeps its OVERVIEW_COOCCURS_PER_NODE
# strongest co-occurrences there (all of them when the whole graph is drawn).
MAX_NODES = 400
OVERVIEW_PAPER_SHARE = 0.4
OVERVIEW_MIN_PER_TYPE = 8
OVERVIEW_COOCCURS_PER_NODE = 5
# html.py: up to HTML_PHYSICS_MAX_NODES nodes, vis-network refines the build-time layout for
# STABILIZATION_ITERATIONS (force atlas: gravity, spring length and constant, overlap
# avoidance), then physics is switched off; a bigger page is drawn as laid out at build time.
HTML_PHYSICS_MAX_NODES = 600
STABILIZATION_ITERATIONS = 40
VIS_GRAVITY = -40
VIS_SPRING_LENGTH = 80
VIS_SPRING_CONSTANT = 0.06
VIS_AVOID_OVERLAP = 0.4
# html.py: vis-network's look: hover delay (ms), label font, node border, arrow size, edge
# opacity, and how often (iterations) the "laying out" progress is shown.
VIS_TOOLTIP_DELAY = 120
VIS_FONT = {"size": 13, "face": "system-ui, sans-serif", "strokeWidth": 3, "strokeColor": "#ffffff"}
VIS_BORDER_WIDTH = 1
VIS_ARROW_SCALE = 0.45
VIS_EDGE_OPACITY = 0.7
VIS_PROGRESS_EVERY = 50
# html.py: the page's size stays bounded: abstracts are cut (at a word) once the drawn papers'
# abstracts pass HTML_TEXT_BUDGET characters in all, never below HTML_MIN_ABSTRACT_CHARS each;
# a paper lists at most HTML_MAX_AUTHORS authors and HTML_MAX_SOURCES sources; hover text
# holds at most TOOLTIP_CHARS characters.
HTML_TEXT_BUDGET = 4_000_000
HTML_MIN_ABSTRACT_CHARS = 300
HTML_MAX_AUTHORS = 12
HTML_MAX_SOURCES = 10
TOOLTIP_CHARS = 220
# html.py: label sizes (anchors, other papers, concepts: MIN + degree up to MAX) and edge
# widths (similarity: 1 + SIMILARITY_WIDTH * score; co-occurrence: 1 + min(count,
# COOCCURRENCE_WIDTH_CAP) / 2).
FONT_SIZE_ANCHOR = 22
FONT_SIZE_PAPER = 15
FONT_SIZE_CONCEPT_MIN = 11
FONT_SIZE_CONCEPT_MAX = 18
SIMILARITY_WIDTH = 4
COOCCURRENCE_WIDTH_CAP = 8
# html.py / gephi.py: seed of every layout (the spring layout written into the HTML and Gephi
# files, and vis-network's randomSeed); spring-layout iterations and scale (screen units).
LAYOUT_SEED = 42
LAYOUT_ITERATIONS = 50
LAYOUT_SCALE = 900.0
# Spring layout for at most this many nodes (the most connected; networkx's solver takes seconds
# from 500 nodes on); the rest are placed next to their placed neighbours, LAYOUT_SPREAD x
# LAYOUT_SCALE away; groups no walk reaches on a ring of LAYOUT_RING x the drawing's radius.
LAYOUT_MAX_NODES = 450
LAYOUT_SPREAD = 0.04
LAYOUT_RING = 1.2
# html.py / gephi.py: node appearance by kind: the paper roles (PAPER_KINDS) and every concept
# type (extract/records.py CONCEPT_TYPES) have a legend text, a #rrggbb colour and a
# vis-network shape (GEXF_SHAPES maps the shapes to the ones GEXF knows); a type without an
# entry gets EXTRA_KIND_COLORS and DEFAULT_SHAPE. Alpha; size BASE + STEP * sqrt(degree), at
# most NODE_SIZE_MAX.
PAPER_KINDS = ("anchor", "related", "cited")
KIND_LABELS = {"anchor": "Anchor paper", "related": "Related paper", "cited": "Cited work",
               "method": "Method", "problem": "Problem", "hardware": "Hardware",
               "dataset": "Dataset", "metric": "Metric"}
KIND_PLURALS = {"hardware": "Hardware"}  # headings; any other kind: its label + "s"
KIND_COLORS = {"anchor": "#d62728", "related": "#1f77b4", "cited": "#8c564b",
               "method": "#2ca02c", "problem": "#ff7f0e", "hardware": "#9467bd",
               "dataset": "#e377c2", "metric": "#bcbd22"}
KIND_SHAPES = {"anchor": "star", "related": "dot", "cited": "dot", "method": "diamond",
               "problem": "triangle", "hardware": "square", "dataset": "hexagon",
               "metric": "triangleDown"}
EXTRA_KIND_COLORS = ("#17becf", "#7f7f7f", "#aec7e8", "#98df8a", "#ffbb78", "#c5b0d5")
DEFAULT_SHAPE = "dot"
GEXF_SHAPES = {"star": "disc", "dot": "disc", "diamond": "diamond", "triangle": "triangle",
               "square": "square", "hexagon": "disc", "triangleDown": "triangle"}
NODE_ALPHA = 0.9
NODE_SIZE_BASE = 8.0
NODE_SIZE_STEP = 4.0
NODE_SIZE_MAX = 60.0
# html.py / gephi.py: edge appearance by kind (hover text, colour; a mention edge of a kind
# not listed takes its concept type's colour); kinds hidden until toggled; edge alpha in Gephi.
EDGE_LABELS = {"RELATED_TO": "related to", "CITES": "cites", "USES_METHOD": "uses method",
               "ADDRESSES_PROBLEM": "addresses problem", "MENTIONS_HARDWARE": "mentions hardware",
               "USES_DATASET": "uses dataset", "REPORTS_METRIC": "reports metric",
               "SIMILAR_TO": "similar to", "CO_OCCURS": "co-occurs with"}
EDGE_COLORS = {"RELATED_TO": "#d62728", "CITES": "#8c564b", "USES_METHOD": "#2ca02c",
               "ADDRESSES_PROBLEM": "#ff7f0e", "MENTIONS_HARDWARE": "#9467bd",
               "USES_DATASET": "#e377c2", "REPORTS_METRIC": "#bcbd22",
               "SIMILAR_TO": "#17becf", "CO_OCCURS": "#7f7f7f"}
OTHER_EDGE_COLOR = "#999999"
HIDDEN_EDGE_KINDS = ("SIMILAR_TO", "CO_OCCURS")
EDGE_ALPHA = 0.6
# html.py / gephi.py: colours of communities (colour by community), cycled; colour by year:
# a sequential scale (viridis stops, oldest first) over the drawn nodes' years.
COMMUNITY_COLORS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac")
NO_COMMUNITY_COLOR = "#cccccc"
YEAR_COLORS = ("#440154", "#3b528b", "#21918c", "#5ec962", "#fde725")
NO_YEAR_COLOR = "#cccccc"

# sparql.py / store.py: `paperkg query` and `paperkg serve`
QUERY_TIMEOUT = 60              # seconds a query may run before it is stopped (--timeout)
STORE_CONTEXT_PEEK = 65536      # characters read to name a JSON-LD file's remote @context
STORE_DOCTYPE_PEEK = 1 << 20    # characters of an RDF/XML file searched for its DOCTYPE's entities
SERVE_PORT = 7878               # `paperkg serve --port`
SERVE_BIND = "127.0.0.1"        # `paperkg serve --bind`: localhost only unless told otherwise
SERVE_START_PATIENCE = 60       # seconds `paperkg serve` waits for Oxigraph's server to listen
