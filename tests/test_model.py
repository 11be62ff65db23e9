"""The graph model: short labels a user sees in the explorer, and the graph of the seeds."""

from paperkg.extract.readers import read_paths
from paperkg.graph import model

from conftest import SEEDS


def seed_labels():
    records, _, _ = read_paths([SEEDS])
    return {model.short_label(r) for r in records}


def test_short_labels_name_the_system_an_abstract_introduces():
    labels = seed_labels()
    # "we introduce DistDD, …", "We propose FuseFlow, …", "we propose SCDP, …",
    # "We introduce Subnetwork Data Parallelism (SDP), …"; anchors by the name before the colon
    assert {"DistDD", "FuseFlow", "SCDP", "SDP", "SimpleFSDP", "ACCO"} <= labels


def test_short_label_falls_back_to_a_phrase_of_the_abstract():
    record = {"role": "related", "title": None,
              "abstract": "Gradient sparsification is a widely used technique to reduce traffic."}
    assert model.short_label(record) == "Gradient sparsification is a widely used technique to…"
    record["abstract"] = "Here we present PipeDream-2BW, a system for pipeline parallelism."
    assert model.short_label(record) == "PipeDream-2BW"


def test_seed_graph_links_papers_anchors_and_concepts(seed_graph):
    anchors = model.papers(seed_graph, model.ANCHOR)
    related = model.papers(seed_graph, model.RELATED)
    assert (len(anchors), len(related)) == (2, 39)
    relations = [e for e in seed_graph.edges(keys=True) if e[2] == model.RELATED_TO]
    assert len(relations) == 40 and all(v in anchors for _, v, _ in relations)
    for paper in anchors + related:
        assert any(d["kind"] in model.MENTION_EDGE.values()
                   for _, _, d in seed_graph.out_edges(paper, data=True)), paper
    for paper, concept, data in model.concept_edges(seed_graph):
        text = seed_graph.nodes[paper]["text"]
        assert all(text[m["start"]:m["end"]] == m["text"] for m in data["mentions"])
        node = seed_graph.nodes[concept]
        assert model.MENTION_EDGE[node["concept_type"]] == data["kind"]


def test_an_untitled_paper_is_labelled_by_what_it_proposes_not_its_first_words():
    from paperkg.extract.records import RELATED

    record = {"id": "p1", "role": RELATED, "title": None, "abstract":
              "Training giant models is costly. In this work we present a scheduler that overlaps "
              "communication with computation on commodity clusters. It is fast."}
    assert model.short_label(record) == "A scheduler that overlaps communication with computation on…"
    record["abstract"] = "Pipeline parallelism wastes time in bubbles. Nothing else is said here."
    assert model.short_label(record) == "Pipeline parallelism wastes time in bubbles"
