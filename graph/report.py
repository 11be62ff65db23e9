"""A one-page Markdown report of a graph (after relate.enrich): the top concepts per type, the
communities, the papers that bridge anchors, the nearest-neighbour pairs and the comparison
tables."""

from pathlib import Path

from . import compare, defaults, io, model, relate

REPORT_NAME = "report.md"


def anchors_of(graph, paper):
    """The anchors whose lists hold ``paper`` (an anchor holds itself)."""
    if graph.nodes[paper]["role"] == model.ANCHOR:
        return {paper}
    return {a for _, a, d in graph.out_edges(paper, data=True) if d["kind"] == model.RELATED_TO}


def listed_bridges(graph):
    """[(paper, [anchor nodes])] for papers related to more than one anchor."""
    found = [(p, sorted(anchors_of(graph, p))) for p in model.papers(graph, model.RELATED)]
    return [(p, anchors) for p, anchors in found if len(anchors) > 1]


def similar_bridges(graph):
    """SIMILAR_TO edges (u, v, data) between papers of different anchors' lists (no anchor in
    common), best first."""
    return [(u, v, d) for u, v, d in relate.similar_edges(graph)
            if not anchors_of(graph, u) & anchors_of(graph, v)]


def top_concepts(graph, concept_type, limit):
    """[(label, papers)] of the ``limit`` concepts of a type most papers mention."""
    nodes = graph.nodes
    ranked = sorted(model.concepts(graph, concept_type),
                    key=lambda c: (-nodes[c]["papers"], nodes[c]["label"], c))
    return [(nodes[c]["label"], nodes[c]["papers"]) for c in ranked[:limit]]


def labels(graph, nodes, limit=None):
    shown = [compare.cell(graph.nodes[n]["label"]) for n in nodes]
    if limit is not None and len(shown) > limit:
        return "; ".join(shown[:limit]) + f"; … ({len(shown) - limit} more)"
    return "; ".join(shown) or "—"


def pair_rows(graph, edges, limit):
    rows = ["| Paper | Paper | Score | Concepts | Text | Shared concepts (best first) |",
            "|---|---|---|---|---|---|"]
    for u, v, d in edges[:limit]:
        rows.append(f"| {labels(graph, [u])} | {labels(graph, [v])} | {d['score']:.3f} | "
                    f"{d['concept_score']:.3f} | {d['text_score']:.3f} | "
                    f"{labels(graph, d['shared'], 6)} |")
    return rows


def plural(count, one, many=None):
    return f"{count} {one if count == 1 else many or one + 's'}"


def render(graph):
    """The report of an enriched graph, as Markdown text."""
    papers, concepts = model.papers(graph), model.concepts(graph)
    similar = relate.similar_edges(graph)
    cooccurs = sum(d["kind"] == model.CO_OCCURS for _, _, d in graph.edges(data=True))
    communities = graph.graph.get("communities", [])
    by_type = {t: len(model.concepts(graph, t)) for t in model.CONCEPT_TYPES}
    out = [
        "# paperkg report", "",
        f"{len(papers)} papers ({len(model.papers(graph, model.ANCHOR))} anchors, "
        f"{len(model.papers(graph, model.RELATED))} related), {len(concepts)} concepts "
        f"({by_type['problem']} problems, {by_type['method']} methods, "
        f"{by_type['hardware']} hardware), {plural(len(similar), 'similarity edge')}, "
        f"{plural(cooccurs, 'co-occurrence edge')}, "
        f"{plural(len(communities), 'community', 'communities')}.", "",
        "## Top concepts", "",
        "| # | Problem (papers) | Method (papers) | Hardware (papers) |", "|---|---|---|---|",
    ]
    limit = defaults.REPORT_TOP_CONCEPTS
    columns = [top_concepts(graph, t, limit) for t in ("problem", "method", "hardware")]
    for rank in range(max(map(len, columns), default=0)):
        cells = [f"{compare.cell(col[rank][0])} ({col[rank][1]})" if rank < len(col) else ""
                 for col in columns]
        out.append(f"| {rank + 1} | " + " | ".join(cells) + " |")

    out += ["", "## Communities", "",
            "Louvain communities of papers and concepts, named by their most characteristic "
            "concepts.", "",
            "| # | Name | Papers | Concepts | Member papers |", "|---|---|---|---|---|"]
    single = 0
    for community in communities:
        members = community["members"]
        member_papers = [m for m in members if graph.nodes[m]["kind"] == model.PAPER]
        if len(member_papers) < 2:
            single += 1
            continue
        out.append(f"| {community['id']} | {compare.cell(community['name'])} | "
                   f"{len(member_papers)} | {len(members) - len(member_papers)} | "
                   f"{labels(graph, member_papers, defaults.REPORT_COMMUNITY_MEMBERS)} |")
    if single:
        out += ["", f"{single} more communities hold at most one paper each (with the concepts "
                    f"only it mentions)."]

    out += ["", "## Papers that bridge anchors", ""]
    listed = listed_bridges(graph)
    for paper, anchors in listed:
        out.append(f"- **{labels(graph, [paper])}** (`{paper}`) is listed under "
                   f"{' and '.join(labels(graph, [a]) for a in anchors)}.")
    if not listed:
        out.append("- No paper is listed under more than one anchor.")
    across = similar_bridges(graph)
    out += ["", f"Most similar pairs across anchors' lists ({len(across)} similarity edges "
                f"join papers of different lists):", ""]
    out += pair_rows(graph, across, defaults.REPORT_TOP_PAIRS)

    out += ["", "## Nearest neighbours", "",
            "The most similar pairs of papers (score = "
            f"{defaults.CONCEPT_WEIGHT} x idf-weighted concept cosine + "
            f"{round(1 - defaults.CONCEPT_WEIGHT, 4)} x TF-IDF text cosine):", ""]
    out += pair_rows(graph, similar, defaults.REPORT_TOP_PAIRS)

    out += ["", "## Comparison of the anchors' lists", ""]
    out.append(compare.render_markdown(graph, compare.comparison(graph),
                                       limit=defaults.REPORT_TOP_CONCEPTS * 2, heading="###"))
    return "\n".join(out).rstrip("\n") + "\n"


def write_report(graph, out_dir):
    """Write ``report.md`` of an enriched graph to ``out_dir`` (atomically); returns its path."""
    path = Path(out_dir) / REPORT_NAME
    io.write_atomic(path, render(graph))
    return path
