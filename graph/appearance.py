"""How the graph looks, shared by the HTML explorer and the Gephi files: a node's kind (and its
label, colour and shape, for any concept type of ``CONCEPT_TYPES``), size, community and year
colours, and a seeded layout that is the same at every size and under any PYTHONHASHSEED."""

import math
import random

import networkx as nx

from paperkg.extract.records import CONCEPT_TYPES

from . import defaults, model


def node_kind(data):
    """"anchor" | "related" | "cited" for papers, the concept type for concepts."""
    return data["role"] if data["kind"] == model.PAPER else data["concept_type"]


def node_kinds(graph=None):
    """Every node kind in display order: the paper roles, the concept types of
    ``CONCEPT_TYPES``, then any other type ``graph`` holds (sorted)."""
    kinds = list(defaults.PAPER_KINDS) + [t for t in CONCEPT_TYPES if t not in defaults.PAPER_KINDS]
    if graph is not None:
        kinds += sorted({node_kind(d) for _, d in graph.nodes(data=True)} - set(kinds))
    return kinds


def kind_label(kind):
    return defaults.KIND_LABELS.get(kind) or kind.replace("_", " ").capitalize()


def kind_plural(kind):
    return defaults.KIND_PLURALS.get(kind) or kind_label(kind) + "s"


def kind_color(kind):
    """The kind's colour; a kind without one gets a stable colour from EXTRA_KIND_COLORS."""
    if kind in defaults.KIND_COLORS:
        return defaults.KIND_COLORS[kind]
    return defaults.EXTRA_KIND_COLORS[sum(map(ord, kind)) % len(defaults.EXTRA_KIND_COLORS)]


def kind_shape(kind):
    """The kind's vis-network shape (``GEXF_SHAPES`` maps it for Gephi)."""
    return defaults.KIND_SHAPES.get(kind, defaults.DEFAULT_SHAPE)


def degrees(graph):
    """Every node's degree, counting edges of every kind in both directions."""
    return dict(graph.degree())


def edge_count(degree):
    """How many edges a graph of these node ``degrees`` has: each edge counts at both ends (a
    networkx edge count walks the whole multigraph again)."""
    return sum(degree.values()) // 2


def node_size(degree):
    """BASE + STEP * sqrt(degree), at most NODE_SIZE_MAX (a concept thousands of papers mention
    would otherwise cover the drawing)."""
    return round(min(defaults.NODE_SIZE_MAX,
                     defaults.NODE_SIZE_BASE + defaults.NODE_SIZE_STEP * math.sqrt(degree)), 2)


def community_color(community):
    if community is None:
        return defaults.NO_COMMUNITY_COLOR
    return defaults.COMMUNITY_COLORS[community % len(defaults.COMMUNITY_COLORS)]


def node_year(data):
    """The year a node is coloured by: a paper's year, a concept's mean year of mention."""
    year = data.get("year") if data["kind"] == model.PAPER else data.get("mean_year")
    return None if year is None else float(year)


def node_start(data):
    """The first year a node exists in (GEXF's ``start``): a paper's year, a concept's first
    year of mention; None when unknown."""
    year = data.get("year") if data["kind"] == model.PAPER else data.get("first_year")
    return None if year is None else int(year)


def rgb(hex_color):
    """(r, g, b) of ``#rrggbb``."""
    return tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))


def most_connected(graph, max_nodes):
    """The ``max_nodes`` nodes of highest degree (ties by id), in graph order; all nodes when
    the graph is not bigger."""
    if max_nodes is None or graph.number_of_nodes() <= max_nodes:
        return list(graph)
    degree = degrees(graph)
    keep = set(sorted(graph, key=lambda n: (-degree[n], n))[:max_nodes])
    return [n for n in graph if n in keep]


def neighbourhoods(graph, nodes):
    """{node: its neighbours among ``nodes``}, ignoring direction, kinds and self-loops; each a
    dict used as an ordered set, in the graph's own (insertion) order."""
    near = {node: {} for node in nodes}
    whole = len(near) == graph.number_of_nodes()
    for u, successors in graph.adjacency():
        if not whole and u not in near:
            continue
        mine = near[u]
        for v in successors:
            if v != u and (whole or v in near):
                mine[v] = None
                near[v][u] = None
    return near


