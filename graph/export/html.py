"""The interactive HTML explorer: one self-contained page (vis-network inlined from the pyvis
package, no request to any host) drawing the graph with a legend, search, kind filter, details
panel, edge toggles and colour by community.

``network`` builds the pyvis Network (it writes nothing); ``render`` turns it into the page.
Text from the input travels as JSON data and is put into the page with ``textContent`` only,
never as HTML, so an abstract holding markup shows that markup and runs nothing.
"""

import json
from importlib import resources
from pathlib import Path

import jinja2
import pyvis
from pyvis.network import Network

from .. import appearance, defaults, model

VIS_DIR = Path(pyvis.__file__).parent / "templates" / "lib" / "vis-9.1.2"
TEMPLATE = "explorer.html.j2"
TOOLTIP_CHARS = 220


def network(graph, max_nodes=defaults.MAX_NODES):
    """A pyvis Network of ``graph`` (its ``max_nodes`` most connected nodes when it is bigger).

    Each vis node carries its kind, colours, size, seeded position and a ``info`` object for the
    details panel; each vis edge its kind, hover text data and whether it starts hidden. The
    Network's ``paperkg`` attribute holds what the page says about the selection."""
    keep = appearance.most_connected(graph, max_nodes)
    kept = set(keep)
    degree = appearance.degrees(graph)
    positions = appearance.layout(graph, keep)
    net = Network(directed=True, height="100%", width="100%", cdn_resources="local")
    net.options = vis_options()
    marks = mention_marks(graph)
    for node in keep:
        data = graph.nodes[node]
        kind = appearance.node_kind(data)
        community = data.get("community")
        x, y = positions[node]
        net.add_node(
            node, label=data["label"], shape=defaults.KIND_SHAPES[kind],
            color=defaults.KIND_COLORS[kind], size=appearance.node_size(degree[node]), x=x, y=y,
            font={"size": font_size(kind, degree[node])},
            kind=kind, kindColor=defaults.KIND_COLORS[kind],
            communityColor=appearance.community_color(community),
            info=node_info(graph, node, data, kind, marks.get(node, [])),
        )
    labels = {n: graph.nodes[n]["label"] for n in graph}
    for number, (u, v, data) in enumerate(graph.edges(data=True)):
        if u not in kept or v not in kept:
            continue
        kind = data["kind"]
        net.add_edge(
            u, v, id=f"e{number}", kind=kind, color=defaults.EDGE_COLORS.get(kind, "#999999"),
            hidden=kind in defaults.HIDDEN_EDGE_KINDS, dashes=kind in defaults.HIDDEN_EDGE_KINDS,
            arrows={"to": {"enabled": kind not in (model.SIMILAR_TO, model.CO_OCCURS)}},
            width=edge_width(data), info=edge_info(data, labels),
        )
    net.paperkg = {
        "nodes": len(keep), "edges": len(net.edges),
        "total_nodes": graph.number_of_nodes(), "total_edges": graph.number_of_edges(),
        "max_nodes": max_nodes,
        "communities": [{"id": c["id"], "name": c["name"], "size": len(c["members"]),
                         "color": appearance.community_color(c["id"])}
                        for c in graph.graph.get("communities", ())],
    }
    return net


def vis_options():
    """vis-network options: a short seeded force-directed stabilisation, then the page turns
    physics off; hover tooltips; straight edges (fast to draw)."""
    return {
        "layout": {"randomSeed": defaults.LAYOUT_SEED, "improvedLayout": False},
        "physics": {
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {"gravitationalConstant": -40, "springLength": 80,
                                 "springConstant": 0.06, "avoidOverlap": 0.4},
            "stabilization": {"enabled": True, "iterations": defaults.STABILIZATION_ITERATIONS,
                              "updateInterval": 50, "fit": True},
        },
        "interaction": {"hover": True, "tooltipDelay": 120, "multiselect": False},
        "nodes": {"borderWidth": 1, "font": {"size": 13, "face": "system-ui, sans-serif",
                                             "strokeWidth": 3, "strokeColor": "#ffffff"}},
        "edges": {"smooth": False, "arrows": {"to": {"scaleFactor": 0.45}},
                  "color": {"inherit": False, "opacity": 0.7}},
    }


def font_size(kind, degree):
    """Label size: papers larger than concepts, anchors largest, busier concepts larger."""
    if kind == model.ANCHOR:
        return 22
    if kind == model.RELATED:
        return 15
    return min(11 + degree, 18)


