"""The Gephi exports: GEXF 1.3 (what Gephi 0.10 reads natively) and GraphML, written as streams.

``write(graph, outputs)`` writes both files, one node or edge at a time (the whole graph of a
21.6K-abstract corpus, 120K nodes and 500K edges, takes seconds and no more memory than the
graph), rather than with networkx's writers, which emit None, lists and dicts in ways Gephi
rejects, give GraphML keys ids (d3, d7) that Gephi takes for a label or an edge label, and
collapse parallel edges of different kinds. Every attribute is typed and flat (lists are joined
with "; "); an attribute that does not apply to a node is left out, never None, and a paper
metadata column (authors, year, venue, DOI, arXiv id, URL; a concept's first and mean year) is
declared only when some node has a value for it. Nodes carry a seeded layout, a colour with
alpha and a size by degree, so the graph opens laid out. Edges are directed (similarity and
co-occurrence go from the lower id to the higher, as in the model) and carry their ``kind``
(GEXF 1.3's edge kind, so Gephi keeps parallel edges of different kinds apart) and a weight.

Time: when papers have years the GEXF graph is dynamic (``timeformat="integer"``) and each
paper starts (``start``) in its year, each concept in the first year a paper mentions it, so
Gephi's timeline shows the field growing; ``year`` is also a static integer attribute to filter
on. Text that XML 1.0 cannot carry (C0 and C1 controls but tab, newline and carriage return;
lone surrogates; U+FFFE, U+FFFF and the other noncharacters of the BMP) is replaced by U+FFFD
in every name and value, so the files parse whatever the input held.
"""

import re

from paperkg.extract import progress

from .. import __version__, appearance, defaults, model
from ..io import Batched

GEXF_NS = "http://gexf.net/1.3"
VIZ_NS = "http://gexf.net/1.3/viz"
GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
LIST_SEPARATOR = "; "
FILES = ("graph.gexf", "graph.graphml")
INDENT = "  "

# (name, type, what it holds) of the node and edge attributes, in the order written.
# Types are GEXF's; GRAPHML_TYPES maps them.
NODE_COLUMNS = (
    ("kind", "string", "paper | concept"),
    ("role", "string", "anchor | related | cited (papers)"),
    ("concept_type", "string", "the concept's type, one of CONCEPT_TYPES (concepts)"),
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
    # Declared only when some node has a value (METADATA_COLUMNS):
    ("authors", "string", "the paper's authors, joined by '; '"),
    ("year", "integer", "the paper's publication year"),
    ("venue", "string", "journal, proceedings or repository"),
    ("doi", "string", "DOI, lower case, no resolver"),
    ("arxiv", "string", "arXiv id, no version"),
    ("url", "string", "a link to the paper"),
    ("first_year", "integer", "the first year a paper mentions the concept"),
    ("mean_year", "double", "the mean year of the papers mentioning the concept"),
)
METADATA_COLUMNS = ("authors", "year", "venue", "doi", "arxiv", "url", "first_year", "mean_year")
EDGE_COLUMNS = (
    ("kind", "string", "RELATED_TO, CITES, USES_METHOD, ..., SIMILAR_TO, CO_OCCURS"),
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

# What XML 1.0 cannot carry (or discourages: C1 controls, BMP noncharacters); SAFE: text that
# needs no escaping at all (the fast path: most values).
NOT_XML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd\U00010000-\U0010ffff]")
UNSAFE = re.compile("[^\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x7e\xa0-\ud7ff\ue000-\ufdcf"
                    "\ufdf0-\ufffd\U00010000-\U0010ffff]")
REPLACEMENT = "\ufffd"


def write(graph, outputs, degree=None):
    """Write graph.gexf and graph.graphml of ``graph`` (one layout for both) to the paths the
    io.OutputSet ``outputs`` gives; ``degree`` is appearance.degrees(graph), made when not
    given. Returns the file names."""
    degree = degree or appearance.degrees(graph)
    drawn = drawing(graph, degree)
    columns = node_columns(graph)
    write_gexf(graph, outputs.path("graph.gexf"), drawn, columns, degree)
    write_graphml(graph, outputs.path("graph.graphml"), drawn, columns, degree)
    return FILES


