"""`paperkg compare` and `paperkg report` as a user runs them on the seeds."""

import csv
import io
import re

import pytest
from click.testing import CliRunner

from paperkg.extract import pipeline
from paperkg.graph import appearance, compare, model, report
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


def held_types(graph):
    """The concept types the graph holds concepts of."""
    return {d["concept_type"] for _, d in graph.nodes(data=True) if d["kind"] == "concept"}


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
    held = held_types(seed_graph)
    extra = "".join(f" {title} |" for kind, title in (("dataset", "Datasets"), ("metric", "Metrics"))
                    if kind in held)  # a column for a further type only where the seeds hold one
    assert header == "| # | Paper | Problems | Methods | Hardware |" + extra
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
        "--anchor 'no such paper': matches no paper read (give a paper id, a DOI, an arXiv id "
        "or a part of a title)"]


def test_an_empty_anchor_is_a_usage_error_not_every_anchor(run):
    result = run("compare", SEEDS, "--anchor", "", "-q")
    assert result.exit_code == 2 and result.stdout == ""
    assert "an empty value would match every paper" in result.stderr


def test_report_names_the_bridge_communities_and_tables(run, seed_graph, tmp_path):
    result = run("report", SEEDS, "--out", tmp_path, "-q")
    assert result.exit_code == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]  # nothing half-written left
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    sections = [line for line in text.splitlines() if line.startswith("## ")]
    assert sections == ["## Top concepts", "## Concepts by broader term", "## Communities",
                        "## Papers that bridge anchors", "## Nearest neighbours",
                        "## Comparison of the anchors' lists"]
    bridge = report.listed_bridges(seed_graph)[0][0]
    bridges = text.split("## Papers that bridge anchors")[1].split("## Nearest neighbours")[0]
    assert f"(`{bridge}`) is listed under SimpleFSDP and ACCO." in bridges
    for community in seed_graph.graph["communities"]:
        if sum(m.startswith("paper/") for m in community["members"]) > 1:
            assert f"| {community['id']} | {compare.cell(community['name'])} |" in text
    assert "### SimpleFSDP: 20 related papers" in text and "### ACCO: 20 related papers" in text
    summary = text.splitlines()[2]  # "... 158 concepts (55 problems, ..., 1 metric), ..."
    for kind in sorted(held_types(seed_graph)):
        count = len(model.concepts(seed_graph, kind))
        word = appearance.kind_label(kind).lower() if count == 1 else appearance.kind_plural(kind).lower()
        assert re.search(rf"[( ]{count} {word}[,)]", summary)  # "1 metric", not "1 metrics"
    top = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    held = held_types(seed_graph)
    # the top problem, method and hardware, each with its count, and of each further type held
    assert top.count(")") == 3 + len(held & {"dataset", "metric"})

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


def dated_records(seed_records):
    """The seeds with years: the ACCO list's papers from 2019-2022, SimpleFSDP's (and the
    paper under both) from 2023-2025, one paper undated."""
    ordered = sorted(seed_records, key=lambda r: r["id"])
    acco = next(r["id"] for r in ordered if r["role"] == "anchor" and r["title"].startswith("ACCO"))
    out = []
    for i, record in enumerate(ordered):
        early = record["id"] == acco or record["anchors"] == [acco]
        year = (2019 + i % 4) if early else (2023 + i % 3)
        out.append(dict(record, year=None if i == 5 else year))
    return out


def expected_rising(graph, records, min_papers):
    """The rising concepts by the definition: share of the 2024-2025 papers minus share of the
    earlier ones; (-rise, -recent, label, concept, earlier papers, recent papers), in order."""
    years = {model.paper_node(r["id"]): r["year"] for r in records if r["year"] is not None}
    recent = {p for p, y in years.items() if y >= 2024}
    earlier = set(years) - recent
    mentioned = {}
    for paper, concept, _ in model.concept_edges(graph):
        mentioned.setdefault(concept, set()).add(paper)
    expected = []
    for concept, papers in mentioned.items():
        now, before = len(papers & recent), len(papers & earlier)
        rise = now / len(recent) - before / len(earlier)
        if now >= min_papers and rise > 0:
            expected.append((-rise, -now, graph.nodes[concept]["label"], concept, before, now))
    return sorted(expected)


