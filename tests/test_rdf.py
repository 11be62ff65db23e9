"""The RDF export (graph/export/rdf.py, graph/vocab.py, graph/data/shapes.ttl): every file parses
with a second parser (pyoxigraph) into the same triples, any text survives, output is byte-stable
(also through the external sort), evidence is lean, exports of several builds merge without
contradiction, and the shapes catch what they say they check."""

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pyshacl
import pytest
import rdflib
from rdflib import RDF, RDFS, BNode, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS, XSD

from paperkg.extract.errors import OutputError
from paperkg.graph import io, model, relate
from paperkg.graph.export import rdf
from paperkg.graph.vocab import (CITO, DECLARATIONS, FABIO, FRBR, OA, PKG, PRISM, SCHEMA,
                                 SHAPES_IRI, VOCAB_IRI, VOID)

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEEDS = Path(__file__).resolve().parent.parent / "seeds"
BASE = rdf.defaults.BASE_IRI
OX_FORMAT = {"graph.ttl": ox.RdfFormat.TURTLE, "graph.nt": ox.RdfFormat.N_TRIPLES,
             "graph.jsonld": ox.RdfFormat.JSON_LD}
AWKWARD_SOURCE = "rdf_awkward.txt:3"  # the record whose abstract has quotes, \, newline, <, >, 张量
META = {"tool": "paperkg", "version": "0.1.0", "model": "en_core_web_sm", "model_version": "3.8.0",
        "spacy_version": "3.8.7", "inputs": ["fixture.txt"], "input_hash": "0123456789abcdef"}
SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")
SHAPES = Path(rdf.__file__).resolve().parent.parent / "data" / "shapes.ttl"
LINKS = (PKG.usesMethod, PKG.addressesProblem, PKG.mentionsHardware, PKG.usesDataset, PKG.reportsMetric)


def fixture_records():
    """Real seed abstracts with hand-placed concepts (tests/fixtures/rdf_records.json), one of
    them with quotes, a backslash, a newline, <, > and non-ASCII added."""
    return json.loads((FIXTURES / "rdf_records.json").read_text(encoding="utf-8"))


def concept_rows(records):
    rows = {}
    for record in records:
        for concept in record["concepts"]:
            row = rows.setdefault(concept["id"], {"id": concept["id"], "type": concept["type"],
                                                  "label": concept["label"], "alt_labels": [],
                                                  "papers": 0})
            row["papers"] += 1
    return rows


def fixture_graph(enrich=True, records=None, meta=None):
    records = records or fixture_records()
    rows = concept_rows(records)
    rows["fsdp"]["alt_labels"] = ["FSDP"]
    graph = model.build_graph(records, list(rows.values()), dict(META, **(meta or {})))
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
def exported(files):
    return parsed(files["graph.nt"], "graph.nt")


def parsed(text, name="graph.nt"):
    """The file parsed by pyoxigraph, as an rdflib graph (via N-Triples) for comparison."""
    quads = ox.parse(text.encode("utf-8"), format=OX_FORMAT[name])
    ntriples = "".join(f"{q.subject} {q.predicate} {q.object} .\n" for q in quads)
    return rdflib.Graph().parse(data=ntriples, format="nt")


def iri(path):
    return URIRef(BASE + path)


# --- files, terms, bytes ------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(OX_FORMAT))
def test_every_file_parses_with_pyoxigraph_into_the_same_triples(files, exported, name):
    theirs = parsed(files[name], name)
    ours = rdflib.Graph().parse(data=files[name], format={"graph.ttl": "turtle", "graph.nt": "nt",
                                                          "graph.jsonld": "json-ld"}[name])
    assert len(theirs) == len(exported) == len(ours) > 500
    assert set(theirs) == set(exported) == set(ours)


def test_void_triples_is_the_real_count_of_the_file(files, exported):
    lines = files["graph.nt"].split("\n")[:-1]
    datasets = list(exported.subjects(RDF.type, VOID.Dataset))
    assert len(datasets) == 1
    assert exported.value(datasets[0], VOID.triples).toPython() == len(lines) == len(exported)


@pytest.mark.parametrize("name", sorted(OX_FORMAT))
def test_awkward_titles_and_abstracts_survive_exactly(files, name):
    record = next(r for r in fixture_records() if r["sources"] == [AWKWARD_SOURCE])
    for ch in ('"', "\\", "\n", "<", ">", "张量", "×", "—"):
        assert ch in record["abstract"]
    back = parsed(files[name], name)
    assert list(back.objects(iri(f"paper/{record['id']}"), DCTERMS.abstract)) == \
        [Literal(record["abstract"], lang="en")]


