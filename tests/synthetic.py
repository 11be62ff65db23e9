"""A synthetic knowledge graph of realistic shape, for tests and measurements at scale without
spaCy: fabricated paper records (titles, abstracts whose mentions point at the right text,
authors, years, venues, DOIs, references, which the model resolves into CITES edges and a
cited-work node) go through the real ``model.build_graph``; then what relatedness adds
(SIMILAR_TO, CO_OCCURS, communities, PageRank, concept years) is added the way it shapes it. Seeded: the same arguments give the same graph.

    python tests/synthetic.py 20000     # builds one and prints its size
"""

import math
import random
import sys

from paperkg.graph import model

WORDS = ("we study the of a for and in on with large scale training model models data "
         "results show that our approach improves over prior work across tasks this paper "
         "presents evaluation efficient memory compute throughput latency accuracy").split()
VENUES = ("NeurIPS", "ICML", "ICLR", "MLSys", "OSDI", "SOSP", "EuroSys", "ASPLOS", "SC", None)


def concept_types():
    """The concept types the model can build mention edges for."""
    return tuple(model.MENTION_EDGE)


def concept_label(number):
    """A readable, unique label: two or three pseudo words."""
    syllables = ("ka", "lo", "mi", "ne", "ru", "ta", "vo", "zen", "pi", "sa", "do", "fe")
    parts, n = [], number + 1
    while n:
        n, r = divmod(n, len(syllables))
        parts.append(syllables[r])
    return "".join(parts) + " " + ("net", "flow", "shard", "cache", "sched", "mesh")[number % 6]


def zipf_index(rng, size, exponent=1.1):
    """An index in [0, size) drawn with probability ~ 1 / (i + 1) ** exponent."""
    u = rng.random()
    # inverse of the continuous approximation of the truncated power law
    a = 1 - exponent
    top = (size + 1) ** a
    return min(size - 1, int((1 + u * (top - 1)) ** (1 / a)) - 1)


def records(papers=200, concepts=None, mentions=15, anchors=2, years=True, citations=True,
            seed=7, title_of=None):
    """Fabricated extracted records and concept rows: (records, concept_rows).

    Each paper mentions ``mentions`` concepts: a third of them new to it (so that ``concepts``,
    default 5 per paper, all get mentioned), the rest drawn from a power law, so that a few
    concepts are mentioned by thousands of papers and most by one, as in a real corpus.
    ``title_of`` (paper number -> title) overrides titles."""
    rng = random.Random(seed)
    concepts = concepts or 5 * papers
    types = concept_types()
    weights = [1 / (k + 1) for k in range(len(types))]  # more methods than hardware
    kinds = random.Random(seed).choices(types, weights, k=concepts)
    labels = [concept_label(i) for i in range(concepts)]
    ids = [labels[i].replace(" ", "-") for i in range(concepts)]
    fresh = max(1, concepts // papers)
    out, df = [], [0] * concepts
    for number in range(papers):
        picked = {number * fresh + k for k in range(fresh) if number * fresh + k < concepts}
        while len(picked) < mentions:
            picked.add(zipf_index(rng, concepts))
        text, found = [], []
        at = 0
        for concept in sorted(picked, key=lambda c: rng.random()):
            filler = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9))) + " "
            text.append(filler)
            at += len(filler)
            label = labels[concept]
            found.append((concept, at, at + len(label)))
            text.append(label + ". ")
            at += len(label) + 2
        abstract = "".join(text).strip()
        role = model.ANCHOR if number < anchors else model.RELATED
        title = title_of(number) if title_of else f"Paper {number}: " + " ".join(
            rng.choice(WORDS) for _ in range(6))
        analysed = title if role == model.ANCHOR else abstract
        concept_records = []
        for concept, start, end in sorted(found):
            if role == model.ANCHOR:  # anchors are analysed by title: no mentions in it
                continue
            df[concept] += 1
            concept_records.append({
                "id": ids[concept], "type": kinds[concept], "label": labels[concept],
                "mentions": [{"text": analysed[start:end], "start": start, "end": end}],
                "source": "synthetic", "score": 0.9})
        year = 2015 + (number * 7919) % 11 if years else None
        references = []
        if citations and number > 5:
            references = sorted({f"arxiv:synthetic.{rng.randrange(number)}"
                                 for _ in range(rng.randint(0, 4))}
                                | ({"doi:10.9999/classic.1"} if number % 3 == 0 else set()))
        out.append({
            "id": f"p{number:06d}", "role": role, "title": title, "abstract": abstract,
            "truncated": False, "anchors": [] if role == model.ANCHOR else
            [f"p{number % anchors:06d}"] if anchors else [],
            "sources": [f"synthetic.jsonl:{number + 1}"],
            "authors": [f"Author {number % 97}", f"Coauthor {number % 89}"] if years else [],
            "year": year, "venue": VENUES[number % len(VENUES)] if years else None,
            "doi": f"10.9999/p.{number}" if years and number % 2 else None,
            "arxiv": f"synthetic.{number}" if years else None,
            "url": f"https://example.org/p/{number}" if years else None,
            "references": references, "concepts": concept_records,
        })
    rows = [{"id": ids[i], "type": kinds[i], "label": labels[i], "alt_labels": [],
             "papers": df[i]} for i in range(concepts) if df[i]]
    return out, rows


