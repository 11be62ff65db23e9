"""The example queries for citations and years, run on the mixed-format fixture folder
(tests/fixtures/readers/mixed, whose README lists the citations its records imply: 5 between
corpus papers, plus one work outside the corpus that P1 and P6 both cite)."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

from paperkg.graph.cli import cli

from conftest import FIXTURES


@pytest.fixture(scope="module")
def mixed_export(tmp_path_factory):
    out = tmp_path_factory.mktemp("mixed")
    result = CliRunner().invoke(cli, ["build", str(FIXTURES / "readers" / "mixed"), "--out",
                                      str(out), "--quiet", "--workers", "1"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return out / "graph.nt"


def rows(graph, example, tmp_path):
    result = CliRunner().invoke(cli, ["query", str(graph), "--example", example, "--format",
                                      "csv"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return list(csv.DictReader(io.StringIO(result.stdout)))


def test_most_cited_counts_the_citations_the_records_imply(mixed_export, tmp_path):
    found = {row["label"]: int(row["citations"]) for row in rows(mixed_export, "most-cited",
                                                                  tmp_path)}
    assert found["EQuARX"] == 2                # P6 and P7 cite P1
    assert found["FedVSR"] == 2                # P1 and P6 cite P5
    assert found["openalex:W2963403868"] == 2  # outside the corpus, cited twice: a node
    assert sum(found.values()) == 5 + 2        # every CITES edge, nothing invented


def test_papers_citing_the_anchor(mixed_export, tmp_path):
    found = rows(mixed_export, "papers-citing-anchors", tmp_path)
    assert {row["anchorLabel"] for row in found} == {"EQuARX"}
    assert len(found) == 2


def test_concepts_of_citing_papers_and_by_year(mixed_export, tmp_path):
    cited = rows(mixed_export, "concepts-of-citing-papers", tmp_path)
    assert {row["citedLabel"] for row in cited} >= {"EQuARX", "FedVSR"}
    assert all(int(row["citingPapers"]) >= 1 for row in cited)
    by_year = rows(mixed_export, "concepts-by-year", tmp_path)
    assert by_year and {row["year"] for row in by_year} <= {"2024", "2025"}


def test_concepts_by_year_counts_the_papers_of_the_most_mentioned_concepts(mixed_export,
                                                                            tmp_path):
    """The example picks its 100 concepts by the paper count the build states; read back from the
    GraphML, each row's count is the number of that year's papers linked to the concept, and
    every concept more papers mention than the 100th is there. (A prefLabel is spelled as its
    concept's id, the GraphML node's.)"""
    import networkx as nx

    from paperkg.extract.normalise import slug

    graph = nx.read_graphml(mixed_export.parent / "graph.graphml")
    years = {}
    for paper, node, data in graph.edges(data=True):
        year = graph.nodes[paper].get("year")
        if graph.nodes[node].get("kind") == "concept" and data["kind"] != "CO_OCCURS" and year:
            years.setdefault(node, {}).setdefault(str(year), set()).add(paper)
    found = rows(mixed_export, "concepts-by-year", tmp_path)
    counted = {("concept/" + slug(row["conceptLabel"]), row["year"]): int(row["papers"])
               for row in found}
    assert counted == {(node, year): len(years[node][year]) for node, year in counted}
    papers = sorted((data["papers"] for _, data in graph.nodes(data=True)
                     if data.get("kind") == "concept"), reverse=True)
    assert len(papers) > 100  # the LIMIT leaves some out
    listed = {node for node, _ in counted}
    assert len(listed) <= 100
    assert {node for node, by in years.items() if len(set().union(*by.values())) > papers[99]} \
        <= listed


def cited_works(out):
    """{cited-work node: how many corpus papers cite it} of an export, read from its GraphML."""
    import networkx as nx

    graph = nx.read_graphml(out / "graph.graphml")
    return {node: sum(1 for source, _, d in graph.in_edges(node, data=True) if d["kind"] == "CITES")
            for node, data in graph.nodes(data=True) if data.get("role") == "cited"}


def test_min_cited_decides_which_outside_works_become_nodes(mixed_export, tmp_path):
    """The mixed folder plus a Semantic Scholar record citing one work nobody else cites: by
    default only the work two papers cite is a node; with --min-cited 1 the other is one too,
    with --min-cited 3 neither."""
    import shutil

    folder = tmp_path / "inputs"
    shutil.copytree(FIXTURES / "readers" / "mixed", folder)
    (folder / "extra.jsonl").write_text(json.dumps({
        "paperId": "0123456789abcdef0123456789abcdef01234567",
        "title": "Gradient Compression for Data-Parallel Training",
        "abstract": "We compress gradients with top-k sparsification to reduce communication in "
                    "data-parallel training on GPU clusters.",
        "year": 2024, "references": [{"paperId": "fedcba9876543210fedcba9876543210fedcba98"}],
    }) + "\n", encoding="utf-8")
    found = {}
    for n in (1, 2, 3):
        out = tmp_path / f"min-{n}"
        result = CliRunner().invoke(cli, ["build", str(folder), "--out", str(out), "--quiet",
                                          "--workers", "1", "--min-cited", str(n)],
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        found[n] = cited_works(out)
        assert all(count >= n for count in found[n].values()), found[n]
    assert found[2] == cited_works(mixed_export.parent) and list(found[2].values()) == [2]
    assert sorted(found[1].values()) == [1, 2] and set(found[2]) < set(found[1])
    assert found[3] == {}
