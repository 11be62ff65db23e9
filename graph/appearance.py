"""How the graph looks, shared by the HTML explorer and the Gephi files: a node's kind, colour,
shape and size, community colours, and a seeded layout."""

import math
import random

import networkx as nx

from . import defaults, model


def node_kind(data):
    """"anchor" | "related" for papers, the concept type for concepts."""
    return data["role"] if data["kind"] == model.PAPER else data["concept_type"]


def degrees(graph):
    """Every node's degree, counting edges of every kind in both directions."""
    return {node: graph.degree(node) for node in graph}


def node_size(degree):
    return round(defaults.NODE_SIZE_BASE + defaults.NODE_SIZE_STEP * math.sqrt(degree), 2)


def community_color(community):
    if community is None:
        return defaults.NO_COMMUNITY_COLOR
    return defaults.COMMUNITY_COLORS[community % len(defaults.COMMUNITY_COLORS)]


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


def layout(graph, nodes=None):
    """Seeded layout of ``nodes`` (default all): {node: (x, y)} rounded to 0.1, with y growing
    downwards as on screen. The same graph always gets the same positions.

    A spring layout places the LAYOUT_MAX_NODES most connected nodes (all of a small graph);
    the others, which a spring layout of a large corpus would take minutes for, go next to the
    node through which a breadth-first walk from those reaches them, or on an outer ring."""
    nodes = list(graph) if nodes is None else list(nodes)
    simple = nx.Graph()
    simple.add_nodes_from(nodes)
    keep = set(nodes)
    for u, v in graph.edges():
        if u in keep and v in keep and u != v:
            simple.add_edge(u, v)
    core = most_connected(simple, defaults.LAYOUT_MAX_NODES)
    if len(core) < 2:
        pos = {node: (0.0, 0.0) for node in core}
    else:
        pos = nx.spring_layout(simple.subgraph(core), seed=defaults.LAYOUT_SEED,
                               iterations=defaults.LAYOUT_ITERATIONS, scale=defaults.LAYOUT_SCALE)
    place_the_rest(simple, nodes, pos)
    return {n: (round(float(pos[n][0]), 1) + 0.0, round(float(pos[n][1]), 1) + 0.0) for n in nodes}


def place_the_rest(simple, nodes, pos):
    """Add to ``pos`` every node of ``nodes`` it lacks: near the placed node a breadth-first
    walk reaches it from, else on a ring outside the drawing; seeded, so always the same."""
    rng = random.Random(defaults.LAYOUT_SEED)
    spread = defaults.LAYOUT_SCALE * defaults.LAYOUT_SPREAD
    frontier = sorted(pos)
    while frontier:
        reached = []
        for parent in frontier:
            for node in sorted(simple[parent]):
                if node not in pos:
                    angle = rng.uniform(0, 2 * math.pi)
                    x, y = pos[parent]
                    pos[node] = (x + spread * math.cos(angle), y + spread * math.sin(angle))
                    reached.append(node)
        frontier = reached
    alone = [node for node in nodes if node not in pos]
    for i, node in enumerate(alone):
        angle = 2 * math.pi * i / len(alone)
        radius = defaults.LAYOUT_SCALE * 1.2
        pos[node] = (radius * math.cos(angle), radius * math.sin(angle))