def test_rising_concepts_follow_their_definition(seed_records, nlp):
    from paperkg.graph import build

    records = dated_records(seed_records)
    graph = build.make_graph(records, nlp)
    expected = expected_rising(graph, records, min_papers=1)
    assert len(expected) >= 5
    found = report.rising_concepts(graph, min_papers=1)
    assert [r["concept"] for r in found] == [e[3] for e in expected]
    assert [(r["earlier"], r["recent"]) for r in found] == [e[4:] for e in expected]
    assert [r["rise"] for r in found] == pytest.approx([-e[0] for e in expected])


def test_report_lists_the_concepts_that_rose_in_the_last_years(seed_records, nlp):
    from paperkg.graph import build, defaults

    records = dated_records(seed_records)
    graph = build.make_graph(records, nlp)
    text = report.render(graph)
    sections = [line for line in text.splitlines() if line.startswith("## ")]
    assert sections[:4] == ["## Top concepts", "## Concepts by broader term", "## Rising concepts",
                            "## Communities"]
    rising = text.split("## Rising concepts")[1].split("## Communities")[0]
    assert "rose most in 2024–2025 against the papers before 2024 (from 2019)" in rising
    expected = expected_rising(graph, records, defaults.RISING_MIN_PAPERS)
    assert expected, "some concept rises in these years"
    rows = [[c.strip() for c in line.split("|")[1:-1]] for line in rising.splitlines()
            if line.startswith("| ") and line.split("|")[1].strip().isdigit()]
    assert len(rows) == min(len(expected), defaults.REPORT_RISING_CONCEPTS)
    years = {model.paper_node(r["id"]): r["year"] for r in records if r["year"] is not None}
    for row, (_, _, label, concept, before, now) in zip(rows, expected):
        assert row[1] == compare.cell(label)
        assert row[2] == graph.nodes[concept]["concept_type"]
        assert (int(row[3]), int(row[4])) == (before, now)
        mentioning = [p for p, c, _ in model.concept_edges(graph) if c == concept and p in years]
        assert row[7] == str(min(years[p] for p in mentioning))


def test_report_without_earlier_years_says_nothing_of_rising_concepts(seed_records, nlp):
    from paperkg.graph import build

    same_year = [dict(r, year=2025) for r in seed_records]
    text = report.render(build.make_graph(same_year, nlp))
    assert "Rising concepts" not in text and "rose" not in text


def test_report_names_shared_references_when_papers_cite(seed_records, nlp):
    from paperkg.graph import build

    related = sorted((r for r in seed_records if r["role"] == "related"), key=lambda r: r["id"])
    shared = ["doi:10.5555/classic.one", "doi:10.5555/classic.two"]
    cite = {related[0]["id"]: shared, related[1]["id"]: shared}
    graph = build.make_graph([dict(r, references=cite.get(r["id"], [])) for r in seed_records],
                             nlp)
    text = report.render(graph)
    nearest = text.split("## Nearest neighbours")[1].split("## Comparison")[0]
    assert "bibliographic coupling" in nearest
    header = next(line for line in nearest.splitlines() if line.startswith("| Paper"))
    assert header.endswith("| Coupling | Co-citation | Shared concepts (best first) | "
                           "Shared references |")
    row = next(line for line in nearest.splitlines() if "doi:10.5555/classic.one" in line)
    cells = [c.strip() for c in row.split("|")[1:-1]]
    assert cells[5] == "1.000" and cells[6] == "—"
    assert cells[-1] == "doi:10.5555/classic.one; doi:10.5555/classic.two"