HOSTILE = "Form\x0cfeed, NUL\x00, VT\x0b, RS\x1e, NEL\x85, LS\u2028PS\u2029, BOM\ufeff, \ufffe, RTL \u202e and e\u0301 😀 <b>\"x\"</b> \\"


def hostile_graph(abstract):
    record = {"id": "phostile", "role": "related", "title": None, "abstract": abstract,
              "truncated": False, "anchors": [], "sources": ["hostile.jsonl:1"],
              "concepts": [{"id": "gpu", "type": "hardware", "label": "GPU",
                            "mentions": [{"text": abstract[0:4], "start": 0, "end": 4}],
                            "source": "hand", "score": 0.9}]}
    return model.build_graph([record], list(concept_rows([record]).values()), META)


def test_any_text_gives_one_line_per_triple_and_round_trips():
    files = rdf.serialise(hostile_graph(HOSTILE))
    nt = files["graph.nt"]
    # no Unicode line or paragraph separator, no control character stays raw in graph.nt
    assert len(nt.splitlines()) == nt.count("\n") == len(nt.encode().split(b"\n")) - 1
    for name in OX_FORMAT:
        back = parsed(files[name], name)
        assert str(back.value(iri("paper/phostile"), DCTERMS.abstract)) == HOSTILE, name


def test_a_lone_surrogate_becomes_one_replacement_character():
    files = rdf.serialise(hostile_graph("GPUs\ud800 end"))
    back = parsed(files["graph.nt"])
    assert str(back.value(iri("paper/phostile"), DCTERMS.abstract)) == "GPUs\ufffd end"


def test_no_blank_nodes_so_nothing_differs_between_runs(exported):
    assert not any(isinstance(term, BNode) for triple in exported for term in triple)


def _digests(files):
    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in files.items()}


def test_building_twice_gives_identical_bytes_across_hash_seeds(files):
    assert rdf.serialise(fixture_graph()) == files
    script = ("import json, sys; sys.path.insert(0, %r); import test_rdf; "
              "print(json.dumps(test_rdf._digests(test_rdf.rdf.serialise(test_rdf.fixture_graph()))))"
              % str(Path(__file__).parent))
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", script], env=env, check=True,
                             capture_output=True, text=True).stdout
        assert json.loads(out) == _digests(files)


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("sort", ["posix", "python"])
def test_the_external_sort_and_the_helper_processes_give_the_same_bytes(graph, files, tmp_path,
                                                                         monkeypatch, parallel,
                                                                         sort):
    """A chunk far smaller than the export: sorted runs are spilled and merged (by POSIX
    ``sort -m`` or, where there is none, in Python); with ``parallel`` the merge and two helper
    processes writing Turtle and JSON-LD from graph.nt run while the caller goes on, and no
    temporary file is left once the output set is committed."""
    if sort == "python":
        monkeypatch.setattr(rdf.shutil, "which", lambda name: None)
    outputs = io.OutputSet(tmp_path / "out")
    with rdf.writing(graph, outputs, chunk=97, parallel=parallel) as stats:
        written_meanwhile = sorted(p.name for p in (tmp_path / "out").iterdir())
    outputs.commit()
    for name in rdf.FILES:
        assert (tmp_path / "out" / name).read_text(encoding="utf-8") == files[name], name
    assert stats["triples"] == files["graph.nt"].count("\n")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(rdf.FILES)
    if not parallel:  # all written before the body: no sorted run is left meanwhile
        assert not any(name.startswith(".rdf-sort-") for name in written_meanwhile)


def test_sort_merges_text_in_the_order_python_sorts_it(tmp_path, monkeypatch):
    """The bytes order ``sort -m`` merges by (C locale) is Python's string order, whatever the
    script: accents, CJK, characters beyond the BMP, escapes."""
    words = ["a", "A", "é", "e\u0301", "z", "中文", "\U0001F600", "\uFFFD", "~", "Ω", "ß", "ss",
             "\\\"", "ａ"]
    lines = sorted(f'<s:{w}> <p:{v}> "{w}{v}" .' for w in words for v in words)
    runs = [rdf.spill(sorted(lines[i::3]), tmp_path, i) for i in range(3)]
    merged = {}
    for sort in ("posix", "python"):
        if sort == "python":
            monkeypatch.setattr(rdf.shutil, "which", lambda name: None)
        rdf.merge(runs, tmp_path / f"{sort}.nt", tmp_path)
        merged[sort] = (tmp_path / f"{sort}.nt").read_bytes()
    assert merged["posix"] == merged["python"] == ("\n".join(lines) + "\n").encode("utf-8")


