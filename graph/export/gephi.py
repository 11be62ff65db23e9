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
    io.OutputSet ``outputs`` gives, in one pass over the graph: each node's and edge's values
    are computed once for both files. ``degree`` is appearance.degrees(graph), made when not
    given. Returns the file names."""
    degree = degree or appearance.degrees(graph)
    drawn = drawing(graph, degree)
    columns = node_columns(graph)
    communities = community_names(graph)
    ids = {node: attr(node) for node in graph}
    gexf = GexfLines(graph, drawn, columns, degree, ids)
    graphml = GraphmlLines(drawn, columns, ids)
    with open(outputs.path("graph.gexf"), "w", encoding="utf-8", newline="\n") as gexf_file, \
            open(outputs.path("graph.graphml"), "w", encoding="utf-8", newline="\n") as graphml_file:
        both = ((Batched(gexf_file), gexf), (Batched(graphml_file), graphml))
        for out, lines in both:
            out.write(lines.head())
        for is_node, item, data in elements(graph, ", ".join(FILES), degree):
            if is_node:
                values = node_values(graph, item, degree, communities)
                for out, lines in both:
                    out.write(lines.node(item, data, values))
            else:
                values = edge_values(graph, data)
                for out, lines in both:
                    out.write(lines.edge(item, data, values))
        for out, lines in both:
            out.write(lines.tail())
            out.flush()
    return FILES


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
    """{node: (x, y, size, r, g, b, shape)}: the seeded layout (y up, as Gephi draws), size by
    ``degree`` (appearance.degrees) and colour and shape by kind; the numbers as the text both
    files write, made once."""
    positions = appearance.layout(graph)
    sizes, looks = {}, {}
    out = {}
    for node, data in graph.nodes(data=True):
        x, y = positions[node]
        size = sizes.get(degree[node])
        if size is None:
            size = sizes[degree[node]] = text(appearance.node_size(degree[node]))
        kind = appearance.node_kind(data)
        look = looks.get(kind)
        if look is None:
            look = looks[kind] = (*map(str, appearance.rgb(appearance.kind_color(kind))),
                                  appearance.kind_shape(kind))
        out[node] = (text(x), text(-y + 0.0), size, *look)
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


class GexfLines:
    """graph.gexf, GEXF 1.3 (valid against the official RELAX NG grammar), as text in the order
    written: ``head``, ``node`` for each node, ``edge`` for each edge (graph order), ``tail``;
    indented as ElementTree would indent it. ``drawn`` is drawing(graph, degree), ``columns``
    node_columns(graph), ``degree`` appearance.degrees(graph), ``ids`` the nodes' escaped ids."""

    def __init__(self, graph, drawn, columns, degree, ids):
        self.graph, self.drawn, self.degree, self.ids = graph, drawn, degree, ids
        self.starts = {node: appearance.node_start(data) for node, data in graph.nodes(data=True)}
        pad5 = INDENT * 5
        self.node_value = [(name, f'{pad5}<attvalue for="{name}" value="') for name, _, _ in columns]
        self.edge_value = [(name, f'{pad5}<attvalue for="{name}" value="')
                           for name, _, _ in EDGE_COLUMNS]
        self.columns = columns
        self.alpha, self.edge_alpha = text(defaults.NODE_ALPHA), text(defaults.EDGE_ALPHA)
        self.edge_viz, self.kinds, self.seen, self.number = {}, {}, {}, 0

    def head(self):
        graph = self.graph
        graph_attrs = [("defaultedgetype", "directed"), ("idtype", "string")]
        if any(start is not None for start in self.starts.values()):
            graph_attrs += [("mode", "dynamic"), ("timeformat", "integer")]
        parts = ['<?xml version="1.0" encoding="UTF-8"?>\n',
                 f'<gexf xmlns="{GEXF_NS}" xmlns:viz="{VIZ_NS}" version="1.3">\n',
                 f"{INDENT}<meta>\n",
                 tag("creator", (), 2, f"paperkg {__version__}"),
                 tag("description", (), 2, description(graph)),
                 f"{INDENT}</meta>\n",
                 start_tag("graph", graph_attrs, 1)]
        for cls, declared in (("node", self.columns), ("edge", EDGE_COLUMNS)):
            parts.append(f'{INDENT * 2}<attributes class="{cls}">\n')
            parts += [tag("attribute", (("id", name), ("title", name), ("type", kind)), 3)
                      for name, kind, _ in declared]
            parts.append(f"{INDENT * 2}</attributes>\n")
        parts.append(f'{INDENT * 2}<nodes count="{graph.number_of_nodes()}">\n')
        return "".join(parts)

    def node(self, node, data, values):
        pad3, pad4 = INDENT * 3, INDENT * 4
        start = "" if self.starts[node] is None else f' start="{self.starts[node]}"'
        parts = [f'{pad3}<node id="{self.ids[node]}" label="{attr(data["label"])}"{start}>\n']
        parts += attvalues(self.node_value, values)
        x, y, size, r, g, b, shape = self.drawn[node]
        parts += [f'{pad4}<viz:color r="{r}" g="{g}" b="{b}" a="{self.alpha}" />\n',
                  f'{pad4}<viz:position x="{x}" y="{y}" z="0.0" />\n',
                  f'{pad4}<viz:size value="{size}" />\n',
                  f'{pad4}<viz:shape value="{defaults.GEXF_SHAPES.get(shape, "disc")}" />\n',
                  f"{pad3}</node>\n"]
        return "".join(parts)

    def edge(self, item, data, values):
        pad3, pad4 = INDENT * 3, INDENT * 4
        parts = []
        if self.number == 0:
            parts += [f"{INDENT * 2}</nodes>\n",
                      f'{INDENT * 2}<edges count="{appearance.edge_count(self.degree)}">\n']
        u, v = item
        kind = data["kind"]
        if kind in defaults.EDGE_COLORS:
            viz_key = kind
        else:
            target = self.graph.nodes[v]
            viz_key = (kind, target["kind"], target.get("concept_type"))
        viz = self.edge_viz.get(viz_key)
        if viz is None:
            r, g, b = appearance.rgb(edge_color(self.graph, v, kind))
            viz = self.edge_viz[viz_key] = (f'{pad4}<viz:color r="{r}" g="{g}" b="{b}" '
                                            f'a="{self.edge_alpha}" />\n')
        kind_text = self.kinds.get(kind)
        if kind_text is None:
            kind_text = self.kinds[kind] = attr(kind)
        parts.append(f'{pad3}<edge id="e{self.number}" source="{self.ids[u]}" '
                     f'target="{self.ids[v]}" kind="{kind_text}" label="{kind_text}" '
                     f'weight="{text(edge_weight(data))}">\n')
        parts += attvalues(self.edge_value, values, self.seen)
        parts += [viz, f"{pad3}</edge>\n"]
        self.number += 1
        return "".join(parts)

    def tail(self):
        if self.number == 0:
            edges = f"{INDENT * 2}</nodes>\n{INDENT * 2}<edges count=\"0\" />\n"
        else:
            edges = f"{INDENT * 2}</edges>\n"
        return f"{edges}{INDENT}</graph>\n</gexf>\n"


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


