"""How the graph looks, shared by the HTML explorer and the Gephi files: a node's kind, colour,
shape and size, community colours, and a seeded layout."""

import math

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
    """Seeded spring layout of ``nodes`` (default all): {node: (x, y)} rounded to 0.1, with
    y growing downwards as on screen. The same graph always gets the same positions."""
    nodes = list(graph) if nodes is None else list(nodes)
    simple = nx.Graph()
    simple.add_nodes_from(nodes)
    keep = set(nodes)
    for u, v in graph.edges():
        if u in keep and v in keep and u != v:
            simple.add_edge(u, v)
    if not nodes:
        return {}
    if len(nodes) == 1:
        return {nodes[0]: (0.0, 0.0)}
    pos = nx.spring_layout(simple, seed=defaults.LAYOUT_SEED, iterations=defaults.LAYOUT_ITERATIONS,
                           scale=defaults.LAYOUT_SCALE)
    return {n: (round(float(pos[n][0]), 1) + 0.0, round(float(pos[n][1]), 1) + 0.0) for n in nodes}
