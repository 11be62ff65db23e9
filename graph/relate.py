"""Relatedness on top of the graph: which papers are close and why, which concepts go together,
how the field clusters, which nodes are central, and when each concept was mentioned.

The papers analysed are the paper nodes of the corpus (role ``anchor`` or ``related``); works
outside the corpus that several papers cite (role ``cited``) have no text and take part only as
references. ``N`` is the number of papers analysed.

- ``SIMILAR_TO`` (paper - paper). Four measures, each a cosine in [0, 1]:

  * ``concept_score``: the cosine of the two papers' concept sets, each concept weighted by its
    inverse document frequency ``idf(c) = ln((1 + N) / df(c))`` (df(c) papers mention c), so a
    concept few papers mention counts more than ``deep learning`` (which most mention: weight
    near 0).
  * ``text_score``: the cosine of the TF-IDF vectors of the papers' words (title and abstract,
    stop words dropped, sublinear term frequency ``1 + ln(tf)``, the same idf, L2-normalised).
  * ``coupling_score`` (bibliographic coupling, Kessler 1963): ``|R(p) & R(q)| /
    sqrt(|R(p)| |R(q)|)``, R(p) the works p cites: the corpus papers and cited-work nodes it has
    ``CITES`` edges to plus the work keys of the works outside the corpus in its
    ``references``. Applies when both papers have references.
  * ``cocitation_score`` (co-citation, Small 1973): ``|C(p) & C(q)| / sqrt(|C(p)| |C(q)|)``,
    C(p) the corpus papers citing p. Applies when both papers are cited by corpus papers.

  ``score = (a * concept + (1 - a) * text + b * coupling + c * cocitation) / (1 + b + c)``
  with ``a = CONCEPT_WEIGHT``, ``b = COUPLING_WEIGHT`` and ``c = COCITATION_WEIGHT`` counted
  only where the measure applies to the pair (a weighted mean of the evidence there is, as
  Connected Papers mixes co-citation and coupling). Without citations ``b = c = 0`` and the
  score is ``a * concept + (1 - a) * text``, exactly as before citations existed.

  Candidates, without looking at every pair: ``M`` is the papers x features matrix ``[sqrt(a)
  * K | sqrt(b) * R | sqrt(c) * C]``: K the idf-weighted, L2-normalised concept rows keeping
  only the concepts at most ``max(CANDIDATE_MAX_DF, CANDIDATE_MAX_SHARE * N)`` papers mention
  (the rest have idf near 0 and would make almost every pair a candidate), R and C the
  L2-normalised 0/1 rows of the references and of the citing papers (same cap). ``M M^T`` is
  computed in blocks of rows small enough that a block's product holds at most
  ``CANDIDATE_BLOCK_ENTRIES`` entries; each paper keeps its ``CANDIDATE_TOP_K`` best partners
  there (ties by id). A pair is a candidate when either paper keeps it; only candidates get a
  text score and a full score (every concept counted, capped ones too). Each paper then keeps
  its ``top_k`` best candidates scoring at least ``threshold``; an edge is kept when either end
  keeps it. ``shared`` lists the shared concepts by their weight (idf), best first;
  ``shared_references`` the shared references (node ids or work keys), the ones fewest corpus
  papers cite first; ``cited_by_both`` the corpus papers citing both.
- ``CO_OCCURS`` (concept - concept): from the sparse product ``B^T B`` of the 0/1 papers x
  concepts matrix (its entries are bounded by the sum over papers of their concept count
  squared): ``count`` = papers mentioning both, kept from ``min_count``; ``strength`` =
  ``count * N / (df_i * df_j)``, the association strength of van Eck & Waltman (VOSviewer)
  normalised so that 1 is what independence would give: a pair of rare concepts that always
  appear together scores above two frequent concepts that meet as often as chance predicts.
- Communities: Louvain (igraph's ``community_multilevel``, seeded) on the undirected projection
  of the corpus papers and the concepts at least two papers share (mention edges weighted by
  the concept's idf, SIMILAR_TO edges by their score, CITES edges between corpus papers by 1);
  a concept only one paper mentions joins that paper's community, a cited work outside the
  corpus the community of most of the papers citing it (on a tie, the one Louvain found
  first). Keeping the cited works and their CITES edges out of Louvain keeps it small. Numbered
  by size, then by first member; each named by its most characteristic concepts (how many of
  the community's papers mention the concept, times its idf). Why igraph and not networkx's
  ``louvain_communities``: on the whole arXiv corpus (21.6K papers; a projection of about 25K
  nodes and 240K edges) networkx took about 18 s, half of the relatedness step and the largest
  single cost after the parse, where igraph's C implementation of the same method takes under a
  second (modularity 0.52-0.53 for both on the 4K and 16K extractions; Leiden 0.55 but slower).
  igraph draws from one global random generator: ``louvain`` sets it to a seeded one for the
  call, so the communities are the same at every run, hash seed and worker count.
- ``pagerank`` of every node on the projection of all papers and concepts plus RELATED_TO and
  CITES: networkx's power iteration (same parameters and arithmetic, so the same ranks) run
  on the projection's sparse matrix without building it as a networkx graph.
- Concept years: ``first_year`` and ``mean_year`` (rounded to YEAR_DIGITS) of the papers
  mentioning the concept that have a year; None when none has.

Every helper (the papers' concept sets, document frequencies, idf weights, matrices, citation
sets) is computed once per ``enrich`` into a ``Basis`` and passed along.
"""

