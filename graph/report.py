"""A one-page Markdown report of a graph (after relate.enrich): the top concepts per type, the
concepts rolled up by their broader term, the concepts that rose most in the last years (when
papers have years), the communities, the papers that bridge anchors, the nearest-neighbour pairs
and the comparison tables.

Rising concepts: with Y the latest year of a paper, the recent papers are those of the last
``RISING_RECENT_YEARS`` years (Y - RISING_RECENT_YEARS + 1 to Y), the earlier ones those before.
A concept's rise is its share of the recent papers minus its share of the earlier papers (the
fraction of each group that mentions it), for the concepts at least ``RISING_MIN_PAPERS`` recent
papers mention; largest rise first, then more recent papers, then by label. Only papers with a
year count; without both recent and earlier papers the report says nothing of it.
"""

from collections import Counter, defaultdict
from pathlib import Path

from . import appearance, compare, defaults, io, model, relate

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
    """[(label, papers)] of the ``limit`` concepts of a type of most weight
    (``model.concept_weight``: papers times specificity)."""
    nodes = graph.nodes
    ranked = sorted(model.concepts(graph, concept_type),
                    key=lambda c: (-model.concept_weight(nodes[c]), nodes[c]["label"], c))
    return [(nodes[c]["label"], nodes[c]["papers"]) for c in ranked[:limit]]


def paper_years(graph):
    """{paper: year} of the corpus papers that have a year."""
    return {p: d["year"] for p, d in graph.nodes(data=True)
            if d["kind"] == model.PAPER and d.get("role") != model.CITED
            and d.get("year") is not None}


def rising_concepts(graph, recent_years=defaults.RISING_RECENT_YEARS,
                    min_papers=defaults.RISING_MIN_PAPERS):
    """[{concept, recent, earlier, recent_share, earlier_share, rise}] of the concepts whose share
    of the papers rose most (see the module docstring), largest rise first; [] when the papers
    do not span both periods."""
    years = paper_years(graph)
    if not years:
        return []
    start = max(years.values()) - recent_years + 1
    recent_total = sum(year >= start for year in years.values())
    earlier_total = len(years) - recent_total
    if not earlier_total:
        return []
    recent, earlier = Counter(), Counter()
    for paper, concept, _ in model.concept_edges(graph):
        if paper in years:
            (recent if years[paper] >= start else earlier)[concept] += 1
    found = []
    for concept, count in recent.items():
        rise = count / recent_total - earlier[concept] / earlier_total
        if count >= min_papers and rise > 0:
            found.append({"concept": concept, "recent": count, "earlier": earlier[concept],
                          "recent_share": count / recent_total,
                          "earlier_share": earlier[concept] / earlier_total, "rise": rise})
    nodes = graph.nodes
    return sorted(found, key=lambda r: (-r["rise"], -r["recent"], nodes[r["concept"]]["label"],
                                        r["concept"]))


def rising_section(graph, limit=defaults.REPORT_RISING_CONCEPTS,
                   recent_years=defaults.RISING_RECENT_YEARS,
                   min_papers=defaults.RISING_MIN_PAPERS):
    """The Markdown lines of the rising concepts, [] when there is nothing to say."""
    rising = rising_concepts(graph, recent_years, min_papers)
    if not rising:
        return []
    years = paper_years(graph).values()
    start, latest = max(years) - recent_years + 1, max(years)
    period = f"{start}–{latest}" if latest > start else f"{start}"
    out = ["", "## Rising concepts", "",
           f"Concepts whose share of the papers rose most in {period} against the papers before "
           f"{start} (from {min(years)}); at least {min_papers} recent papers each.", "",
           "| # | Concept | Type | Papers before | Papers since | Share before | Share since | "
           "First year |", "|---|---|---|---|---|---|---|---|"]
    for rank, row in enumerate(rising[:limit], 1):
        data = graph.nodes[row["concept"]]
        first = data.get("first_year")
        out.append(f"| {rank} | {compare.cell(data['label'])} | {data['concept_type']} | "
                   f"{row['earlier']} | {row['recent']} | {row['earlier_share']:.1%} | "
                   f"{row['recent_share']:.1%} | {first if first is not None else '—'} |")
    return out


