"""The Gephi exports read back by real readers (networkx, igraph, lxml's RELAX NG validator with
the official GEXF 1.3 grammar): counts, typed attributes, drawing, determinism."""

from collections import Counter
from io import BytesIO

import networkx as nx
import pytest
from lxml import etree

from paperkg.graph import appearance, model
from paperkg.graph.export import gephi

from conftest import FIXTURES

GEXF_GRAMMAR = FIXTURES / "gephi_gexf_schema_1.3" / "gexf.rng"
VIZ = "{http://gexf.net/1.3/viz}"


@pytest.fixture(scope="module")
def plain_graph(seed_records):
    """The seeds' graph before relatedness: no SIMILAR_TO, CO_OCCURS, communities, PageRank."""
    from paperkg.extract.pipeline import concept_table

    return model.build_graph(seed_records, concept_table(seed_records), {"tool": "paperkg"})


@pytest.fixture(scope="module", params=["related", "plain"])
def graph(request, seed_graph, plain_graph):
    return seed_graph if request.param == "related" else plain_graph


def read_gexf(text, tmp_path):
    path = tmp_path / "graph.gexf"
    path.write_text(text, encoding="utf-8")
    return nx.read_gexf(path, version="1.3")


def edge_kinds(graph):
    return Counter(d["kind"] for *_, d in graph.edges(data=True))


def test_gexf_is_valid_against_the_official_grammar(graph):
    grammar = etree.RelaxNG(etree.parse(str(GEXF_GRAMMAR)))
    document = etree.parse(BytesIO(gephi.to_gexf(graph).encode("utf-8")))
    assert grammar.validate(document), grammar.error_log


def test_gexf_reads_back_with_typed_attributes(graph, tmp_path):
    back = read_gexf(gephi.to_gexf(graph), tmp_path)
    assert (back.number_of_nodes(), back.number_of_edges()) == (graph.number_of_nodes(),
                                                                 graph.number_of_edges())
    # Parallel edges of different kinds (e.g. RELATED_TO and SIMILAR_TO) all survive.
    assert edge_kinds(back) == edge_kinds(graph)
    degree = appearance.degrees(graph)
    for node, data in graph.nodes(data=True):
        read = back.nodes[node]
        assert read["label"] == data["label"] and read["kind"] == data["kind"]
        assert read["degree"] == degree[node]
        if data["kind"] == model.PAPER:
            assert read["role"] == data["role"] and read["truncated"] is bool(data["truncated"])
            assert "concept_type" not in read and "papers" not in read
        else:
            assert read["concept_type"] == data["concept_type"] and read["papers"] == data["papers"]
        if "community" in data:
            assert read["community"] == data["community"]
            assert read["pagerank"] == pytest.approx(data["pagerank"])
        else:
            assert "community" not in read and "pagerank" not in read
        assert read["viz"]["color"]["a"] == pytest.approx(0.9)
        assert {"x", "y"} <= set(read["viz"]["position"]) and read["viz"]["size"] > 0
    for _, _, data in back.edges(data=True):
        assert data["weight"] > 0 and data["label"] == data["kind"]


def test_parallel_edges_of_different_kinds_stay_apart(seed_graph, tmp_path):
    graph = seed_graph.copy()
    related, anchor, _ = next(e for e in graph.edges(keys=True) if e[2] == model.RELATED_TO)
    graph.add_edge(related, anchor, key=model.SIMILAR_TO, kind=model.SIMILAR_TO, weight=0.5,
                   score=0.5, concept_score=0.5, text_score=0.5, shared=[])
    back = read_gexf(gephi.to_gexf(graph), tmp_path)
    assert back.is_multigraph()
    assert sorted(d["kind"] for d in back[related][anchor].values()) == [model.RELATED_TO,
                                                                         model.SIMILAR_TO]
    assert b'kind="SIMILAR_TO"' in gephi.to_gexf(graph).encode()  # GEXF 1.3 edge kind for Gephi