import itertools
import math
import random
import re
from collections import Counter, defaultdict
from typing import NamedTuple

import igraph
import networkx as nx
import numpy as np
from scipy import sparse

from paperkg.extract.records import CITED

from . import defaults, model

_WORD = re.compile(r"[a-z][a-z0-9]*(?:[-'][a-z0-9]+)*")


class Basis(NamedTuple):
    """What every step of ``enrich`` reads, computed once from the graph (``basis(graph)``)."""
    papers: list            # the papers analysed, sorted: the row order of the matrices
    held: dict              # {paper: set of the concept nodes it mentions}
    mentions: list          # [(paper, concept)] every paper -> concept edge, in graph order
    frequency: Counter      # {concept: how many papers mention it}
    weights: dict           # {concept: idf}
    concepts: list          # the concepts papers mention, sorted: the columns of concept_matrix
    concept_matrix: object  # CSR papers x concepts, idf-weighted, rows L2-normalised
    references: dict        # {paper: set of the works it cites (node ids or work keys)}
    citers: dict            # {paper: set of the analysed papers citing it}
    cited_by: Counter       # {work: how many analysed papers cite it}


def stop_words():
    from spacy.lang.en.stop_words import STOP_WORDS

    return STOP_WORDS


def idf(document_frequency, n_documents):
    """Inverse document frequency ``ln((1 + N) / df)``: near 0 for a term in every document,
    ``ln(1 + N)`` for a term in one."""
    return math.log((1 + n_documents) / document_frequency)


def analysed_papers(graph):
    """The paper nodes whose text is analysed (not cited works outside the corpus), in graph
    order."""
    return [n for n, d in graph.nodes(data=True) if d["kind"] == model.PAPER
            and d.get("role") != CITED]


def paper_concepts(graph):
    """{paper node: set of the concept nodes it mentions}, for every paper analysed."""
    held = {paper: set() for paper in analysed_papers(graph)}
    for paper, concept, _ in model.concept_edges(graph):
        if paper in held:
            held[paper].add(concept)
    return held


def document_frequency(held):
    """{concept node: how many papers mention it} over the papers' concept sets ``held``."""
    return Counter(c for concepts in held.values() for c in concepts)


def concept_weights(held, frequency=None):
    """{concept node: idf} over the papers' concept sets ``held``."""
    frequency = document_frequency(held) if frequency is None else frequency
    return {c: idf(df, len(held)) for c, df in frequency.items()}


def edges_of_kinds(graph, kinds):
    """(u, v, kind) of the edges whose kind is in ``kinds``, in graph order (edges are keyed by
    their kind)."""
    return [(u, v, key) for u, neighbours in graph.adj.items()
            for v, keyed in neighbours.items() for key in keyed if key in kinds]


def citation_sets(graph, papers, cites=None):
    """({paper: set of works it cites}, {paper: set of analysed papers citing it}) for the
    analysed ``papers``: the works are CITES targets (node ids) and the work keys of the
    paper's ``references`` (works outside the corpus that have no node). ``cites``: the CITES
    edges, if already listed."""
    analysed = set(papers)
    references = {p: set(graph.nodes[p].get("references") or ()) for p in papers}
    citers = {p: set() for p in papers}
    for u, v, _ in edges_of_kinds(graph, {model.CITES}) if cites is None else cites:
        if u in analysed:
            references[u].add(v)
            if v in analysed:
                citers[v].add(u)
    return references, citers


