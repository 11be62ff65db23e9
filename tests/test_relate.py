"""Relatedness as a user sees it: which papers are each other's neighbours and why, which
concepts go together beyond their frequency, stable communities, and the bridge between anchors."""

import math
from collections import Counter
from itertools import combinations

import pytest

from paperkg.extract.records import work_id
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
    # two concepts that always appear together in 2 of 8 papers beat two that meet as often but
    # each appear in 3 (large language models and their inference); GPU and deep learning met
    # twice too until the title "Optimizing Cloud-to-GPU Throughput ..." gave "Cloud-to-GPU"
    by_labels = {frozenset(labels(rare_graph, (u, v))): d for u, v, d in edges}
    frequent = by_labels[frozenset({"large language model", "large language model inference"})]
    specific = by_labels[frozenset({"speculative decoding", "speedup"})]
    assert specific["count"] == frequent["count"] and specific["strength"] > frequent["strength"]


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


# --- Relatedness at scale: the sparse candidates agree with every pair scored by definition ---

def brute_force_similarities(graph):
    """Every pair of papers sharing a concept, scored from the definitions in relate.py's
    docstring with plain Python (no matrices): {(p1, p2): (score, concept, text)}."""
    held = relate.paper_concepts(graph)
    n = len(held)
    frequency = {c: sum(c in cs for cs in held.values()) for cs in held.values() for c in cs}
    weight = {c: math.log((1 + n) / df) for c, df in frequency.items()}
    stop = relate.stop_words()
    words = {p: Counter(relate.tokens(relate.paper_text(graph.nodes[p]), stop)) for p in held}
    term_df = Counter(t for counts in words.values() for t in counts)

    def unit(vector):
        norm = math.sqrt(sum(v * v for v in vector.values()))
        return {k: v / norm for k, v in vector.items()} if norm else {}

    concepts = {p: unit({c: weight[c] for c in cs}) for p, cs in held.items()}
    texts = {p: unit({t: (1 + math.log(k)) * math.log((1 + n) / term_df[t])
                      for t, k in counts.items()}) for p, counts in words.items()}
    out = {}
    for p1, p2 in combinations(sorted(held), 2):
        if held[p1] & held[p2]:
            concept = sum(v * concepts[p2].get(k, 0) for k, v in concepts[p1].items())
            text = sum(v * texts[p2].get(k, 0) for k, v in texts[p1].items())
            score = defaults.CONCEPT_WEIGHT * concept + (1 - defaults.CONCEPT_WEIGHT) * text
            out[(p1, p2)] = (score, concept, text)
    return out


def brute_force_nearest(pairs, top_k, threshold):
    partners = {}
    for (p1, p2), (score, _, _) in pairs.items():
        score = round(score, defaults.SCORE_DIGITS)
        if score >= threshold:
            partners.setdefault(p1, []).append((-score, p2))
            partners.setdefault(p2, []).append((-score, p1))
    return {tuple(sorted((p, q))) for p, found in partners.items() for _, q in sorted(found)[:top_k]}


def test_seed_neighbours_are_those_of_every_pair_scored_by_definition(seed_graph):
    """The seeds' SIMILAR_TO edges are exactly what scoring every pair sharing a concept gives:
    the candidate shortcut changes nothing at this size."""
    pairs = brute_force_similarities(seed_graph)
    expected = brute_force_nearest(pairs, defaults.SIMILARITY_TOP_K,
                                   defaults.SIMILARITY_THRESHOLD)
    edges = similar(seed_graph)
    assert set(edges) == expected and len(expected) >= 10
    for key, data in edges.items():
        score, concept, text = pairs[key]
        assert data["score"] == pytest.approx(score, abs=1e-4)
        assert data["concept_score"] == pytest.approx(concept, abs=1e-4)
        assert data["text_score"] == pytest.approx(text, abs=1e-4)
        # no citations in the seeds: the citation measures do not apply, nothing is shared
        assert data["coupling_score"] is data["cocitation_score"] is None
        assert data["shared_references"] == data["cited_by_both"] == []


@pytest.mark.parametrize("cap", [None, 3])
def test_candidates_are_every_pair_sharing_a_concept_below_the_cap(seed_graph, cap):
    """With room for every partner, the candidates are exactly the pairs sharing a concept that
    at most ``cap`` papers mention; a concept above the cap makes no candidate."""
    base = relate.basis(seed_graph)
    left, right = relate.candidate_pairs(base, candidate_k=len(base.papers), cap=cap)
    found = {(base.papers[i], base.papers[j]) for i, j in zip(left, right)}
    limit = relate.candidate_cap(len(base.papers)) if cap is None else cap
    held = relate.paper_concepts(seed_graph)
    frequency = relate.document_frequency(held)
    expected = {(p1, p2) for p1, p2 in combinations(sorted(held), 2)
                if any(frequency[c] <= limit for c in held[p1] & held[p2])}
    assert found == expected
    if cap is not None:  # the cap bites: some pairs share only frequent concepts
        everything = {(p1, p2) for p1, p2 in combinations(sorted(held), 2)
                      if held[p1] & held[p2]}
        assert expected < everything
        # a frequent concept still counts in the score of the pairs that are candidates
        pairs = relate.similarities(seed_graph, base=base, cap=cap)
        reference = brute_force_similarities(seed_graph)
        assert set(pairs) == found
        for key, pair in pairs.items():
            assert pair["concept_score"] == pytest.approx(reference[key][1], abs=1e-4)