def test_a_failed_merge_is_one_line_naming_the_file(tmp_path, monkeypatch):
    """``sort`` failing (a full disk, say; here a stand-in that exits 1) is an OSError naming
    graph.nt, which the output set reports in one line."""
    runs = [rdf.spill([f"<s:{i}> <p:p> <o:o> ."], tmp_path, i) for i in range(2)]
    false = shutil.which("false")
    monkeypatch.setattr(rdf.shutil, "which", lambda name: false)
    with pytest.raises(OSError, match=r"merging the sorted N-Triples into \S*graph\.nt failed: "
                                      r"sort exit status 1$"):
        rdf.merge(runs, tmp_path / "graph.nt", tmp_path)


def test_a_merge_that_fails_behind_the_caller_is_one_line_and_leaves_no_file(graph, tmp_path,
                                                                              monkeypatch):
    """With ``parallel`` the merge runs while the caller writes other files; when ``sort`` fails
    there (a stand-in that exits 1), the export stops with one line naming graph.nt once the
    caller is done, no helper is started, and the folder is left as it was."""
    false = shutil.which("false")
    monkeypatch.setattr(rdf.shutil, "which", lambda name: false)
    body_ran = []
    with pytest.raises(OutputError, match=r"cannot write: merging the sorted N-Triples into "
                                          r"\S*graph\.nt\S* failed: sort exit status 1;"):
        with io.OutputSet(tmp_path / "out") as outputs:
            with rdf.writing(graph, outputs, chunk=97, parallel=True):
                body_ran.append(True)
            outputs.commit()
    assert body_ran
    assert list((tmp_path / "out").iterdir()) == []


def test_a_helper_process_that_dies_is_an_error_and_leaves_no_file(graph, tmp_path, monkeypatch):
    """A helper that fails (here: one that exits at once, as a killed one would) stops the
    export with one line naming the file; the folder is left as it was."""
    monkeypatch.setattr(rdf.sys, "executable", shutil.which("false"))
    with pytest.raises(OutputError, match=r"cannot write: writing \S*graph\.(ttl|jsonld)\S* "
                                          r"failed: exit status 1;"):
        with io.OutputSet(tmp_path / "out") as outputs:
            rdf.write(graph, outputs, chunk=97, parallel=True)
            outputs.commit()
    assert not any(p.suffix in (".nt", ".ttl", ".jsonld") for p in (tmp_path / "out").iterdir())


def test_a_helper_that_cannot_write_says_why_in_one_line(files, tmp_path):
    """A helper whose file cannot be written (here: into a folder that does not exist) ends with
    the reason on one line, no traceback, and exit status 1."""
    source = tmp_path / "graph.nt"
    source.write_text(files["graph.nt"], encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", rdf.__name__, "turtle", str(source),
                           str(tmp_path / "missing" / "graph.ttl"), "[]"],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.strip() == "No such file or directory"


def test_ntriples_lines_are_sorted_and_unique(files):
    lines = files["graph.nt"].splitlines()
    assert lines == sorted(lines) and len(lines) == len(set(lines))


def test_shapes_are_written_beside_and_named_by_the_dataset(files, exported):
    assert files["shapes.ttl"] == SHAPES.read_text(encoding="utf-8")
    dataset = next(exported.subjects(RDF.type, VOID.Dataset))
    assert (dataset, DCTERMS.conformsTo, URIRef(SHAPES_IRI)) in exported


def test_license_is_the_users_and_checked(graph):
    licensed = parsed(rdf.serialise(graph, license="https://creativecommons.org/licenses/by/4.0/")["graph.nt"])
    dataset = next(licensed.subjects(RDF.type, VOID.Dataset))
    assert licensed.value(dataset, DCTERMS.license) == URIRef("https://creativecommons.org/licenses/by/4.0/")
    assert licensed.value(dataset, VOID.triples).toPython() == len(licensed)
    with pytest.raises(rdf.BaseIriError, match=r"^--license 'by 4\.0': expected an absolute IRI"):
        rdf.serialise(graph, license="by 4.0")