def basis(graph):
    """The ``Basis`` of ``graph``: every helper relatedness reads, computed once."""
    papers = sorted(analysed_papers(graph))
    held = {paper: set() for paper in papers}
    mentions, cites = [], []
    for u, v, kind in edges_of_kinds(graph, {model.CITES, *model.MENTION_KINDS}):
        if kind == model.CITES:
            cites.append((u, v, kind))
        else:
            mentions.append((u, v))
            if u in held:
                held[u].add(v)
    frequency = document_frequency(held)
    weights = concept_weights(held, frequency)
    concepts = sorted(frequency)
    column = {c: i for i, c in enumerate(concepts)}
    matrix = sparse_rows([normalised({c: weights[c] for c in sorted(held[p])}) for p in papers],
                         column)
    references, citers = citation_sets(graph, papers, cites)
    cited_by = Counter(work for p in papers for work in references[p])
    return Basis(papers, held, mentions, frequency, weights, concepts, matrix, references,
                 citers, cited_by)


def has_citations(base):
    return any(base.references.values())


def tokens(text, stop=frozenset()):
    """The words of ``text``, lower case, without ``stop`` words and one-letter words."""
    return [w for w in _WORD.findall(text.lower()) if w not in stop and len(w) > 1]


def tfidf_matrix(texts):
    """CSR matrix whose row i is the L2-normalised TF-IDF vector of ``texts[i]`` (columns: the
    terms in order of first appearance)."""
    stop = stop_words()
    vocabulary = defaultdict(itertools.count().__next__)  # term -> column, on first sight
    terms, lengths = [], []
    for text in texts:
        found = tokens(text, stop)
        terms.extend(map(vocabulary.__getitem__, found))
        lengths.append(len(found))
    width = max(1, len(vocabulary))
    rows = np.repeat(np.arange(len(texts), dtype=np.int64), lengths)
    codes, counts = np.unique(rows * width + np.array(terms, dtype=np.int64),
                              return_counts=True)
    rows, columns = codes // width, codes % width
    frequency = np.bincount(columns, minlength=width)
    weights = (1 + np.log(counts)) * np.log((1 + len(texts)) / np.maximum(frequency[columns], 1))
    matrix = sparse.csr_matrix((weights, (rows, columns)), shape=(len(texts), width))
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    matrix = sparse.diags(np.divide(1, norms, out=np.zeros_like(norms), where=norms > 0)) @ matrix
    matrix.sort_indices()
    return matrix.tocsr()


def normalised(vector):
    norm = math.sqrt(sum(v * v for v in vector.values()))
    return {k: v / norm for k, v in vector.items()} if norm else {}


def paper_text(data):
    return " ".join(part for part in (data["title"], data["abstract"]) if part)


def sparse_rows(rows, columns):
    """A CSR matrix whose row i is the sparse vector ``rows[i]`` ({feature: weight}),
    ``columns`` mapping each feature to its column."""
    indptr, indices, data = [0], [], []
    for vector in rows:
        for feature, weight in vector.items():
            indices.append(columns[feature])
            data.append(weight)
        indptr.append(len(indices))
    matrix = sparse.csr_matrix((np.array(data, dtype=float), np.array(indices, dtype=np.int64),
                                np.array(indptr, dtype=np.int64)),
                               shape=(len(rows), max(1, len(columns))))
    matrix.sort_indices()
    return matrix


def set_rows(sets, papers, keep=None):
    """CSR matrix of L2-normalised 0/1 rows: row i holds ``sets[papers[i]]`` (restricted to the
    items in ``keep`` if given); columns are the sorted items."""
    items = sorted({x for p in papers for x in sets[p] if keep is None or x in keep})
    column = {x: i for i, x in enumerate(items)}
    rows = []
    for p in papers:
        held = sorted(x for x in sets[p] if keep is None or x in keep)
        rows.append({x: 1 / math.sqrt(len(held)) for x in held})
    return sparse_rows(rows, column)


