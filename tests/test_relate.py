"""Relatedness as a user sees it: which papers are each other's neighbours and why, which
concepts go together beyond their frequency, stable communities, and the bridge between anchors."""

from itertools import combinations

import pytest

from paperkg.graph import build, defaults, model, relate, report
from paperkg.extract.pipeline import extract_records
from paperkg.extract.readers import read_paths

from conftest import FIXTURES

GENERIC = {"deep learning", "GPU"}


@pytest.fixture(scope="module")
def rare_graph(nlp):
    """Two real abstracts on speculative decoding among abstracts sharing only generic
    concepts (deep learning, GPU)."""
    records, _, _ = read_paths([FIXTURES / "relate_rare_vs_generic.txt"])
    return build.make_graph(extract_records(records, nlp), nlp, min_count=1)


def labels(graph, nodes):
    return {graph.nodes[n]["label"] for n in nodes}


def similar(graph):
    return {(u, v): d for u, v, d in graph.edges(data=True) if d["kind"] == model.SIMILAR_TO}


def neighbours(graph, paper):
    """The papers SIMILAR_TO ``paper``, best first."""
    found = [(d["score"], v if u == paper else u) for (u, v), d in similar(graph).items()
             if paper in (u, v)]
    return [p for _, p in sorted(found, reverse=True)]


def test_papers_sharing_rare_concepts_rank_each_other_above_generic_pairs(rare_graph):
    speculative = [p for p in model.papers(rare_graph, model.RELATED)
                   if rare_graph.nodes[p]["abstract"].lower().startswith("speculative decoding")]
    assert len(speculative) == 2
    first, second = speculative
    assert neighbours(rare_graph, first)[0] == second
    assert neighbours(rare_graph, second)[0] == first

    pairs = relate.similarities(rare_graph)
    rare = pairs[tuple(sorted(speculative))]
    shared = [rare_graph.nodes[c]["label"] for c in rare["shared"]]
    assert shared.index("speculative decoding") < shared.index("large language model")
    abstracts = set(model.papers(rare_graph, model.RELATED))
    generic = [pair for (p1, p2), pair in pairs.items() if {p1, p2} <= abstracts
               and labels(rare_graph, pair["shared"]) <= GENERIC]
    assert generic, "the fixture must hold abstracts sharing only generic concepts"
    assert all(rare["concept_score"] > pair["concept_score"] for pair in generic)
    assert all(rare["score"] > pair["score"] for pair in generic)


def test_every_similar_edge_carries_its_shared_concepts_best_first(seed_graph):
    edges = similar(seed_graph)
    assert len(edges) >= 10
    held = relate.paper_concepts(seed_graph)
    frequency = {c: sum(c in cs for cs in held.values()) for c in model.concepts(seed_graph)}
    for (u, v), data in edges.items():
        assert u < v and seed_graph.nodes[u]["kind"] == seed_graph.nodes[v]["kind"] == "paper"
        assert data["shared"] and set(data["shared"]) <= held[u] & held[v]
        assert set(data["shared"]) == held[u] & held[v]
        # best first: the rarest shared concept (the most telling) leads
        counts = [frequency[c] for c in data["shared"]]
        assert counts == sorted(counts)
        assert data["weight"] == data["score"] >= defaults.SIMILARITY_THRESHOLD
        assert 0 <= data["concept_score"] <= 1 and 0 <= data["text_score"] <= 1
        assert data["score"] == pytest.approx(
            defaults.CONCEPT_WEIGHT * data["concept_score"]
            + (1 - defaults.CONCEPT_WEIGHT) * data["text_score"], abs=2e-4)


def test_top_k_and_threshold_options_bound_the_neighbours(seed_records, nlp):
    strict = build.make_graph(seed_records, nlp, threshold=0.99)
    assert not similar(strict)
    loose = build.make_graph(seed_records, nlp, top_k=1, threshold=0.0)
    best = {}
    for (u, v), pair in sorted(relate.similarities(loose).items()):
        for paper, other in ((u, v), (v, u)):
            if paper not in best or pair["score"] > best[paper][0]:
                best[paper] = (pair["score"], other)
    edges = similar(loose)
    assert 0 < len(edges) <= len(best)
    for u, v in edges:  # each edge is the single best partner of one of its ends
        assert best[u][1] == v or best[v][1] == u