def test_each_paper_keeps_its_best_candidates(seed_graph):
    """With ``candidate_k`` 2, each paper's two best partners (by the shared concepts' weight)
    are candidates, and every candidate is among the two best of one of its ends."""
    k = 2
    base = relate.basis(seed_graph)
    left, right = relate.candidate_pairs(base, candidate_k=k)
    found = {(base.papers[i], base.papers[j]) for i, j in zip(left, right)}
    vectors = {p: relate.normalised({c: base.weights[c] for c in base.held[p]})
               for p in base.papers}
    value = {}
    for p1, p2 in combinations(base.papers, 2):
        dot = sum(w * vectors[p2].get(c, 0) for c, w in vectors[p1].items())
        if dot > 0:
            value[(p1, p2)] = value[(p2, p1)] = dot
    kth = {}
    for p in base.papers:
        mine = sorted((v for (a, _), v in value.items() if a == p), reverse=True)
        kth[p] = mine[k - 1] if len(mine) >= k else 0.0
    for (p, q), v in value.items():
        if v > kth[p] + 1e-12:
            assert tuple(sorted((p, q))) in found
    for p, q in found:
        assert value[(p, q)] >= min(kth[p], kth[q]) - 1e-12
    counts = Counter(p for pair in found for p in pair)
    assert len(found) < len(value) // 2 and max(counts.values()) > k  # kept by the other end


def test_the_product_is_computed_in_bounded_blocks(seed_graph):
    base = relate.basis(seed_graph)
    matrix = relate.candidate_matrix(base)
    blocks = relate.row_blocks(matrix, max_entries=20)
    assert len(blocks) > 1 and blocks[0][0] == 0 and blocks[-1][1] == matrix.shape[0]
    assert all(a[1] == b[0] for a, b in zip(blocks, blocks[1:]))
    for start, stop in blocks:
        if stop - start > 1:
            assert (matrix[start:stop] @ matrix.T).nnz <= 20
    whole = relate.candidate_pairs(base)
    small = relate.candidate_pairs(base, max_entries=20)
    assert all((a == b).all() for a, b in zip(whole, small))


# --- Citations: bibliographic coupling and co-citation ---

def with_fields(records, changes):
    """Copies of ``records`` with fields changed: {record id: {field: value}}."""
    return [dict(r, **changes.get(r["id"], {})) for r in records]


def unrelated_pair(records):
    """Two related papers sharing no concept, from different anchors' lists."""
    related = sorted((r for r in records if r["role"] == model.RELATED and len(r["anchors"]) == 1),
                     key=lambda r: r["id"])
    for a, b in combinations(related, 2):
        if a["anchors"] != b["anchors"] and not {c["id"] for c in a["concepts"]} & \
                {c["id"] for c in b["concepts"]}:
            return a, b
    raise AssertionError("the seeds hold papers sharing no concept")


def pair_of(graph, first, second):
    key = tuple(sorted((model.paper_node(first["id"]), model.paper_node(second["id"]))))
    return key, similar(graph).get(key)


