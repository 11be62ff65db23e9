"""How the anchors' lists compare: for each anchor, its related papers x the problems, methods and
hardware they mention (and datasets and metrics, where the graph holds any), and the concepts its
list shares with the other lists or has alone."""

from paperkg.extract.errors import PaperkgError

from . import appearance, io, model


class UnknownAnchor(PaperkgError):
    """``--anchor`` matches no anchor paper."""


def list_position(graph, paper, anchor):
    """(line, id) of ``paper`` in ``anchor``'s list file, so rows follow the list's order."""
    anchor_file = graph.nodes[anchor]["sources"][0].rsplit(":", 1)[0]
    for source in graph.nodes[paper]["sources"]:
        path, _, line = source.rpartition(":")
        if path == anchor_file and line.isdigit():
            return int(line), paper
    return float("inf"), paper


def anchor_lists(graph):
    """{anchor node: [its related paper nodes, in list order]}, anchors in graph order."""
    lists = {anchor: [] for anchor in model.papers(graph, model.ANCHOR)}
    for paper, anchor, data in graph.edges(data=True):
        if data["kind"] == model.RELATED_TO and anchor in lists:
            lists[anchor].append(paper)
    return {a: sorted(ps, key=lambda p: list_position(graph, p, a)) for a, ps in lists.items()}


def find_anchors(graph, query):
    """The anchors ``query`` names: a paper id (with or without ``paper/``), or a
    case-insensitive part of an anchor's title or label."""
    anchors = model.papers(graph, model.ANCHOR)
    wanted = query.strip().lower()
    found = [a for a in anchors if wanted in (a.lower(), a.lower().removeprefix("paper/"))]
    found = found or [a for a in anchors if wanted and (
        wanted in graph.nodes[a]["title"].lower() or wanted in graph.nodes[a]["label"].lower())]
    if not found:
        names = ", ".join(graph.nodes[a]["label"] for a in anchors)
        raise UnknownAnchor(f"no anchor matches {query!r} (anchors: {names})")
    return found


def concepts_by_type(graph, paper):
    """{type: [concept labels]} that ``paper`` mentions, each in order of first mention (every
    type of ``model.TYPE_ORDER`` a key)."""
    cells = {t: [] for t in model.TYPE_ORDER}
    found = []
    for _, concept, data in graph.out_edges(paper, data=True):
        if data["kind"] in model.MENTION_KINDS:
            first = min((m["start"] for m in data["mentions"]), default=0)
            found.append((first, graph.nodes[concept]["label"], concept))
    for _, label, concept in sorted(found):
        cells.setdefault(graph.nodes[concept]["concept_type"], []).append(label)
    return cells


def list_concepts(graph, papers):
    """{concept node: how many of ``papers`` mention it}."""
    counts = {}
    for paper in papers:
        for _, concept, data in graph.out_edges(paper, data=True):
            if data["kind"] in model.MENTION_KINDS:
                counts[concept] = counts.get(concept, 0) + 1
    return counts


def comparison(graph, anchor=None):
    """One table per anchor (those ``anchor`` names, else all): {anchor, label, title, rows,
    shared, only, bridges}. rows: {paper, label, other_anchors, and a list of labels per concept
    type}; shared / only: the concepts (nodes) of this list that papers of other lists (those not
    in this list) also mention / do not, of most weight here first (``model.concept_weight`` of
    the papers of this list that mention it); bridges: papers of this list that other anchors
    list too."""
    lists = anchor_lists(graph)
    chosen = find_anchors(graph, anchor) if anchor else list(lists)
    counts = {a: list_concepts(graph, papers) for a, papers in lists.items()}
    tables = []
    for a in chosen:
        others = {p for o, papers in lists.items() if o != a for p in papers} - set(lists[a])
        elsewhere = set(list_concepts(graph, sorted(others)))
        ranked = sorted(counts[a], key=lambda c: (-model.concept_weight(graph.nodes[c], counts[a][c]),
                                                  graph.nodes[c]["label"], c))
        rows = []
        for paper in lists[a]:
            others = [o for o, papers in lists.items() if o != a and paper in papers]
            rows.append({"paper": paper, "label": graph.nodes[paper]["label"],
                         **concepts_by_type(graph, paper),
                         "other_anchors": [graph.nodes[o]["label"] for o in others]})
        tables.append({
            "anchor": a, "label": graph.nodes[a]["label"], "title": graph.nodes[a]["title"],
            "rows": rows,
            "shared": [c for c in ranked if c in elsewhere],
            "only": [c for c in ranked if c not in elsewhere],
            "bridges": [row["paper"] for row in rows if row["other_anchors"]],
        })
    return tables


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def concept_list(graph, concepts, limit=None):
    labels = [graph.nodes[c]["label"] for c in concepts]
    if limit is not None and len(labels) > limit:
        return ", ".join(labels[:limit]) + f", … ({len(labels) - limit} more)"
    return ", ".join(labels) or "—"


def render_markdown(graph, tables, limit=None, heading="##"):
    """The tables as Markdown: per anchor a table (one row per related paper) and its shared
    and own concepts (at most ``limit`` of each, if given)."""
    types = model.shown_types(graph)
    out = []
    for table in tables:
        out.append(f"{heading} {cell(table['label'])}: {len(table['rows'])} related papers\n")
        out.append(f"Anchor: {cell(table['title'])} (`{table['anchor']}`)\n")
        out.append("| # | Paper | " + " | ".join(map(appearance.kind_plural, types)) + " |")
        out.append("|---|---|" + "---|" * len(types))
        for number, row in enumerate(table["rows"], start=1):
            label = cell(row["label"])
            if row["other_anchors"]:
                label += f" (also under {', '.join(map(cell, row['other_anchors']))})"
            cells = ["; ".join(map(cell, row[t])) or "—" for t in types]
            out.append(f"| {number} | {label} | " + " | ".join(cells) + " |")
        out.append("")
        bridges = ", ".join(f"{cell(graph.nodes[p]['label'])} (`{p}`)" for p in table["bridges"])
        out.append(f"- Also listed under other anchors: {bridges or '—'}")
        out.append(f"- Concepts shared with other lists ({len(table['shared'])}): "
                   f"{cell(concept_list(graph, table['shared'], limit))}")
        out.append(f"- Concepts only in this list ({len(table['only'])}): "
                   f"{cell(concept_list(graph, table['only'], limit))}")
        out.append("")
    return "\n".join(out)


# A column per concept type, always all of them (a CSV's columns do not depend on its rows).
TYPE_FIELDS = {t: appearance.kind_plural(t).lower() for t in model.TYPE_ORDER}
CSV_FIELDS = ["anchor", "anchor_label", "paper", "label", *TYPE_FIELDS.values(), "other_anchors"]


def render_csv(tables):
    """The tables as CSV, one line per (anchor, related paper); lists joined with ``;``."""
    rows = [{"anchor": table["anchor"], "anchor_label": table["label"], "paper": row["paper"],
             "label": row["label"], **{field: row[t] for t, field in TYPE_FIELDS.items()},
             "other_anchors": row["other_anchors"]}
            for table in tables for row in table["rows"]]
    return io.csv_text(rows, CSV_FIELDS)
