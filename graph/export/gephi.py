"""The Gephi exports: GEXF 1.3 (what Gephi 0.10 reads natively) and GraphML.

Both are written here rather than with networkx's writers, which emit None, lists and dicts in
ways Gephi rejects, give GraphML keys ids (d3, d7) that Gephi takes for a label or an edge
label, and collapse parallel edges of different kinds. Every attribute is typed and flat (lists
are joined with "; "); an attribute that does not apply to a node is left out, never None.
Nodes carry a seeded layout, a colour with alpha and a size by degree, so the graph opens laid
out. Edges are directed (similarity and co-occurrence go from the lower id to the higher, as
in the model) and carry their ``kind`` (GEXF 1.3's edge kind, so Gephi keeps parallel edges of
different kinds apart) and a weight.
"""

import xml.etree.ElementTree as ET

from .. import __version__, appearance, defaults, model

GEXF_NS = "http://gexf.net/1.3"
VIZ_NS = "http://gexf.net/1.3/viz"
GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
LIST_SEPARATOR = "; "

# (name, type, what it holds) of the node and edge attributes, in the order written.
# Types are GEXF's; GRAPHML_TYPES maps them.
NODE_COLUMNS = (
    ("kind", "string", "paper | concept"),
    ("role", "string", "anchor | related (papers)"),
    ("concept_type", "string", "method | problem | hardware (concepts)"),
    ("degree", "integer", "edges of every kind, both directions"),
    ("papers", "integer", "papers mentioning the concept (concepts)"),
    ("community", "integer", "community number (after relatedness)"),
    ("community_name", "string", "the community's most characteristic concepts"),
    ("pagerank", "double", "PageRank (after relatedness)"),
    ("title", "string", "paper title"),
    ("abstract", "string", "paper abstract"),
    ("truncated", "boolean", "the abstract was cut off by its source"),
    ("sources", "string", "FILE:LINE where the paper was read, joined by '; '"),
    ("alt_labels", "string", "other labels of the concept, joined by '; '"),
)
EDGE_COLUMNS = (
    ("kind", "string", "RELATED_TO, USES_METHOD, ..., SIMILAR_TO, CO_OCCURS"),
    ("score", "double", "extraction confidence, or similarity score"),
    ("concept_score", "double", "similarity from shared concepts"),
    ("text_score", "double", "similarity from the abstracts' words"),
    ("shared", "string", "shared concepts, best first, joined by '; '"),
    ("count", "integer", "papers mentioning both concepts"),
    ("strength", "double", "association strength of the two concepts"),
    ("mentions", "integer", "mentions of the concept in the paper's text"),
    ("rule", "string", "the extraction rule that found the concept"),
)
GRAPHML_TYPES = {"string": "string", "integer": "int", "double": "double", "boolean": "boolean"}


def files(graph):
    """{file name: text} of the Gephi exports (one layout for both)."""
    drawn = drawing(graph)
    return {"graph.gexf": to_gexf(graph, drawn), "graph.graphml": to_graphml(graph, drawn)}


def node_values(graph, node, degree, communities):
    """{column: python value} of one node, only the columns that apply."""
    data = graph.nodes[node]
    values = {"kind": data["kind"], "degree": degree[node]}
    if data["kind"] == model.PAPER:
        values.update(role=data["role"], truncated=bool(data["truncated"]))
        for name in ("title", "abstract"):
            if data[name]:
                values[name] = data[name]
        if data["sources"]:
            values["sources"] = LIST_SEPARATOR.join(data["sources"])
    else:
        values.update(concept_type=data["concept_type"], papers=int(data["papers"]))
        if data.get("alt_labels"):
            values["alt_labels"] = LIST_SEPARATOR.join(data["alt_labels"])
    if data.get("community") is not None:
        values["community"] = int(data["community"])
        if data["community"] in communities:
            values["community_name"] = communities[data["community"]]
    if data.get("pagerank") is not None:
        values["pagerank"] = float(data["pagerank"])
    return values