def broader_groups(graph, min_narrower=defaults.REPORT_ROLLUP_MIN_NARROWER):
    """The concepts rolled up by the SKOS hierarchy of the RDF export (``rdf.concept_table``:
    a concept's broader term is the longest ending of its label that is a concept or a term of
    the field's word lists): [{"term", "label", "type", "papers", "narrower"}] for every broader
    term with at least ``min_narrower`` narrower concepts, where papers counts the papers that
    mention the term or any concept under it and narrower is [(label, papers)] of its direct
    narrower concepts, most papers first; the terms with most papers first."""
    from .export.rdf import concept_table

    table = concept_table(graph)
    mentioning, below = defaultdict(set), defaultdict(list)
    for paper, concept, _ in model.concept_edges(graph):
        mentioning[concept].add(paper)
    for node, entry in table.items():
        if entry["broader"]:
            below[entry["broader"]].append(node)
    under = {}

    def papers_under(node):
        if node not in under:
            under[node] = set(mentioning.get(node, ())).union(
                *map(papers_under, below.get(node, ())))
        return under[node]

    def label(node):  # a word-list term that no paper mentions is not a node of the graph
        return graph.nodes[node]["label"] if node in graph else table[node]["pref"]

    groups = []
    for term, narrower in sorted(below.items()):
        if len(narrower) >= min_narrower:
            ranked = sorted(narrower, key=lambda n: (-len(papers_under(n)), label(n), n))
            groups.append({"term": term, "label": label(term), "type": table[term]["types"][0],
                           "papers": len(papers_under(term)),
                           "narrower": [(label(n), len(papers_under(n))) for n in ranked]})
    return sorted(groups, key=lambda g: (-g["papers"], g["label"], g["term"]))


def rollup_section(graph, limit=defaults.REPORT_ROLLUP_TERMS,
                   shown=defaults.REPORT_ROLLUP_NARROWER):
    """The Markdown lines of the concepts rolled up by their broader term."""
    groups = broader_groups(graph)
    out = ["", "## Concepts by broader term", "",
           "The concepts rolled up by the SKOS hierarchy of the RDF export (`skos:broader`: the "
           "longest ending of a concept's label that is itself a concept or a term of the "
           "field's word lists); papers counts the papers that mention the broader term or any "
           "concept under it.", ""]
    if not groups:
        return out + ["No broader term has two narrower concepts."]
    out += ["| # | Broader term | Type | Papers | Narrower concepts (papers) |",
            "|---|---|---|---|---|"]
    for rank, group in enumerate(groups[:limit], 1):
        narrower = [f"{compare.cell(label)} ({count})" for label, count in group["narrower"]]
        if len(narrower) > shown:
            narrower = narrower[:shown] + [f"… ({len(narrower) - shown} more)"]
        out.append(f"| {rank} | {compare.cell(group['label'])} | {group['type']} | "
                   f"{group['papers']} | {'; '.join(narrower)} |")
    if len(groups) > limit:
        out += ["", f"{len(groups) - limit} more broader terms group two or more concepts."]
    return out


def labels(graph, nodes, limit=None):
    shown = [compare.cell(graph.nodes[n]["label"]) for n in nodes]
    if limit is not None and len(shown) > limit:
        return "; ".join(shown[:limit]) + f"; … ({len(shown) - limit} more)"
    return "; ".join(shown) or "—"


def reference_labels(graph, references, limit):
    """Shared references as the report names them: a node's label, a work key as it is."""
    shown = [compare.cell(graph.nodes[r]["label"] if r in graph else r) for r in references]
    if len(shown) > limit:
        return "; ".join(shown[:limit]) + f"; … ({len(shown) - limit} more)"
    return "; ".join(shown) or "—"


def has_citation_scores(edges):
    return any(d.get("coupling_score") is not None or d.get("cocitation_score") is not None
               for _, _, d in edges)


