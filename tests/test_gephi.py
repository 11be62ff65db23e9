"""The Gephi exports read back by real readers (networkx, igraph, lxml's RELAX NG validator with
the official GEXF 1.3 grammar): counts, typed attributes and metadata, time for Gephi's
timeline, citations, drawing, hostile text, and the same bytes in separate processes."""

import json
import math
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
from lxml import etree

from paperkg.extract.records import CONCEPT_TYPES
from paperkg.graph import appearance, defaults, io, model
from paperkg.graph.export import gephi

import synthetic
from conftest import FIXTURES

GEXF_GRAMMAR = FIXTURES / "gephi_gexf_schema_1.3" / "gexf.rng"
VIZ = "{http://gexf.net/1.3/viz}"
NS = {"g": "http://gexf.net/1.3"}
HOSTILE_TITLE = "Form\x0cfeed, NUL\x00, \x1e, \x85, \ufffe, lone \ud800 & <b>\"quoted\"</b>\r\nend"


@pytest.fixture(scope="module")
def plain_graph(seed_records):
    """The seeds' graph before relatedness: no SIMILAR_TO, CO_OCCURS, communities, PageRank."""
    from paperkg.extract.pipeline import concept_table

    return model.build_graph(seed_records, concept_table(seed_records), {"tool": "paperkg"})


@pytest.fixture(scope="module")
def dated_graph():
    """A synthetic graph with metadata, years, citations and a cited work (no spaCy needed)."""
    return synthetic.graph(120)


@pytest.fixture(scope="module", params=["related", "plain", "dated"])
def graph(request, seed_graph, plain_graph, dated_graph):
    return {"related": seed_graph, "plain": plain_graph, "dated": dated_graph}[request.param]


def export(graph, folder):
    """Write both files with the exporter's own interface; {name: path}."""
    outputs = io.OutputSet(folder)
    assert gephi.write(graph, outputs) == gephi.FILES
    outputs.commit()
    return {name: Path(folder) / name for name in gephi.FILES}


@pytest.fixture(scope="module")
def files(graph, tmp_path_factory):
    return export(graph, tmp_path_factory.mktemp("gephi"))


def edge_kinds(graph):
    return Counter(d["kind"] for *_, d in graph.edges(data=True))


def valid_gexf(path):
    grammar = etree.RelaxNG(etree.parse(str(GEXF_GRAMMAR)))
    document = etree.parse(str(path))
    assert grammar.validate(document), grammar.error_log
    return document


def test_gexf_is_valid_against_the_official_grammar(files):
    valid_gexf(files["graph.gexf"])


def test_gexf_reads_back_with_typed_attributes(graph, files):
    back = nx.read_gexf(files["graph.gexf"], version="1.3")
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
        assert read["viz"]["color"]["a"] == pytest.approx(defaults.NODE_ALPHA)
        assert {"x", "y"} <= set(read["viz"]["position"]) and read["viz"]["size"] > 0
    for _, _, data in back.edges(data=True):
        assert data["weight"] > 0 and data["label"] == data["kind"]


def test_paper_metadata_are_typed_attributes_and_years_drive_the_timeline(dated_graph, tmp_path):
    path = export(dated_graph, tmp_path)["graph.gexf"]
    root = valid_gexf(path).getroot()
    body = root.find("g:graph", NS)
    assert (body.get("mode"), body.get("timeformat")) == ("dynamic", "integer")
    declared = {a.get("id"): a.get("type") for a in body.iterfind("g:attributes/g:attribute", NS)}
    assert declared["year"] == "integer" and declared["first_year"] == "integer"
    assert declared["mean_year"] == "double" and declared["authors"] == declared["doi"] == "string"
    back = nx.read_gexf(path, version="1.3")
    for node, data in dated_graph.nodes(data=True):
        read = back.nodes[node]
        if data["kind"] == model.PAPER and data.get("year") is not None:
            assert read["year"] == data["year"] and isinstance(read["year"], int)
            assert read["start"] == data["year"]  # the node exists from its year on
            assert read["authors"] == "; ".join(data["authors"])
            assert read.get("doi") == data.get("doi") and read.get("venue") == data.get("venue")
        elif data["kind"] == model.CONCEPT and data.get("first_year") is not None:
            assert read["start"] == read["first_year"] == data["first_year"]
            assert read["mean_year"] == pytest.approx(data["mean_year"])
        else:
            assert "start" not in read
    cites = [(u, v, d) for u, v, d in back.edges(data=True) if d["kind"] == model.CITES]
    assert len(cites) == edge_kinds(dated_graph)[model.CITES] > 0
    assert all(d["weight"] == 1.0 for *_, d in cites)
    cited = [n for n, d in dated_graph.nodes(data=True) if d.get("role") == "cited"]
    assert cited and all(back.nodes[n]["role"] == "cited" for n in cited)