def test_similarity_and_cooccurrence_edges_carry_their_weights_and_explanation(seed_graph, tmp_path):
    back = read_gexf(gephi.to_gexf(seed_graph), tmp_path)
    similar = {(u, v): d for u, v, d in seed_graph.edges(data=True) if d["kind"] == model.SIMILAR_TO}
    assert similar, "the seed graph has SIMILAR_TO edges"
    for u, v, d in back.edges(data=True):
        if d["kind"] == model.SIMILAR_TO:
            original = similar[(u, v)]
            assert d["weight"] == pytest.approx(original["weight"])
            assert d["score"] == pytest.approx(original["score"])
            labels = [seed_graph.nodes[c]["label"] for c in original["shared"]]
            assert d.get("shared", "") == gephi.LIST_SEPARATOR.join(labels)
        if d["kind"] == model.CO_OCCURS:
            assert isinstance(d["count"], int) and d["count"] >= 1 and "strength" in d


def test_gexf_has_no_none_list_or_dict_values(graph):
    text = gephi.to_gexf(graph)
    for bad in ('value="None"', 'value="[', 'value="{', "value=\"nan\""):
        assert bad not in text
    root = etree.fromstring(text.encode("utf-8"))
    ns = {"g": "http://gexf.net/1.3"}
    declared = {(a.getparent().get("class"), a.get("id")): a.get("type")
                for a in root.iterfind(".//g:attributes/g:attribute", ns)}
    for owner in ("node", "edge"):
        for value in root.iterfind(f".//g:{owner}/g:attvalues/g:attvalue", ns):
            kind = declared[(owner, value.get("for"))]
            if kind == "integer":
                int(value.get("value"))
            elif kind == "double":
                float(value.get("value"))
            elif kind == "boolean":
                assert value.get("value") in ("true", "false")
    for node in root.iterfind(".//g:node", ns):
        assert node.find(f"{VIZ}color") is not None and node.find(f"{VIZ}size") is not None
        assert node.find(f"{VIZ}position") is not None


def test_graphml_reads_back_in_networkx_and_igraph(graph, tmp_path):
    import igraph

    path = tmp_path / "graph.graphml"
    path.write_text(gephi.to_graphml(graph), encoding="utf-8")
    back = nx.read_graphml(path)
    assert (back.number_of_nodes(), back.number_of_edges()) == (graph.number_of_nodes(),
                                                                 graph.number_of_edges())
    assert {n: d["label"] for n, d in back.nodes(data=True)} == \
        {n: d["label"] for n, d in graph.nodes(data=True)}
    assert edge_kinds(back) == edge_kinds(graph)
    other = igraph.Graph.Read_GraphML(str(path))
    assert (other.vcount(), other.ecount()) == (graph.number_of_nodes(), graph.number_of_edges())
    assert other.is_directed()
    labels = dict(zip(other.vs["id"], other.vs["label"]))
    assert labels == {n: d["label"] for n, d in graph.nodes(data=True)}
    assert Counter(other.es["kind"]) == edge_kinds(graph)
    degree = appearance.degrees(graph)
    assert dict(zip(other.vs["id"], other.vs["degree"])) == degree
    assert all(w > 0 for w in other.es["weight"])
    if graph.graph.get("communities"):
        assert all(isinstance(c, float) and c == c for c in other.vs["community"])  # igraph: no NaN


def test_exports_are_the_same_bytes_every_build(seed_graph):
    assert gephi.files(seed_graph) == gephi.files(seed_graph)


def test_large_graph_layout_places_every_node_beside_its_neighbours(seed_graph, monkeypatch):
    """Past LAYOUT_MAX_NODES only the most connected nodes get the (slow) spring layout; every
    other node still gets a position, next to a neighbour, and the same one every time."""
    monkeypatch.setattr(appearance.defaults, "LAYOUT_MAX_NODES", 30)
    positions = appearance.layout(seed_graph)
    assert set(positions) == set(seed_graph) and positions == appearance.layout(seed_graph)
    core = set(appearance.most_connected(nx.Graph(seed_graph), 30))  # as layout() picks them
    spread = appearance.defaults.LAYOUT_SCALE * appearance.defaults.LAYOUT_SPREAD
    near = 0
    for node in set(seed_graph) - core:
        x, y = positions[node]
        neighbours = set(seed_graph.predecessors(node)) | set(seed_graph.successors(node))
        near += any(abs(((x - positions[n][0]) ** 2 + (y - positions[n][1]) ** 2) ** 0.5 - spread) < 1
                    for n in neighbours)
    assert near == len(set(seed_graph) - core)
    assert len(set(positions.values())) > 0.95 * len(positions)
