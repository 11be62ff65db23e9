"""Relatedness on top of the graph: which papers are close and why, which concepts go together,
how the field clusters, and which nodes are central.

- ``SIMILAR_TO`` (paper - paper): ``score = CONCEPT_WEIGHT * concept_score + (1 - CONCEPT_WEIGHT)
  * text_score``. ``concept_score`` is the cosine of the two papers' concept sets, each concept
  weighted by its inverse document frequency ``idf(c) = ln((1 + N) / df(c))`` (N papers, df(c)
  papers mentioning c), so a concept few papers mention counts more than ``deep learning``
  (which most mention: weight near 0). ``text_score`` is the cosine of the TF-IDF vectors of
  the papers' words (title and abstract, stop words dropped, sublinear term frequency
  ``1 + ln(tf)``, the same idf, L2-normalised). Each paper keeps its ``top_k`` best
  neighbours scoring at least ``threshold`` among the papers it shares a concept with; an edge
  is kept when either end keeps it. ``shared`` lists the shared concepts by their weight in
  the score (idf), best first.
- ``CO_OCCURS`` (concept - concept): ``count`` = papers mentioning both; ``strength`` =
  ``count * N / (df_i * df_j)``, the association strength of van Eck & Waltman (VOSviewer)
  normalised so that 1 is what independence would give: a pair of rare concepts that always
  appear together scores above two frequent concepts that meet as often as chance predicts.
- Communities: Louvain (networkx, seeded) on the undirected projection of the papers and the
  concepts at least two papers share (mention edges weighted by the concept's idf, similarity
  edges by their score); a concept only one paper mentions joins that paper's community.
  Numbered by size, then by first member; each named by its most characteristic concepts (how
  many of the community's papers mention the concept, times its idf).
- ``pagerank`` of every node on the projection of all papers and concepts plus RELATED_TO.
"""

import math
import re
from collections import Counter, defaultdict
from itertools import combinations

import networkx as nx
import numpy as np
from scipy import sparse

from . import defaults, model

_WORD = re.compile(r"[a-z][a-z0-9]*(?:[-'][a-z0-9]+)*")


def stop_words():
    from spacy.lang.en.stop_words import STOP_WORDS

    return STOP_WORDS


def idf(document_frequency, n_documents):
    """Inverse document frequency ``ln((1 + N) / df)``: near 0 for a term in every document,
    ``ln(1 + N)`` for a term in one."""
    return math.log((1 + n_documents) / document_frequency)


def paper_concepts(graph):
    """{paper node: set of the concept nodes it mentions}, for every paper."""
    held = {paper: set() for paper in model.papers(graph)}
    for paper, concept, _ in model.concept_edges(graph):
        held[paper].add(concept)
    return held


def document_frequency(held):
    """{concept node: how many papers mention it} over the papers' concept sets ``held``."""
    return Counter(c for concepts in held.values() for c in concepts)


def concept_weights(held):
    """{concept node: idf} over the papers' concept sets ``held``."""
    return {c: idf(df, len(held)) for c, df in document_frequency(held).items()}


def tokens(text, stop=frozenset()):
    return [w for w in _WORD.findall(text.lower()) if w not in stop and len(w) > 1]


def tfidf_vectors(texts):
    """{key: {term: weight}} L2-normalised TF-IDF vectors of ``texts`` ({key: str})."""
    stop = stop_words()
    counts = {key: Counter(tokens(text, stop)) for key, text in texts.items()}
    frequency = Counter(term for terms in counts.values() for term in terms)
    vectors = {}
    for key, terms in counts.items():
        vector = {t: (1 + math.log(n)) * idf(frequency[t], len(texts)) for t, n in terms.items()}
        vectors[key] = normalised(vector)
    return vectors


def normalised(vector):
    norm = math.sqrt(sum(v * v for v in vector.values()))
    return {k: v / norm for k, v in vector.items()} if norm else {}


def paper_text(data):
    return " ".join(part for part in (data["title"], data["abstract"]) if part)


def sparse_rows(vectors, keys):
    """A CSR matrix whose row i is the sparse vector ``vectors[keys[i]]``."""
    columns, indptr, indices, data = {}, [0], [], []
    for key in keys:
        for term, weight in vectors[key].items():
            indices.append(columns.setdefault(term, len(columns)))
            data.append(weight)
        indptr.append(len(indices))
    matrix = sparse.csr_matrix((np.array(data, dtype=float), indices, indptr),
                               shape=(len(keys), max(1, len(columns))))
    matrix.sort_indices()
    return matrix