def files(graph):
    """{file name: text} of both files. Kept for graph/build.py until it calls ``write``: it
    holds both files in memory, which ``write`` never does."""
    import tempfile
    from pathlib import Path

    from .. import io

    with tempfile.TemporaryDirectory() as folder:
        outputs = io.OutputSet(folder)
        write(graph, outputs)
        outputs.commit()
        return {name: (Path(folder) / name).read_text(encoding="utf-8") for name in FILES}


def clean(value):
    """``value`` without the characters XML 1.0 cannot carry (each becomes U+FFFD)."""
    return NOT_XML.sub(REPLACEMENT, value)


# Replacements of XML-escaping, "&" first: in attribute values (tab, newline and carriage return
# as character references, so they survive attribute-value normalisation) and in character data
# (a carriage return as a reference: parsers would turn a literal one into a newline).
ATTRIBUTE_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"),
                     ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))
TEXT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\r", "&#13;"))


def xml_escaped(value, escapes):
    """``value`` cleaned of what XML cannot carry and escaped with ``escapes``."""
    if not UNSAFE.search(value):
        return value
    value = clean(value)
    for char, reference in escapes:
        if char in value:
            value = value.replace(char, reference)
    return value


def attr(value):
    """A string as an XML attribute value."""
    return xml_escaped(value, ATTRIBUTE_ESCAPES)


def chars(value):
    """A string as XML character data."""
    return xml_escaped(value, TEXT_ESCAPES)


def tag(name, attrs, depth, text=None):
    """One element on its own line: ``<name a="v" />`` or ``<name a="v">text</name>``."""
    inner = "".join(f' {key}="{attr(value)}"' for key, value in attrs)
    pad = INDENT * depth
    if text:
        return f"{pad}<{name}{inner}>{chars(text)}</{name}>\n"
    return f"{pad}<{name}{inner} />\n"


def start_tag(name, attrs, depth):
    """The start tag of an element whose children follow on the next lines."""
    inner = "".join(f' {key}="{attr(value)}"' for key, value in attrs)
    return f"{INDENT * depth}<{name}{inner}>\n"


def text(value):
    """An attribute value as GEXF/GraphML text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def present(value):
    return value is not None and value != "" and value != [] and value != ()


def node_columns(graph):
    """The node columns to declare: every column but the metadata ones no node has a value for."""
    found = set()
    for _, data in graph.nodes(data=True):
        for name in METADATA_COLUMNS:
            if name not in found and present(data.get(name)):
                found.add(name)
        if len(found) == len(METADATA_COLUMNS):
            break
    return tuple(c for c in NODE_COLUMNS if c[0] not in METADATA_COLUMNS or c[0] in found)


def node_values(graph, node, degree, communities):
    """{column: python value} of one node, only the columns that apply."""
    data = graph.nodes[node]
    values = {"kind": data["kind"], "degree": degree[node]}
    if data["kind"] == model.PAPER:
        values.update(role=data["role"], truncated=bool(data.get("truncated")))
        for name in ("title", "abstract"):
            if data.get(name):
                values[name] = data[name]
        if data.get("sources"):
            values["sources"] = LIST_SEPARATOR.join(data["sources"])
        if data.get("authors"):
            values["authors"] = LIST_SEPARATOR.join(data["authors"])
        if data.get("year") is not None:
            values["year"] = int(data["year"])
        for name in ("venue", "doi", "arxiv", "url"):
            if data.get(name):
                values[name] = str(data[name])
    else:
        values.update(concept_type=data["concept_type"], papers=int(data["papers"]))
        if data.get("alt_labels"):
            values["alt_labels"] = LIST_SEPARATOR.join(data["alt_labels"])
        if data.get("first_year") is not None:
            values["first_year"] = int(data["first_year"])
        if data.get("mean_year") is not None:
            values["mean_year"] = float(data["mean_year"])
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


def drawing(graph, degree):
    """{node: (x, y, size, (r, g, b), shape)}: the seeded layout (y up, as Gephi draws), size
    by ``degree`` (appearance.degrees) and colour and shape by kind."""
    positions = appearance.layout(graph)
    out = {}
    for node, data in graph.nodes(data=True):
        x, y = positions[node]
        kind = appearance.node_kind(data)
        out[node] = (x, -y + 0.0, appearance.node_size(degree[node]),
                     appearance.rgb(appearance.kind_color(kind)), appearance.kind_shape(kind))
    return out


def edge_color(graph, v, kind):
    """An edge's colour: its kind's, else (a mention edge of a new concept type) its concept's."""
    if kind in defaults.EDGE_COLORS:
        return defaults.EDGE_COLORS[kind]
    if graph.nodes[v]["kind"] == model.CONCEPT:
        return appearance.kind_color(graph.nodes[v]["concept_type"])
    return defaults.OTHER_EDGE_COLOR