def test_without_metadata_no_metadata_column_and_a_static_graph(seed_graph, tmp_path):
    root = valid_gexf(export(seed_graph, tmp_path)["graph.gexf"]).getroot()
    body = root.find("g:graph", NS)
    assert body.get("mode") is None and body.get("timeformat") is None
    declared = {a.get("id") for a in body.iterfind("g:attributes/g:attribute", NS)}
    assert not declared & set(gephi.METADATA_COLUMNS)
    assert root.find(".//g:node[@start]", NS) is None


def test_parallel_edges_of_different_kinds_stay_apart(seed_graph, tmp_path):
    graph = seed_graph.copy()
    related, anchor, _ = next(e for e in graph.edges(keys=True) if e[2] == model.RELATED_TO)
    graph.add_edge(related, anchor, key=model.SIMILAR_TO, kind=model.SIMILAR_TO, weight=0.5,
                   score=0.5, concept_score=0.5, text_score=0.5, shared=[])
    path = export(graph, tmp_path)["graph.gexf"]
    back = nx.read_gexf(path, version="1.3")
    assert back.is_multigraph()
    assert sorted(d["kind"] for d in back[related][anchor].values()) == [model.RELATED_TO,
                                                                         model.SIMILAR_TO]
    assert b'kind="SIMILAR_TO"' in path.read_bytes()  # GEXF 1.3 edge kind for Gephi


def test_similarity_and_cooccurrence_edges_carry_their_weights_and_explanation(seed_graph, tmp_path):
    back = nx.read_gexf(export(seed_graph, tmp_path)["graph.gexf"], version="1.3")
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


def test_gexf_has_no_none_list_or_dict_values(files):
    text = files["graph.gexf"].read_text(encoding="utf-8")
    for bad in ('value="None"', 'value="[', 'value="{', "value=\"nan\""):
        assert bad not in text
    root = etree.parse(str(files["graph.gexf"])).getroot()
    declared = {(a.getparent().get("class"), a.get("id")): a.get("type")
                for a in root.iterfind(".//g:attributes/g:attribute", NS)}
    for owner in ("node", "edge"):
        for value in root.iterfind(f".//g:{owner}/g:attvalues/g:attvalue", NS):
            kind = declared[(owner, value.get("for"))]
            if kind == "integer":
                int(value.get("value"))
            elif kind == "double":
                assert math.isfinite(float(value.get("value")))
            elif kind == "boolean":
                assert value.get("value") in ("true", "false")
    for node in root.iterfind(".//g:node", NS):
        assert node.find(f"{VIZ}color") is not None and node.find(f"{VIZ}size") is not None
        assert node.find(f"{VIZ}position") is not None


def test_graphml_reads_back_in_networkx_and_igraph(graph, files):
    import igraph

    path = files["graph.graphml"]
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
    years = {n: d["year"] for n, d in graph.nodes(data=True) if d.get("year") is not None}
    if years:
        assert {n: back.nodes[n]["year"] for n in years} == years