def edge_width(data):
    if data["kind"] == model.SIMILAR_TO:
        return round(1 + 4 * float(data.get("score", 0)), 2)
    if data["kind"] == model.CO_OCCURS:
        return round(1 + min(float(data.get("count", 1)), 8) / 2, 2)
    return 1


def edge_info(data, labels):
    """What hovering the edge says: its kind and, for similarity, the score and the shared
    concepts (labels, best first); for co-occurrence, the count and strength."""
    info = {"what": defaults.EDGE_LABELS.get(data["kind"], data["kind"])}
    if data["kind"] == model.SIMILAR_TO:
        info["score"] = round(float(data.get("score", 0)), 3)
        info["shared"] = [labels.get(c, c) for c in data.get("shared", ())]
    elif data["kind"] == model.CO_OCCURS:
        info["count"] = int(data.get("count", 0))
        info["strength"] = round(float(data.get("strength", 0)), 3)
    elif "mentions" in data:
        info["mentions"] = len(data["mentions"])
    return info


def mention_marks(graph):
    """{paper: [[start, end, concept, kind], ...]}: the mention spans of each paper's text,
    sorted, without overlaps (the earlier, then longer span wins)."""
    spans = {}
    for paper, concept, data in model.concept_edges(graph):
        kind = graph.nodes[concept]["concept_type"]
        for m in data.get("mentions", ()):
            spans.setdefault(paper, []).append((m["start"], -m["end"], concept, kind))
    marks = {}
    for paper, found in spans.items():
        kept, last_end = [], -1
        for start, neg_end, concept, kind in sorted(found):
            if start >= last_end:
                kept.append([start, -neg_end, concept, kind])
                last_end = -neg_end
        marks[paper] = kept
    return marks


def node_info(graph, node, data, kind, marks):
    """The details panel's data for one node."""
    info = {"kind": kind, "kindLabel": defaults.KIND_LABELS[kind], "label": data["label"]}
    if "community" in data:
        info["community"] = data["community"]
    if "pagerank" in data:
        info["pagerank"] = round(float(data["pagerank"]), 4)
    if data["kind"] == model.PAPER:
        info.update(title=data["title"], text=data["text"], abstract=data["abstract"],
                    marks=marks, truncated=bool(data["truncated"]),
                    sources=list(data["sources"]))
        info["tip"] = shorten(data["title"] or data["abstract"])
    else:
        info.update(altLabels=list(data.get("alt_labels", ())), papers=data.get("papers", 0))
        info["tip"] = f"{defaults.KIND_LABELS[kind]} mentioned by {data.get('papers', 0)} papers"
    return info


def shorten(text, limit=TOOLTIP_CHARS):
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def render(graph, max_nodes=defaults.MAX_NODES):
    """The explorer page of ``graph`` as one self-contained HTML string."""
    net = network(graph, max_nodes)
    data = {
        "nodes": net.nodes, "edges": net.edges, "options": net.options, "meta": net.paperkg,
        "kinds": [{"id": k, "label": defaults.KIND_LABELS[k], "color": defaults.KIND_COLORS[k],
                   "shape": defaults.KIND_SHAPES[k]} for k in defaults.NODE_KINDS],
        "edgeKinds": [{"id": k, "label": defaults.EDGE_LABELS[k], "color": defaults.EDGE_COLORS[k],
                       "hidden": k in defaults.HIDDEN_EDGE_KINDS} for k in defaults.EDGE_LABELS],
    }
    env = jinja2.Environment(autoescape=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    template = env.from_string(resources.files("paperkg.graph").joinpath("data", TEMPLATE)
                               .read_text(encoding="utf-8"))
    return template.render(
        data=script_json(data),
        vis_js=(VIS_DIR / "vis-network.min.js").read_text(encoding="utf-8"),
        meta=net.paperkg,
        title=page_title(graph),
    )


def page_title(graph):
    anchors = [graph.nodes[n]["label"] for n in model.papers(graph, model.ANCHOR)]
    return "paperkg explorer" + (": " + ", ".join(anchors[:3]) if anchors else "")


def script_json(value):
    """JSON safe inside a <script> element: no ``</script>``, ``<!--`` or ``]]>`` can appear,
    because ``<``, ``>`` and ``&`` are written as \\u escapes (as are U+2028/U+2029)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return jinja2.utils.markupsafe.Markup(text)
