"""SPARQL over the export (graph/sparql.py, `paperkg query`): every example query gives the same
answers as a second engine (pyoxigraph), each output format is right, a malformed query is one
line naming its line and column with exit status 2."""

import csv
import io
import json
import re
from collections import Counter
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from click.testing import CliRunner

from paperkg.graph import sparql
from paperkg.graph.export import rdf
from paperkg.graph.cli import cli

from test_rdf import fixture_graph

FIXTURES = Path(__file__).resolve().parent / "fixtures"
OX_FORMAT = {".ttl": ox.RdfFormat.TURTLE, ".nt": ox.RdfFormat.N_TRIPLES, ".jsonld": ox.RdfFormat.JSON_LD}


def write_export(graph, folder):
    for name, text in rdf.serialise(graph).items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def export_dir(tmp_path_factory):
    return write_export(fixture_graph(), tmp_path_factory.mktemp("export"))


@pytest.fixture(scope="module")
def seed_export_dir(seed_graph, tmp_path_factory):
    return write_export(seed_graph, tmp_path_factory.mktemp("seed_export"))


def run_cli(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout_bytes.decode("utf-8"), result.stderr


def value_key(kind, value):
    """A binding value as compared across engines: numbers by value, GROUP_CONCAT lists as
    sorted parts (their order is not defined by SPARQL), IRIs and strings as they are."""
    if kind == "literal":
        try:
            return ("number", round(float(value), 6))
        except ValueError:
            return ("literal", "; ".join(sorted(value.split("; "))))
    return (kind, value)


def paperkg_rows(path, name):
    """The example's answers as `paperkg query --format json` gives them."""
    code, out, err = run_cli("query", path, "--example", name, "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    rows = Counter(tuple(sorted((var, value_key(b["type"], b["value"])) for var, b in row.items()))
                   for row in data["results"]["bindings"])
    return data["head"]["vars"], rows


def oxigraph_rows(path, text, variables):
    store = ox.Store()
    store.load(path=str(path), format=OX_FORMAT[path.suffix])
    rows = Counter()
    for solution in store.query(text):
        row = []
        for var in variables:
            term = solution[var]
            if term is not None:
                kind = ("uri" if isinstance(term, ox.NamedNode)
                        else "bnode" if isinstance(term, ox.BlankNode) else "literal")
                row.append((var, value_key(kind, term.value)))
        rows[tuple(sorted(row))] += 1
    return rows


RDFLIB_FORMAT = {".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld"}


def rdflib_rows(graph, text, variables):
    """The answers of a second engine, rdflib, on the same file (paperkg queries with Oxigraph)."""
    rows = Counter()
    for solution in graph.query(text):
        row = []
        for var in variables:
            term = solution[var]
            if term is not None:
                kind = ("uri" if isinstance(term, rdflib.URIRef)
                        else "bnode" if isinstance(term, rdflib.BNode) else "literal")
                row.append((var, value_key(kind, str(term))))
        rows[tuple(sorted(row))] += 1
    return rows


def assert_engines_agree(path, second_engine=False):
    """Every example's answers through `paperkg query` equal pyoxigraph's on the same file
    and, with ``second_engine``, rdflib's."""
    answered = 0
    graph = rdflib.Graph().parse(path, format=RDFLIB_FORMAT[path.suffix]) if second_engine else None
    for name, (_, text) in sparql.examples().items():
        variables, ours = paperkg_rows(path, name)
        assert ours == oxigraph_rows(path, text, variables), name
        if second_engine:
            assert ours == rdflib_rows(graph, text, variables), name
        answered += bool(ours)
    return answered


@pytest.mark.parametrize("name", ["graph.ttl", "graph.nt", "graph.jsonld"])
def test_every_example_agrees_with_pyoxigraph(export_dir, name):
    answered = assert_engines_agree(export_dir / name)
    assert answered >= 10  # most examples have answers on the fixture graph


def test_every_example_agrees_with_pyoxigraph_on_the_seed_export(seed_export_dir):
    path = seed_export_dir / "graph.ttl"
    assert assert_engines_agree(path, second_engine=True) >= 10


def test_query_reports_the_seed_numbers(seed_export_dir):
    code, out, err = run_cli("query", seed_export_dir / "graph.nt", "--example", "summary", "--format", "csv")
    assert code == 0, err
    row = next(csv.DictReader(io.StringIO(out)))
    assert (row["papers"], row["anchors"], row["related"], row["anchorRelations"],
            row["papersWithoutConcepts"]) == ("41", "2", "39", "40", "0")
    code, out, _ = run_cli("query", seed_export_dir / "graph.ttl", "--example", "bridge-papers",
                           "--format", "json")
    bridges = json.loads(out)["results"]["bindings"]
    assert len(bridges) >= 1 and all(int(b["anchors"]["value"]) == 2 for b in bridges)


def test_examples_are_listed_with_the_question_each_answers():
    known = sparql.examples()
    assert len(known) >= 10
    for name, (question, text) in known.items():
        assert text.startswith("# ") and question.endswith("?"), name
    code, out, _ = run_cli("query", "--list-examples")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(known)


def test_table_format(export_dir):
    code, out, _ = run_cli("query", export_dir / "graph.ttl", "--example", "bridge-papers")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].split() == ["paper", "label", "anchors", "anchorLabels"]
    assert set(lines[1]) <= {"-", " "}
    assert lines[2].startswith("paper:p0e7a41d5c53a906e ") and "ACCO; SimpleFSDP" in lines[2]
    assert lines[-1] == "(1 row)"


