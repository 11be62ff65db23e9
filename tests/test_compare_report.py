"""`paperkg compare` and `paperkg report` as a user runs them on the seeds."""

import csv
import io

import pytest
from click.testing import CliRunner

from paperkg.extract import pipeline
from paperkg.graph import compare, model, report
from paperkg.graph.cli import cli

from conftest import SEEDS


@pytest.fixture
def run(nlp, monkeypatch):
    """The CLI, with the session's spaCy pipeline instead of loading the model again."""
    monkeypatch.setattr(pipeline, "make_nlp", lambda *args, **kwargs: nlp)

    def invoke(*args):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


def anchor_named(graph, name):
    return next(a for a in model.papers(graph, model.ANCHOR) if graph.nodes[a]["label"] == name)


def related_to(graph, anchor):
    return [p for p, a, d in graph.edges(data=True)
            if d["kind"] == model.RELATED_TO and a == anchor]


def table_rows(markdown):
    return [line for line in markdown.splitlines() if line.startswith("| ") and
            line.split("|")[1].strip().isdigit()]


def test_compare_markdown_has_a_row_per_related_paper_of_the_anchor(run, seed_graph):
    result = run("compare", SEEDS, "--anchor", "acco", "-q")
    assert result.exit_code == 0, result.stderr
    anchor = anchor_named(seed_graph, "ACCO")
    related = related_to(seed_graph, anchor)
    rows = table_rows(result.stdout)
    assert len(rows) == len(related) == 20
    assert result.stdout.startswith("## ACCO: 20 related papers")
    assert "SimpleFSDP:" not in result.stdout  # only the chosen anchor's table
    header = next(line for line in result.stdout.splitlines() if line.startswith("| # |"))
    assert header == "| # | Paper | Problems | Methods | Hardware |"
    # the cells are the concepts each paper mentions, by type
    tables = compare.comparison(seed_graph, anchor)
    for row, line in zip(tables[0]["rows"], rows):
        cells = [c.strip() for c in line.split("|")[1:-1]]
        assert cells[1].startswith(compare.cell(row["label"]))
        for concept_type, text in zip(("problem", "method", "hardware"), cells[2:]):
            assert text == ("; ".join(map(compare.cell, row[concept_type])) or "—")
    assert any(any(cell.strip() != "—" for cell in line.split("|")[3:6]) for line in rows)


def test_compare_shared_section_names_the_bridge_and_splits_the_concepts(run, seed_graph):
    result = run("compare", SEEDS, "-q")
    assert result.exit_code == 0, result.stderr
    bridge = report.listed_bridges(seed_graph)[0][0]
    label = seed_graph.nodes[bridge]["label"]
    also = [line for line in result.stdout.splitlines()
            if line.startswith("- Also listed under other anchors:")]
    assert len(also) == 2 and all(label in line and bridge in line for line in also)
    assert sum(f"{label} (also under" in line for line in table_rows(result.stdout)) == 2

    simple_fsdp, acco = compare.comparison(seed_graph)
    assert simple_fsdp["shared"] and simple_fsdp["only"] and acco["only"]
    # shared: this list mentions it and so does a paper of the other list that is not in this
    # one; the bridge's own concepts (no other paper mentions them) do not make the lists alike
    lists = compare.anchor_lists(seed_graph)
    mentioned = {a: compare.list_concepts(seed_graph, [p for p in papers if p != bridge])
                 for a, papers in lists.items()}
    fsdp_anchor, acco_anchor = (t["anchor"] for t in (simple_fsdp, acco))
    fsdp_all = compare.list_concepts(seed_graph, lists[fsdp_anchor])
    assert set(simple_fsdp["shared"]) == set(fsdp_all) & set(mentioned[acco_anchor])
    assert set(simple_fsdp["shared"]) | set(simple_fsdp["only"]) == set(fsdp_all)
    bridge_only = set(compare.list_concepts(seed_graph, [bridge])) - set(mentioned[acco_anchor]) \
        - set(mentioned[fsdp_anchor])
    assert bridge_only and not bridge_only & set(simple_fsdp["shared"])
    assert bridge_only <= set(simple_fsdp["only"]) & set(acco["only"])
    first_shared = seed_graph.nodes[simple_fsdp["shared"][0]]["label"]
    assert f"- Concepts shared with other lists ({len(simple_fsdp['shared'])}): {first_shared}" \
        in result.stdout


def test_compare_csv_has_a_line_per_anchor_and_paper(run, seed_graph):
    result = run("compare", SEEDS, "--format", "csv", "-q")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == compare.CSV_FIELDS
    assert len(rows) == 40  # 20 + 20, the bridge once under each anchor
    bridge = report.listed_bridges(seed_graph)[0][0]
    assert [r["anchor_label"] for r in rows if r["paper"] == bridge] == ["SimpleFSDP", "ACCO"]


def test_unknown_anchor_is_one_line_and_exit_2(run):
    result = run("compare", SEEDS, "--anchor", "no such paper", "-q")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "no anchor matches 'no such paper' (anchors: SimpleFSDP, ACCO)"]


def test_report_names_the_bridge_communities_and_tables(run, seed_graph, tmp_path):
    result = run("report", SEEDS, "--out", tmp_path, "-q")
    assert result.exit_code == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]  # nothing half-written left
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    sections = [line for line in text.splitlines() if line.startswith("## ")]
    assert sections == ["## Top concepts", "## Communities", "## Papers that bridge anchors",
                        "## Nearest neighbours", "## Comparison of the anchors' lists"]
    bridge = report.listed_bridges(seed_graph)[0][0]
    bridges = text.split("## Papers that bridge anchors")[1].split("## Nearest neighbours")[0]
    assert f"(`{bridge}`) is listed under SimpleFSDP and ACCO." in bridges
    for community in seed_graph.graph["communities"]:
        if sum(m.startswith("paper/") for m in community["members"]) > 1:
            assert f"| {community['id']} | {compare.cell(community['name'])} |" in text
    assert "### SimpleFSDP: 20 related papers" in text and "### ACCO: 20 related papers" in text
    top = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    assert top.count(")") == 3  # the top problem, method and hardware, each with its count

    again = tmp_path / "again"
    assert run("report", SEEDS, "--out", again, "-q").exit_code == 0
    assert (again / "report.md").read_bytes() == (tmp_path / "report.md").read_bytes()


def test_report_nearest_pairs_list_their_shared_concepts(seed_graph):
    text = report.render(seed_graph)
    nearest = text.split("## Nearest neighbours")[1].split("## Comparison")[0]
    rows = [line for line in nearest.splitlines()
            if line.startswith("| ") and "---" not in line][1:]
    assert rows
    best = report.relate.similar_edges(seed_graph)[0]
    first_shared = seed_graph.nodes[best[2]["shared"][0]]["label"]
    cells = [cell.strip() for cell in rows[0].split("|")[1:-1]]
    assert cells[2] == f"{best[2]['score']:.3f}"
    assert cells[-1].startswith(compare.cell(first_shared))
