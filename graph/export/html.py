"""The interactive HTML explorer: one self-contained page (vis-network, shipped in
``graph/data/vis-network/``, inlined; no request to any host) drawing the graph with a legend,
search, kind filter, details panel, edge toggles and colour by kind, community or year.

``write(graph, path, max_nodes)`` writes the page. A graph of at most ``max_nodes`` nodes is
drawn whole; a bigger one opens on an overview (``selection``): the papers with the highest
PageRank (anchors first) and the concepts most papers mention, each concept with its strongest
co-occurrences, and a note saying what is left out and how to draw more (``--max-nodes``, or
Gephi for the whole graph). The layout is computed at build time (``appearance.layout``); up
to HTML_PHYSICS_MAX_NODES nodes vis-network refines it briefly, a bigger page is drawn as laid
out, with physics off. The page's size is bounded by ``max_nodes``, not by the graph: details
(abstracts with their mentions highlighted, metadata) travel only for the drawn nodes, and
abstracts are cut once they pass HTML_TEXT_BUDGET characters in all.

Text from the input travels as JSON data and is put into the page with ``textContent`` only,
never as HTML, so an abstract holding markup shows that markup and runs nothing; links are
made only from http(s) URLs, DOIs and arXiv ids.
"""

import json
import math
import re
from importlib import resources

import jinja2
import networkx as nx

from .. import appearance, defaults, model

TEMPLATE = "explorer.html.j2"
VIS_FILE = ("data", "vis-network", "vis-network.min.js")
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)


