"""The RDF export (graph/rdf.py, graph/vocab.py, graph/data/shapes.ttl): every file parses with a
second parser (pyoxigraph) into the same triples, awkward text survives, output is byte-stable,
the seed export has the expected shape and passes its SHACL shapes."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pyshacl
import pytest
import rdflib
from rdflib import RDF, RDFS, BNode, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, SKOS

from paperkg.graph import model, relate
from paperkg.graph.export import rdf
from paperkg.graph.vocab import DECLARATIONS, OA, PKG, VOCAB_IRI

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHAPES = Path(rdf.__file__).resolve().parent.parent / "data" / "shapes.ttl"
OX_FORMAT = {"graph.ttl": ox.RdfFormat.TURTLE, "graph.nt": ox.RdfFormat.N_TRIPLES,
             "graph.jsonld": ox.RdfFormat.JSON_LD}
RDFLIB_FORMAT = {"graph.ttl": "turtle", "graph.nt": "nt", "graph.jsonld": "json-ld"}
AWKWARD_SOURCE = "rdf_awkward.txt:3"  # the record whose abstract has quotes, \, newline, <, >, 张量


def fixture_records():
    """Real seed abstracts with hand-placed concepts (tests/fixtures/rdf_records.json), one of
    them with quotes, a backslash, a newline, <, > and non-ASCII added."""
    return json.loads((FIXTURES / "rdf_records.json").read_text(encoding="utf-8"))


def fixture_graph(enrich=True):
    records = fixture_records()
    rows = {}
    for record in records:
        for concept in record["concepts"]:
            row = rows.setdefault(concept["id"], {"id": concept["id"], "type": concept["type"],
                                                  "label": concept["label"], "alt_labels": [],
                                                  "papers": 0})
            row["papers"] += 1
    rows["fsdp"]["alt_labels"] = ["FSDP"]
    meta = {"tool": "paperkg", "version": "0.1.0", "model": "en_core_web_sm",
            "model_version": "3.8.0", "spacy_version": "3.8.7"}
    graph = model.build_graph(records, list(rows.values()), meta)
    if enrich:
        relate.enrich(graph, threshold=0.05)
    return graph


@pytest.fixture(scope="module")
def graph():
    return fixture_graph()


@pytest.fixture(scope="module")
def files(graph):
    return rdf.serialise(graph)


@pytest.fixture(scope="module")
def exported(graph):
    return rdf.to_rdf(graph)


def oxigraph_triples(text, name):
    """The file parsed by pyoxigraph, as an rdflib graph (via N-Triples) for comparison."""
    quads = ox.parse(text.encode("utf-8"), format=OX_FORMAT[name])
    ntriples = "".join(f"{q.subject} {q.predicate} {q.object} .\n" for q in quads)
    return rdflib.Graph().parse(data=ntriples, format="nt")


@pytest.mark.parametrize("name", sorted(OX_FORMAT))
def test_every_file_parses_with_pyoxigraph_into_the_same_triples(files, exported, name):
    theirs = oxigraph_triples(files[name], name)
    ours = rdflib.Graph().parse(data=files[name], format=RDFLIB_FORMAT[name])
    assert len(theirs) == len(exported) > 500
    assert isomorphic(theirs, ours)
    assert isomorphic(theirs, exported)


@pytest.mark.parametrize("name", sorted(OX_FORMAT))
def test_awkward_titles_and_abstracts_survive_exactly(files, name):
    record = next(r for r in fixture_records() if r["sources"] == [AWKWARD_SOURCE])
    for ch in ('"', "\\", "\n", "<", ">", "张量", "×", "—"):
        assert ch in record["abstract"]
    paper = URIRef(rdf.defaults.BASE_IRI + f"paper/{record['id']}")
    parsed = oxigraph_triples(files[name], name)
    assert list(parsed.objects(paper, DCTERMS.abstract)) == [Literal(record["abstract"], lang="en")]
    # and the quote of every mention in it is exactly the text at its offsets
    for target in parsed.subjects(OA.hasSource, paper):
        quote = next(s for s in parsed.objects(target, OA.hasSelector)
                     if (s, RDF.type, OA.TextQuoteSelector) in parsed)
        exact = str(parsed.value(quote, OA.exact))
        context = str(parsed.value(quote, OA.prefix)) + exact + str(parsed.value(quote, OA.suffix))
        assert exact in context and context in record["abstract"]


def test_titles_and_abstracts_are_tagged_english(exported):
    texts = list(exported.objects(None, DCTERMS.title)) + list(exported.objects(None, DCTERMS.abstract))
    assert len(texts) == len(fixture_records())
    assert {t.language for t in texts} == {"en"}


def test_position_selectors_point_at_the_quoted_text(graph, exported):
    count = 0
    for target in exported.subjects(RDF.type, OA.SpecificResource):
        paper = exported.value(target, OA.hasSource)
        text = graph.nodes[str(paper)[len(rdf.defaults.BASE_IRI):]]["text"]
        selectors = list(exported.objects(target, OA.hasSelector))
        quote = next(s for s in selectors if (s, RDF.type, OA.TextQuoteSelector) in exported)
        position = next(s for s in selectors if (s, RDF.type, OA.TextPositionSelector) in exported)
        start, end = exported.value(position, OA.start).toPython(), exported.value(position, OA.end).toPython()
        assert text[start:end] == str(exported.value(quote, OA.exact))
        assert text[:start].endswith(str(exported.value(quote, OA.prefix)))
        assert text[end:].startswith(str(exported.value(quote, OA.suffix)))
        count += 1
    mentions = sum(len(d["mentions"]) for _, _, d in model.concept_edges(graph))
    assert count == mentions == len(set(exported.subjects(RDF.type, OA.Annotation)))


def test_evidence_reaches_to_the_sentence():
    text = "Training is slow. We shard the model across GPUs, e.g. on A100s. It helps."
    start = text.index("GPUs")
    first, last = rdf.sentence_bounds(text, start, start + 4)
    assert text[first:last] == "We shard the model across GPUs, e.g. on A100s."


def test_no_blank_nodes_so_nothing_differs_between_runs(exported):
    assert not any(isinstance(term, BNode) for triple in exported for term in triple)


def _digests(files):
    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in files.items()}


def test_building_twice_gives_identical_bytes_across_hash_seeds(files):
    assert rdf.serialise(fixture_graph()) == files
    script = ("import hashlib, json, sys; sys.path.insert(0, %r); import test_rdf; "
              "print(json.dumps(test_rdf._digests(test_rdf.rdf.serialise(test_rdf.fixture_graph()))))"
              % str(Path(__file__).parent))
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", script], env=env, check=True,
                             capture_output=True, text=True).stdout
        assert json.loads(out) == _digests(files)


def test_ntriples_lines_are_sorted(files):
    lines = files["graph.nt"].splitlines()
    assert lines == sorted(lines) and len(lines) == len(set(lines))


def test_papers_concepts_and_relations_are_typed_as_the_design_says(graph, exported):
    for paper in model.papers(graph):
        iri = URIRef(rdf.defaults.BASE_IRI + paper)
        types = set(exported.objects(iri, RDF.type))
        assert {rdf.FABIO.ResearchPaper, rdf.SCHEMA.ScholarlyArticle} <= types
        assert (PKG.AnchorPaper in types) != (PKG.RelatedPaper in types)
    for concept in model.concepts(graph):
        iri = URIRef(rdf.defaults.BASE_IRI + concept)
        kind = graph.nodes[concept]["concept_type"]
        assert {SKOS.Concept, rdf.CONCEPT_CLASS[kind]} <= set(exported.objects(iri, RDF.type))
        assert len(list(exported.objects(iri, SKOS.prefLabel))) == 1
        assert exported.value(iri, SKOS.inScheme) == URIRef(rdf.defaults.BASE_IRI + f"scheme/{kind}")
    fsdp = URIRef(rdf.defaults.BASE_IRI + "concept/fsdp")
    assert list(exported.objects(fsdp, SKOS.altLabel)) == [Literal("FSDP", lang="en")]
    relations = {(str(s), str(o)) for s, o in exported.subject_objects(PKG.relatedPaper)}
    expected = {(rdf.defaults.BASE_IRI + v, rdf.defaults.BASE_IRI + u)
                for u, v, d in graph.edges(data=True) if d["kind"] == model.RELATED_TO}
    assert relations == expected and len(expected) == 5


def test_vocabulary_is_declared_in_the_export(exported):
    used = {t for triple in exported for t in triple if isinstance(t, URIRef) and str(t).startswith(VOCAB_IRI)}
    assert used <= {PKG[name] for name in DECLARATIONS}
    for name in DECLARATIONS:
        term = PKG[name]
        assert exported.value(term, RDFS.label) is not None
        assert len(str(exported.value(term, RDFS.comment))) > 20
    for cls in (PKG.Method, PKG.Problem, PKG.Hardware):
        assert (cls, RDFS.subClassOf, SKOS.Concept) in exported
    for prop in (PKG.usesMethod, PKG.addressesProblem, PKG.mentionsHardware):
        assert (prop, RDFS.subPropertyOf, rdf.SCHEMA.mentions) in exported
    assert (PKG.relatedPaper, RDFS.subPropertyOf, DCTERMS.relation) in exported
    with pytest.raises(AttributeError):
        PKG.usesMethods  # noqa: B018 - a misspelt term is an error, not a new IRI


def test_similarity_is_a_qualified_relation_with_shared_concepts_in_order(graph, exported):
    edges = relate.similar_edges(graph)
    assert edges, "the fixture has similar papers"
    base = rdf.defaults.BASE_IRI
    for u, v, data in edges:
        similarity = URIRef(base + f"similarity/{u.split('/')[1]}/{v.split('/')[1]}")
        assert (similarity, RDF.type, PKG.Similarity) in exported
        assert set(exported.objects(similarity, PKG.similarPaper)) == {URIRef(base + u), URIRef(base + v)}
        assert float(exported.value(similarity, PKG.score)) == pytest.approx(data["score"])
        assert exported.value(similarity, PKG.measure) is not None
        ranked = sorted((int(exported.value(e, PKG.rank)), str(exported.value(e, PKG.concept)))
                        for e in exported.objects(similarity, PKG.rankedConcept))
        assert [c for _, c in ranked] == [base + c for c in data["shared"]]
        assert (URIRef(base + u), PKG.similarTo, URIRef(base + v)) in exported
        assert (URIRef(base + v), PKG.similarTo, URIRef(base + u)) in exported


def test_communities_cooccurrence_and_pagerank_are_exported(graph, exported):
    base = rdf.defaults.BASE_IRI
    for community in graph.graph["communities"]:
        node = URIRef(base + f"community/{community['id']}")
        assert str(exported.value(node, RDFS.label)) == community["name"]
        assert {str(m) for m in exported.objects(node, PKG.member)} == {base + m for m in community["members"]}
    gpu = URIRef(base + "concept/gpu")
    assert (gpu, PKG.coOccursWith, URIRef(base + "concept/zero-3")) in exported
    assert float(exported.value(gpu, PKG.pagerank)) == pytest.approx(graph.nodes["concept/gpu"]["pagerank"])


def test_a_graph_without_the_relatedness_analysis_exports_too():
    plain = rdf.to_rdf(fixture_graph(enrich=False))
    assert not list(plain.subjects(RDF.type, PKG.Similarity))
    assert not list(plain.subjects(RDF.type, PKG.Community))
    assert len(list(plain.subjects(RDF.type, PKG.AnchorPaper))) == 2


def test_base_iri_sets_the_instance_iris_only(graph):
    files = rdf.serialise(graph, "https://example.org/kg/")
    parsed = oxigraph_triples(files["graph.nt"], "graph.nt")
    subjects = {str(s) for s in parsed.subjects() if not str(s).startswith(VOCAB_IRI.rstrip("#"))}
    assert subjects and all(s.startswith("https://example.org/kg/") for s in subjects)
    assert (URIRef("https://example.org/kg/paper/p1f0ed00333df9cc1"), RDF.type, PKG.AnchorPaper) in parsed


@pytest.mark.parametrize("bad", ["example.org/kg/", "https://example.org/kg", "ftp://x.org/",
                                 "https://example.org/a b/"])
def test_a_bad_base_iri_is_one_clear_error(graph, bad):
    with pytest.raises(rdf.BaseIriError, match=r"^--base-iri .*: expected an absolute http\(s\) IRI"):
        rdf.to_rdf(graph, bad)


SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")


def validate(data_graph):
    """(conforms, {(focus node, result path, constraint component)}, report text)."""
    conforms, report, text = pyshacl.validate(data_graph, shacl_graph=str(SHAPES), inference="none")
    results = {(report.value(r, SH.focusNode), report.value(r, SH.resultPath),
                report.value(r, SH.sourceConstraintComponent))
               for r in report.subjects(RDF.type, SH.ValidationResult)}
    return conforms, results, text


def test_fixture_export_conforms_to_the_shapes(exported):
    conforms, _, text = validate(exported)
    assert conforms, text


def test_broken_graphs_fail_the_shapes(exported):
    anchor = URIRef(rdf.defaults.BASE_IRI + "paper/p1f0ed00333df9cc1")
    broken = rdflib.Graph() + exported
    broken.remove((anchor, DCTERMS.title, None))
    conforms, results, _ = validate(broken)
    assert not conforms
    assert (anchor, DCTERMS.title, SH.MinCountConstraintComponent) in results

    gpu = URIRef(rdf.defaults.BASE_IRI + "concept/gpu")
    broken = rdflib.Graph() + exported
    broken.add((gpu, SKOS.prefLabel, Literal("graphics card", lang="en")))
    conforms, results, _ = validate(broken)
    assert not conforms and results == {(gpu, SKOS.prefLabel, SH.MaxCountConstraintComponent)}

    broken = rdflib.Graph() + exported
    position = next(broken.subjects(RDF.type, OA.TextPositionSelector))
    broken.set((position, OA.end, Literal(0, datatype=rdflib.XSD.nonNegativeInteger)))
    conforms, results, _ = validate(broken)
    assert not conforms and results == {(position, OA.start, SH.LessThanConstraintComponent)}


# --- the seed export (the real pipeline) -------------------------------------------------------

@pytest.fixture(scope="module")
def seed_rdf(seed_graph):
    return rdf.to_rdf(seed_graph)


def test_seed_export_holds_the_papers_anchors_and_relations(seed_rdf):
    assert len(set(seed_rdf.subjects(RDF.type, rdf.FABIO.ResearchPaper))) == 41
    assert len(set(seed_rdf.subjects(RDF.type, PKG.AnchorPaper))) == 2
    assert len(list(seed_rdf.triples((None, PKG.relatedPaper, None)))) == 40
    for paper in seed_rdf.subjects(RDF.type, rdf.FABIO.ResearchPaper):
        mentioned = [o for p in rdf.MENTION_PROPERTY.values() for o in seed_rdf.objects(paper, p)]
        assert mentioned, f"{paper} has no concept"


def test_seed_export_conforms_to_the_shapes(seed_rdf):
    conforms, _, text = validate(seed_rdf)
    assert conforms, text


def test_seed_export_is_byte_identical_when_built_twice(seed_graph, seed_records, nlp):
    from paperkg.graph.build import make_graph

    first = rdf.serialise(seed_graph)
    again = rdf.serialise(make_graph(seed_records, nlp))
    assert first == again
    for name, text in first.items():
        assert isomorphic(oxigraph_triples(text, name), rdflib.Graph().parse(data=first["graph.nt"], format="nt"))