class GraphmlLines:
    """graph.graphml as text in the order written (``head``, ``node``, ``edge``, ``tail``, as
    GexfLines): the label in a ``label`` key, the same attributes as the GEXF, position, size
    and colour in the keys Gephi reads (x, y, size, r, g, b)."""

    def __init__(self, drawn, columns, ids):
        self.drawn, self.columns, self.ids = drawn, columns, ids
        pad3 = INDENT * 3
        self.label_key = f'{pad3}<data key="label"'
        self.node_keys = [(name, f'{pad3}<data key="{name}"') for name, _, _ in columns]
        self.drawing_keys = [f'{pad3}<data key="{name}"' for name, _ in GRAPHML_NODE_DRAWING]
        self.weight_key = f'{pad3}<data key="weight"'
        self.edge_keys = [(name, f'{pad3}<data key="edge_{name}"') for name, _, _ in EDGE_COLUMNS]
        self.number = 0
        self.seen = {}  # (key line start, value): its line, for the edge values that repeat

    def head(self):
        keys = [("label", "node", "label", "string")]
        keys += [(name, "node", name, GRAPHML_TYPES[kind]) for name, kind, _ in self.columns]
        keys += [(name, "node", name, kind) for name, kind in GRAPHML_NODE_DRAWING]
        keys += [("weight", "edge", "weight", "double")]
        keys += [(f"edge_{name}", "edge", name, GRAPHML_TYPES[kind])
                 for name, kind, _ in EDGE_COLUMNS]
        parts = ['<?xml version="1.0" encoding="UTF-8"?>\n', f'<graphml xmlns="{GRAPHML_NS}">\n']
        parts += [tag("key", (("id", key_id), ("for", owner), ("attr.name", name),
                              ("attr.type", kind)), 1) for key_id, owner, name, kind in keys]
        parts.append(f'{INDENT}<graph id="paperkg" edgedefault="directed">\n')
        return "".join(parts)

    def node(self, node, data, values):
        pad2 = INDENT * 2
        parts = [f'{pad2}<node id="{self.ids[node]}">\n', data_line(self.label_key, data["label"])]
        parts += [data_line(prefix, values[name]) for name, prefix in self.node_keys
                  if name in values]
        parts += [f"{prefix}>{value}</data>\n"
                  for prefix, value in zip(self.drawing_keys, self.drawn[node][:6])]
        parts.append(f"{pad2}</node>\n")
        return "".join(parts)

    def edge(self, item, data, values):
        pad2 = INDENT * 2
        u, v = item
        seen = self.seen
        parts = [f'{pad2}<edge id="e{self.number}" source="{self.ids[u]}" target="{self.ids[v]}">\n']
        for prefix, value in ((self.weight_key, edge_weight(data)),
                              *((prefix, values[name]) for name, prefix in self.edge_keys
                                if name in values)):
            line = seen.get((prefix, value))
            if line is None:
                line = seen[prefix, value] = data_line(prefix, value)
            parts.append(line)
        parts.append(f"{pad2}</edge>\n")
        self.number += 1
        return "".join(parts)

    def tail(self):
        return f"{INDENT}</graph>\n</graphml>\n"