def test_datasets_and_metrics_get_their_own_columns_where_the_graph_holds_them(seed_graph):
    """A list whose papers name a dataset and a metric: compare and report show a Datasets and a
    Metrics column (the seeds name none, so their tables keep three), the CSV always has both."""
    graph = seed_graph.copy()
    anchor = anchor_named(graph, "ACCO")
    paper = related_to(graph, anchor)[0]
    for concept_type, label in (("dataset", "ImageNet"), ("metric", "perplexity")):
        node = model.concept_node(label.lower())
        graph.add_node(node, kind=model.CONCEPT, concept_type=concept_type, label=label,
                       alt_labels=[], papers=1, specificity=1.0)
        graph.add_edge(paper, node, key=model.MENTION_EDGE[concept_type],
                       kind=model.MENTION_EDGE[concept_type], weight=1.0,
                       mentions=[{"text": label, "start": 0, "end": len(label)}])
    tables = compare.comparison(graph, anchor)
    markdown = compare.render_markdown(graph, tables)
    header = next(line for line in markdown.splitlines() if line.startswith("| # |"))
    assert header == "| # | Paper | Problems | Methods | Hardware | Datasets | Metrics |"
    at = [row["paper"] for row in tables[0]["rows"]].index(paper)
    cells = [cell.strip() for cell in table_rows(markdown)[at].split("|")]
    assert cells[-3:-1] == ["ImageNet", "perplexity"]
    rows = list(csv.DictReader(io.StringIO(compare.render_csv(tables))))
    assert (rows[at]["datasets"], rows[at]["metrics"]) == ("ImageNet", "perplexity")
    assert {row["datasets"] for i, row in enumerate(rows) if i != at} == {""}
    assert report.top_concepts(graph, "dataset", 5) == [("ImageNet", 1)]
    plain = compare.render_markdown(seed_graph, compare.comparison(seed_graph, anchor))
    assert "| # | Paper | Problems | Methods | Hardware |" in plain


def test_top_concepts_put_specific_terms_before_generic_words(seed_graph):
    """Two problems mentioned by as many papers: the specific term ranks first."""
    graph = seed_graph.copy()
    for label, specificity in (("performance", 0.2), ("gradient staleness", 0.9)):
        graph.add_node(model.concept_node(label.replace(" ", "-")), kind=model.CONCEPT,
                       concept_type="problem", label=label, alt_labels=[], papers=40,
                       specificity=specificity)
    top = [label for label, _ in report.top_concepts(graph, "problem", 2)]
    assert top == ["gradient staleness", "performance"]


def test_report_rolls_concepts_up_by_their_broader_term(seed_graph):
    """Every narrower concept listed has the term as its skos:broader in the RDF export, and the
    term's papers are those mentioning it or anything under it: at least as many as any of its
    narrower concepts, at most the sum over all of them and the term itself."""
    from paperkg.graph.export import rdf

    groups = report.broader_groups(seed_graph)
    table = rdf.concept_table(seed_graph)
    assert len(groups) >= 3
    by_label = {seed_graph.nodes[node]["label"] if node in seed_graph else entry["pref"]: node
                for node, entry in table.items()}
    papers = {}
    for paper, concept, _ in model.concept_edges(seed_graph):
        papers.setdefault(concept, set()).add(paper)
    for group in groups:
        assert len(group["narrower"]) >= 2
        for label, count in group["narrower"]:
            assert table[by_label[label]]["broader"] == group["term"], (label, group["label"])
            assert count <= group["papers"]
        assert group["papers"] <= len(papers.get(group["term"], ())) + sum(
            count for _, count in group["narrower"])
    parallelism = next(g for g in groups if g["label"] == "parallelism")
    assert {"algorithmic parallelism", "tensor parallelism"} <= {label for label, _ in
                                                                  parallelism["narrower"]}
    text = report.render(seed_graph)
    rolled = text.split("## Concepts by broader term")[1].split("## ")[0]
    assert "| 1 | " in rolled and "parallelism" in rolled