def pair_dots(matrix, left, right, chunk=defaults.PAIR_CHUNK):
    """The dot products of rows ``left[i]`` and ``right[i]`` of ``matrix``, for every i."""
    out = np.zeros(len(left))
    for start in range(0, len(left), chunk):
        rows = slice(start, start + chunk)
        product = matrix[left[rows]].multiply(matrix[right[rows]])
        out[rows] = np.asarray(product.sum(axis=1)).ravel()
    return out


def pair_overlaps(sets, papers, left, right):
    """(the cosine of the two 0/1 sets, whether both are non-empty) for each pair of indices
    into ``papers``."""
    matrix = set_rows(sets, papers)
    sizes = np.diff(matrix.indptr)
    return pair_dots(matrix, left, right), (sizes[left] > 0) & (sizes[right] > 0)


def candidate_cap(n_papers, max_df=defaults.CANDIDATE_MAX_DF,
                  max_share=defaults.CANDIDATE_MAX_SHARE):
    """The most papers a concept (or reference) may be mentioned by (cited by) and still make
    candidates: ``max(max_df, max_share * N)``."""
    return max(max_df, max_share * n_papers)


def candidate_matrix(base, concept_weight=defaults.CONCEPT_WEIGHT,
                     coupling_weight=defaults.COUPLING_WEIGHT,
                     cocitation_weight=defaults.COCITATION_WEIGHT, cap=None):
    """``M = [sqrt(a) K | sqrt(b) R | sqrt(c) C]`` (see the module docstring), features more
    than ``cap`` papers hold left out."""
    n = len(base.papers)
    cap = candidate_cap(n) if cap is None else cap
    kept = [i for i, c in enumerate(base.concepts) if 1 < base.frequency[c] <= cap]
    blocks = [math.sqrt(concept_weight) * base.concept_matrix[:, kept]]
    for sets, weight in ((base.references, coupling_weight), (base.citers, cocitation_weight)):
        counts = Counter(x for p in base.papers for x in sets[p])
        if weight > 0 and counts:
            common = {x for x, count in counts.items() if 1 < count <= cap}
            blocks.append(math.sqrt(weight) * set_rows(sets, base.papers, common))
    matrix = sparse.hstack(blocks, format="csr")
    matrix.eliminate_zeros()
    return matrix


def row_blocks(matrix, max_entries=defaults.CANDIDATE_BLOCK_ENTRIES):
    """[(start, stop)] row ranges of ``matrix`` whose product with ``matrix.T`` holds at most
    ``max_entries`` entries (bounded by the rows' sum of their features' document frequency),
    one row at least."""
    present = matrix.copy()
    present.data[:] = 1
    frequency = np.asarray(present.sum(axis=0)).ravel()
    bound = np.asarray(present @ frequency).ravel()
    blocks, start, total = [], 0, 0
    for row, entries in enumerate(bound):
        if row > start and total + entries > max_entries:
            blocks.append((start, row))
            start, total = row, 0
        total += entries
    if start < matrix.shape[0]:
        blocks.append((start, matrix.shape[0]))
    return blocks


def top_per_row(rows, columns, values, k):
    """The positions of each row's ``k`` largest values (ties by column)."""
    order = np.lexsort((columns, -values, rows))
    ranked = rows[order]
    first = np.searchsorted(ranked, ranked, side="left")
    return order[np.arange(len(order)) - first < k]


def best_partners(product, start, k):
    """(rows, columns) of each row's ``k`` largest entries of the CSR block ``product`` (rows
    ``start``...), the diagonal left out, ties broken by the smaller column."""
    rows, columns = [], []
    indptr, indices, data = product.indptr, product.indices, product.data
    for offset in range(product.shape[0]):
        row = start + offset
        entries = slice(indptr[offset], indptr[offset + 1])
        cols, vals = indices[entries], data[entries]
        other = (cols != row) & (vals > 0)
        cols, vals = cols[other], vals[other]
        if len(cols) > k:
            kth = np.partition(vals, len(vals) - k)[len(vals) - k]
            tied = np.flatnonzero(vals == kth)
            tied = tied[np.argsort(cols[tied], kind="stable")[:k - int((vals > kth).sum())]]
            cols = np.concatenate([cols[vals > kth], cols[tied]])
        rows.append(np.full(len(cols), row, dtype=np.int64))
        columns.append(cols.astype(np.int64))
    empty = np.zeros(0, dtype=np.int64)
    return np.concatenate(rows or [empty]), np.concatenate(columns or [empty])