def test_text_xml_cannot_carry_never_reaches_the_files(tmp_path):
    """A title with a form feed, NUL, other C0/C1 controls, a noncharacter and a lone surrogate
    still gives files every strict reader takes, with U+FFFD where those were; markup, quotes
    and line breaks survive as text."""
    made = synthetic.graph(30, title_of=lambda n: HOSTILE_TITLE if n == 3 else f"Paper {n}")
    paths = export(made, tmp_path)
    valid_gexf(paths["graph.gexf"])
    node = next(n for n, d in made.nodes(data=True) if d.get("title") == HOSTILE_TITLE)
    expected = gephi.clean(HOSTILE_TITLE)
    assert expected.count("\ufffd") == 6 and "<b>\"quoted\"</b>\r\nend" in expected
    back = nx.read_gexf(paths["graph.gexf"], version="1.3")
    assert back.nodes[node]["title"] == expected
    assert nx.read_graphml(paths["graph.graphml"]).nodes[node]["title"] == expected
    import igraph

    other = igraph.Graph.Read_GraphML(str(paths["graph.graphml"]))
    assert dict(zip(other.vs["id"], other.vs["title"]))[node] == expected
    for path in paths.values():
        etree.parse(str(path), etree.XMLParser(recover=False, huge_tree=True))


def test_every_concept_type_has_its_own_colour_and_shape(dated_graph, tmp_path):
    kinds = appearance.node_kinds(dated_graph)
    assert set(CONCEPT_TYPES) <= set(kinds) and "cited" in kinds
    looks = {(appearance.kind_color(k), appearance.kind_shape(k)) for k in kinds}
    assert len(looks) == len(kinds)
    assert all(appearance.kind_shape(k) in defaults.GEXF_SHAPES for k in kinds)
    back = nx.read_gexf(export(dated_graph, tmp_path)["graph.gexf"], version="1.3")
    for node, data in dated_graph.nodes(data=True):
        colour = back.nodes[node]["viz"]["color"]
        kind = appearance.node_kind(data)
        assert (colour["r"], colour["g"], colour["b"]) == appearance.rgb(appearance.kind_color(kind))


def test_the_same_bytes_in_separate_processes_whatever_the_hash_seed(tmp_path):
    """Two builds of a graph of 300 synthetic papers (1,800 nodes: the spring layout places only
    the most connected, the rest are placed beside them) in two processes with different
    PYTHONHASHSEEDs write the same explorer and Gephi files."""
    digests = []
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, str(Path(synthetic.__file__)), "300",
                              str(tmp_path / seed)], env=env, check=True, capture_output=True,
                             text=True).stdout
        digests.append(json.loads(out))
    assert digests[0] == digests[1] and set(digests[0]) == {"graph.html", *gephi.FILES}


def test_large_graph_layout_places_every_node_beside_its_placed_neighbours(seed_graph, monkeypatch):
    """Past LAYOUT_MAX_NODES only the most connected nodes get the (slow) spring layout; every
    other node goes to the centre of its neighbours placed before it, LAYOUT_SPREAD x
    LAYOUT_SCALE away, and gets the same position every time."""
    monkeypatch.setattr(appearance.defaults, "LAYOUT_MAX_NODES", 30)
    positions = appearance.layout(seed_graph)
    assert set(positions) == set(seed_graph) and positions == appearance.layout(seed_graph)
    near = appearance.neighbourhoods(seed_graph, list(seed_graph))
    level = {n: 0 for n in sorted(seed_graph, key=lambda n: (-len(near[n]), n))[:30]}
    frontier = set(level)
    while frontier:
        frontier = {n for parent in frontier for n in near[parent] if n not in level}
        depth = max(level.values()) + 1
        level.update({n: depth for n in frontier})
    spread = defaults.LAYOUT_SCALE * defaults.LAYOUT_SPREAD
    for node, depth in level.items():
        if depth == 0:
            continue
        before = [positions[n] for n in near[node] if level[n] < depth]
        cx, cy = (sum(p[0] for p in before) / len(before), sum(p[1] for p in before) / len(before))
        x, y = positions[node]
        assert abs(math.hypot(x - cx, y - cy) - spread) < 1, node
    assert len(set(positions.values())) > 0.95 * len(positions)