def pair_rows(graph, edges, limit, citations=False):
    """A Markdown table of similar pairs; with ``citations``, the citation measures and the
    shared references too."""
    header = "| Paper | Paper | Score | Concepts | Text |"
    if citations:
        header += " Coupling | Co-citation |"
    rows = [header + " Shared concepts (best first) |" + (" Shared references |" if citations
                                                           else ""),
            "|---" * (6 + 3 * citations) + "|"]

    def measure(value):
        return "—" if value is None else f"{value:.3f}"

    for u, v, d in edges[:limit]:
        row = (f"| {labels(graph, [u])} | {labels(graph, [v])} | {d['score']:.3f} | "
               f"{d['concept_score']:.3f} | {d['text_score']:.3f} |")
        if citations:
            row += (f" {measure(d.get('coupling_score'))} | "
                    f"{measure(d.get('cocitation_score'))} |")
        row += f" {labels(graph, d['shared'], 6)} |"
        if citations:
            row += f" {reference_labels(graph, d.get('shared_references', ()), 4)} |"
        rows.append(row)
    return rows


def plural(count, one, many=None):
    return f"{count} {one if count == 1 else many or one + 's'}"


def render(graph):
    """The report of an enriched graph, as Markdown text."""
    papers, concepts = model.papers(graph), model.concepts(graph)
    similar = relate.similar_edges(graph)
    cooccurs = sum(d["kind"] == model.CO_OCCURS for _, _, d in graph.edges(data=True))
    communities = graph.graph.get("communities", [])
    types = model.shown_types(graph)
    by_type = ", ".join(plural(len(model.concepts(graph, t)), appearance.kind_label(t).lower(),
                               appearance.kind_plural(t).lower()) for t in types)
    out = [
        "# paperkg report", "",
        f"{len(papers)} papers ({len(model.papers(graph, model.ANCHOR))} anchors, "
        f"{len(model.papers(graph, model.RELATED))} related), {len(concepts)} concepts "
        f"({by_type}), {plural(len(similar), 'similarity edge')}, "
        f"{plural(cooccurs, 'co-occurrence edge')}, "
        f"{plural(len(communities), 'community', 'communities')}.", "",
        "## Top concepts", "",
        "Ranked by papers times specificity, so that the field's own terms come before generic "
        "words.", "",
        "| # | " + " | ".join(f"{appearance.kind_label(t)} (papers)" for t in types) + " |",
        "|---|" + "---|" * len(types),
    ]
    limit = defaults.REPORT_TOP_CONCEPTS
    columns = [top_concepts(graph, t, limit) for t in types]
    for rank in range(max(map(len, columns), default=0)):
        cells = [f"{compare.cell(col[rank][0])} ({col[rank][1]})" if rank < len(col) else ""
                 for col in columns]
        out.append(f"| {rank + 1} | " + " | ".join(cells) + " |")
    out += rollup_section(graph)
    out += rising_section(graph)

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
    citations = has_citation_scores(similar)
    out += pair_rows(graph, across, defaults.REPORT_TOP_PAIRS, citations)

    formula = (f"{defaults.CONCEPT_WEIGHT} x idf-weighted concept cosine + "
               f"{round(1 - defaults.CONCEPT_WEIGHT, 4)} x TF-IDF text cosine")
    if citations:
        formula = (f"({formula} + {defaults.COUPLING_WEIGHT} x bibliographic coupling + "
                   f"{defaults.COCITATION_WEIGHT} x co-citation) / (1 + the citation weights "
                   f"that apply; a citation measure applies when both papers cite, or are "
                   f"cited)")
    out += ["", "## Nearest neighbours", "",
            f"The most similar pairs of papers (score = {formula}):", ""]
    out += pair_rows(graph, similar, defaults.REPORT_TOP_PAIRS, citations)

    out += ["", "## Comparison of the anchors' lists", ""]
    out.append(compare.render_markdown(graph, compare.comparison(graph),
                                       limit=defaults.REPORT_TOP_CONCEPTS * 2, heading="###"))
    return "\n".join(out).rstrip("\n") + "\n"


def write_report(graph, out_dir):
    """Write ``report.md`` of an enriched graph to ``out_dir`` (atomically); returns its path."""
    path = Path(out_dir) / REPORT_NAME
    io.write_atomic(path, render(graph))
    return path