def community_names(graph):
    return {c["id"]: c["name"] for c in graph.graph.get("communities", ())}


def edge_weight(data):
    weight = data.get("weight")
    return float(weight) if weight is not None else 1.0


def description(graph):
    """What the file holds and what made it: papers and the concept types the graph has."""
    meta = graph.graph
    made = f"paperkg {meta.get('version', __version__)}"
    if meta.get("model"):
        made += f", spaCy model {meta['model']} {meta.get('model_version', '')}".rstrip()
    found = {d["concept_type"] for _, d in graph.nodes(data=True) if d["kind"] == model.CONCEPT}
    types = [t for t in appearance.node_kinds(graph) if t in found]
    plurals = [t if t == "hardware" else t + "s" for t in types]  # hardware is uncountable
    held = ", ".join(["papers"] + plurals[:-1]) + (f" and {plurals[-1]}" if plurals else "")
    return f"Knowledge graph of related-paper lists: {held} ({made})."


def elements(graph, name, degree):
    """(True, node, data) for every node, then (False, (u, v), data) for every edge, in graph
    order, drawing one progress bar named ``name``."""
    total = graph.number_of_nodes() + appearance.edge_count(degree)

    def both():
        for node, data in graph.nodes(data=True):
            yield True, node, data
        for u, v, data in graph.edges(data=True):
            yield False, (u, v), data

    return progress.track(both(), name, total=total)


def escaped(value):
    """A node or edge value as escaped XML text: strings escaped, numbers and booleans as text()."""
    return attr(value) if isinstance(value, str) else text(value)