def layout(graph, nodes=None):
    """Seeded layout of ``nodes`` (default all): {node: (x, y)} rounded to 0.1, with y growing
    downwards as on screen. The same graph always gets the same positions, whatever the
    PYTHONHASHSEED: every step works in graph order (sorted by model.build_graph) or on sorted
    ids, never in the order of a set.

    A spring layout places the largest connected group of the LAYOUT_MAX_NODES most connected
    nodes (all of a small connected graph); the others, which a spring layout of a large corpus
    would take minutes for, are placed breadth-first from those: at the centre of their placed
    neighbours, LAYOUT_SPREAD x LAYOUT_SCALE away in a seeded direction. Each group no walk
    reaches starts from its own place on a ring around the drawing (a spring layout would push
    such groups far out and shrink the rest)."""
    wanted = None if nodes is None else set(nodes)
    nodes = [n for n in graph if wanted is None or n in wanted]
    near = neighbourhoods(graph, nodes)
    top = set(sorted(nodes, key=lambda n: (-len(near[n]), n))[:defaults.LAYOUT_MAX_NODES])
    pos = spring(largest_group([n for n in nodes if n in top], near), near)
    place_the_rest(near, nodes, pos)
    return {n: (round(float(pos[n][0]), 1) + 0.0, round(float(pos[n][1]), 1) + 0.0) for n in nodes}


def largest_group(members, near):
    """The largest connected group of ``members`` (edges among them only), in their order; the
    first found of equal ones."""
    inside, seen, best = set(members), set(), set()
    for start in members:
        if start in seen:
            continue
        group, frontier = {start}, [start]
        while frontier:
            reached = []
            for node in frontier:
                for other in near[node]:
                    if other in inside and other not in group:
                        group.add(other)
                        reached.append(other)
            frontier = reached
        seen |= group
        if len(group) > len(best):
            best = group
    return [n for n in members if n in best]


def spring(core, near):
    """networkx's seeded spring layout of the ``core`` nodes (in the order given) and the edges
    among them. Built as a new graph: a subgraph view of a few of many nodes iterates a set of
    node ids, whose order changes with the PYTHONHASHSEED, and so would the positions (the
    cause of two builds of 300 abstracts laid out differently)."""
    if len(core) < 2:
        return {node: (0.0, 0.0) for node in core}
    inside = set(core)
    simple = nx.Graph()
    simple.add_nodes_from(core)
    simple.add_edges_from((u, v) for u in core for v in near[u] if v in inside and u < v)
    return nx.spring_layout(simple, seed=defaults.LAYOUT_SEED, method="force",
                            iterations=defaults.LAYOUT_ITERATIONS, scale=defaults.LAYOUT_SCALE)


def place_the_rest(near, nodes, pos):
    """Add to ``pos`` every node of ``nodes`` it lacks: walked from the placed nodes (``walk``);
    then each group no walk reached is walked from its first node, and the group is moved to
    its own slot on a ring around the drawing (LAYOUT_RING x its radius, LAYOUT_SCALE when
    nothing was placed yet). Seeded and in a fixed order, so always the same."""
    rng = random.Random(defaults.LAYOUT_SEED)
    walk(sorted(pos), near, pos, rng)
    drawn = max((math.hypot(x, y) for x, y in pos.values()), default=0.0)
    groups = []
    for node in nodes:
        if node not in pos:
            pos[node] = (0.0, 0.0)
            groups.append([node] + walk([node], near, pos, rng))
    radius = (drawn or defaults.LAYOUT_SCALE) * defaults.LAYOUT_RING
    for i, group in enumerate(groups):
        angle = 2 * math.pi * i / len(groups)
        x, y = radius * math.cos(angle), radius * math.sin(angle)
        for node in group:
            pos[node] = (pos[node][0] + x, pos[node][1] + y)


def walk(frontier, near, pos, rng):
    """Place, breadth-first from the placed ``frontier``, every node it reaches: at the centre of
    its neighbours placed before it, plus a step of LAYOUT_SPREAD x LAYOUT_SCALE in a seeded
    direction. Returns the nodes placed, in order."""
    spread = defaults.LAYOUT_SCALE * defaults.LAYOUT_SPREAD
    placed = []
    while frontier:
        reached = sorted({n for parent in frontier for n in near[parent] if n not in pos})
        found = {}
        for node in reached:
            anchors = [pos[n] for n in near[node] if n in pos]
            angle = rng.uniform(0, 2 * math.pi)
            x = sum(p[0] for p in anchors) / len(anchors)
            y = sum(p[1] for p in anchors) / len(anchors)
            found[node] = (x + spread * math.cos(angle), y + spread * math.sin(angle))
        pos.update(found)
        placed += reached
        frontier = reached
    return placed