def test_base_iri_sets_the_instance_iris_only(graph):
    back = parsed(rdf.serialise(graph, "https://example.org/kg/")["graph.nt"])
    subjects = {str(s) for s in back.subjects() if not str(s).startswith(VOCAB_IRI.rstrip("#"))}
    assert subjects and all(s.startswith("https://example.org/kg/") for s in subjects)
    assert (URIRef("https://example.org/kg/paper/p1f0ed00333df9cc1"), RDF.type, PKG.AnchorPaper) in back


@pytest.mark.parametrize("bad", ["example.org/kg/", "https://example.org/kg", "ftp://x.org/",
                                 "https://example.org/a b/"])
def test_a_bad_base_iri_is_one_clear_error(graph, bad):
    with pytest.raises(rdf.BaseIriError, match=r"^--base-iri .*: expected an absolute http\(s\) IRI"):
        rdf.serialise(graph, bad)


# --- papers, concepts, vocabulary ---------------------------------------------------------------

def test_papers_and_concepts_are_typed_and_labelled_in_english(graph, exported):
    for paper in model.papers(graph):
        types = set(exported.objects(iri(paper), RDF.type))
        assert {FABIO.ResearchPaper, SCHEMA.ScholarlyArticle} <= types
    assert len(set(exported.subjects(RDF.type, PKG.AnchorPaper))) == 2
    for concept in model.concepts(graph):
        kind = graph.nodes[concept]["concept_type"]
        assert {SKOS.Concept, rdf.CONCEPT_CLASS[kind]} <= set(exported.objects(iri(concept), RDF.type))
        assert exported.value(iri(concept), SKOS.inScheme) == iri(f"scheme/{kind}")
    labels = list(exported.objects(None, RDFS.label)) + list(exported.objects(None, SKOS.prefLabel))
    assert labels and {label.language for label in labels} == {"en"}
    # the preferred label is the form spelled as the id; the corpus's favourite form is an alt
    fsdp = iri("concept/fsdp")
    assert exported.value(fsdp, SKOS.prefLabel) == Literal("FSDP", lang="en")
    assert Literal("fully sharded data parallel", lang="en") in set(exported.objects(fsdp, SKOS.altLabel))


def test_the_abstract_is_a_part_of_the_paper(graph, exported):
    for paper in model.papers(graph, model.RELATED):
        part = URIRef(iri(paper) + "#abstract")
        assert (part, RDF.type, FABIO.Abstract) in exported
        assert (part, FRBR.partOf, iri(paper)) in exported
    assert not list(exported.triples((None, URIRef(VOCAB_IRI + "annotatedText"), None)))


def test_vocabulary_is_declared_in_the_export(exported):
    used = {t for triple in exported for t in triple
            if isinstance(t, URIRef) and str(t).startswith(VOCAB_IRI)}
    assert used <= {PKG[name] for name in DECLARATIONS}
    for name in DECLARATIONS:
        assert exported.value(PKG[name], RDFS.label) is not None
        assert len(str(exported.value(PKG[name], RDFS.comment))) > 20
    assert (PKG.usesMethod, RDFS.subPropertyOf, SCHEMA.mentions) in exported
    with pytest.raises(AttributeError):
        PKG.usesMethods  # noqa: B018 - a misspelt term is an error, not a new IRI


def test_preferred_label_is_the_same_whatever_the_corpus_saw_most():
    assert rdf.preferred_label("data-parallelism", {"data parallel"}) == "data parallelism"
    assert rdf.preferred_label("data-parallelism", {"data parallel", "data parallelism"}) == "data parallelism"
    assert rdf.preferred_label("zero3", {"zero-3", "ZeRO-3"}) == "ZeRO-3"
    assert rdf.preferred_label("gpu", {"GPU", "gpu"}) == "GPU"


def test_alt_and_hidden_labels_depend_only_on_the_form():
    alt, hidden = rdf.alternative_labels("GPU", {"GPU", "graphics processor"},
                                         {"GPUs", "graphics processors", "GPU (", "multiple"})
    assert alt == ["graphics processor", "multiple"]
    assert hidden == ["GPUs", "graphics processors"]