def pair_dots(matrix, left, right, chunk=200_000):
    """The dot products of rows ``left[i]`` and ``right[i]`` of ``matrix``, for every i."""
    out = np.zeros(len(left))
    for start in range(0, len(left), chunk):
        rows = slice(start, start + chunk)
        product = matrix[left[rows]].multiply(matrix[right[rows]])
        out[rows] = np.asarray(product.sum(axis=1)).ravel()
    return out


def candidate_pairs(held, keys):
    """(left, right) index arrays into ``keys`` of every pair of papers sharing a concept."""
    index = {key: i for i, key in enumerate(keys)}
    holders = defaultdict(list)
    for key in keys:
        for concept in held[key]:
            holders[concept].append(index[key])
    codes = [np.zeros(0, dtype=np.int64)]
    for papers in holders.values():
        if len(papers) > 1:
            papers = np.array(sorted(papers), dtype=np.int64)
            first, second = np.triu_indices(len(papers), 1)
            codes.append(papers[first] * len(keys) + papers[second])
    codes = np.unique(np.concatenate(codes))
    return codes // max(1, len(keys)), codes % max(1, len(keys))


def similarities(graph, threshold=0.0, concept_weight=defaults.CONCEPT_WEIGHT,
                 digits=defaults.SCORE_DIGITS):
    """The pairs of papers sharing at least one concept and scoring at least ``threshold``:
    {(p1, p2): {score, concept_score, text_score, shared}} with p1 < p2, ``shared`` best first."""
    held = paper_concepts(graph)
    weights = concept_weights(held)
    keys = sorted(held)
    concepts = sparse_rows({p: normalised({c: weights[c] for c in sorted(held[p])})
                            for p in keys}, keys)
    texts = sparse_rows(tfidf_vectors({p: paper_text(graph.nodes[p]) for p in keys}), keys)
    left, right = candidate_pairs(held, keys)
    concept_scores = pair_dots(concepts, left, right)
    text_scores = pair_dots(texts, left, right)
    scores = concept_weight * concept_scores + (1 - concept_weight) * text_scores
    pairs = {}
    for i in np.flatnonzero(scores >= threshold - 10 ** -digits):
        score = round(float(scores[i]), digits)
        if score < threshold:
            continue
        p1, p2 = keys[left[i]], keys[right[i]]
        pairs[(p1, p2)] = {
            "score": score,
            "concept_score": round(float(concept_scores[i]), digits),
            "text_score": round(float(text_scores[i]), digits),
            "shared": sorted(held[p1] & held[p2], key=lambda c: (-weights[c], c)),
        }
    return pairs


def nearest_pairs(pairs, top_k=defaults.SIMILARITY_TOP_K,
                  threshold=defaults.SIMILARITY_THRESHOLD):
    """The pairs kept as SIMILAR_TO: each paper's ``top_k`` best partners scoring at least
    ``threshold`` (ties broken by id); a pair is kept when either paper keeps it. Sorted."""
    partners = defaultdict(list)
    for (p1, p2), pair in pairs.items():
        if pair["score"] >= threshold:
            partners[p1].append((-pair["score"], p2))
            partners[p2].append((-pair["score"], p1))
    kept = set()
    for paper, candidates in partners.items():
        for _, other in sorted(candidates)[:top_k]:
            kept.add(tuple(sorted((paper, other))))
    return sorted(kept)


def cooccurrences(graph, min_count=defaults.MIN_COOCCURRENCE, digits=defaults.SCORE_DIGITS):
    """{(c1, c2): {count, strength}} for concept pairs mentioned together by at least
    ``min_count`` papers; c1 < c2. strength = count * N / (df1 * df2), 1 = independence."""
    held = paper_concepts(graph)
    frequency = document_frequency(held)
    together = Counter(pair for concepts in held.values()
                       for pair in combinations(sorted(concepts), 2))
    return {
        (c1, c2): {"count": count,
                   "strength": round(count * len(held) / (frequency[c1] * frequency[c2]), digits)}
        for (c1, c2), count in sorted(together.items()) if count >= max(1, min_count)
    }