def graph(papers=200, concepts=None, mentions=15, similar=3, cooccur=2, anchors=2, years=True,
          citations=True, seed=7, title_of=None):
    """The synthetic graph (see the module docstring): ``similar`` SIMILAR_TO edges per paper,
    ``cooccur`` CO_OCCURS edges per concept among the concepts several papers share."""
    recs, rows = records(papers, concepts, mentions, anchors, years=years, citations=citations,
                         seed=seed, title_of=title_of)
    built = model.build_graph(recs, rows, {"tool": "paperkg", "version": "synthetic"})
    rng = random.Random(seed + 1)
    paper_nodes = sorted(model.paper_node(r["id"]) for r in recs)
    for i, node in enumerate(paper_nodes):
        for _ in range(similar):
            other = paper_nodes[(i + 1 + rng.randrange(50)) % len(paper_nodes)]
            u, v = sorted((node, other))
            if u != v:
                score = round(0.1 + 0.8 * rng.random(), 4)
                built.add_edge(u, v, key=model.SIMILAR_TO, kind=model.SIMILAR_TO, weight=score,
                               score=score, concept_score=score, text_score=score, shared=[])
    shared = sorted((n for n in model.concepts(built) if built.nodes[n]["papers"] > 1),
                    key=lambda n: (-built.nodes[n]["papers"], n))
    for i, concept in enumerate(shared):
        for _ in range(cooccur):
            other = shared[zipf_index(rng, len(shared))]
            u, v = sorted((concept, other))
            if u != v:
                count = max(2, int(math.sqrt(min(built.nodes[u]["papers"],
                                                 built.nodes[v]["papers"]))))
                built.add_edge(u, v, key=model.CO_OCCURS, kind=model.CO_OCCURS, count=count,
                               strength=round(rng.random() * 3, 4), weight=1.0)
    add_years_and_ranks(built, years)
    return built


def add_years_and_ranks(built, years):
    """Concept first/mean years, communities and a PageRank-like centrality."""
    mentioned = {}
    for paper, concept, _ in model.concept_edges(built):
        year = built.nodes[paper].get("year")
        if year is not None:
            mentioned.setdefault(concept, []).append(year)
    for concept in model.concepts(built):
        found = mentioned.get(concept)
        built.nodes[concept]["first_year"] = min(found) if years and found else None
        built.nodes[concept]["mean_year"] = (round(sum(found) / len(found), 2)
                                             if years and found else None)
    total = built.number_of_edges() or 1
    for number, node in enumerate(sorted(built)):
        built.nodes[node]["pagerank"] = round((built.degree(node) + 1) / (2 * total), 6)
        built.nodes[node]["community"] = number % 7
    built.graph["communities"] = [{"id": c, "name": f"community {c}", "concepts": [],
                                   "members": [n for i, n in enumerate(sorted(built)) if i % 7 == c]}
                                  for c in range(7)]


def write_exports(made, out_dir, max_nodes=None, timings=None):
    """Write the HTML explorer and the Gephi files of ``made`` into ``out_dir``; returns
    {file name: sha256 of its bytes}. ``timings``, a dict, receives the wall and CPU seconds of
    each writer."""
    import hashlib
    import time
    from pathlib import Path

    from paperkg.graph import defaults, io
    from paperkg.graph.export import gephi, html

    timings = {} if timings is None else timings
    out = Path(out_dir)
    with io.OutputSet(out) as outputs:
        wall, cpu = time.perf_counter(), time.process_time()
        html.write(made, outputs.path("graph.html"), max_nodes=max_nodes or defaults.MAX_NODES)
        timings["html"] = (time.perf_counter() - wall, time.process_time() - cpu)
        wall, cpu = time.perf_counter(), time.process_time()
        gephi.write(made, outputs)
        timings["gephi"] = (time.perf_counter() - wall, time.process_time() - cpu)
        names = outputs.commit()
    return {name: hashlib.sha256((out / name).read_bytes()).hexdigest() for name in names}


if __name__ == "__main__":
    # python tests/synthetic.py N [OUT_DIR [MAX_NODES]]: build the graph of N papers and print
    # its size; given OUT_DIR, write its explorer and Gephi files there, print their sha256 as
    # JSON on stdout and the writers' wall/CPU seconds and the files' sizes on stderr.
    import json
    import os

    size = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    made = graph(size)
    if len(sys.argv) > 2:
        timings = {}
        digests = write_exports(made, sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else None,
                                timings)
        print(json.dumps(digests, sort_keys=True))
        sizes = {name: os.path.getsize(os.path.join(sys.argv[2], name)) for name in digests}
        print(f"{made.number_of_nodes()} nodes, {made.number_of_edges()} edges;",
              ", ".join(f"{k} {w:.1f} s wall, {c:.1f} s CPU" for k, (w, c) in timings.items()),
              ";", ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in sizes.items()), file=sys.stderr)
    else:
        kinds = {}
        for *_, d in made.edges(data=True):
            kinds[d["kind"]] = kinds.get(d["kind"], 0) + 1
        print(made.number_of_nodes(), "nodes", made.number_of_edges(), "edges", kinds)