def edge_values(graph, data):
    """{column: python value} of one edge, only the columns that apply."""
    values = {"kind": data["kind"]}
    for name in ("score", "concept_score", "text_score", "strength"):
        if data.get(name) is not None:
            values[name] = float(data[name])
    if data.get("count") is not None:
        values["count"] = int(data["count"])
    if data.get("shared"):
        values["shared"] = LIST_SEPARATOR.join(graph.nodes[c]["label"] if c in graph else c
                                               for c in data["shared"])
    if data.get("mentions") is not None:
        values["mentions"] = len(data["mentions"])
    if data.get("source"):
        values["rule"] = str(data["source"])
    return values


def text(value):
    """An attribute value as GEXF/GraphML text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def drawing(graph):
    """{node: (x, y, size, (r, g, b))}: the seeded layout (y up, as Gephi draws), size by
    degree and colour by kind."""
    degree = appearance.degrees(graph)
    positions = appearance.layout(graph)
    out = {}
    for node, data in graph.nodes(data=True):
        x, y = positions[node]
        kind = appearance.node_kind(data)
        out[node] = (x, -y + 0.0, appearance.node_size(degree[node]),
                     appearance.rgb(defaults.KIND_COLORS[kind]), defaults.KIND_SHAPES[kind])
    return out


def community_names(graph):
    return {c["id"]: c["name"] for c in graph.graph.get("communities", ())}


def edge_weight(data):
    weight = data.get("weight")
    return float(weight) if weight is not None else 1.0


def serialise(root):
    """XML text of ``root``, whose tags are written as given (the namespaces are declared as
    xmlns attributes of the root, so no ns0: prefixes appear)."""
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def to_gexf(graph, drawn=None):
    """The graph as GEXF 1.3 text (valid against the official RELAX NG grammar); ``drawn`` is
    its drawing(graph), made here when not given."""
    g, v = "", "viz:"
    root = ET.Element("gexf", {"xmlns": GEXF_NS, "xmlns:viz": VIZ_NS, "version": "1.3"})
    meta = ET.SubElement(root, g + "meta")
    ET.SubElement(meta, g + "creator").text = f"paperkg {__version__}"
    ET.SubElement(meta, g + "description").text = description(graph)
    body = ET.SubElement(root, g + "graph", {"defaultedgetype": "directed", "idtype": "string"})
    for cls, columns in (("node", NODE_COLUMNS), ("edge", EDGE_COLUMNS)):
        attributes = ET.SubElement(body, g + "attributes", {"class": cls})
        for name, kind, _ in columns:
            ET.SubElement(attributes, g + "attribute", {"id": name, "title": name, "type": kind})
    degree = appearance.degrees(graph)
    communities = community_names(graph)
    drawn = drawn or drawing(graph)
    nodes = ET.SubElement(body, g + "nodes", {"count": str(graph.number_of_nodes())})
    for node, data in graph.nodes(data=True):
        element = ET.SubElement(nodes, g + "node", {"id": node, "label": data["label"]})
        add_attvalues(element, g, NODE_COLUMNS, node_values(graph, node, degree, communities))
        x, y, size, (r, gr, b), shape = drawn[node]
        ET.SubElement(element, v + "color", {"r": str(r), "g": str(gr), "b": str(b),
                                             "a": text(defaults.NODE_ALPHA)})
        ET.SubElement(element, v + "position", {"x": text(x), "y": text(y), "z": "0.0"})
        ET.SubElement(element, v + "size", {"value": text(size)})
        ET.SubElement(element, v + "shape", {"value": defaults.GEXF_SHAPES[shape]})
    edges = ET.SubElement(body, g + "edges", {"count": str(graph.number_of_edges())})
    for number, (u, w, data) in enumerate(graph.edges(data=True)):
        element = ET.SubElement(edges, g + "edge", {
            "id": f"e{number}", "source": u, "target": w, "kind": data["kind"],
            "label": data["kind"], "weight": text(edge_weight(data))})
        add_attvalues(element, g, EDGE_COLUMNS, edge_values(graph, data))
        r, gr, b = appearance.rgb(defaults.EDGE_COLORS.get(data["kind"], "#999999"))
        ET.SubElement(element, v + "color", {"r": str(r), "g": str(gr), "b": str(b), "a": "0.6"})
    return serialise(root)


def add_attvalues(element, ns, columns, values):
    if not values:
        return
    attvalues = ET.SubElement(element, ns + "attvalues")
    for name, _, _ in columns:
        if name in values:
            ET.SubElement(attvalues, ns + "attvalue", {"for": name, "value": text(values[name])})


def description(graph):
    meta = graph.graph
    made = f"paperkg {meta.get('version', __version__)}"
    if meta.get("model"):
        made += f", spaCy model {meta['model']} {meta.get('model_version', '')}".rstrip()
    return (f"Knowledge graph of related-paper lists: papers, methods, problems and hardware "
            f"({made}).")


# GraphML keys: node keys named as the columns, plus what Gephi's GraphML importer maps to
# its node visual properties (label, x, y, size, r, g, b); edge keys get an "edge_" id prefix
# (GraphML key ids are document-wide) except weight, which Gephi reads as the edge weight.
GRAPHML_NODE_DRAWING = (("x", "float"), ("y", "float"), ("size", "float"),
                        ("r", "int"), ("g", "int"), ("b", "int"))


def to_graphml(graph, drawn=None):
    """The graph as GraphML text: the label in a ``label`` key, the same attributes as the GEXF,
    position, size and colour in the keys Gephi reads (x, y, size, r, g, b)."""
    q = ""
    root = ET.Element("graphml", {"xmlns": GRAPHML_NS})
    keys = [("label", "node", "label", "string")]
    keys += [(name, "node", name, GRAPHML_TYPES[kind]) for name, kind, _ in NODE_COLUMNS]
    keys += [(name, "node", name, kind) for name, kind in GRAPHML_NODE_DRAWING]
    keys += [("weight", "edge", "weight", "double")]
    keys += [(f"edge_{name}", "edge", name, GRAPHML_TYPES[kind]) for name, kind, _ in EDGE_COLUMNS]
    for key_id, owner, name, kind in keys:
        ET.SubElement(root, q + "key", {"id": key_id, "for": owner, "attr.name": name,
                                        "attr.type": kind})
    body = ET.SubElement(root, q + "graph", {"id": "paperkg", "edgedefault": "directed"})
    degree = appearance.degrees(graph)
    communities = community_names(graph)
    drawn = drawn or drawing(graph)
    for node, data in graph.nodes(data=True):
        element = ET.SubElement(body, q + "node", {"id": node})
        ET.SubElement(element, q + "data", {"key": "label"}).text = data["label"]
        values = node_values(graph, node, degree, communities)
        for name, _, _ in NODE_COLUMNS:
            if name in values:
                ET.SubElement(element, q + "data", {"key": name}).text = text(values[name])
        x, y, size, (r, g, b), _ = drawn[node]
        for name, value in zip(("x", "y", "size", "r", "g", "b"), (x, y, size, r, g, b)):
            ET.SubElement(element, q + "data", {"key": name}).text = text(value)
    for number, (u, w, data) in enumerate(graph.edges(data=True)):
        element = ET.SubElement(body, q + "edge", {"id": f"e{number}", "source": u, "target": w})
        ET.SubElement(element, q + "data", {"key": "weight"}).text = text(edge_weight(data))
        values = edge_values(graph, data)
        for name, _, _ in EDGE_COLUMNS:
            if name in values:
                ET.SubElement(element, q + "data", {"key": f"edge_{name}"}).text = text(values[name])
    return serialise(root)
