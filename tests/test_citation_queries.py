"""The example queries for citations and years, run on the mixed-format fixture folder
(tests/fixtures/readers/mixed, whose README lists the citations its records imply: 5 between
corpus papers, plus one work outside the corpus that P1 and P6 both cite)."""

import csv
import io

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