def write(graph, path, max_nodes=defaults.MAX_NODES, degree=None):
    """Write the explorer page of ``graph`` (at most ``max_nodes`` nodes drawn) to ``path``;
    ``degree`` is appearance.degrees(graph), made when needed and not given."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for chunk in page_chunks(graph, max_nodes, degree):
            out.write(chunk)
    return path


def render(graph, max_nodes=defaults.MAX_NODES):
    """The page as one string. Kept for graph/build.py until it calls ``write``."""
    return "".join(page_chunks(graph, max_nodes))


def page_chunks(graph, max_nodes, degree=None):
    """The page's text, piece by piece (the template filled with the page's data)."""
    data = page_data(graph, max_nodes, degree)
    template = environment().from_string(package_text("data", TEMPLATE))
    return template.generate(data=script_json(data), vis_js=vis_js(),
                             meta=data["meta"], title=page_title(graph))


def vis_js():
    """The shipped vis-network build, without its source-map comment (the map is not shipped,
    and a browser's developer tools would otherwise ask for it)."""
    return SOURCE_MAP.sub("", package_text(*VIS_FILE))


def environment():
    return jinja2.Environment(autoescape=True, keep_trailing_newline=True,
                              undefined=jinja2.StrictUndefined)


def package_text(*parts):
    return resources.files("paperkg.graph").joinpath(*parts).read_text(encoding="utf-8")


def selection(graph, max_nodes, degree):
    """The nodes to draw, in graph order, and how they were chosen: (nodes, rule) where rule is
    None when the whole graph is drawn, else {papers, concepts}: how many of each were kept.

    A bigger graph than ``max_nodes`` gives OVERVIEW_PAPER_SHARE of the places to papers,
    anchors first, then by PageRank, degree and id; the rest go to the concepts of most weight
    (``model.concept_weight``: papers times specificity; then by degree and id), the first
    OVERVIEW_MIN_PER_TYPE of each concept type first, so that no type vanishes; places one side
    cannot fill go to the other."""
    if max_nodes is None or graph.number_of_nodes() <= max_nodes:
        return list(graph), None
    papers, concepts = [], []
    for node, data in graph.nodes(data=True):
        (papers if data["kind"] == model.PAPER else concepts).append(node)
    papers.sort(key=lambda n: (graph.nodes[n]["role"] != model.ANCHOR,
                               -float(graph.nodes[n].get("pagerank") or 0), -degree[n], n))
    concepts.sort(key=lambda n: (-model.concept_weight(graph.nodes[n]), -degree[n], n))
    paper_places = min(len(papers), round(max_nodes * defaults.OVERVIEW_PAPER_SHARE))
    concept_places = min(len(concepts), max_nodes - paper_places)
    paper_places = min(len(papers), max_nodes - concept_places)
    kept = set(papers[:paper_places]) | set(top_concepts(graph, concepts, concept_places))
    return [n for n in graph if n in kept], {"papers": paper_places, "concepts": concept_places}


def top_concepts(graph, ranked, places):
    """The first ``places`` of the ``ranked`` concepts, after the first few of each type."""
    by_type = {}
    for node in ranked:
        by_type.setdefault(graph.nodes[node]["concept_type"], []).append(node)
    floor = min(defaults.OVERVIEW_MIN_PER_TYPE, places // max(1, len(by_type)))
    chosen = dict.fromkeys(n for t in sorted(by_type) for n in by_type[t][:floor])
    for node in ranked:
        if len(chosen) >= places:
            break
        chosen.setdefault(node)
    return list(chosen)[:places]


def view(graph, nodes, whole):
    """The graph drawn: ``nodes`` and the edges between them (all of them when the ``whole``
    graph is drawn, else each concept's OVERVIEW_COOCCURS_PER_NODE strongest co-occurrences),
    as a MultiDiGraph in the graph's order with (shallow copies of) their attributes."""
    kept = set(nodes)
    drawn = nx.MultiDiGraph()
    for node in nodes:
        drawn.add_node(node, **graph.nodes[node])
    edges = [(u, v, k, d) for u, v, k, d in graph.edges(keys=True, data=True)
             if u in kept and v in kept]
    if not whole:
        strongest = strongest_cooccurrences(edges)
        edges = [e for e in edges if e[3]["kind"] != model.CO_OCCURS or (e[0], e[1]) in strongest]
    for u, v, key, data in edges:
        drawn.add_edge(u, v, key=key, **data)
    return drawn


def strongest_cooccurrences(edges, per_node=defaults.OVERVIEW_COOCCURS_PER_NODE):
    """{(c1, c2)} of the CO_OCCURS edges among ``edges`` that are among the ``per_node``
    strongest (count, then strength, then the other's id) of either end."""
    partners = {}
    for u, v, _, data in edges:
        if data["kind"] == model.CO_OCCURS:
            rank = (-int(data.get("count") or 0), -float(data.get("strength") or 0))
            partners.setdefault(u, []).append((rank, v, (u, v)))
            partners.setdefault(v, []).append((rank, u, (u, v)))
    return {pair for found in partners.values() for _, _, pair in sorted(found)[:per_node]}


def page_data(graph, max_nodes=defaults.MAX_NODES, degree=None):
    """Everything the page's script reads: nodes (with their details), edges (as compact rows),
    the legend's kinds, and ``meta`` (what is drawn, what is left out, years, communities)."""
    degree = degree or appearance.degrees(graph)
    total_edges = appearance.edge_count(degree)
    nodes, rule = selection(graph, max_nodes, degree)
    drawn = view(graph, nodes, rule is None)
    index = {node: i for i, node in enumerate(nodes)}
    counts = kind_counts(graph)
    kinds = [k for k in appearance.node_kinds(graph) if counts.get(k)]
    kind_index = {k: i for i, k in enumerate(kinds)}
    edge_kinds = ordered_edge_kinds(graph)
    edge_index = {k: i for i, k in enumerate(edge_kinds)}
    positions = appearance.layout(drawn)
    drawn_degree = appearance.degrees(drawn)
    marks = mention_marks(drawn, index, kind_index)
    limit = abstract_limit(drawn)
    rows = []
    for node, data in drawn.nodes(data=True):
        kind = appearance.node_kind(data)
        x, y = positions[node]
        row = {"id": node, "label": data["label"], "kind": kind, "x": x, "y": y,
               "size": appearance.node_size(drawn_degree[node]),
               "font": {"size": font_size(kind, drawn_degree[node])},
               "info": node_info(data, kind, marks.get(node, []), limit)}
        if data.get("community") is not None:
            row["community"] = int(data["community"])
        year = appearance.node_year(data)
        if year is not None:
            row["year"] = year
        rows.append(row)
    edges = [edge_row(graph, u, v, data, index, edge_index)
             for u, v, data in drawn.edges(data=True)]
    return {
        "nodes": rows, "edges": edges, "options": vis_options(len(rows)),
        "meta": meta(graph, drawn, rule, max_nodes, counts, total_edges),
        "kinds": [{"id": k, "label": appearance.kind_label(k), "plural": appearance.kind_plural(k),
                   "color": appearance.kind_color(k), "shape": appearance.kind_shape(k),
                   "paper": k in defaults.PAPER_KINDS} for k in kinds],
        "edgeKinds": [{"id": k, "label": edge_label(k), "color": edge_color(k),
                       "hidden": k in defaults.HIDDEN_EDGE_KINDS} for k in edge_kinds],
        "communityColors": list(defaults.COMMUNITY_COLORS),
        "noCommunityColor": defaults.NO_COMMUNITY_COLOR,
        "yearColors": list(defaults.YEAR_COLORS), "noYearColor": defaults.NO_YEAR_COLOR,
    }


def kind_counts(graph):
    """{node kind: how many nodes of it ``graph`` has}."""
    counts = {}
    for _, data in graph.nodes(data=True):
        kind = appearance.node_kind(data)
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def meta(graph, drawn, rule, max_nodes, total, total_edges):
    """What the page says about itself: counts drawn and in all (``total`` nodes by kind,
    ``total_edges``); the selection rule; the years drawn; the communities of the drawn
    nodes."""
    shown = kind_counts(drawn)
    papers = sum(n for k, n in total.items() if k in defaults.PAPER_KINDS)
    papers_shown = sum(n for k, n in shown.items() if k in defaults.PAPER_KINDS)
    concepts = graph.number_of_nodes() - papers
    concepts_shown = drawn.number_of_nodes() - papers_shown
    years = [y for _, d in drawn.nodes(data=True) if (y := appearance.node_year(d)) is not None]
    present = {d.get("community") for _, d in drawn.nodes(data=True)}
    communities = [{"id": c["id"], "name": c["name"], "size": len(c["members"]),
                    "color": appearance.community_color(c["id"])}
                   for c in graph.graph.get("communities", ()) if c["id"] in present]
    return {
        "nodes": drawn.number_of_nodes(), "edges": drawn.number_of_edges(),
        "total_nodes": graph.number_of_nodes(), "total_edges": total_edges,
        "max_nodes": max_nodes, "overview": rule is not None,
        "papers": papers_shown, "concepts": concepts_shown,
        "left_papers": papers - papers_shown, "left_concepts": concepts - concepts_shown,
        "cooccurs_per_node": defaults.OVERVIEW_COOCCURS_PER_NODE,
        "shown": shown, "total": total,
        "years": [math.floor(min(years)), math.ceil(max(years))] if years else None,
        "communities": communities,
        "physics": drawn.number_of_nodes() <= defaults.HTML_PHYSICS_MAX_NODES,
        "tooltip_chars": defaults.TOOLTIP_CHARS,
    }


def ordered_edge_kinds(graph):
    """The edge kinds of ``graph``: those EDGE_LABELS names in its order, then others sorted."""
    found = {d["kind"] for *_, d in graph.edges(data=True)}
    return [k for k in defaults.EDGE_LABELS if k in found] + sorted(found - set(defaults.EDGE_LABELS))


def edge_label(kind):
    return defaults.EDGE_LABELS.get(kind) or kind.lower().replace("_", " ")


def edge_color(kind):
    """The kind's colour; a mention edge of a kind not listed takes its concept type's colour."""
    if kind in defaults.EDGE_COLORS:
        return defaults.EDGE_COLORS[kind]
    for concept_type, mention_kind in model.MENTION_EDGE.items():
        if mention_kind == kind:
            return appearance.kind_color(concept_type)
    return defaults.OTHER_EDGE_COLOR


def vis_options(nodes):
    """vis-network options: up to HTML_PHYSICS_MAX_NODES nodes a short seeded force-directed
    refinement of the build-time layout, then the page turns physics off; above, no physics at
    all. Hover tooltips; straight edges (fast to draw)."""
    physics = nodes <= defaults.HTML_PHYSICS_MAX_NODES
    return {
        "layout": {"randomSeed": defaults.LAYOUT_SEED, "improvedLayout": False},
        "physics": {
            "enabled": physics,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {"gravitationalConstant": defaults.VIS_GRAVITY,
                                 "springLength": defaults.VIS_SPRING_LENGTH,
                                 "springConstant": defaults.VIS_SPRING_CONSTANT,
                                 "avoidOverlap": defaults.VIS_AVOID_OVERLAP},
            "stabilization": {"enabled": physics,
                              "iterations": defaults.STABILIZATION_ITERATIONS,
                              "updateInterval": defaults.VIS_PROGRESS_EVERY, "fit": True},
        },
        "interaction": {"hover": True, "tooltipDelay": defaults.VIS_TOOLTIP_DELAY,
                        "multiselect": False, "hideEdgesOnDrag": not physics},
        "nodes": {"borderWidth": defaults.VIS_BORDER_WIDTH, "font": dict(defaults.VIS_FONT)},
        "edges": {"smooth": False,
                  "arrows": {"to": {"enabled": True, "scaleFactor": defaults.VIS_ARROW_SCALE}},
                  "color": {"inherit": False, "opacity": defaults.VIS_EDGE_OPACITY}},
    }


def font_size(kind, degree):
    """Label size: papers larger than concepts, anchors largest, busier concepts larger."""
    if kind == model.ANCHOR:
        return defaults.FONT_SIZE_ANCHOR
    if kind in defaults.PAPER_KINDS:
        return defaults.FONT_SIZE_PAPER
    return min(defaults.FONT_SIZE_CONCEPT_MIN + degree, defaults.FONT_SIZE_CONCEPT_MAX)


def edge_width(data):
    if data["kind"] == model.SIMILAR_TO:
        return round(1 + defaults.SIMILARITY_WIDTH * float(data.get("score", 0)), 2)
    if data["kind"] == model.CO_OCCURS:
        return round(1 + min(float(data.get("count", 1)), defaults.COOCCURRENCE_WIDTH_CAP) / 2, 2)
    return 1


def edge_row(graph, u, v, data, index, edge_index):
    """One edge as [from, to, kind, width, info]: node and kind indexes; info holds, for
    similarity, the score and the shared concepts' labels (best first), for co-occurrence the
    count and strength, for a mention edge the number of mentions."""
    kind = data["kind"]
    info = {}
    if kind == model.SIMILAR_TO:
        info["score"] = round(float(data.get("score", 0)), 3)
        info["shared"] = [graph.nodes[c]["label"] if c in graph else c
                          for c in data.get("shared", ())]
    elif kind == model.CO_OCCURS:
        info["count"] = int(data.get("count", 0))
        info["strength"] = round(float(data.get("strength", 0)), 3)
    elif "mentions" in data:
        info["mentions"] = len(data["mentions"])
    return [index[u], index[v], edge_index[kind], edge_width(data), info]


def mention_marks(graph, index=None, kind_index=None):
    """{paper: [[start, end, concept, type], ...]}: the mention spans of each paper's analysed
    text, sorted, without overlaps (the earlier, then longer span wins). With ``index`` and
    ``kind_index`` the concept is its node index and the type its kind index (the page's
    compact form)."""
    spans = {}
    for paper, concept, data in graph.edges(data=True):
        if "mentions" not in data or graph.nodes[concept]["kind"] != model.CONCEPT:
            continue
        kind = graph.nodes[concept]["concept_type"]
        for m in data["mentions"]:
            spans.setdefault(paper, []).append((m["start"], -m["end"], concept, kind))
    marks = {}
    for paper, found in spans.items():
        kept, last_end = [], -1
        for start, neg_end, concept, kind in sorted(found):
            if start >= last_end:
                if index is None:
                    kept.append([start, -neg_end, concept, kind])
                else:
                    kept.append([start, -neg_end, index[concept], kind_index[kind]])
                last_end = -neg_end
        marks[paper] = kept
    return marks


def abstract_limit(drawn):
    """How many characters of each abstract the page carries: all, unless the drawn papers'
    abstracts pass HTML_TEXT_BUDGET in all; then an equal share, at least
    HTML_MIN_ABSTRACT_CHARS."""
    lengths = [len(d.get("abstract") or "") for _, d in drawn.nodes(data=True)
               if d["kind"] == model.PAPER]
    if sum(lengths) <= defaults.HTML_TEXT_BUDGET:
        return None
    return max(defaults.HTML_MIN_ABSTRACT_CHARS, defaults.HTML_TEXT_BUDGET // len(lengths))


def cut(text, limit):
    """``text`` cut at a word to at most ``limit`` characters (unchanged when it fits)."""
    if limit is None or len(text) <= limit:
        return text
    head = text[:limit]
    return head.rsplit(" ", 1)[0] if " " in head else head


def node_info(data, kind, marks, limit):
    """The details panel's data for one node (only what it has)."""
    info = {}
    if data.get("pagerank") is not None:
        info["pagerank"] = round(float(data["pagerank"]), 4)
    if data["kind"] != model.PAPER:
        info.update(altLabels=list(data.get("alt_labels") or ()), papers=data.get("papers", 0),
                    weight=round(model.concept_weight(data), 3))
        for name, key in (("first_year", "firstYear"), ("mean_year", "meanYear")):
            if data.get(name) is not None:
                info[key] = data[name]
        return info
    title, abstract = data.get("title") or "", data.get("abstract") or ""
    text = data.get("text") or ""
    shown = cut(abstract, limit)
    if shown:
        info["abstract"] = shown
    if len(shown) < len(abstract):
        info["cut"] = len(abstract)
    if title:
        info["title"] = title
    if data.get("truncated"):
        info["truncated"] = True
    marked = "abstract" if abstract and text == abstract else "title" if title and text == title else None
    if marked and marks:
        end = len(shown) if marked == "abstract" else len(title)
        info["marked"] = marked
        text = shown if marked == "abstract" else title
        info["marks"] = utf16_marks(text, [m for m in marks if m[1] <= end])
    sources = list(data.get("sources") or ())
    if sources:
        info["sources"] = sources[:defaults.HTML_MAX_SOURCES]
        if len(sources) > defaults.HTML_MAX_SOURCES:
            info["moreSources"] = len(sources) - defaults.HTML_MAX_SOURCES
    authors = list(data.get("authors") or ())
    if authors:
        info["authors"] = authors[:defaults.HTML_MAX_AUTHORS]
        if len(authors) > defaults.HTML_MAX_AUTHORS:
            info["moreAuthors"] = len(authors) - defaults.HTML_MAX_AUTHORS
    if data.get("year") is not None:
        info["year"] = int(data["year"])
    for name in ("venue", "doi", "arxiv", "url"):
        if data.get(name):
            info[name] = str(data[name])
    return info


def utf16_marks(text, marks):
    """``marks`` with their offsets (code points, as Python counts) turned into UTF-16 code
    units, as the page's JavaScript slices strings: each astral character (an emoji, a
    mathematical letter) before a mention counts twice there."""
    if text.isascii() or not any(ord(c) > 0xFFFF for c in text):
        return marks
    units, at = [0], 0
    for char in text:
        at += 2 if ord(char) > 0xFFFF else 1
        units.append(at)
    return [[units[m[0]], units[m[1]], *m[2:]] for m in marks]


def page_title(graph):
    anchors = [graph.nodes[n]["label"] for n in model.papers(graph, model.ANCHOR)]
    title = "paperkg explorer" + (": " + ", ".join(anchors[:3]) if anchors else "")
    return LONE_SURROGATE.sub("\ufffd", title)


def script_json(value):
    """JSON safe inside a <script> element: no ``</script>``, ``<!--`` or ``]]>`` can appear,
    because ``<``, ``>`` and ``&`` are written as \\u escapes (as are U+2028/U+2029); a lone
    surrogate, which UTF-8 cannot encode, becomes U+FFFD."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return jinja2.utils.markupsafe.Markup(LONE_SURROGATE.sub("\ufffd", text))