def write_gexf(graph, path, drawn, columns, degree):
    """Write the graph as GEXF 1.3 (valid against the official RELAX NG grammar) to ``path``;
    ``drawn`` is its drawing(graph, degree), ``columns`` its node_columns(graph) and ``degree``
    its appearance.degrees(graph). Written as ElementTree would indent it, one node or edge at
    a time."""
    communities = community_names(graph)
    starts = {node: appearance.node_start(data) for node, data in graph.nodes(data=True)}
    dynamic = any(start is not None for start in starts.values())
    graph_attrs = [("defaultedgetype", "directed"), ("idtype", "string")]
    if dynamic:
        graph_attrs += [("mode", "dynamic"), ("timeformat", "integer")]
    ids = {node: attr(node) for node in graph}
    pad3, pad4, pad5 = INDENT * 3, INDENT * 4, INDENT * 5
    node_value = [(name, f'{pad5}<attvalue for="{name}" value="') for name, _, _ in columns]
    edge_value = [(name, f'{pad5}<attvalue for="{name}" value="') for name, _, _ in EDGE_COLUMNS]
    alpha, edge_alpha = text(defaults.NODE_ALPHA), text(defaults.EDGE_ALPHA)
    edge_viz, seen = {}, {}
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        out = Batched(fh)
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write(f'<gexf xmlns="{GEXF_NS}" xmlns:viz="{VIZ_NS}" version="1.3">\n')
        out.write(f"{INDENT}<meta>\n")
        out.write(tag("creator", (), 2, f"paperkg {__version__}"))
        out.write(tag("description", (), 2, description(graph)))
        out.write(f"{INDENT}</meta>\n")
        out.write(start_tag("graph", graph_attrs, 1))
        for cls, declared in (("node", columns), ("edge", EDGE_COLUMNS)):
            out.write(f'{INDENT * 2}<attributes class="{cls}">\n')
            for name, kind, _ in declared:
                out.write(tag("attribute", (("id", name), ("title", name), ("type", kind)), 3))
            out.write(f"{INDENT * 2}</attributes>\n")
        out.write(f'{INDENT * 2}<nodes count="{graph.number_of_nodes()}">\n')
        number = 0
        for is_node, item, data in elements(graph, "graph.gexf", degree):
            if is_node:
                node = item
                start = "" if starts[node] is None else f' start="{starts[node]}"'
                parts = [f'{pad3}<node id="{ids[node]}" label="{attr(data["label"])}"{start}>\n']
                values = node_values(graph, node, degree, communities)
                parts += attvalues(node_value, values)
                x, y, size, (r, g, b), shape = drawn[node]
                parts += [
                    f'{pad4}<viz:color r="{r}" g="{g}" b="{b}" a="{alpha}" />\n',
                    f'{pad4}<viz:position x="{text(x)}" y="{text(y)}" z="0.0" />\n',
                    f'{pad4}<viz:size value="{text(size)}" />\n',
                    f'{pad4}<viz:shape value="{defaults.GEXF_SHAPES.get(shape, "disc")}" />\n',
                    f"{pad3}</node>\n"]
                out.write("".join(parts))
                continue
            if number == 0:
                out.write(f"{INDENT * 2}</nodes>\n")
                out.write(f'{INDENT * 2}<edges count="{appearance.edge_count(degree)}">\n')
            u, v = item
            kind = data["kind"]
            viz_key = kind if kind in defaults.EDGE_COLORS else (kind, graph.nodes[v]["kind"],
                                                                 graph.nodes[v].get("concept_type"))
            viz = edge_viz.get(viz_key)
            if viz is None:
                r, g, b = appearance.rgb(edge_color(graph, v, kind))
                viz = edge_viz[viz_key] = (f'{pad4}<viz:color r="{r}" g="{g}" b="{b}" '
                                           f'a="{edge_alpha}" />\n')
            kind_text = attr(kind)
            parts = [f'{pad3}<edge id="e{number}" source="{ids[u]}" target="{ids[v]}" '
                     f'kind="{kind_text}" label="{kind_text}" weight="{text(edge_weight(data))}">\n']
            parts += attvalues(edge_value, edge_values(graph, data), seen)
            parts += [viz, f"{pad3}</edge>\n"]
            out.write("".join(parts))
            number += 1
        if number == 0:
            out.write(f"{INDENT * 2}</nodes>\n")
            out.write(f'{INDENT * 2}<edges count="0" />\n')
        else:
            out.write(f"{INDENT * 2}</edges>\n")
        out.write(f"{INDENT}</graph>\n</gexf>\n")
        out.flush()


def attvalues(prefixes, values, seen=None):
    """The ``<attvalues>`` lines of one node or edge (none when it has no value); ``prefixes``
    holds (column, the start of its attvalue line), in column order; ``seen`` caches the lines
    of values that repeat (an edge's kind, rule, mention count)."""
    if not values:
        return []
    lines = [f"{INDENT * 4}<attvalues>\n"]
    if seen is None:
        lines += [f'{prefix}{escaped(values[name])}" />\n' for name, prefix in prefixes
                  if name in values]
    else:
        for name, prefix in prefixes:
            if name in values:
                key = (name, values[name])
                line = seen.get(key)
                if line is None:
                    line = seen[key] = f'{prefix}{escaped(values[name])}" />\n'
                lines.append(line)
    lines.append(f"{INDENT * 4}</attvalues>\n")
    return lines