def test_shared_references_make_papers_neighbours(seed_records, nlp, seed_graph):
    a, b = unrelated_pair(seed_records)
    key, before = pair_of(seed_graph, a, b)
    assert before is None
    shared = ["doi:10.5555/shared.one", "doi:10.5555/shared.two"]
    others = [r for r in seed_records if r["role"] == model.RELATED and r not in (a, b)][:2]
    records = with_fields(seed_records, {
        a["id"]: {"references": shared + ["doi:10.5555/only.a"]},
        b["id"]: {"references": shared},
        others[0]["id"]: {"references": ["doi:10.5555/elsewhere"]},
        others[1]["id"]: {"references": ["doi:10.5555/elsewhere", "doi:10.5555/only.b"]},
    })
    graph = build.make_graph(records, nlp)
    _, after = pair_of(graph, a, b)
    assert after is not None, "coupled papers become neighbours"
    assert after["coupling_score"] == pytest.approx(2 / math.sqrt(3 * 2), abs=1e-4)
    assert after["cocitation_score"] is None  # neither is cited
    assert after["concept_score"] == 0 and after["shared"] == []
    w = defaults.COUPLING_WEIGHT
    assert after["score"] == pytest.approx(
        (defaults.CONCEPT_WEIGHT * after["concept_score"]
         + (1 - defaults.CONCEPT_WEIGHT) * after["text_score"] + w * after["coupling_score"])
        / (1 + w), abs=2e-4)
    # the two works both cite became nodes (cited by two papers): named by node id
    cited = {model.paper_node(work_id(k)) for k in shared}
    assert set(after["shared_references"]) == cited
    assert all(graph.nodes[c]["role"] == model.CITED for c in cited)
    # pairs where one paper has no references keep their score exactly
    unchanged = {k: d for k, d in similar(seed_graph).items()
                 if not {k[0], k[1]} & {model.paper_node(r["id"]) for r in (a, b, *others)}}
    now = similar(graph)
    assert unchanged and all(now[k]["score"] == d["score"] for k, d in unchanged.items()
                             if k in now)
    # the cited works take no part in the similarity: they have no text
    assert not any(graph.nodes[p]["role"] == model.CITED for pair in now for p in pair)
    # each joins the community most of the papers citing it are in
    for work in cited:
        citers = Counter(graph.nodes[u]["community"] for u, v, k in graph.edges(keys=True)
                         if k == model.CITES and v == work)
        assert citers[graph.nodes[work]["community"]] == max(citers.values())
    assert sorted(m for c in graph.graph["communities"] for m in c["members"]) == sorted(graph)


def test_papers_cited_together_are_similar(seed_records, nlp, seed_graph):
    a, b = unrelated_pair(seed_records)
    citing = [r for r in seed_records if r["role"] == model.RELATED and r not in (a, b)][-2:]
    dois = {a["id"]: "10.5555/cited.a", b["id"]: "10.5555/cited.b"}
    records = with_fields(seed_records, {
        a["id"]: {"doi": dois[a["id"]]}, b["id"]: {"doi": dois[b["id"]]},
        citing[0]["id"]: {"references": [f"doi:{d}" for d in dois.values()]},
        citing[1]["id"]: {"references": [f"doi:{d}" for d in dois.values()]},
    })
    graph = build.make_graph(records, nlp)
    cites = [(u, v) for u, v, k in graph.edges(keys=True) if k == model.CITES]
    assert len(cites) == 4
    _, pair = pair_of(graph, a, b)
    assert pair is not None
    assert pair["cocitation_score"] == pytest.approx(1.0)
    assert pair["coupling_score"] is None  # a and b cite nothing
    assert pair["cited_by_both"] == sorted(model.paper_node(r["id"]) for r in citing)
    assert pair["score"] > (defaults.CONCEPT_WEIGHT * pair["concept_score"]
                            + (1 - defaults.CONCEPT_WEIGHT) * pair["text_score"])
    # the two citing papers share both references: coupled, the references named by node id
    _, coupled = pair_of(graph, *citing)
    assert coupled["coupling_score"] == pytest.approx(1.0)
    assert coupled["shared_references"] == sorted(model.paper_node(r["id"]) for r in (a, b))
    seed_pair = pair_of(seed_graph, *citing)[1]
    assert seed_pair is None or coupled["score"] > seed_pair["score"]


# --- Concept years ---

def test_concepts_carry_the_years_of_the_papers_mentioning_them(seed_records, nlp, seed_graph):
    assert all(d["first_year"] is None and d["mean_year"] is None
               for c, d in seed_graph.nodes(data=True) if d["kind"] == model.CONCEPT)
    ordered = sorted(seed_records, key=lambda r: r["id"])
    years = {r["id"]: 2019 + i % 6 for i, r in enumerate(ordered)}
    mentions = Counter(c["id"] for r in seed_records for c in r["concepts"])
    undated = next(r for r in ordered if any(mentions[c["id"]] == 1 for c in r["concepts"]))
    years[undated["id"]] = None
    graph = build.make_graph(with_fields(seed_records, {p: {"year": y} for p, y in years.items()}),
                             nlp)
    dated = 0
    for concept in model.concepts(graph):
        found = [years[p.removeprefix("paper/")] for p, c, _ in model.concept_edges(graph)
                 if c == concept and years[p.removeprefix("paper/")] is not None]
        data = graph.nodes[concept]
        if found:
            assert data["first_year"] == min(found)
            assert data["mean_year"] == round(sum(found) / len(found), defaults.YEAR_DIGITS)
            dated += len(found) > 1 and len(set(found)) > 1
        else:
            assert data["first_year"] is None and data["mean_year"] is None
    assert dated, "some concept is mentioned in several years"
    only_undated = [c for c in undated["concepts"] if mentions[c["id"]] == 1]
    assert graph.nodes[model.concept_node(only_undated[0]["id"])]["first_year"] is None