def test_hierarchy_from_the_terms_and_the_word_lists():
    table = {model.concept_node(cid): {"types": [kind], "pref": label, "labels": set(), "raw": set(),
                                       "papers": 1}
             for cid, kind, label in (("pipeline-parallelism", "method", "pipeline parallelism"),
                                      ("multi-gpu-tensor-parallelism", "method", "multi-GPU tensor parallelism"),
                                      ("tensor-parallelism", "method", "tensor parallelism"),
                                      ("nvidia-a100-gpu", "hardware", "NVIDIA A100 GPU"),
                                      ("deepseek-r1-zero", "method", "DeepSeek-R1-Zero"),
                                      ("communication-overhead", "problem", "communication overhead"))}
    rdf.add_hierarchy(table)
    broader = {node.split("/")[1]: (entry["broader"] or "").removeprefix("concept/")
               for node, entry in table.items()}
    assert broader["pipeline-parallelism"] == "parallelism"  # a word-list term, now a concept
    assert broader["multi-gpu-tensor-parallelism"] == "tensor-parallelism"
    assert broader["nvidia-a100-gpu"] == "gpu" and table["concept/gpu"]["pref"] == "GPU"
    assert broader["communication-overhead"] == "overhead"
    assert broader["deepseek-r1-zero"] == ""  # a name is not split at its hyphens
    assert broader["parallelism"] == ""


def test_only_roots_are_top_concepts(exported):
    for concept in exported.subjects(RDF.type, SKOS.Concept):
        broader = exported.value(concept, SKOS.broader)
        tops = set(exported.objects(concept, SKOS.topConceptOf))
        if broader is None:
            assert tops == set(exported.objects(concept, SKOS.inScheme))
        else:
            assert not tops & set(exported.objects(broader, SKOS.inScheme))


def test_a_term_of_two_types_is_one_concept_in_two_schemes():
    graph = fixture_graph(enrich=False)
    graph.nodes["concept/gpu"]["types"] = ["hardware", "problem"]
    back = parsed(rdf.serialise(graph)["graph.nt"])
    gpu = iri("concept/gpu")
    assert {PKG.Hardware, PKG.Problem} <= set(back.objects(gpu, RDF.type))
    assert set(back.objects(gpu, SKOS.inScheme)) == {iri("scheme/hardware"), iri("scheme/problem")}
    assert conforms(back)


# --- mentions ---------------------------------------------------------------------------------------

def evidence_triples(exported):
    """The triples of annotations, their targets and selectors."""
    annotations = set(exported.subjects(RDF.type, OA.Annotation))
    targets = {t for a in annotations for t in exported.objects(a, OA.hasTarget)}
    selectors = {s for t in targets for s in exported.objects(t, OA.hasSelector)}
    return [t for t in exported if t[0] in annotations | targets | selectors]


def test_each_mention_is_a_target_whose_quote_and_offsets_match_the_text(graph, exported):
    count = 0
    for selector in exported.subjects(RDF.type, OA.TextQuoteSelector):
        target = exported.value(predicate=OA.hasSelector, object=selector)
        part = exported.value(target, OA.hasSource)
        paper = exported.value(part, FRBR.partOf)
        text = graph.nodes[str(paper)[len(BASE):]]["text"]
        start, end = exported.value(selector, OA.start).toPython(), exported.value(selector, OA.end).toPython()
        exact = str(exported.value(selector, OA.exact))
        assert text[start:end] == exact
        prefix, suffix = exported.value(selector, OA.prefix), exported.value(selector, OA.suffix)
        if text.count(exact) > 1:  # a recurring quote has the text before it (at most 32 chars)
            assert text[:start].endswith(str(prefix)) and 0 < len(prefix) <= 32
            if text.count(str(prefix) + exact) > 1:  # and after it where that is not enough
                assert text[end:].startswith(str(suffix)) and len(suffix) <= 32
            else:
                assert suffix is None
        else:
            assert prefix is None and suffix is None
        count += 1
    merged = sum(len(rdf.merged_spans(d["mentions"])) for *_, d in model.concept_edges(graph))
    assert count == merged


def test_overlapping_mentions_of_a_concept_are_merged():
    assert rdf.merged_spans([{"start": 7, "end": 20}, {"start": 7, "end": 34},
                             {"start": 40, "end": 44}, {"start": 44, "end": 48}]) == \
        [(7, 34), (40, 44), (44, 48)]


def test_rule_and_confidence_once_provenance_once_lean_evidence(graph, exported):
    links = model.concept_edges(graph)
    annotations = set(exported.subjects(RDF.type, OA.Annotation))
    assert len(annotations) == len(links)
    for annotation in annotations:
        assert len(list(exported.objects(annotation, PKG.rule))) == 1
        assert exported.value(annotation, PKG.confidence) is None  # the rule states it
        assert exported.value(annotation, PROV.wasGeneratedBy) is None
    rule = exported.value(next(iter(annotations)), PKG.rule)
    assert float(exported.value(rule, PKG.confidence)) == pytest.approx(0.9)
    assert len(list(exported.subjects(PROV.wasGeneratedBy, None))) == \
        len(list(exported.subjects(RDF.type, PKG.Analysis))) + len(list(exported.subjects(RDF.type, PKG.Similarity))) \
        + len(list(exported.subjects(RDF.type, PKG.CoOccurrence))) + len(list(exported.subjects(RDF.type, PKG.Community))) + 1
    mentions = len(list(exported.subjects(RDF.type, OA.TextQuoteSelector)))
    assert len(evidence_triples(exported)) / mentions <= 10