def candidate_pairs(base, candidate_k=defaults.CANDIDATE_TOP_K, cap=None,
                    max_entries=defaults.CANDIDATE_BLOCK_ENTRIES, **weights):
    """(left, right) index arrays into ``base.papers``, left < right, sorted: the pairs one
    paper keeps among its ``candidate_k`` best partners in ``M M^T``."""
    n = len(base.papers)
    codes = [np.zeros(0, dtype=np.int64)]
    if candidate_k > 0 and n > 1:
        matrix = candidate_matrix(base, cap=cap, **weights)
        transposed = matrix.T.tocsr()
        for start, stop in row_blocks(matrix, max_entries):
            rows, columns = best_partners(matrix[start:stop] @ transposed, start, candidate_k)
            codes.append(np.minimum(rows, columns) * n + np.maximum(rows, columns))
    codes = np.unique(np.concatenate(codes))
    return codes // max(1, n), codes % max(1, n)


def scored_pairs(graph, base, candidate_k=defaults.CANDIDATE_TOP_K,
                 concept_weight=defaults.CONCEPT_WEIGHT, coupling_weight=defaults.COUPLING_WEIGHT,
                 cocitation_weight=defaults.COCITATION_WEIGHT, cap=None):
    """The candidate pairs (``candidate_pairs``) and their measures: {left, right (index arrays
    into base.papers), score, concept, text and, where papers have citations, coupling and
    cocitation (float arrays; NaN where the measure does not apply)}."""
    left, right = candidate_pairs(base, candidate_k, cap, concept_weight=concept_weight,
                                  coupling_weight=coupling_weight,
                                  cocitation_weight=cocitation_weight)
    concept = pair_dots(base.concept_matrix, left, right)
    texts = tfidf_matrix([paper_text(graph.nodes[p]) for p in base.papers])
    text = pair_dots(texts, left, right)
    del texts
    score = concept_weight * concept + (1 - concept_weight) * text
    out = {"left": left, "right": right, "score": score, "concept": concept, "text": text}
    if has_citations(base):
        total = np.ones(len(left))
        for name, sets, weight in (("coupling", base.references, coupling_weight),
                                   ("cocitation", base.citers, cocitation_weight)):
            values, applies = pair_overlaps(sets, base.papers, left, right)
            applies &= weight > 0
            score = score + np.where(applies, weight * values, 0.0)
            total = total + np.where(applies, weight, 0.0)
            out[name] = np.where(applies, values, np.nan)
        out["score"] = score / total
    return out


def rounded(values, digits):
    """``values`` rounded to ``digits`` decimals exactly as Python's ``round`` does: numpy's
    rounding, and Python's for the values numpy might round the other way (within a hair of a
    half)."""
    scaled = np.asarray(values, dtype=float) * 10.0 ** digits
    out = np.round(scaled) / 10.0 ** digits
    for i in np.flatnonzero(np.abs(scaled - np.floor(scaled) - 0.5) < 1e-6):
        out[i] = round(float(values[i]), digits)
    return out


def pair_record(graph, base, measures, i, digits=defaults.SCORE_DIGITS):
    """{score, concept_score, text_score, coupling_score, cocitation_score, shared,
    shared_references, cited_by_both} of candidate ``i`` of ``measures``."""
    p1, p2 = base.papers[measures["left"][i]], base.papers[measures["right"][i]]
    weights, cited_by = base.weights, base.cited_by

    def optional(name):  # a citation measure: None where it does not apply
        value = measures[name][i] if name in measures else math.nan
        return None if math.isnan(value) else round(float(value), digits)

    return {
        "score": round(float(measures["score"][i]), digits),
        "concept_score": round(float(measures["concept"][i]), digits),
        "text_score": round(float(measures["text"][i]), digits),
        "coupling_score": optional("coupling"),
        "cocitation_score": optional("cocitation"),
        "shared": sorted(base.held[p1] & base.held[p2], key=lambda c: (-weights[c], c)),
        "shared_references": sorted(base.references[p1] & base.references[p2],
                                    key=lambda x: (cited_by[x], x)) if cited_by else [],
        "cited_by_both": sorted(base.citers[p1] & base.citers[p2]) if cited_by else [],
    }