# GraphML keys: node keys named as the columns, plus what Gephi's GraphML importer maps to
# its node visual properties (label, x, y, size, r, g, b); edge keys get an "edge_" id prefix
# (GraphML key ids are document-wide) except weight, which Gephi reads as the edge weight.
GRAPHML_NODE_DRAWING = (("x", "float"), ("y", "float"), ("size", "float"),
                        ("r", "int"), ("g", "int"), ("b", "int"))


def data_line(prefix, value):
    """One ``<data key=…>value</data>`` line (``<data key=… />`` for an empty string, as
    ElementTree writes it); ``prefix`` is the line up to the key's closing quote."""
    if value == "":
        return f"{prefix} />\n"
    body = chars(value) if isinstance(value, str) else text(value)
    return f"{prefix}>{body}</data>\n"


def write_graphml(graph, path, drawn, columns, degree):
    """Write the graph as GraphML to ``path`` (``drawn``, ``columns`` and ``degree`` as for
    write_gexf): the label in a ``label`` key, the same attributes as the GEXF, position, size
    and colour in the keys Gephi reads (x, y, size, r, g, b)."""
    communities = community_names(graph)
    keys = [("label", "node", "label", "string")]
    keys += [(name, "node", name, GRAPHML_TYPES[kind]) for name, kind, _ in columns]
    keys += [(name, "node", name, kind) for name, kind in GRAPHML_NODE_DRAWING]
    keys += [("weight", "edge", "weight", "double")]
    keys += [(f"edge_{name}", "edge", name, GRAPHML_TYPES[kind]) for name, kind, _ in EDGE_COLUMNS]
    ids = {node: attr(node) for node in graph}
    pad2, pad3 = INDENT * 2, INDENT * 3
    label_key = f'{pad3}<data key="label"'
    node_keys = [(name, f'{pad3}<data key="{name}"') for name, _, _ in columns]
    drawing_keys = [f'{pad3}<data key="{name}"' for name, _ in GRAPHML_NODE_DRAWING]
    weight_key = f'{pad3}<data key="weight"'
    edge_keys = [(name, f'{pad3}<data key="edge_{name}"') for name, _, _ in EDGE_COLUMNS]
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        out = Batched(fh)
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write(f'<graphml xmlns="{GRAPHML_NS}">\n')
        for key_id, owner, name, kind in keys:
            out.write(tag("key", (("id", key_id), ("for", owner), ("attr.name", name),
                                  ("attr.type", kind)), 1))
        out.write(f'{INDENT}<graph id="paperkg" edgedefault="directed">\n')
        number = 0
        for is_node, item, data in elements(graph, "graph.graphml", degree):
            if is_node:
                node = item
                parts = [f'{pad2}<node id="{ids[node]}">\n', data_line(label_key, data["label"])]
                values = node_values(graph, node, degree, communities)
                parts += [data_line(prefix, values[name]) for name, prefix in node_keys
                          if name in values]
                x, y, size, (r, g, b), _ = drawn[node]
                parts += [data_line(prefix, value)
                          for prefix, value in zip(drawing_keys, (x, y, size, r, g, b))]
                parts.append(f"{pad2}</node>\n")
                out.write("".join(parts))
                continue
            u, v = item
            parts = [f'{pad2}<edge id="e{number}" source="{ids[u]}" target="{ids[v]}">\n',
                     data_line(weight_key, edge_weight(data))]
            values = edge_values(graph, data)
            parts += [data_line(prefix, values[name]) for name, prefix in edge_keys
                      if name in values]
            parts.append(f"{pad2}</edge>\n")
            out.write("".join(parts))
            number += 1
        out.write(f"{INDENT}</graph>\n</graphml>\n")
        out.flush()