# --- metadata and citations -----------------------------------------------------------------------

def metadata_graph():
    records = fixture_records()
    records[2].update(authors=["Ada Lovelace", "Alan Turing"], year=2024, venue="MLSys",
                      doi="10.1145/3600006.3613165", arxiv="2411.00284",
                      url="https://example.org/paper?id=1&x=<2>",
                      references=["doi:10.1000/outside", "arxiv:1706.03762", "openalex:W2741809807"])
    records[3].update(references=["doi:10.1145/3600006.3613165", "doi:10.1000/classic"])
    records[4].update(references=["doi:10.1000/classic"])
    records[2]["id"] = model.work_id("doi:10.1145/3600006.3613165")
    return fixture_graph(records=records)


def test_paper_metadata_in_standard_terms():
    graph = metadata_graph()
    back = parsed(rdf.serialise(graph)["graph.nt"])
    paper = iri("paper/" + model.work_id("doi:10.1145/3600006.3613165"))
    authors = sorted(back.objects(paper, SCHEMA.author))
    assert [str(back.value(a, SCHEMA.name)) for a in authors] == ["Ada Lovelace", "Alan Turing"]
    assert all((a, RDF.type, SCHEMA.Person) in back for a in authors)
    assert back.value(paper, FABIO.hasPublicationYear) == Literal("2024", datatype=XSD.gYear)
    assert str(back.value(paper, PRISM.doi)) == "10.1145/3600006.3613165"
    assert str(back.value(paper, PKG.arxivId)) == "2411.00284"
    venue = back.value(paper, DCTERMS.isPartOf)
    assert back.value(venue, RDFS.label) == Literal("MLSys", lang="en")
    assert str(back.value(paper, SCHEMA.url)) == "https://example.org/paper?id=1&x=%3C2%3E"
    cited = {str(o) for o in back.objects(paper, CITO.cites)}
    assert cited == {"https://doi.org/10.1000/outside", "https://arxiv.org/abs/1706.03762",
                     "https://openalex.org/W2741809807"}
    # a CITES edge inside the corpus, and a work two papers cite, typed as a work
    citing = iri("paper/" + fixture_records()[3]["id"])
    assert (citing, CITO.cites, paper) in back
    classic = iri("paper/" + model.work_id("doi:10.1000/classic"))
    assert (classic, RDF.type, FABIO.Work) in back and (classic, RDF.type, FABIO.ResearchPaper) not in back
    assert str(back.value(classic, PRISM.doi)) == "10.1000/classic"
    assert len(list(back.subjects(CITO.cites, classic))) == 2
    assert conforms(back)


# --- builds: scoped analysis, merging ---------------------------------------------------------------

def test_build_scoped_analysis_and_provenance(graph, exported):
    build = rdf.build_id(graph.graph)
    activity = iri(f"build/{build}")
    assert (activity, RDF.type, PROV.Activity) in exported
    assert str(exported.value(activity, PKG.inputHash)) == META["input_hash"]
    for cls in (PKG.Analysis, PKG.Similarity, PKG.CoOccurrence, PKG.Community):
        found = list(exported.subjects(RDF.type, cls))
        assert found, cls
        assert all(str(node).startswith(BASE + f"build/{build}/") for node in found)
    for paper in model.papers(graph):  # nothing a build computes sits on a shared IRI
        assert exported.value(iri(paper), PKG.pagerank) is None
    gpu = exported.value(predicate=PKG.analysisOf, object=iri("concept/gpu"))
    assert float(exported.value(gpu, PKG.pagerank)) == pytest.approx(graph.nodes["concept/gpu"]["pagerank"])
    assert exported.value(gpu, PKG.paperCount).toPython() == graph.nodes["concept/gpu"]["papers"]