def similarities(graph, threshold=0.0, concept_weight=defaults.CONCEPT_WEIGHT,
                 digits=defaults.SCORE_DIGITS, base=None, candidate_k=defaults.CANDIDATE_TOP_K,
                 cap=None):
    """The candidate pairs scoring at least ``threshold``: {(p1, p2): pair record (see
    ``pair_record``)} with p1 < p2. For inspection and tests: ``enrich`` keeps only the nearest
    pairs and builds their records alone."""
    base = basis(graph) if base is None else base
    measures = scored_pairs(graph, base, candidate_k, concept_weight, cap=cap)
    scores = rounded(measures["score"], digits)
    pairs = {}
    for i in np.flatnonzero(scores >= threshold):
        record = pair_record(graph, base, measures, i, digits)
        pairs[(base.papers[measures["left"][i]], base.papers[measures["right"][i]])] = record
    return pairs


def nearest(left, right, scores, top_k=defaults.SIMILARITY_TOP_K,
            threshold=defaults.SIMILARITY_THRESHOLD):
    """The positions of the pairs kept as SIMILAR_TO: each paper's ``top_k`` best partners
    scoring at least ``threshold`` (``scores`` rounded; ties broken by the partner's index); a
    pair is kept when either paper keeps it. In the order of the pairs."""
    eligible = np.flatnonzero(scores >= threshold)
    position = np.concatenate([eligible, eligible])
    papers = np.concatenate([left[eligible], right[eligible]])
    partners = np.concatenate([right[eligible], left[eligible]])
    values = np.concatenate([scores[eligible], scores[eligible]])
    kept = position[top_per_row(papers, partners, values, top_k)]
    return np.unique(kept)


def nearest_pairs(pairs, top_k=defaults.SIMILARITY_TOP_K,
                  threshold=defaults.SIMILARITY_THRESHOLD):
    """The pairs of ``pairs`` ({(p1, p2): {score, ...}}) kept as SIMILAR_TO (see ``nearest``),
    sorted."""
    keys = sorted(pairs)
    index = {p: i for i, p in enumerate(sorted({p for pair in keys for p in pair}))}
    left = np.array([index[p1] for p1, _ in keys], dtype=np.int64)
    right = np.array([index[p2] for _, p2 in keys], dtype=np.int64)
    scores = np.array([pairs[key]["score"] for key in keys], dtype=float)
    return [keys[i] for i in nearest(left, right, scores, top_k, threshold)]


def nearest_records(graph, base, top_k=defaults.SIMILARITY_TOP_K,
                    threshold=defaults.SIMILARITY_THRESHOLD, digits=defaults.SCORE_DIGITS,
                    candidate_k=defaults.CANDIDATE_TOP_K):
    """[(p1, p2, pair record)] of the SIMILAR_TO pairs, sorted; records built for these only."""
    measures = scored_pairs(graph, base, candidate_k)
    left, right = measures["left"], measures["right"]
    near = np.flatnonzero(measures["score"] >= threshold - 10 ** -digits)
    scores = rounded(measures["score"][near], digits)
    kept = near[nearest(left[near], right[near], scores, top_k, threshold)]
    return [(base.papers[left[i]], base.papers[right[i]], pair_record(graph, base, measures, i,
                                                                        digits))
            for i in kept]


def cooccurrences(graph, min_count=defaults.MIN_COOCCURRENCE, digits=defaults.SCORE_DIGITS,
                  base=None):
    """{(c1, c2): {count, strength}} for concept pairs mentioned together by at least
    ``min_count`` papers; c1 < c2. strength = count * N / (df1 * df2), 1 = independence."""
    base = basis(graph) if base is None else base
    present = base.concept_matrix.copy()
    present.data[:] = 1
    present = present.astype(np.int64)
    together = sparse.triu(present.T @ present, k=1).tocoo()
    keep = together.data >= max(1, min_count)
    rows, columns, counts = together.row[keep], together.col[keep], together.data[keep]
    order = np.lexsort((columns, rows))
    n, frequency, concepts = len(base.papers), base.frequency, base.concepts
    out = {}
    for i in order:
        c1, c2, count = concepts[rows[i]], concepts[columns[i]], int(counts[i])
        out[(c1, c2)] = {"count": count,
                         "strength": round(count * n / (frequency[c1] * frequency[c2]), digits)}
    return out