def test_cooccurrence_strength_corrects_for_frequency(rare_graph):
    held = relate.paper_concepts(rare_graph)
    frequency = {c: sum(c in cs for cs in held.values()) for c in model.concepts(rare_graph)}
    edges = [(u, v, d) for u, v, d in rare_graph.edges(data=True) if d["kind"] == model.CO_OCCURS]
    assert edges
    for u, v, d in edges:
        assert u < v and d["count"] == len([cs for cs in held.values() if {u, v} <= cs])
    corrected = 0
    for (u1, v1, d1), (u2, v2, d2) in combinations(edges, 2):
        expected1, expected2 = frequency[u1] * frequency[v1], frequency[u2] * frequency[v2]
        if d1["count"] == d2["count"] and expected1 != expected2:
            rarer_first = expected1 < expected2
            assert (d1["strength"] > d2["strength"]) == rarer_first
            corrected += 1
    assert corrected, "some equal counts must get different strengths"
    # two concepts that always appear together in 2 of 8 papers beat GPU and deep learning
    by_labels = {frozenset(labels(rare_graph, (u, v))): d for u, v, d in edges}
    generic = by_labels[frozenset(GENERIC)]
    specific = by_labels[frozenset({"speculative decoding", "speedup"})]
    assert specific["count"] == generic["count"] and specific["strength"] > generic["strength"]


def test_min_cooccurrence_drops_rare_pairs(rare_graph, seed_records, nlp):
    graph = build.make_graph(seed_records, nlp, min_count=3)
    counts = [d["count"] for _, _, d in graph.edges(data=True) if d["kind"] == model.CO_OCCURS]
    assert all(count >= 3 for count in counts)
    assert any(d["count"] == 1 for _, _, d in rare_graph.edges(data=True)
               if d["kind"] == model.CO_OCCURS)


def test_communities_are_identical_across_runs_and_cover_every_node(seed_records, nlp, seed_graph):
    again = build.make_graph(seed_records, nlp)
    assert again.graph["communities"] == seed_graph.graph["communities"]
    assert dict(again.nodes(data="community")) == dict(seed_graph.nodes(data="community"))
    assert dict(again.nodes(data="pagerank")) == dict(seed_graph.nodes(data="pagerank"))

    communities = seed_graph.graph["communities"]
    assert [c["id"] for c in communities] == list(range(len(communities)))
    sizes = [len(c["members"]) for c in communities]
    assert sizes == sorted(sizes, reverse=True)
    members = [m for c in communities for m in c["members"]]
    assert sorted(members) == sorted(seed_graph) and len(members) == len(set(members))
    for community in communities:
        assert community["members"] == sorted(community["members"])
        assert set(community["concepts"]) <= set(community["members"])
        assert community["name"]
        for node in community["members"]:
            assert seed_graph.nodes[node]["community"] == community["id"]
    # papers that share concepts are grouped: some community holds several papers
    assert max(sum(m.startswith("paper/") for m in c["members"]) for c in communities) >= 3
    assert all(isinstance(r, float) and r > 0 for _, r in seed_graph.nodes(data="pagerank"))


def test_community_named_by_its_most_characteristic_concepts(seed_graph):
    held = relate.paper_concepts(seed_graph)
    named = 0
    for community in seed_graph.graph["communities"]:
        papers = [m for m in community["members"] if m.startswith("paper/")]
        if len(papers) < 3:
            continue
        lead = community["concepts"][0]
        assert community["name"].startswith(seed_graph.nodes[lead]["label"])
        # a theme several of its papers share, not one paper's own term
        assert sum(lead in held[p] for p in papers) >= 2
        named += 1
    assert named


def test_the_paper_under_both_anchors_is_the_bridge(seed_graph):
    bridges = report.listed_bridges(seed_graph)
    assert len(bridges) == 1
    paper, anchors = bridges[0]
    assert set(anchors) == set(model.papers(seed_graph, model.ANCHOR))
    assert seed_graph.nodes[paper]["abstract"].startswith("Following AI scaling trends")