def test_a_community_ranks_its_most_characteristic_concepts_and_keeps_every_member(graph,
                                                                                    exported,
                                                                                    monkeypatch):
    """At most COMMUNITY_RANKED_CONCEPTS ranked concepts a community, best first; every concept
    stays a pkg:member (the corpus's largest community has 15,833)."""
    def ranked(rdf_graph):
        found = {}
        for community, _, entry in rdf_graph.triples((None, PKG.rankedConcept, None)):
            if "/community/" in str(community):
                rank = int(rdf_graph.value(entry, PKG.rank))
                found.setdefault(community, {})[rank] = rdf_graph.value(entry, PKG.concept)
        return found

    def members(rdf_graph):
        return set(rdf_graph.triples((None, PKG.member, None)))

    everything = ranked(exported)
    assert max(len(r) for r in everything.values()) > 2
    monkeypatch.setattr(rdf.defaults, "COMMUNITY_RANKED_CONCEPTS", 2)
    capped = parsed(rdf.serialise(graph)["graph.nt"])
    assert ranked(capped) == {c: {k: v for k, v in r.items() if k <= 2}
                              for c, r in everything.items()}
    assert members(capped) == members(exported)


def test_another_input_is_another_build():
    first, second = fixture_graph(), fixture_graph(meta={"input_hash": "fedcba9876543210"})
    assert rdf.build_id(first.graph) != rdf.build_id(second.graph)
    same = fixture_graph()
    assert rdf.build_id(first.graph) == rdf.build_id(same.graph)


def test_two_builds_load_into_one_store_without_contradiction():
    records = fixture_records()
    part = fixture_graph(records=records[:4], meta={"input_hash": "aaaaaaaaaaaaaaaa"})
    whole = fixture_graph(records=records, meta={"input_hash": "bbbbbbbbbbbbbbbb"})
    store = parsed(rdf.serialise(part)["graph.nt"]) + parsed(rdf.serialise(whole)["graph.nt"])
    assert conforms(store)
    assert len(list(store.subjects(RDF.type, VOID.Dataset))) == 2


# --- shapes ---------------------------------------------------------------------------------------

def validate(data_graph):
    """(conforms, {(focus node or value, constraint)}, report text)."""
    ok, report, text = pyshacl.validate(data_graph, shacl_graph=str(SHAPES), inference="none")
    results = set()
    for r in report.subjects(RDF.type, SH.ValidationResult):
        if report.value(r, SH.resultSeverity) != SH.Violation:
            continue
        component = report.value(r, SH.sourceConstraint) or report.value(r, SH.sourceConstraintComponent)
        node = report.value(r, SH.value) if report.value(r, SH.sourceConstraint) else report.value(r, SH.focusNode)
        results.add((node, component))
    return ok, results, text


def conforms(data_graph):
    ok, _, text = validate(data_graph)
    assert ok, text
    return ok


def test_fixture_export_conforms_to_the_shapes(exported):
    assert conforms(exported)


SHAPE = rdflib.Namespace("https://w3id.org/paperkg/shapes#")


def broken(exported, remove=(), add=()):
    graph = rdflib.Graph() + exported
    for triple in remove:
        graph.remove(triple)
    for triple in add:
        graph.add(triple)
    return validate(graph)


def test_a_link_without_its_annotation_breaks_the_shapes(exported):
    paper = iri("paper/p93494e1ff69d94d9")
    ok, results, _ = broken(exported, add=[(paper, PKG.addressesProblem, iri("concept/communication"))])
    assert not ok and (paper, SHAPE.LinkHasAnnotation) in results


def test_an_annotation_without_its_link_breaks_the_shapes(exported):
    paper = iri("paper/p93494e1ff69d94d9")
    link = next((paper, p, iri("concept/gpu")) for p in LINKS if (paper, p, iri("concept/gpu")) in exported)
    ok, results, _ = broken(exported, remove=[link])
    annotation = iri("annotation/p93494e1ff69d94d9/gpu")
    assert not ok and (annotation, SHAPE.AnnotationHasLink) in results


def test_a_class_that_does_not_match_the_scheme_breaks_the_shapes(exported):
    gpu = iri("concept/gpu")
    ok, results, _ = broken(exported, remove=[(gpu, RDF.type, PKG.Hardware)], add=[(gpu, RDF.type, PKG.Method)])
    assert not ok and (gpu, SHAPE.ClassMatchesScheme) in results


def test_offsets_that_miss_the_quote_break_the_shapes(exported):
    selector = next(exported.subjects(RDF.type, OA.TextQuoteSelector))
    start = exported.value(selector, OA.start)
    moved = Literal(start.toPython() + 1, datatype=XSD.nonNegativeInteger)
    ok, results, _ = broken(exported, remove=[(selector, OA.start, start)], add=[(selector, OA.start, moved)])
    assert not ok and (selector, SHAPE.OffsetsMatchQuote) in results