def projection_edges(graph, related=False, shared_only=False, base=None):
    """(nodes, {(u, v): weight}) of the undirected weighted graph of papers and concepts:
    mention edges weighted by the concept's idf, SIMILAR_TO by score, CITES by 1 and, with
    ``related``, RELATED_TO (for PageRank); the weights of one pair of nodes add up. With
    ``shared_only`` (for communities) it leaves out the concepts only one paper mentions and
    the cited works outside the corpus (with their CITES edges). Nodes in graph order, edges in
    the order first met, so the same graph gives the same projection."""
    base = basis(graph) if base is None else base
    weights, frequency = base.weights, base.frequency
    nodes = [n for n, data in graph.nodes(data=True)
             if not (shared_only and (frequency.get(n) == 1 or data.get("role") == CITED))]
    kept = set(nodes)
    edges = {(paper, concept): weights[concept] for paper, concept in base.mentions
             if concept in kept}
    kinds = {model.SIMILAR_TO, model.CITES} | ({model.RELATED_TO} if related else set())
    for u, v, kind in edges_of_kinds(graph, kinds):
        if u in kept and v in kept:
            pair = (v, u) if (v, u) in edges else (u, v)
            edges[pair] = graph.edges[u, v, kind]["weight"] + edges.get(pair, 0)
    return nodes, edges


def louvain(nodes, edges, seed, resolution):
    """[sets of nodes]: the Louvain communities (igraph's multilevel, the C implementation) of
    the undirected graph of ``nodes`` and weighted ``edges`` ({(u, v): weight}), seeded: igraph
    draws from one global generator, set here to ``random.Random(seed)`` for the call and then
    given back, so the same graph gives the same communities whatever ran before."""
    index = {node: i for i, node in enumerate(nodes)}
    simple = igraph.Graph(n=len(nodes), edges=[(index[u], index[v]) for u, v in edges],
                          edge_attrs={"weight": list(edges.values())})
    igraph.set_random_number_generator(random.Random(seed))
    try:
        membership = simple.community_multilevel(weights="weight", resolution=resolution)
    finally:
        igraph.set_random_number_generator(random)
    return [{nodes[i] for i in group} for group in membership]


def communities(graph, seed=defaults.COMMUNITY_SEED, resolution=defaults.COMMUNITY_RESOLUTION,
                base=None):
    """Louvain communities of the papers and the concepts several papers share; a concept only
    one paper mentions joins that paper's community, a cited work outside the corpus the
    community most of the papers citing it are in (the first found on a tie). [sorted member
    lists], largest first, then by first member."""
    base = basis(graph) if base is None else base
    groups = louvain(*projection_edges(graph, shared_only=True, base=base), seed, resolution)
    community_of = {node: number for number, group in enumerate(groups) for node in group}
    for paper, concept in base.mentions:
        if concept not in community_of:
            community_of[concept] = community_of[paper]
            groups[community_of[paper]].add(concept)
    citing = defaultdict(Counter)
    for u, v, _ in edges_of_kinds(graph, {model.CITES}):
        if v not in community_of and u in community_of:
            citing[v][community_of[u]] += 1
    for work in [n for n in graph if n not in community_of]:
        votes = citing[work]
        if votes:
            number = min(votes, key=lambda c: (-votes[c], c))
        else:
            number = len(groups)
            groups.append(set())
        groups[number].add(work)
        community_of[work] = number
    groups = [sorted(group) for group in groups]
    return sorted(groups, key=lambda members: (-len(members), members[0]))


def characteristic_concepts(graph, members, held, weights):
    """The concept members of a community, most characteristic first: how many of the
    community's papers mention the concept, times its idf; then by label."""
    inside = Counter(c for m in members if graph.nodes[m]["kind"] == model.PAPER
                     for c in held.get(m, ()))
    concepts = [m for m in members if graph.nodes[m]["kind"] == model.CONCEPT]

    def score(concept):  # a concept none of its papers mention (joined via others) counts half
        return (inside[concept] or 0.5) * weights.get(concept, 1.0)

    return sorted(concepts, key=lambda c: (-score(c), graph.nodes[c]["label"], c))