def test_csv_format_is_sparql_results_csv(export_dir):
    code, out, _ = run_cli("query", export_dir / "graph.ttl", "--example", "evidence", "--format", "csv")
    assert code == 0 and out.endswith("\r\n")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    assert list(rows[0]) == ["paperLabel", "exact", "start", "end", "sentence"]
    awkward = next(r for r in rows if r["exact"] == "GPU")
    assert awkward["sentence"].startswith('In the evolving landscape of "neural network" models')
    assert "\\ GPU, <2×" in awkward["sentence"]


def test_tsv_format_is_sparql_results_tsv(export_dir):
    code, out, _ = run_cli("query", export_dir / "graph.ttl", "--example", "bridge-papers", "--format", "tsv")
    header, row = out.rstrip("\n").split("\n")
    assert header.split("\t") == ["?paper", "?label", "?anchors", "?anchorLabels"]
    paper, label, anchors, labels = row.split("\t")
    assert paper == f"<{rdf.defaults.BASE_IRI}paper/p0e7a41d5c53a906e>"
    assert label.startswith('"') and anchors == "2" and labels == '"ACCO; SimpleFSDP"'


def test_tsv_escapes_tabs_and_newlines(export_dir):
    text = ('PREFIX dcterms: <http://purl.org/dc/terms/> SELECT ?abstract WHERE '
            '{ ?p dcterms:abstract ?abstract FILTER CONTAINS(?abstract, "张量") }')
    code, out, _ = run_cli("query", export_dir / "graph.ttl", text, "--format", "tsv")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert "\\n" in lines[1] and '\\"neural network\\"' in lines[1] and lines[1].endswith('"@en')


def test_json_format_is_sparql_results_json(export_dir):
    code, out, _ = run_cli("query", export_dir / "graph.jsonld", "--example", "top-concepts", "--format", "json")
    data = json.loads(out)
    assert data["head"]["vars"] == ["type", "concept", "label", "papers"]
    first = data["results"]["bindings"][0]
    assert first["concept"]["type"] == "uri"
    assert first["label"]["type"] == "literal" and first["label"]["xml:lang"] == "en"
    assert first["papers"]["datatype"] == "http://www.w3.org/2001/XMLSchema#integer"


def test_ask_and_construct(export_dir):
    code, out, _ = run_cli("query", export_dir / "graph.ttl", "ASK { ?p a pkg:AnchorPaper }", "--format", "json")
    assert json.loads(out) == {"head": {}, "boolean": True}
    code, out, _ = run_cli("query", export_dir / "graph.ttl",
                           "CONSTRUCT { ?a pkg:relatedPaper ?p } WHERE { ?a pkg:relatedPaper ?p }",
                           "--format", "csv")
    assert code == 0 and len(out.splitlines()) == 5


def test_a_malformed_query_is_one_line_with_line_and_column(export_dir):
    code, out, err = run_cli("query", export_dir / "graph.ttl", "SELECT ?p WHERE {\n  ?p a pkg:Method\n  FILTER( }")
    assert code == 2 and out == ""
    # Oxigraph names where it found it could not go on: the end of "FILTER( }"
    assert re.fullmatch(r"query:3:12: malformed SPARQL query: .+\n", err)


def test_a_malformed_query_file_names_the_file(export_dir):
    bad = FIXTURES / "sparql_bad_query.rq"
    code, _, err = run_cli("query", export_dir / "graph.ttl", "--file", bad)
    assert code == 2
    # the FILTER opened on line 4 is still open at the closing brace of line 5
    assert re.fullmatch(re.escape(str(bad)) + r":5:2: malformed SPARQL query: .+\n", err)


def test_an_unknown_prefix_is_located(export_dir):
    code, _, err = run_cli("query", export_dir / "graph.ttl", "SELECT ?x\nWHERE { ?x a foo:Bar }")
    assert (code, err) == (2, "query:2:14: malformed SPARQL query: unknown prefix 'foo:' (add a PREFIX line)\n")


def test_a_bad_graph_file_is_one_line(export_dir):
    bad = FIXTURES / "sparql_bad_graph.ttl"
    code, _, err = run_cli("query", bad, "--example", "summary")
    assert code == 2 and err == f"{bad}:2: not valid turtle: Unexpected end of file\n"
    code, _, err = run_cli("query", export_dir / "missing.ttl", "--example", "summary")
    assert code == 2 and err.endswith("missing.ttl:0: no such file\n")


def test_usage_errors(export_dir):
    code, _, err = run_cli("query", export_dir / "graph.ttl")
    assert code == 2 and "give exactly one of QUERY, --file Q.rq or --example NAME" in err
    code, _, err = run_cli("query", export_dir / "graph.ttl", "--example", "nope")
    assert code == 2 and err.startswith("unknown example 'nope'; known: ")