def projection(graph, related=False, shared_only=False):
    """The undirected weighted graph of papers and concepts: mention edges weighted by the
    concept's idf, SIMILAR_TO by score and, with ``related``, RELATED_TO (for PageRank). With
    ``shared_only`` it leaves out the concepts only one paper mentions (for communities). Built
    in graph order, so the same graph gives the same projection."""
    held = paper_concepts(graph)
    weights = concept_weights(held)
    frequency = document_frequency(held)
    simple = nx.Graph()
    simple.add_nodes_from(n for n in graph if not (shared_only and frequency.get(n) == 1))
    for paper, concept, _ in model.concept_edges(graph):
        if concept in simple:
            simple.add_edge(paper, concept, weight=weights[concept])
    for u, v, data in graph.edges(data=True):
        if data["kind"] == model.SIMILAR_TO or (related and data["kind"] == model.RELATED_TO):
            weight = data["weight"] + (simple[u][v]["weight"] if simple.has_edge(u, v) else 0)
            simple.add_edge(u, v, weight=weight)
    return simple


def communities(graph, seed=defaults.COMMUNITY_SEED, resolution=defaults.COMMUNITY_RESOLUTION):
    """Louvain communities of the papers and the concepts several papers share; a concept only
    one paper mentions joins that paper's community. [sorted member lists], largest first,
    then by first member."""
    found = nx.community.louvain_communities(projection(graph, shared_only=True),
                                             weight="weight", resolution=resolution, seed=seed)
    community_of = {node: number for number, group in enumerate(found) for node in group}
    groups = [set(group) for group in found]
    for paper, concept, _ in model.concept_edges(graph):
        if concept not in community_of:
            community_of[concept] = community_of[paper]
            groups[community_of[paper]].add(concept)
    groups = [sorted(group) for group in groups]
    return sorted(groups, key=lambda members: (-len(members), members[0]))


def characteristic_concepts(graph, members, held, weights):
    """The concept members of a community, most characteristic first: how many of the
    community's papers mention the concept, times its idf; then by label."""
    papers = {m for m in members if graph.nodes[m]["kind"] == model.PAPER}
    concepts = [m for m in members if graph.nodes[m]["kind"] == model.CONCEPT]

    def score(concept):  # a concept none of its papers mention (joined via others) counts half
        inside = sum(concept in held[p] for p in papers)
        return (inside or 0.5) * weights.get(concept, 1.0)

    return sorted(concepts, key=lambda c: (-score(c), graph.nodes[c]["label"], c))


def community_table(graph, groups, name_size=defaults.COMMUNITY_NAME_CONCEPTS):
    held = paper_concepts(graph)
    weights = concept_weights(held)
    table = []
    for number, members in enumerate(groups):
        ranked = characteristic_concepts(graph, members, held, weights)
        labels = [graph.nodes[c]["label"] for c in ranked[:name_size]]
        name = ", ".join(labels) if labels else graph.nodes[members[0]]["label"]
        table.append({"id": number, "name": name, "concepts": ranked, "members": members})
    return table


def pagerank(graph, digits=defaults.PAGERANK_DIGITS):
    ranks = nx.pagerank(projection(graph, related=True), weight="weight")
    return {node: round(rank, digits) for node, rank in ranks.items()}


def enrich(graph, top_k=defaults.SIMILARITY_TOP_K, threshold=defaults.SIMILARITY_THRESHOLD,
           min_count=defaults.MIN_COOCCURRENCE, seed=defaults.COMMUNITY_SEED):
    """Add SIMILAR_TO and CO_OCCURS edges, node attributes ``community`` and ``pagerank`` and
    the graph attribute ``communities`` to ``graph``, in place. Returns the graph."""
    pairs = similarities(graph, threshold)
    for p1, p2 in nearest_pairs(pairs, top_k, threshold):
        pair = pairs[(p1, p2)]
        graph.add_edge(p1, p2, key=model.SIMILAR_TO, kind=model.SIMILAR_TO, weight=pair["score"],
                       **pair)
    for (c1, c2), pair in cooccurrences(graph, min_count).items():
        graph.add_edge(c1, c2, key=model.CO_OCCURS, kind=model.CO_OCCURS,
                       weight=pair["strength"], **pair)
    table = community_table(graph, communities(graph, seed))
    for community in table:
        for member in community["members"]:
            graph.nodes[member]["community"] = community["id"]
    for node, rank in pagerank(graph).items():
        graph.nodes[node]["pagerank"] = rank
    graph.graph["communities"] = table
    return graph


def similar_edges(graph):
    """(p1, p2, data) for every SIMILAR_TO edge, best first."""
    edges = [(u, v, d) for u, v, d in graph.edges(data=True) if d["kind"] == model.SIMILAR_TO]
    return sorted(edges, key=lambda e: (-e[2]["score"], e[0], e[1]))