def community_table(graph, groups, name_size=defaults.COMMUNITY_NAME_CONCEPTS, base=None):
    base = basis(graph) if base is None else base
    table = []
    for number, members in enumerate(groups):
        ranked = characteristic_concepts(graph, members, base.held, base.weights)
        labels = [graph.nodes[c]["label"] for c in ranked[:name_size]]
        name = ", ".join(labels) if labels else graph.nodes[members[0]]["label"]
        table.append({"id": number, "name": name, "concepts": ranked, "members": members})
    return table


def pagerank(graph, digits=defaults.PAGERANK_DIGITS, base=None, alpha=0.85, max_iter=100,
             tol=1.0e-6):
    """{node: PageRank} on the projection with RELATED_TO (see ``projection_edges``): the power
    iteration of networkx's ``pagerank`` (same parameters, same arithmetic, same results), on
    the sparse matrix of the projection without building it as a networkx graph."""
    nodes, edges = projection_edges(graph, related=True, base=base)
    n = len(nodes)
    if n == 0:
        return {}
    index = {node: i for i, node in enumerate(nodes)}
    rows = [index[u] for u, _ in edges]
    columns = [index[v] for _, v in edges]
    values = list(edges.values())
    matrix = sparse.coo_array((values + values, (rows + columns, columns + rows)),
                              shape=(n, n), dtype=float).tocsr()
    totals = matrix.sum(axis=1)
    totals[totals != 0] = 1.0 / totals[totals != 0]
    matrix = sparse.dia_array((totals.T, 0), shape=matrix.shape).tocsr() @ matrix
    x = np.repeat(1.0 / n, n)
    p = np.repeat(1.0 / n, n)
    dangling = np.where(totals == 0)[0]
    for _ in range(max_iter):
        last = x
        x = alpha * (x @ matrix + sum(x[dangling]) * p) + (1 - alpha) * p
        if np.absolute(x - last).sum() < n * tol:
            return {node: round(float(rank), digits) for node, rank in zip(nodes, x)}
    raise nx.PowerIterationFailedConvergence(max_iter)


def concept_years(graph, base, digits=defaults.YEAR_DIGITS):
    """{concept: (first_year, mean_year)} over the papers mentioning it that have a year;
    (None, None) for a concept none of them dates."""
    years = defaultdict(list)
    for paper, concept in base.mentions:
        year = graph.nodes[paper].get("year")
        if year is not None and paper in base.held:
            years[concept].append(int(year))
    return {c: (min(years[c]), round(sum(years[c]) / len(years[c]), digits)) if years[c]
            else (None, None) for c in model.concepts(graph)}


def enrich(graph, top_k=defaults.SIMILARITY_TOP_K, threshold=defaults.SIMILARITY_THRESHOLD,
           min_count=defaults.MIN_COOCCURRENCE, seed=defaults.COMMUNITY_SEED):
    """Add SIMILAR_TO and CO_OCCURS edges, node attributes ``community`` and ``pagerank``
    (every node), ``first_year`` and ``mean_year`` (concepts) and the graph attribute
    ``communities`` to ``graph``, in place. Returns the graph."""
    base = basis(graph)
    for concept, (first, mean) in concept_years(graph, base).items():
        graph.nodes[concept]["first_year"] = first
        graph.nodes[concept]["mean_year"] = mean
    for p1, p2, pair in nearest_records(graph, base, top_k, threshold):
        graph.add_edge(p1, p2, key=model.SIMILAR_TO, kind=model.SIMILAR_TO, weight=pair["score"],
                       **pair)
    for (c1, c2), pair in cooccurrences(graph, min_count, base=base).items():
        graph.add_edge(c1, c2, key=model.CO_OCCURS, kind=model.CO_OCCURS,
                       weight=pair["strength"], **pair)
    table = community_table(graph, communities(graph, seed, base=base), base=base)
    for community in table:
        for member in community["members"]:
            graph.nodes[member]["community"] = community["id"]
    for node, rank in pagerank(graph, base=base).items():
        graph.nodes[node]["pagerank"] = rank
    graph.graph["communities"] = table
    return graph


def similar_edges(graph):
    """(p1, p2, data) for every SIMILAR_TO edge, best first."""
    edges = [(u, v, d) for u, v, d in graph.edges(data=True) if d["kind"] == model.SIMILAR_TO]
    return sorted(edges, key=lambda e: (-e[2]["score"], e[0], e[1]))