def test_a_label_without_language_and_a_second_preflabel_break_the_shapes(exported):
    paper = iri("paper/p93494e1ff69d94d9")
    label = exported.value(paper, RDFS.label)
    gpu = iri("concept/gpu")
    ok, results, _ = broken(exported, remove=[(paper, RDFS.label, label)],
                            add=[(paper, RDFS.label, Literal(str(label))),
                                 (gpu, SKOS.prefLabel, Literal("graphics card", lang="en"))])
    assert not ok
    assert (paper, SH.DatatypeConstraintComponent) in results
    assert (gpu, SH.MaxCountConstraintComponent) in results


# --- the seeds (the real pipeline) ---------------------------------------------------------------

@pytest.fixture(scope="module")
def seed_export(seed_graph):
    return rdf.serialise(seed_graph)


@pytest.fixture(scope="module")
def seed_rdf(seed_export):
    return parsed(seed_export["graph.nt"])


def test_seed_export_holds_papers_anchors_relations_and_concepts_without_types_in_iris(seed_rdf):
    assert len(set(seed_rdf.subjects(RDF.type, FABIO.ResearchPaper))) == 41
    assert len(set(seed_rdf.subjects(RDF.type, PKG.AnchorPaper))) == 2
    assert len(list(seed_rdf.triples((None, PKG.relatedPaper, None)))) == 40
    for concept in seed_rdf.subjects(RDF.type, SKOS.Concept):
        assert str(concept).startswith(BASE + "concept/") and "/" not in str(concept)[len(BASE + "concept/"):]


def test_seed_concepts_are_found_by_any_common_form(seed_rdf):
    query = """SELECT ?c WHERE { ?c skos:prefLabel|skos:altLabel|skos:hiddenLabel "data parallelism"@en }"""
    found = list(seed_rdf.query(query, initNs={"skos": SKOS}))
    assert [str(row.c) for row in found] == [BASE + "concept/data-parallelism"]
    assert {label.language for label in seed_rdf.objects(None, RDFS.label)} == {"en"}


def test_seed_hierarchy_has_broader_links(seed_rdf):
    assert len(list(seed_rdf.triples((None, SKOS.broader, None)))) >= 20
    assert (iri("concept/tensor-parallelism"), SKOS.broader, iri("concept/parallelism")) in seed_rdf


def test_seed_evidence_is_at_most_ten_triples_a_mention(seed_rdf):
    mentions = len(list(seed_rdf.subjects(RDF.type, OA.TextQuoteSelector)))
    assert mentions > 150
    assert len(evidence_triples(seed_rdf)) / mentions <= 10


def test_seed_export_conforms_to_the_shapes(seed_rdf):
    assert conforms(seed_rdf)


def test_seed_lists_built_apart_and_together_conform_in_one_store(seed_export, nlp):
    """The bar of issue 14: each seed list built on its own, and both together, in one store."""
    from paperkg.extract.pipeline import extract_records
    from paperkg.extract.readers import read_paths
    from paperkg.graph.build import make_graph

    store = parsed(seed_export["graph.nt"])
    for path in sorted(SEEDS.glob("*.txt")):
        records, _, _ = read_paths([path])
        store += parsed(rdf.serialise(make_graph(extract_records(records, nlp), nlp))["graph.nt"])
    assert len(list(store.subjects(RDF.type, VOID.Dataset))) == 3
    assert len(list(store.subjects(RDF.type, PROV.Activity))) == 3
    assert conforms(store)


# --- any text, generated --------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ANY_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40) | \
    st.sampled_from(["\u2028", "\x85", "\x0c\x00", "\ufffe\uffff", "a\\\"b", "\u202e\u0301😀"])


@settings(max_examples=200, deadline=None)
@given(ANY_TEXT)
def test_any_literal_is_one_ntriples_line_that_parses_back(value):
    line = f"<http://x/s> <http://x/p> {rdf.literal(value, lang='en')} ."
    assert len(line.splitlines()) == 1
    parsed_back = next(iter(ox.parse(line.encode("utf-8"), format=ox.RdfFormat.N_TRIPLES)))
    assert parsed_back.object.value == value
    # and the same body is a JSON string with the same meaning (what graph.jsonld copies)
    assert json.loads(rdf.literal(value)) == value
